#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Long, randomly seeded libFuzzer runs over spgraph's parsers: minutes per target, not part of
# CI (CI's fuzz step is deterministic: tests/fuzz/run_fuzz_target.sh). What a run here finds is
# fixed, and its input committed to tests/fuzz/corpus/<target>/ (tests/fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

all_targets=(matrix_market edge_list metis binary update_stream store_log graphalytics)
usage() {
  cat <<EOF
usage: scripts/fuzz.sh [--minutes N] [--jobs J] [--seed S] [--stop-at-first] [TARGET...]

Builds the libFuzzer targets (clang, cmake preset "fuzz") and fuzzes each TARGET for N minutes
with a random seed, J targets at a time. TARGET is one of: ${all_targets[*]}
(default: all of them).

  --minutes N      minutes per target (default 10; fractions such as 0.5 are fine)
  --jobs J         targets fuzzed at once (default: the number of cores)
  --seed S         libFuzzer's -seed for every target (default: a random one per target,
                   printed, so that a run can be repeated)
  --stop-at-first  stop a target at its first failure (default: keep fuzzing to the end of
                   its time, saving every failing input: libFuzzer's -fork=1 mode)
  -h, --help       this text

Each target works in build/fuzz/fuzz_long/TARGET/: corpus/ (the inputs it found, kept between
runs so that coverage grows), log.txt, and the failing inputs (crash-*, leak-*, timeout-*,
oom-*). At the end every failing input is listed with the command that reproduces it. Fix the
bug, then commit the input as tests/fuzz/corpus/TARGET/regression_<what_it_broke>, so that CI's
test fuzz_TARGET_corpus keeps it fixed. Exits 1 when a target failed, 2 on a usage error.
EOF
}

minutes=10
jobs=$(nproc)
seed=""
keep_going=1
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) minutes=${2:?--minutes needs a number}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --stop-at-first) keep_going=0; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "scripts/fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      [[ " ${all_targets[*]} " == *" $1 "* ]] ||
        { echo "scripts/fuzz.sh: unknown target '$1': one of ${all_targets[*]}" >&2; exit 2; }
      targets+=("$1")
      shift
      ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
[[ $minutes =~ ^[0-9]+([.][0-9]+)?$ ]] && awk "BEGIN{exit !($minutes > 0)}" ||
  { echo "scripts/fuzz.sh: --minutes must be a positive number, got '$minutes'" >&2; exit 2; }
[[ $jobs =~ ^[1-9][0-9]*$ ]] ||
  { echo "scripts/fuzz.sh: --jobs must be a positive integer, got '$jobs'" >&2; exit 2; }
[ -z "$seed" ] || [[ $seed =~ ^[1-9][0-9]*$ ]] ||
  { echo "scripts/fuzz.sh: --seed must be a positive integer, got '$seed'" >&2; exit 2; }
seconds=$(awk "BEGIN{printf \"%d\", $minutes * 60 + 0.5}")
[ "$seconds" -ge 1 ] || seconds=1

scripts/install_deps.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target fuzz_targets

root=build/fuzz/fuzz_long
fuzz_one() {
  local target=$1 s=$2 dir=$root/$1
  mkdir -p "$dir/corpus"
  local mode=()
  [ "$keep_going" -eq 1 ] && mode=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
  # OMP_NUM_THREADS=1: the targets load with one thread; J targets share the cores.
  OMP_NUM_THREADS=1 "build/fuzz/tests/fuzz_$target" -seed="$s" -max_total_time="$seconds" \
    -max_len=65536 -rss_limit_mb=2048 -timeout=60 -print_final_stats=1 "${mode[@]}" \
    -dict="tests/fuzz/dict/$target.dict" -artifact_prefix="$dir/" "$dir/corpus" \
    "tests/fuzz/corpus/$target" tests/data tests/data/bad >"$dir/log.txt" 2>&1 || true
}

echo "== fuzzing ${targets[*]}: $minutes min each, $jobs at a time (logs in $root/TARGET/log.txt)"
running=0
for target in "${targets[@]}"; do
  s=${seed:-$((RANDOM * 32768 + RANDOM + 1))}
  mkdir -p "$root/$target"
  # Failing inputs of earlier runs stay where they are but are not counted again.
  date +%s >"$root/$target/started"
  echo "   $target: -seed=$s"
  fuzz_one "$target" "$s" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

failed=0
echo "== results"
for target in "${targets[@]}"; do
  dir=$root/$target
  stats=$(grep -E '^#[0-9]+(\s+DONE|:)\s+cov' "$dir/log.txt" | tail -n 1 | cut -c1-100 || true)
  found=$(find "$dir" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o \
    -name 'timeout-*' -o -name 'oom-*' \) -newer "$dir/started" | sort)
  if [ -n "$found" ]; then
    failed=1
    echo "   $target: FAILED, $(echo "$found" | wc -l) failing inputs; the distinct reports:"
    grep -hE 'SUMMARY: |^fuzz_[a-z_]+: ' "$dir/log.txt" | sort | uniq -c | sort -rn |
      head -n 20 | sed 's/^/      /' || true
    echo "$found" | head -n 10 | sed "s|^|      reproduce: build/fuzz/tests/fuzz_$target |"
    [ "$(echo "$found" | wc -l)" -le 10 ] || echo "      (and more in $dir/)"
  else
    echo "   $target: no failure ${stats:+($stats)}"
  fi
done
if [ "$failed" -eq 1 ]; then
  echo "== fix each, then commit its input as tests/fuzz/corpus/TARGET/regression_<what_it_broke>"
fi
exit "$failed"
