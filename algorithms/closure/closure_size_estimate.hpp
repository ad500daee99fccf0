// SPDX-License-Identifier: Apache-2.0
// A cheap estimate of the size of a transitive closure, computed before any large allocation so
// that a closure too large for memory fails with a clear error instead of being killed.
//
// Estimates, for every component c of the condensation, the number of vertices reachable from
// c by paths of length >= 1, and from these the number of closure pairs Σ_c |c| · reach(c).
//
// Method (Cohen, "Size-estimation framework with applications to transitive closure and
// reachability", JCSS 55(3), 1997): every vertex gets a pseudo-random 32-bit rank; a bottom-k
// sketch (the k smallest ranks) of each component's reachable set is the bottom-k of the union
// of its successors' own ranks and sketches, computed over the DAG in reverse topological order.
// A full sketch estimates |R| as (k - 1) / (k-th smallest rank / 2^32); a sketch with fewer than
// k ranks is exact. With k = 16 the relative standard error is about 1/sqrt(k - 2) = 27%.
// Each union is a merge of two sorted k-lists. Workspace: 2 sketches of k ranks per component
// (about 150 bytes with k = 16). Cost O(n log k + k · (arcs of the DAG)).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/closure/strongly_connected_components.hpp"

namespace spgraph {

/// An estimated (or bounded) closure size, in pairs and bytes.
struct ClosureSizeEstimate {
  double pairs = 0;            ///< estimated closure pairs (R+), over all vertices
  std::vector<double> reach;   ///< per component: estimated vertices reachable (length >= 1)
  double condensed_bytes = 0;  ///< estimated bytes of the per-component reach sets
};

/// Estimates the closure size of the graph whose condensation is `c`.
ClosureSizeEstimate estimate_closure_size(const Condensation& c);

/// An upper bound on the same quantities in one pass, without sketches: reach(c) <= Σ over
/// successors d of (|d| + reach(d)) (+ |c| when c is cyclic), capped at n. Exact on trees and
/// chains, loose where paths reconverge; callers use it to skip the estimate when even the
/// bound fits in memory.
ClosureSizeEstimate bound_closure_size(const Condensation& c);

/// The size every closure memory guard checks: the one-pass bound when `need(bound)` fits in
/// `budget` bytes, else the sketch estimate (costlier, closer). `fits` is false when even the
/// estimate's need does not fit; the caller then refuses (detail::closure_too_large).
template <class Need>
ClosureSizeEstimate closure_size_for_budget(const Condensation& c, double budget, Need need,
                                            bool& fits) {
  ClosureSizeEstimate e = bound_closure_size(c);
  fits = need(e) <= budget;
  if (fits) return e;
  e = estimate_closure_size(c);
  fits = need(e) <= budget;
  return e;
}

}  // namespace spgraph
