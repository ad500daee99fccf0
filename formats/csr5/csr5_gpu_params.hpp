// SPDX-License-Identifier: Apache-2.0
// The CSR5 tile shape for NVIDIA GPUs (Liu & Vinter, "CSR5", ICS'15 §3.2; W. Liu's thesis
// §6.3.2): ω = 32, one lane per thread of a warp; σ from the matrix's "sparsity", the average
// row length ℓ = nnz/rows (an integer, as the authors' CUDA code computes it), by the paper's
// bounds ⟨r, s, t, u⟩:
//     σ = r  if ℓ <= r;   ℓ  if r < ℓ <= s;   s  if s < ℓ <= t;   u  if t < ℓ,
// with ⟨4, 32, 256, 4⟩, the paper's values for double precision on nVidia (Maxwell) GPUs. Long
// rows get a small σ on purpose: a tile inside one row is a plain reduction (§3.2). The
// authors' CUDA code uses u = 6 (Csr5SigmaRule can say so); the paper's u = 4 is kept: u
// applies only to a mean row above 256, which none of the GPU benchmark's graphs has, so
// nothing here has measured the difference.
// A matrix with no rows gets σ = r. σ <= 32 keeps ω·σ within the 2048 entries a tile may hold
// (formats/csr5/csr5.hpp: 11-bit y_offset).
#pragma once

#include "engine/core/types.hpp"
#include "formats/csr5/csr5.hpp"

namespace spgraph {

/// The bounds and values of the σ rule.
struct Csr5SigmaRule {
  Offset r, s, t;
  int u;
};

struct Csr5GpuRule {
  static constexpr int kOmega = 32;
  static constexpr int kR = 4, kS = 32, kT = 256, kU = 4;
  static constexpr Csr5SigmaRule kPaper{kR, kS, kT, kU};
};

/// σ for a matrix of `nnz` entries in `rows` rows under `rule` (see the header comment).
constexpr int csr5_gpu_sigma(Offset nnz, Vertex rows, Csr5SigmaRule rule = Csr5GpuRule::kPaper) {
  const Offset len = rows ? nnz / rows : 0;
  if (len <= rule.r) return int(rule.r);
  if (len <= rule.s) return int(len);
  if (len <= rule.t) return int(rule.s);
  return rule.u;
}

/// The tile shape the CUDA kernel uses for a matrix of `nnz` entries in `rows` rows.
constexpr Csr5Params csr5_gpu_params(Offset nnz, Vertex rows,
                                     Csr5SigmaRule rule = Csr5GpuRule::kPaper) {
  return Csr5Params{Csr5GpuRule::kOmega, csr5_gpu_sigma(nnz, rows, rule)};
}

}  // namespace spgraph
