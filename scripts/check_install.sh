#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the installed C++ library end to end, as a user would meet it: installs a configured and
# built tree into a temporary prefix (no rebuild of spgraph itself), builds examples/ against it
# with find_package(spgraph) and again with pkg-config, runs the programs on the bundled karate
# graph and compares their results with known values, and checks that every C++ snippet of
# docs/api.md is one that examples/api_snippets.cpp compiles and runs, and that the README's C++
# program compiles and runs. Called by scripts/test.sh
# after the release build. Prints the time of each step; exits non-zero on any failure.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/check_install.sh [BUILD_DIR]

BUILD_DIR  a configured and built spgraph tree (default: build/release); its libraries must be
           built already (cmake --build --preset release --target spgraph_engine
           spgraph_loaders spgraph_algorithms is enough unless other targets are installed).
Environment: CXX (compiler for the examples; default c++), KEEP=1 keeps the temporary prefix.
EOF
}

case "${1:-}" in -h | --help) usage; exit 0 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
[[ -f $build/CMakeCache.txt ]] || { echo "check_install: $build is not a configured build (see --help)" >&2; exit 2; }
build=$(cd "$build" && pwd)
karate=$root/tests/data/karate.mtx
cxx=${CXX:-c++}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

work=$(mktemp -d "${TMPDIR:-/tmp}/spgraph-install.XXXXXX")
if [[ ${KEEP:-0} == 1 ]]; then echo "check_install: keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
prefix=$work/prefix
failed=0
start=$(date +%s.%N)
step_start=$start

fail() {
  echo "check_install: FAIL: $*" >&2
  failed=1
}
# Prints the time since the previous step.
step_done() {
  local now
  now=$(date +%s.%N)
  awk -v a="$step_start" -v b="$now" -v s="$1" 'BEGIN { printf "check_install: %-44s %6.1f s\n", s, b - a }'
  step_start=$now
}
# Runs a command, showing its output only when it fails.
quiet() {
  local log=$work/last.log
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    return 1
  fi
}

# 1. Install.
quiet cmake --install "$build" --prefix "$prefix" || { fail "cmake --install $build"; exit 1; }
libdir=$(dirname "$(find "$prefix" -name libspgraph_engine.a | head -n1)")
for f in include/spgraph/spgraph.hpp include/spgraph/engine/matrix.hpp \
  include/spgraph/formats/csr/csr.hpp include/spgraph/loaders/load.hpp \
  include/spgraph/algorithms/bfs/bfs.hpp; do
  [[ -f $prefix/$f ]] || fail "not installed: $f"
done
for f in libspgraph_engine.a libspgraph_loaders.a libspgraph_algorithms.a \
  cmake/spgraph/spgraphConfig.cmake cmake/spgraph/spgraphConfigVersion.cmake \
  cmake/spgraph/spgraphTargets.cmake pkgconfig/spgraph.pc; do
  [[ -f $libdir/$f ]] || fail "not installed: ${libdir#"$prefix"/}/$f"
done
if find "$prefix" -name '*.cpp' -o -name '*.cu' | grep -q .; then fail "sources were installed"; fi
# The command-line tool, where the build installs it (tools/CMakeLists.txt).
if [[ -e $prefix/bin/spgraph ]]; then
  quiet "$prefix/bin/spgraph" --version || fail "the installed bin/spgraph does not run"
fi
step_done "install ($(find "$prefix" -type f | wc -l) files)"
((failed == 0)) || exit 1

# 2. Build examples/ with find_package(spgraph), as a separate project.
if ! quiet cmake -S "$root/examples" -B "$work/examples" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release; then
  fail "configuring examples/ against the install"
  exit 1
fi
quiet cmake --build "$work/examples" -j2 || { fail "building examples/ against the install"; exit 1; }
step_done "examples/ via find_package"

# 3. The same quick start via pkg-config (one compiler line).
pc_flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs spgraph) ||
  { fail "pkg-config --cflags --libs spgraph"; exit 1; }
# shellcheck disable=SC2086  # the flags are words
quiet "$cxx" -std=c++20 -O2 "$root/examples/quickstart.cpp" -o "$work/quickstart_pc" $pc_flags ||
  fail "building quickstart.cpp with $cxx \$(pkg-config --cflags --libs spgraph)"
step_done "quickstart via pkg-config"

# 4. Run: known values of karate (34 vertices, 78 edges, 45 triangles, connected, depth 3 from
# vertex 0); after the batch (new vertex 34 joined to 0, 1, 2; edge {0, 1} erased): 35
# vertices, 80 edges, all reachable from the new vertex, and the maintained triangle count
# equal to a recount.
expect_value() {  # FILE KEY VALUE
  local got
  got=$(awk -v k="$2" '$1 == k { print $2 }' "$1")
  [[ $got == "$3" ]] || fail "$(basename "$1"): $2 is '${got}', expected '$3'"
}
check_quickstart() {  # OUTPUT_FILE
  local out=$1
  expect_value "$out" vertices 34
  expect_value "$out" arcs 156
  expect_value "$out" bfs_reached 34
  expect_value "$out" bfs_depth 3
  expect_value "$out" triangles 45
  expect_value "$out" stream_vertices 35
  expect_value "$out" stream_edges 80
  expect_value "$out" stream_degree_new 3
  expect_value "$out" stream_has_0_1 0
  expect_value "$out" stream_bfs_reached 35
  expect_value "$out" stream_triangles "$(awk '$1 == "stream_triangles_recount" { print $2 }' "$out")"
}
"$work/examples/quickstart" "$karate" >"$work/quickstart.out" || fail "quickstart $karate exited $?"
check_quickstart "$work/quickstart.out"
if [[ -x $work/quickstart_pc ]]; then
  "$work/quickstart_pc" "$karate" >"$work/quickstart_pc.out" || fail "quickstart (pkg-config) exited $?"
  cmp -s "$work/quickstart.out" "$work/quickstart_pc.out" ||
    fail "the pkg-config build prints other results than the CMake build"
fi
"$work/examples/quickstart" >"$work/quickstart_generated.out" ||
  fail "quickstart on a generated graph exited $?"
"$work/examples/api_snippets" "$karate" "$work" >"$work/api_snippets.out" 2>&1 ||
  fail "api_snippets: $(grep -E 'FAIL|api_snippets' "$work/api_snippets.out" | tr '\n' ' ')"
step_done "run quickstart and api_snippets"

# 5. docs/api.md shows only code that step 4 compiled: each ```cpp block must appear in
# examples/api_snippets.cpp, line for line (runs of spaces ignored).
if ! python3 - "$root/docs/api.md" "$root/examples/api_snippets.cpp" <<'PY'; then
import re, sys
doc, src = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])
norm = lambda text: "\n".join(" ".join(line.split()) for line in text.strip().splitlines())
code = norm(src)
blocks = re.findall(r"```cpp\n(.*?)```", doc, re.S)
missing = [b for b in blocks if norm(b) not in code]
for b in missing:
    print("docs/api.md snippet not in examples/api_snippets.cpp:\n" + b, file=sys.stderr)
print(f"check_install: {len(blocks) - len(missing)} of {len(blocks)} docs/api.md snippets compiled")
sys.exit(1 if missing or not blocks else 0)
PY
  fail "docs/api.md holds snippets that examples/api_snippets.cpp does not compile"
fi
step_done "docs/api.md snippets"

# 6. The README's C++ program compiles as shown and runs on karate.
python3 - "$root/README.md" "$work/readme_snippet.cpp" <<'PY' || fail "no C++ program in README.md"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"```cpp\n(.*?)```", text, re.S)
if not blocks:
    sys.exit(1)
open(sys.argv[2], "w").write(blocks[0])
PY
# shellcheck disable=SC2086  # the flags are words
if quiet "$cxx" -std=c++20 -O1 "$work/readme_snippet.cpp" -o "$work/readme_snippet" $pc_flags; then
  quiet "$work/readme_snippet" "$karate" || fail "the README's program exited non-zero"
else
  fail "the README's C++ program does not compile against the install"
fi
step_done "README.md program"

total=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
if ((failed)); then
  printf 'check_install: FAILED (%.1f s)\n' "$total" >&2
  exit 1
fi
printf 'check_install: OK: install, find_package and pkg-config builds, results (%.1f s)\n' "$total"
