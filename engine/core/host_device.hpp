// SPDX-License-Identifier: Apache-2.0
// SPGRAPH_HD marks a function callable from host and device code: `__host__ __device__` when
// nvcc compiles the file, nothing otherwise. Per-row and per-tile logic that the CUDA kernels
// share with the CPU (ARCHITECTURE.md, "Backends") carries it, so that the CPU tests run the
// very code the GPU runs. The semirings of semiring.hpp need no mark: they are constexpr, and
// the CUDA targets compile with --expt-relaxed-constexpr.
#pragma once

#if defined(__CUDACC__)
#define SPGRAPH_HD __host__ __device__
#else
#define SPGRAPH_HD
#endif
