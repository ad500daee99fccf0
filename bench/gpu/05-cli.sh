#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The CLI's device paths against its CPU paths, end to end as a user runs them: the GPU check's
# answer check for the commands (the device tests compare the kernels; this compares what the
# commands print and write). On a Kronecker graph generated here (scale 16, or 12 with less than
# 30 s), each of mxv, bfs, pagerank, tc and closure runs with --backend cuda and then --backend
# cpu: mxv's values (sums of ones, exact in double), bfs's levels, tc's triangles and closure's
# pairs must be identical, pagerank's ranks within 1e-9 (the order of addition differs); each
# line gives both times and the device run's transfers. (scripts/gpu_check.sh gives SPGRAPH,
# WORK, BUDGET_S; stdout is OUT_FILE.) A mismatch is exit 3, a failed run exit 1; the next
# command still runs. STATUS: written where no GPU was lent; never run on a device.
# gpu-check-weight: 1
set -uo pipefail
: "${SPGRAPH:?}" "${WORK:?}"
scale=16
[ "${BUDGET_S:-60}" -ge 30 ] || scale=12
g=$WORK/cli-kron$scale.mtx
status=0
fail() { [ "$status" = 3 ] || status=$1; } # a mismatch (3) outranks a failed run (1)
field() { grep -o "\"$1\": *[0-9.e+-]*" "$2" | head -1 | sed 's/.*: *//'; }
[ -f "$g" ] || "$SPGRAPH" generate kron --scale "$scale" --out "$g" -q || exit 1
echo "# bench/gpu/05-cli.sh: the CLI, --backend cuda against --backend cpu, Kronecker scale $scale"

# run NAME ARGS...: NAME on both backends, --json reports in $WORK/NAME-{cuda,cpu}.json.
run() {
  local name=$1 b
  shift
  for b in cuda cpu; do
    "$SPGRAPH" "$@" --backend "$b" --json >"$WORK/$name-$b.json" 2>"$WORK/$name-$b.err" || {
      echo "$name --backend $b FAILED: $(tail -1 "$WORK/$name-$b.err")"
      fail 1
      return 1
    }
  done
  echo "$name: cuda $(field seconds "$WORK/$name-cuda.json") s, cpu $(field seconds \
    "$WORK/$name-cpu.json") s; device h2d $(field device_h2d_bytes "$WORK/$name-cuda.json") B," \
    "d2h $(field device_d2h_bytes "$WORK/$name-cuda.json") B, peak" \
    "$(field device_peak_bytes "$WORK/$name-cuda.json") B"
}
# same NAME WHAT FILE_A FILE_B: reports whether the two files are identical.
same() {
  if [ ! -s "$3" ] || [ ! -s "$4" ]; then
    echo "$1: $2 not compared (a run wrote nothing)"
    fail 1
  elif cmp -s "$3" "$4"; then echo "$1: $2 identical"; else
    echo "$1: $2 DIFFER"
    fail 3
  fi
}

# The files compared: each backend's --out.
for b in cuda cpu; do
  "$SPGRAPH" mxv "$g" --backend "$b" --out "$WORK/mxv-$b.tsv" -q >/dev/null 2>&1 || fail 1
  "$SPGRAPH" bfs "$g" --source 1 --backend "$b" --out "$WORK/bfs-$b.tsv" -q >/dev/null 2>&1 ||
    fail 1
  "$SPGRAPH" pagerank "$g" --backend "$b" --out "$WORK/pr-$b.tsv" -q >/dev/null 2>&1 || fail 1
done
run mxv mxv "$g"
same mxv values "$WORK/mxv-cuda.tsv" "$WORK/mxv-cpu.tsv"
for b in cuda cpu; do
  [ -f "$WORK/bfs-$b.tsv" ] && cut -f1,2 "$WORK/bfs-$b.tsv" >"$WORK/levels-$b.tsv"
done
run bfs bfs "$g" --source 1
same bfs levels "$WORK/levels-cuda.tsv" "$WORK/levels-cpu.tsv"
run pagerank pagerank "$g"
if [ ! -s "$WORK/pr-cuda.tsv" ] || [ ! -s "$WORK/pr-cpu.tsv" ]; then
  echo "pagerank: ranks not compared (a run wrote nothing)"
  fail 1
elif paste "$WORK/pr-cuda.tsv" "$WORK/pr-cpu.tsv" | awk -F'\t' '
    /^#/ {next}
    $1 != $3 {bad = 1}
    {d = $2 - $4; if (d < 0) d = -d; if (d > worst) worst = d}
    END {printf "pagerank: largest rank difference %.3g\n", worst; exit (bad || worst > 1e-9)}'; then
  :
else
  echo "pagerank: ranks DIFFER by more than 1e-9"
  fail 3
fi
for job in tc closure; do
  run "$job" "$job" "$g" || continue
  key=triangles
  [ "$job" = closure ] && key=pairs
  a=$(field "$key" "$WORK/$job-cuda.json") b=$(field "$key" "$WORK/$job-cpu.json")
  if [ -n "$a" ] && [ "$a" = "$b" ]; then echo "$job: $key $a on both"; else
    echo "$job: $key DIFFER (cuda $a, cpu $b)"
    fail 3
  fi
done
exit "$status"
