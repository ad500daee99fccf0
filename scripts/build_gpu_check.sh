#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds, on this machine (nvcc, no GPU needed), everything scripts/gpu_check.sh runs on a lent
# GPU machine, and puts it, stripped, in build/gpu-carry/: bin/ (the tests labelled "cuda", the
# GPU benchmarks of bench/gpu/, the spgraph CLI) and manifest.txt ("KIND NAME" per program).
# Pass build/gpu-carry in the device tool's `carry` (64 MiB at most; this script refuses more).
#   usage: scripts/build_gpu_check.sh [JOBS=2]
#   then:  run (device tool) command "scripts/gpu_check.sh", carry ["build/gpu-carry"]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-2}
limit_mib=60
cmake --preset cuda >/dev/null
cmake --build --preset cuda -j"$jobs" --target gpu_check_targets
manifest=build/cuda/gpu_check_manifest.txt
carry=build/gpu-carry
rm -rf "$carry"
mkdir -p "$carry/bin"
: >"$carry/manifest.txt"
while read -r kind name path; do
  [ -n "$kind" ] || continue
  strip -o "$carry/bin/$(basename "$path")" "$path"
  echo "$kind $(basename "$path")" >>"$carry/manifest.txt"
done <"$manifest"
size_kib=$(du -sk "$carry" | cut -f1)
echo "build/gpu-carry: $(wc -l <"$carry/manifest.txt") programs, $((size_kib / 1024)) MiB"
if [ "$size_kib" -gt $((limit_mib * 1024)) ]; then
  echo "error: build/gpu-carry is $((size_kib / 1024)) MiB, over the $limit_mib MiB the device" \
    "tool carries (64 MiB with the working tree): build for sm_90 only" \
    "(cmake --preset cuda -DCMAKE_CUDA_ARCHITECTURES=90) or carry fewer programs" >&2
  exit 1
fi
