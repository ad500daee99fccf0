// SPDX-License-Identifier: Apache-2.0
// The CSR5 tile shape for NVIDIA GPUs (Liu & Vinter, "CSR5", ICS'15 §3.2; W. Liu's thesis §6.3.2):
// ω = 32, one lane per thread of a warp; σ from the average row length ℓ = nnz/rows
// with the paper's ⟨r, s, t, u⟩ = ⟨4, 32, 256, 4⟩: σ = r when ℓ <= r, ℓ when ℓ <= s, s when
// ℓ <= t, else u. (The reference CUDA code uses u = 6; the paper's value is kept until it can be
// measured on a GPU.)
#pragma once

#include "engine/core/types.hpp"
#include "formats/csr5/csr5.hpp"

namespace spgraph {

struct Csr5GpuRule {
  static constexpr int kOmega = 32;
  static constexpr int kR = 4, kS = 32, kT = 256, kU = 4;
};

/// The tile shape the CUDA kernel uses for a matrix of `nnz` entries in `rows` rows.
constexpr Csr5Params csr5_gpu_params(Offset nnz, Vertex rows) {
  using R = Csr5GpuRule;
  const Offset len = rows ? nnz / rows : 0;
  const int sigma = len <= R::kR ? R::kR : len <= R::kS ? int(len) : len <= R::kT ? R::kS : R::kU;
  return Csr5Params{R::kOmega, sigma};
}

}  // namespace spgraph
