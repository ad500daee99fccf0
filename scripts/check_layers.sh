#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the one-way layer rules of docs/ARCHITECTURE.md ("The map"): every room includes only
# the rooms below it. The library, bottom up: engine/core/ -> formats/ -> engine/ (handles and
# operations) -> algorithms/ and loaders/ (side by side, neither includes the other) -> store/.
# The tools, in floors above the library: tools/common/ -> tools/cli/ -> tools/spgraph/ and
# tools/spgraph_mpi/ (side by side) -> tools/compare/, which implements the one hook the program
# declares (tools/spgraph/commands.hpp). Run by ctest as layers.one_way (tests/structure_tests.cmake).
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/check_layers.sh [ROOT]
       scripts/check_layers.sh --self-test
       scripts/check_layers.sh --help

Checks that includes go one way only, in the tree at ROOT (default: this repository). Each
room may include, of the project's rooms, only those listed (system headers, in <...> with a
first folder that is not a room, are always allowed):
  engine/core/       engine/core/
  formats/           engine/core/ formats/
  engine/            engine/ formats/                      (engine/core/ excepted above)
  algorithms/        engine/ formats/ algorithms/
  loaders/           engine/ formats/ loaders/
  store/             engine/ formats/ loaders/ store/
  tools/common/      the library, tools/common/
  tools/cli/         the library, tools/common/ tools/cli/
  tools/spgraph/     the library, tools/common/ tools/cli/ tools/spgraph/
  tools/spgraph_mpi/ the library, tools/common/ tools/cli/ tools/spgraph_mpi/
  tools/compare/     the library, tools/common/ tools/cli/ tools/compare/ and the hook
                     tools/spgraph/commands.hpp
where "the library" is engine/ formats/ algorithms/ loaders/ store/. Prints each include that
breaks a rule as FILE:LINE:INCLUDE (RULE) and exits 1 if there is any, 0 if there is none.

--self-test  runs the check on a temporary tree holding known violations and fails unless it
             names exactly those, so the check cannot pass by finding nothing.
USAGE
}

# The project's rooms: an include whose path starts with one of these is the project's own.
readonly ROOMS='engine|formats|algorithms|loaders|store|tools|python|bench|tests|examples|spgraph'
readonly LIBRARY='engine/ formats/ algorithms/ loaders/ store/'

# Files a rule reads: sources and headers under `dir`, except under `skip` (may be empty),
# named relative to the root.
project_files() {
  local root=$1 dir=$2 skip=$3
  [ -d "$root/$dir" ] || return 0
  (cd "$root" && find "$dir" -type f \( -name '*.hpp' -o -name '*.h' -o -name '*.cpp' -o \
    -name '*.cu' -o -name '*.cuh' \) | { if [ -n "$skip" ]; then grep -v "^$skip" || true; else cat; fi; } |
    LC_ALL=C sort)
}

# Prints "file:line:text" for each include of one of the project's rooms in the given files.
project_includes() {
  local root=$1
  shift
  [ $# -gt 0 ] || return 0
  (cd "$root" && { grep -nHE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<]($ROOMS)/" "$@" || true; })
}

# Passes on the include lines of stdin whose path starts with none of the allowed prefixes.
except_allowed() {
  local line path prefix ok
  while IFS= read -r line; do
    path=$(sed -E 's/^[^:]*:[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]*).*/\1/' <<<"$line")
    ok=0
    for prefix in "$@"; do
      if [[ "$path" == "$prefix"* ]]; then
        ok=1
        break
      fi
    done
    [ "$ok" -eq 1 ] || echo "$line"
  done
}

# Prints each line of stdin with the rule it breaks; fails if there was any.
report() {
  local rule=$1 line found=0
  while IFS= read -r line; do
    echo "$line ($rule)"
    found=1
  done
  return $found
}

# One rule: the files under `dir` (except `skip`) include only the allowed prefixes.
rule() {
  local root=$1 dir=$2 skip=$3
  shift 3
  local -a files
  mapfile -t files < <(project_files "$root" "$dir" "$skip")
  project_includes "$root" "${files[@]}" | except_allowed "$@" |
    report "$dir may include only $*"
}

check_tree() {
  local root=$1 status=0
  # shellcheck disable=SC2086 # LIBRARY is a list of prefixes
  {
    rule "$root" engine/core/ '' engine/core/ || status=1
    rule "$root" formats/ '' engine/core/ formats/ || status=1
    rule "$root" engine/ engine/core/ engine/ formats/ || status=1
    rule "$root" algorithms/ '' engine/ formats/ algorithms/ || status=1
    rule "$root" loaders/ '' engine/ formats/ loaders/ || status=1
    rule "$root" store/ '' engine/ formats/ loaders/ store/ || status=1
    rule "$root" tools/common/ '' $LIBRARY tools/common/ || status=1
    rule "$root" tools/cli/ '' $LIBRARY tools/common/ tools/cli/ || status=1
    rule "$root" tools/spgraph/ '' $LIBRARY tools/common/ tools/cli/ tools/spgraph/ || status=1
    rule "$root" tools/spgraph_mpi/ '' $LIBRARY tools/common/ tools/cli/ tools/spgraph_mpi/ ||
      status=1
    rule "$root" tools/compare/ '' $LIBRARY tools/common/ tools/cli/ tools/compare/ \
      tools/spgraph/commands.hpp || status=1
  }
  return $status
}

self_test() {
  local tmp out rc=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/formats/csr" "$tmp/engine/core" "$tmp/loaders" "$tmp/tools/cli" "$tmp/tools/compare"
  printf '#pragma once\n#include <vector>\n#include "engine/vector.hpp"\n#include <engine/ops.hpp>\n' \
    >"$tmp/formats/csr/bad.hpp"
  printf '#pragma once\n#include "engine/core/types.hpp"\n#include "formats/csr/csr.hpp"\n' \
    >"$tmp/formats/csr/good.hpp"
  printf '#pragma once\n#include "formats/csr/csr.hpp"\n' >"$tmp/engine/core/bad.hpp"
  printf '#pragma once\n#include <cstdint>\n#include "engine/core/types.hpp"\n' \
    >"$tmp/engine/core/good.hpp"
  printf '#pragma once\n#include "formats/csr/csr.hpp"\n#include "loaders/load.hpp"\n' \
    >"$tmp/engine/ops.hpp"
  printf '#include "engine/matrix.hpp"\n#include "algorithms/bfs/bfs.hpp"\n' >"$tmp/loaders/load.cpp"
  printf '#include <CLI/CLI.hpp>\n#include "tools/common/timing.hpp"\n#include "tools/spgraph/x.hpp"\n' \
    >"$tmp/tools/cli/flags.cpp"
  printf '#include "tools/spgraph/commands.hpp"\n#include "tools/spgraph/signals.hpp"\n' \
    >"$tmp/tools/compare/job.cpp"
  out=$(check_tree "$tmp") || rc=$?
  local expected
  expected=$(
    cat <<'EXPECTED'
engine/core/bad.hpp:2:#include "formats/csr/csr.hpp" (engine/core/ may include only engine/core/)
formats/csr/bad.hpp:3:#include "engine/vector.hpp" (formats/ may include only engine/core/ formats/)
formats/csr/bad.hpp:4:#include <engine/ops.hpp> (formats/ may include only engine/core/ formats/)
engine/ops.hpp:3:#include "loaders/load.hpp" (engine/ may include only engine/ formats/)
loaders/load.cpp:2:#include "algorithms/bfs/bfs.hpp" (loaders/ may include only engine/ formats/ loaders/)
tools/cli/flags.cpp:3:#include "tools/spgraph/x.hpp" (tools/cli/ may include only engine/ formats/ algorithms/ loaders/ store/ tools/common/ tools/cli/)
tools/compare/job.cpp:2:#include "tools/spgraph/signals.hpp" (tools/compare/ may include only engine/ formats/ algorithms/ loaders/ store/ tools/common/ tools/cli/ tools/compare/ tools/spgraph/commands.hpp)
EXPECTED
  )
  if [ "$rc" -ne 1 ] || [ "$out" != "$expected" ]; then
    echo "self-test FAILED: on a tree with seven violations the check exited $rc and printed:"
    echo "$out"
    echo "expected exit 1 and:"
    echo "$expected"
    return 1
  fi
  echo "self-test passed: the seven violations named, the allowed includes passed"
}

case "${1:-}" in
  -h | --help)
    usage
    exit 0
    ;;
  --self-test)
    self_test
    exit
    ;;
  -*)
    usage >&2
    exit 2
    ;;
esac

root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
if [ ! -d "$root/formats" ] || [ ! -d "$root/engine/core" ]; then
  echo "check_layers: $root has no formats/ and engine/core/ to check" >&2
  exit 2
fi
if check_tree "$root"; then
  echo "layers: one way (each room includes only the rooms below it; docs/ARCHITECTURE.md)"
else
  echo "layers: the includes above break the one-way rule (docs/ARCHITECTURE.md, The map)"
  exit 1
fi
