#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that every source, script and build file the repository tracks names its licence in an
# SPDX line (`SPDX-License-Identifier: Apache-2.0`, LICENSE) within its first three lines, so a
# file copied out of the tree still says under which terms. Run by ctest as licence.spdx
# (tests/structure_tests.cmake).
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/check_spdx.sh [ROOT]
       scripts/check_spdx.sh --self-test
       scripts/check_spdx.sh --help

Checks the files git tracks (outside a checkout: every file outside build/) under ROOT (default: this repository) whose names end in .cpp,
.hpp, .h, .cu, .cuh, .py, .sh, .cmake (or any of these followed by .in) or are CMakeLists.txt,
except test inputs (tests/data/, fuzz corpora, tests/hostile/accept/): each must hold
"SPDX-License-Identifier: Apache-2.0" in its first three lines. Prints each file that does not
and exits 1 if there is any, 0 if there is none.

--self-test  runs the check on a temporary repository with one file lacking the line and one
             holding it, and fails unless exactly the first is named.
USAGE
}

readonly TAG='SPDX-License-Identifier: Apache-2.0'

# The files of the tree: those git tracks in a checkout, else every file outside build/.
tree_files() {
  local root=$1
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$root" ls-files
  else
    (cd "$root" && find . -type f -not -path './build/*' | sed 's|^\./||')
  fi
}

check_tree() {
  local root=$1 missing=0 f
  while IFS= read -r f; do
    if ! head -n 3 "$root/$f" | grep -qF "$TAG"; then
      echo "$f: no '$TAG' line in its first three lines"
      missing=1
    fi
  done < <(tree_files "$root" |
    grep -E '(\.(cpp|hpp|h|cu|cuh|py|sh|cmake|pc)(\.in)?|(^|/)CMakeLists\.txt)$' |
    grep -vE '^tests/data/|/corpus/|^tests/hostile/accept/' || true)
  return $missing
}

self_test() {
  local tmp out rc=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  git -C "$tmp" init -q
  printf '// %s\n// A file that says its licence.\n' "$TAG" >"$tmp/good.cpp"
  printf '#!/bin/sh\n# %s\n' "$TAG" >"$tmp/good.sh"
  printf '// A file that does not.\n' >"$tmp/bad.hpp"
  printf 'not checked\n' >"$tmp/notes.txt"
  git -C "$tmp" add good.cpp good.sh bad.hpp notes.txt
  out=$(check_tree "$tmp") || rc=$?
  if [ "$rc" -ne 1 ] || [ "$out" != "bad.hpp: no '$TAG' line in its first three lines" ]; then
    echo "self-test FAILED: exit $rc, printed:"
    echo "$out"
    return 1
  fi
  echo "self-test passed: the file without the line named, the others passed"
}

case "${1:-}" in
  -h | --help) usage; exit 0 ;;
  --self-test) self_test; exit ;;
  -*) usage >&2; exit 2 ;;
esac
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
if check_tree "$root"; then
  echo "spdx: every source, script and build file names its licence"
else
  echo "spdx: the files above lack an SPDX line (add '$TAG' as a comment at the top)"
  exit 1
fi
