// SPDX-License-Identifier: Apache-2.0
// The per-thread step T ∪ D of the device semi-naive closure (closure_rounds_cuda.cu), shared
// with its host emulation (closure_rounds_emulated.hpp): D holds only pairs T lacks (it is
// (D·A)<¬T>), so row i of T ∪ D has |T(i)| + |D(i)| entries, its offset is the sum of the two
// offsets, and one thread merges the two sorted rows. The loop itself is the semi-naive
// evaluation of transitive_closure.hpp's SemiNaive method (Bancilhon & Ramakrishnan, "An
// amateur's introduction to recursive query processing strategies", SIGMOD 1986).
#pragma once

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"

namespace spgraph {

/// Writes the disjoint sorted rows t[0, tn) and d[0, dn) merged into out[0, tn + dn).
SPGRAPH_HD inline void closure_merge_rows(const Vertex* t, Offset tn, const Vertex* d, Offset dn,
                                          Vertex* out) {
  Offset p = 0, q = 0, w = 0;
  while (p < tn && q < dn) out[w++] = t[p] < d[q] ? t[p++] : d[q++];
  while (p < tn) out[w++] = t[p++];
  while (q < dn) out[w++] = d[q++];
}

}  // namespace spgraph
