#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that every library header compiles on its own: a header must include what it uses, so
# that any include order works and a header can be moved without breaking its readers.
# Run by ctest as headers.self_contained (tests/structure_tests.cmake).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/check_headers.sh [--cxx COMPILER] [--jobs N] [ROOT]
       scripts/check_headers.sh [--cxx COMPILER] --self-test
       scripts/check_headers.sh --help

Compiles each header (*.hpp, *.h) under engine/, formats/, algorithms/, loaders/, store/,
tools/common/ and tools/cli/ of ROOT (default: this repository) alone: a translation unit holding only
`#include "HEADER"`, with COMPILER -std=c++20 -fsyntax-only -fopenmp -I ROOT, N at a time.
The CUDA backend's headers (formats/device/, *_cuda.hpp) also get -I $CUDA_INCLUDE (default
/usr/local/cuda/include), and are skipped, saying so, where it has no CUDA headers.
Prints each header that does not compile with the compiler's first error, and exits 1 if there
is any, 0 if there is none.

--cxx COMPILER  the C++ compiler (default: $CXX, else c++)
--jobs N        compilations at once (default 2)
--self-test     runs the check on a temporary tree with one header that lacks an include and
                one that does not, and fails unless exactly the first is named.
EOF
}

readonly header_dirs=(engine formats algorithms loaders store tools/common tools/cli)
cuda_include=${CUDA_INCLUDE:-/usr/local/cuda/include}

# Compiles one header (relative to $root) alone; prints "HEADER: FIRST ERROR" when it fails.
check_one() {
  local header=$1 log
  local -a extra=()
  # The CUDA backend's host headers (formats/device, *_cuda.hpp) need the toolkit's headers.
  if [[ $header == formats/device/* || $header == *_cuda.hpp ]]; then
    if [ ! -f "$cuda_include/cuda_runtime_api.h" ]; then
      printf '%s: skipped: no CUDA headers in %s\n' "$header" "$cuda_include"
      return 0
    fi
    extra=(-I"$cuda_include")
  fi
  if ! log=$(printf '#include "%s"\n' "$header" |
    "$cxx" -std=c++20 -fsyntax-only -fopenmp -I"$root" "${extra[@]}" -x c++ - 2>&1); then
    local first
    first=$(grep -m1 -E 'error:' <<<"$log" || head -n1 <<<"$log")
    printf '%s: does not compile alone: %s\n' "$header" "$first"
    return 1
  fi
}

check_tree() {
  local -a headers=()
  local dir
  for dir in "${header_dirs[@]}"; do
    [ -d "$root/$dir" ] || continue
    mapfile -t -O "${#headers[@]}" headers < <(cd "$root" &&
      find "$dir" -type f \( -name '*.hpp' -o -name '*.h' \) | LC_ALL=C sort)
  done
  if [ "${#headers[@]}" -eq 0 ]; then
    echo "headers: no header found under ${header_dirs[*]} of $root"
    return 1
  fi
  export -f check_one
  export root cxx cuda_include
  # xargs exits non-zero when any compilation failed; every failure is printed first.
  # shellcheck disable=SC2016  # "$1" is expanded by the inner bash
  if printf '%s\n' "${headers[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$1"' _ {}; then
    echo "headers: all ${#headers[@]} compile alone"
  else
    echo "headers: the headers above do not compile alone; include what they use"
    return 1
  fi
}

self_test() {
  local tmp out rc=0
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/engine" "$tmp/formats/vec"
  cat >"$tmp/engine/bad.hpp" <<'HPP'
#pragma once
std::vector<int> missing_include;
HPP
  cat >"$tmp/formats/vec/good.hpp" <<'HPP'
#pragma once
#include <vector>
std::vector<int> has_include;
HPP
  out=$(root=$tmp check_tree) || rc=$?
  if [ "$rc" -ne 1 ] || ! grep -q '^engine/bad.hpp: does not compile alone: .*error' <<<"$out" ||
    grep -q 'good.hpp' <<<"$out"; then
    echo "self-test FAILED: on a tree with one bad header the check exited $rc and printed:"
    echo "$out"
    return 1
  fi
  echo "self-test passed: the header lacking an include was named, the other passed"
}

cxx=${CXX:-c++}
jobs=2
mode=check
root=$(cd "$(dirname "$0")/.." && pwd)
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      usage
      exit 0
      ;;
    --cxx)
      cxx=$2
      shift 2
      ;;
    --jobs)
      jobs=$2
      shift 2
      ;;
    --self-test)
      mode=self-test
      shift
      ;;
    -*)
      usage >&2
      exit 2
      ;;
    *)
      root=$1
      shift
      ;;
  esac
done

if [ "$mode" = self-test ]; then
  self_test
else
  check_tree
fi
