#!/usr/bin/env bash
# Checks the one-way layer rule of docs/ARCHITECTURE.md: engine/core/ is the ground floor,
# formats/ stands on it, and the rest of engine/ (the handles and operations) stands on formats/.
# Run by ctest as layers.one_way (tests/structure_tests.cmake).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/check_layers.sh [ROOT]
       scripts/check_layers.sh --self-test
       scripts/check_layers.sh --help

Checks that includes go one way only, in the tree at ROOT (default: this repository):
  - a file under formats/ includes nothing from engine/ outside engine/core/;
  - a file under engine/core/ includes nothing of the project outside engine/core/
    (system headers, in <...>, are allowed).
Prints each include that breaks a rule as FILE:LINE: INCLUDE (RULE) and exits 1 if there is
any, 0 if there is none.

--self-test  runs the check on a temporary tree holding known violations and fails unless it
             names exactly those, so the check cannot pass by finding nothing.
EOF
}

# Files the rules read: sources and headers, named relative to the root.
project_files() {
  local root=$1 dir=$2
  [ -d "$root/$dir" ] || return 0
  (cd "$root" && find "$dir" -type f \( -name '*.hpp' -o -name '*.h' -o -name '*.cpp' -o \
    -name '*.cu' -o -name '*.cuh' \) | LC_ALL=C sort)
}

# Prints "file:line:text" for each include line of the given files whose path matches the
# extended regex `path` (matched right after `#include`, so it starts with " or <).
includes_matching() {
  local root=$1 path=$2
  shift 2
  [ $# -gt 0 ] || return 0
  (cd "$root" && { grep -nHE "^[[:space:]]*#[[:space:]]*include[[:space:]]*$path" "$@" || true; })
}

# Passes on the include lines of stdin except those whose path starts with `prefix`.
except_prefix() {
  local prefix=$1
  grep -vE "#[[:space:]]*include[[:space:]]*[\"<]$prefix" || true
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

check_tree() {
  local root=$1 status=0
  local -a formats_files core_files
  mapfile -t formats_files < <(project_files "$root" formats)
  mapfile -t core_files < <(project_files "$root" engine/core)
  # Rule 1: formats/ may include from engine/ only the ground floor.
  includes_matching "$root" '["<]engine/' "${formats_files[@]}" | except_prefix engine/core/ |
    report "formats/ may include only engine/core/ from engine/" || status=1
  # Rule 2: engine/core/ includes only itself (and system headers).
  includes_matching "$root" '("|<(engine|formats|algorithms|loaders|tools)/)' "${core_files[@]}" |
    except_prefix engine/core/ | report "engine/core/ may include only engine/core/" || status=1
  return $status
}

self_test() {
  local tmp out rc=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/formats/csr" "$tmp/engine/core"
  cat >"$tmp/formats/csr/bad.hpp" <<'HPP'
#pragma once
#include <vector>
#include "engine/vector.hpp"
#include <engine/ops.hpp>
HPP
  cat >"$tmp/formats/csr/good.hpp" <<'HPP'
#pragma once
#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"
HPP
  cat >"$tmp/engine/core/bad.hpp" <<'HPP'
#pragma once
#include "formats/csr/csr.hpp"
HPP
  cat >"$tmp/engine/core/good.hpp" <<'HPP'
#pragma once
#include <cstdint>
#include "engine/core/types.hpp"
HPP
  cat >"$tmp/engine/ops.hpp" <<'HPP'
#pragma once
#include "formats/csr/csr.hpp"
HPP
  out=$(check_tree "$tmp") || rc=$?
  local expected
  expected=$(printf '%s\n%s\n%s' \
    'formats/csr/bad.hpp:3:#include "engine/vector.hpp" (formats/ may include only engine/core/ from engine/)' \
    'formats/csr/bad.hpp:4:#include <engine/ops.hpp> (formats/ may include only engine/core/ from engine/)' \
    'engine/core/bad.hpp:2:#include "formats/csr/csr.hpp" (engine/core/ may include only engine/core/)')
  if [ "$rc" -ne 1 ] || [ "$out" != "$expected" ]; then
    echo "self-test FAILED: on a tree with three violations the check exited $rc and printed:"
    echo "$out"
    echo "expected exit 1 and:"
    echo "$expected"
    return 1
  fi
  echo "self-test passed: the three violations named, the allowed includes passed"
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
  echo "layers: one way (formats/ -> engine/core/ only; engine/core/ -> itself only)"
else
  echo "layers: the includes above break the one-way rule (docs/ARCHITECTURE.md, Folders)"
  exit 1
fi
