#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs one libFuzzer target as a CTest test (tests/loader_tests.cmake, label "fuzz"), in one of
# two modes, both deterministic, so that the same commit always gives CI the same verdict:
#   regress  the binary runs once on every file of the corpus directories, in sorted order, each
#            file named in the log; no mutation. The committed corpus holds the seeds and every
#            input that ever broke a target, so each old failure stays fixed.
#   explore  a short exploration with a fixed -seed and a fixed number of -runs (not a time
#            limit, which would make the number of inputs tried depend on the machine's speed),
#            the seeds given as a sorted list (-seed_inputs: their order does not depend on the
#            file system's directory order), and new inputs kept in a fresh scratch directory
#            (nothing carried over from an earlier run in the same build tree).
# Longer, randomly seeded fuzzing is scripts/fuzz.sh, not part of CI.
#
# Usage: run_fuzz_target.sh regress|explore BINARY WORK_DIR DICT SEED RUNS CORPUS_DIR...
# WORK_DIR is emptied first; a failing input is written there as crash-*, leak-*, timeout-* or
# oom-*, and the message says how to reproduce it and where it goes once fixed.
set -euo pipefail
if [ $# -lt 7 ]; then
  echo "usage: $0 regress|explore BINARY WORK_DIR DICT SEED RUNS CORPUS_DIR..." >&2
  exit 2
fi
mode=$1 binary=$2 work=$3 dict=$4 seed=$5 runs=$6
shift 6
case $mode in regress | explore) ;; *)
  echo "$0: unknown mode '$mode' (regress or explore)" >&2
  exit 2
  ;;
esac
[ -x "$binary" ] || { echo "$0: $binary: not an executable (build target fuzz_targets)" >&2; exit 2; }
target=$(basename "$binary")
target=${target#fuzz_}

# Every input file of the corpus directories, sorted by path (LC_ALL=C: byte order), so the
# order is the same on every machine.
for d in "$@"; do
  [ -d "$d" ] || { echo "$0: corpus directory $d does not exist" >&2; exit 2; }
done
inputs=()
while IFS= read -r -d '' f; do inputs+=("$f"); done < <(find "$@" -type f -print0 | LC_ALL=C sort -z)
if [ ${#inputs[@]} -eq 0 ]; then
  echo "$0: no input files in $*" >&2
  exit 2
fi

# A fixed environment: libFuzzer records the strings that an intercepted strcmp or strncmp
# compares (the OpenMP runtime reads every variable that way when it starts) as material for
# its mutations, so another environment would mean other runs. One thread: the targets load
# with options.threads = 1, but engine code below them may start an OpenMP team, whose threads
# would add coverage in a different order from run to run.
fixed_env=(env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C OMP_NUM_THREADS=1)
rm -rf "$work"
mkdir -p "$work/new"
limits=(-max_len=65536 -rss_limit_mb=2048 -timeout=60)
rc=0
if [ "$mode" = regress ]; then
  echo "== fuzz_$target: ${#inputs[@]} corpus inputs, each run once"
  "${fixed_env[@]}" "$binary" "${limits[@]}" "-artifact_prefix=$work/" "${inputs[@]}" || rc=$?
else
  # Everything libFuzzer is handed is the same, byte for byte, wherever the checkout is: it
  # runs in WORK_DIR as ./fuzz_TARGET on copies of the seeds named by their sorted position,
  # with relative paths. The lengths of the paths it keeps change its heap allocations, and so
  # the addresses that instrumented code compares (libstdc++'s std::less on pointers does) and
  # libFuzzer learns from; ASan's heap is at a fixed address, so the same strings give the same
  # runs.
  mkdir -p "$work/seeds"
  n=0
  : >"$work/seeds.txt"
  for f in "${inputs[@]}"; do
    n=$((n + 1))
    name=$(printf 'seeds/%06d' "$n")
    cp "$f" "$work/$name"
    printf '%s%s' "$([ "$n" -gt 1 ] && echo ,)" "$name" >>"$work/seeds.txt"
  done
  cp "$dict" "$work/dict"
  ln -s "$(readlink -f "$binary")" "$work/fuzz_$target"
  echo "== fuzz_$target: $runs runs from ${#inputs[@]} seeds, -seed=$seed (in $work)"
  (cd "$work" && "${fixed_env[@]}" "./fuzz_$target" "${limits[@]}" -artifact_prefix=./ \
    -seed="$seed" -runs="$runs" -reload=0 -dict=dict -seed_inputs=@seeds.txt new) || rc=$?
fi
if [ "$rc" -ne 0 ]; then
  echo "== fuzz_$target failed ($mode, exit $rc). The failing input:"
  ls -1 "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null || true
  echo "== reproduce with: $binary FILE; once fixed, commit FILE as"
  echo "   tests/fuzz/corpus/$target/regression_<what_it_broke> (see tests/fuzz/README.md)"
fi
exit "$rc"
