#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds, on this machine (nvcc, no GPU needed), everything scripts/gpu_check.sh runs on a lent
# GPU machine, and puts it, stripped, in build/gpu-carry/: bin/ (the tests labelled "cuda", the
# GPU benchmarks of bench/gpu/, the spgraph CLI), lib/ (the shared libraries they need beyond
# glibc and CUDA's own, which the machine's image may lack) and manifest.txt ("KIND NAME" per
# program), then packs it as build/gpu-carry.tar.gz. Pass build/gpu-carry.tar.gz in the device
# tool's `carry` (64 MiB in all with the working tree; this script refuses more). The build (build/gpu-check) is for sm_90 only (H100, H200) and without the
# comparison peers (SPGRAPH_PEERS=OFF: libgraphblas alone is 179 MB), so its CLI has no
# `compare`; the GPU benchmarks run their peers (cuSPARSE, CUB, the CPU backend) themselves.
#   usage: scripts/build_gpu_check.sh [JOBS=2]
#   then:  run (device tool) command "scripts/gpu_check.sh", carry ["build/gpu-carry.tar.gz"]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-2}
build=build/gpu-check
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSPGRAPH_ENABLE_CUDA=ON \
  -DCMAKE_CUDA_ARCHITECTURES=90 -DSPGRAPH_PEERS=OFF -DSPGRAPH_BUILD_BENCH=OFF \
  -DSPGRAPH_PYTHON=OFF -DSPGRAPH_ENABLE_MPI=OFF -DSPGRAPH_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j"$jobs" --target gpu_check_targets
manifest=$build/gpu_check_manifest.txt
carry=build/gpu-carry
rm -rf "$carry"
mkdir -p "$carry/bin" "$carry/lib"
: >"$carry/manifest.txt"
# Libraries the device machine's image provides itself: glibc's, the compiler runtime's newer
# copies, the CUDA driver and toolkit (libcusparse is too large to carry).
provided='^(linux-vdso|ld-linux|libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|libcuda|libcusparse|libcublas|libnvJitLink)\.'
while read -r kind name path; do
  [ -n "$kind" ] || continue
  strip -o "$carry/bin/$(basename "$path")" "$path"
  echo "$kind $(basename "$path")" >>"$carry/manifest.txt"
  ldd "$path" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | while read -r lib file; do
    [[ "$lib" =~ $provided ]] || cp -Lu "$file" "$carry/lib/$lib"
  done
done <"$manifest"
# The device tool carries 64 MiB in all, the working tree (tracked files) included, with 1 MiB
# spare: the folder travels as one gzip archive, which scripts/gpu_check.sh unpacks there.
archive=build/gpu-carry.tar.gz
tar -C build -czf "$archive" gpu-carry
size_kib=$(du -sk "$archive" | cut -f1)
tree_kib=$(git ls-files -z | xargs -0 du -ck 2>/dev/null | tail -1 | cut -f1)
limit_kib=$((64 * 1024 - tree_kib - 1024))
echo "$archive: $(wc -l <"$carry/manifest.txt") programs, $((size_kib / 1024)) MiB" \
  "($(du -sm "$carry" | cut -f1) MiB unpacked; limit $((limit_kib / 1024)) MiB beside a" \
  "$((tree_kib / 1024)) MiB working tree)"
if [ "$size_kib" -gt "$limit_kib" ]; then
  echo "error: $archive is $((size_kib / 1024)) MiB, over the $((limit_kib / 1024)) MiB the" \
    "device tool can carry beside the working tree: carry fewer programs" >&2
  exit 1
fi
