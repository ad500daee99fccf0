#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The GPU check: what a lent GPU machine runs, in one call of at most 8 minutes, from the
# repository root, with the programs scripts/build_gpu_check.sh put in build/gpu-carry/ (carried
# there as build/gpu-carry.tar.gz and unpacked here, since the device machine builds nothing).
# Results go to $OUT (the device tool returns at most 8 files):
#   $OUT/summary.txt       the device (nvidia-smi), missing libraries, each test program's
#                          pass/fail/skip counts and each benchmark's exit status and seconds
#   $OUT/tests.log         every test labelled "cuda", in full (gtest output)
#   $OUT/bench-NAME.txt    one per benchmark script bench/gpu/NN-NAME.sh (at most 6), in name order
# Each benchmark script runs under `timeout` with these variables:
#   BIN       the folder of the carried programs (GPU benchmarks, the CLI)
#   SPGRAPH   the CLI (generate graphs with "$SPGRAPH" generate ... here, not on the build machine)
#   WORK      a scratch folder shared by the scripts (graphs generated once can be reused)
#   OUT_FILE  where the script writes its table (both times, the ratio, peak device memory)
#   BUDGET_S  the seconds it has (its weight's share of the time left: a line
#             "# gpu-check-weight: N" in the script, default 1); a script sizes its work to fit
# The check itself exits 0 when every test passed and every benchmark script exited 0.
#   usage: OUT=folder scripts/gpu_check.sh [TOTAL_SECONDS=450]
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder that receives the results}"
total=${1:-450}
carry=${GPU_CARRY:-build/gpu-carry}
start=$(date +%s)
elapsed() { echo $(($(date +%s) - start)); }
summary=$OUT/summary.txt
mkdir -p "$OUT"
# The programs travel as build/gpu-carry.tar.gz (scripts/build_gpu_check.sh); unpack it once.
if [ ! -f "$carry/manifest.txt" ] && [ -f "$carry.tar.gz" ]; then
  tar -C "$(dirname "$carry")" -xzf "$carry.tar.gz"
fi
if [ ! -f "$carry/manifest.txt" ]; then
  echo "error: $carry/manifest.txt is missing: run scripts/build_gpu_check.sh here first and" \
    "carry build/gpu-carry.tar.gz" | tee "$summary" >&2
  exit 2
fi
echo "# scripts/gpu_check.sh, $(date -u '+%F %T') UTC, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')" >"$summary"
# With a device, a skipped test means the programs did not see it: that fails the check.
if device=$(nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv,noheader 2>&1); then
  have_device=1
else
  have_device=0
  device="none ($device)"
fi
echo "device: $device" >>"$summary"
export BIN=$PWD/$carry/bin SPGRAPH=$PWD/$carry/bin/spgraph
# The carried libraries first, then the image's CUDA toolkit (libcusparse), wherever it is.
cuda_libs=""
for d in /usr/local/cuda/lib64 /usr/local/cuda/lib /usr/local/cuda/targets/x86_64-linux/lib; do
  [ -d "$d" ] && cuda_libs="$cuda_libs:$d"
done
pip_cusparse=$(python3 -c 'import nvidia.cusparse as m, os; print(os.path.join(list(m.__path__)[0], "lib"))' 2>/dev/null || true)
[ -n "$pip_cusparse" ] && cuda_libs="$cuda_libs:$pip_cusparse"
export LD_LIBRARY_PATH="$PWD/$carry/lib$cuda_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
missing=$(for f in "$BIN"/*; do ldd "$f" 2>&1 | grep 'not found' | sed "s|^|$(basename "$f"): |"; done)
if [ -n "$missing" ]; then
  echo "missing libraries (those programs cannot start):" >>"$summary"
  echo "$missing" >>"$summary"
fi
export WORK=${WORK:-$(mktemp -d)}
status=0

# 1. Every test labelled "cuda" (about a third of the time at most).
echo "## tests" >>"$summary"
: >"$OUT/tests.log"
test_budget=$((total / 3))
while read -r kind name; do
  [ "$kind" = test ] || continue
  left=$((test_budget - $(elapsed)))
  if [ "$left" -le 5 ]; then
    echo "$name: NOT RUN (the tests' time budget is spent)" >>"$summary"
    status=1
    continue
  fi
  echo "===== $name" >>"$OUT/tests.log"
  timeout "$left" "$BIN/$name" --gtest_color=no >>"$OUT/tests.log" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] || status=1
  counts=$(awk -v n="$name" '
    /^\[  PASSED  \]/ {p=$4} /^\[  FAILED  \] [0-9]+ test/ {f=$4} /^\[  SKIPPED \] [0-9]+ test/ {s=$4}
    END {printf "passed %d, failed %d, skipped %d", p, f, s}' \
    <(sed -n "/^===== $name\$/,\$p" "$OUT/tests.log"))
  echo "$name: exit $rc; $counts" >>"$summary"
  # A test skipped for want of a device, beside a device nvidia-smi sees, means the program did
  # not see it (tests that run only without a device skip with another reason).
  if [ "$have_device" = 1 ] && sed -n "/^===== $name\$/,\$p" "$OUT/tests.log" |
    grep -Eq 'skipped: (no CUDA device|cuda: )'; then
    echo "$name: tests skipped for want of a device although nvidia-smi sees one" >>"$summary"
    status=1
  fi
done <"$carry/manifest.txt"

# 2. The GPU benchmarks, each with its baseline, in name order, sharing the time that is left.
echo "## benchmarks" >>"$summary"
mapfile -t scripts < <(ls bench/gpu/[0-9]*.sh 2>/dev/null | sort)
[ "${#scripts[@]}" -gt 0 ] || echo "(no bench/gpu/NN-*.sh scripts)" >>"$summary"
# A script's share of the time left is its weight (a line "# gpu-check-weight: N", default 1)
# over the weights of the scripts still to run.
weight() { sed -n 's/^# gpu-check-weight: *\([0-9][0-9]*\).*/\1/p' "$1" | head -1 | grep . || echo 1; }
for i in "${!scripts[@]}"; do
  s=${scripts[$i]}
  name=$(basename "$s" .sh)
  name=${name#*-}
  weights_left=0
  for r in "${scripts[@]:$i}"; do weights_left=$((weights_left + $(weight "$r"))); done
  export BUDGET_S=$(((total - $(elapsed)) * $(weight "$s") / weights_left))
  export OUT_FILE=$OUT/bench-$name.txt
  if [ "$BUDGET_S" -le 10 ]; then
    echo "$name: NOT RUN (time spent)" >>"$summary"
    status=1
    continue
  fi
  t0=$(date +%s)
  timeout "$BUDGET_S" bash "$s" >"$OUT_FILE" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] || status=1
  echo "$name: exit $rc, $(($(date +%s) - t0)) s of $BUDGET_S s" >>"$summary"
done
echo "## total $(elapsed) s, status $status" >>"$summary"
cat "$summary"
exit "$status"
