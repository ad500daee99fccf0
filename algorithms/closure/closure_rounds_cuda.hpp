// SPDX-License-Identifier: Apache-2.0
// The device part of the closure on the CUDA backend (transitive_closure_cuda.hpp): the
// semi-naive rounds over the condensation DAG, T = D = A; D = (D·A)<¬T> by the device hash
// SpGEMM (formats/csr/spgemm_hash_cuda.hpp, boolean, pattern result, complemented mask), T =
// T ∪ D (closure_merge_lanes.hpp), until D is empty; A, D and T stay on the device. A plain
// header; defined in closure_rounds_cuda.cu (spgraph_algorithms_cuda), and in a build without
// CUDA by closure_rounds_cuda_refusal.cpp, which refuses.
//
// STATUS: compiled, never run (written where no GPU was lent).
#pragma once

#include "formats/csr/csr.hpp"

namespace spgraph {

/// The pairs of the closure R+ of the DAG `dag` (rows sorted), computed on the device; `rounds`
/// receives the products computed. `component_pairs_bound` (an upper bound on the result's
/// entries) is checked first against the device's free memory: a closure whose rounds would
/// not fit raises OutOfMemory saying so, as does an allocation that fails during the rounds.
Csr<bool> dag_closure_cuda(const Csr<bool>& dag, double component_pairs_bound, Vertex& rounds);

}  // namespace spgraph
