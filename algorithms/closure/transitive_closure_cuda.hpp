// SPDX-License-Identifier: Apache-2.0
// The transitive closure on the CUDA backend where the reach sets fit in device memory: the
// condensation on the CPU (strongly_connected_components.hpp), the closure of its DAG by
// semi-naive rounds on the device (closure_rounds_cuda.hpp: masked hash SpGEMM, Nagasaka et al.,
// ICPP 2017), and each component's reach expanded to its members' rows on the CPU, as the Scc
// method does (transitive_closure.hpp: R+, or R* with `reflexive`; `count_only` stores nothing).
// The host memory guard is the CPU method's (closure_size_for_budget); the device's is checked
// by the rounds, which refuse with OutOfMemory saying the reach sets do not fit. A plain header:
// the CLI calls it in every build; without the CUDA backend it raises BackendUnavailable.
//
// STATUS: compiled, never run on a device; the front end, the expansion and the rounds' lanes
// have run on the CPU through the host emulation (closure_rounds_emulated.hpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/closure/closure_size_estimate.hpp"
#include "algorithms/closure/reachability.hpp"
#include "algorithms/closure/strongly_connected_components.hpp"
#include "algorithms/closure/transitive_closure.hpp"
#include "engine/core/resources.hpp"

namespace spgraph {

/// The closure of the graph of `a` (square; values ignored) with the DAG's rounds on the device.
/// `options.method` is ignored (the method is SemiNaive over the condensation).
ClosureResult transitive_closure_cuda(const Matrix<bool>& a, const ClosureOptions& options = {});

namespace detail {

/// Row v of the closure: the members of every component v's component reaches (dag_t, the
/// DAG's closure), and of its own when it is cyclic; v itself under R* when it is not.
inline Csr<bool> expand_component_closure(const Condensation& c, const Csr<bool>& dag_t,
                                          bool reflexive, bool count_only, Offset& pairs) {
  const Vertex n = Vertex(c.comp.size());
  std::vector<Offset> reach(c.num_components, 0);
  for (Vertex k = 0; k < c.num_components; ++k) {
    for (Offset q = dag_t.row_ptr[k]; q < dag_t.row_ptr[k + 1]; ++q)
      reach[k] += c.size(dag_t.col[q]);
    if (c.cyclic[k]) reach[k] += c.size(k);
  }
  Csr<bool> out = Csr<bool>::empty(count_only ? 0 : n, count_only ? 0 : n, true);
  pairs = 0;
  for (Vertex v = 0; v < n; ++v) pairs += reach[c.comp[v]] + (reflexive && !c.cyclic[c.comp[v]]);
  if (count_only) return out;
  out.col.reserve(pairs);
  std::vector<Vertex> row;
  for (Vertex v = 0; v < n; ++v) {
    const Vertex k = c.comp[v];
    row.clear();
    auto add_members = [&](Vertex d) {
      for (Offset m = c.members.row_begin(d); m < c.members.row_end(d); ++m)
        row.push_back(c.members.col[m]);
    };
    for (Offset q = dag_t.row_ptr[k]; q < dag_t.row_ptr[k + 1]; ++q) add_members(dag_t.col[q]);
    if (c.cyclic[k]) add_members(k);
    if (reflexive && !c.cyclic[k]) row.push_back(v);
    std::sort(row.begin(), row.end());
    out.col.insert(out.col.end(), row.begin(), row.end());
    out.row_ptr[v + 1] = out.col.size();
  }
  return out;
}

}  // namespace detail

/// The front end with the DAG step `rounds(dag, pairs_bound, rounds_out) -> Csr<bool>` (the
/// device's, or the host emulation in tests).
template <class Rounds>
ClosureResult transitive_closure_by_rounds(const Matrix<bool>& a, const ClosureOptions& o,
                                           Rounds&& rounds) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("transitive_closure: the matrix must be square, got " +
                            std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()));
  ClosureResult r;
  r.method = ClosureMethod::SemiNaive;
  const Condensation scc = condense(adjacency_of(a.csr()));
  r.components = scc.num_components;
  r.largest_component = scc.largest;
  const Vertex n = a.nrows();
  const std::uint64_t budget = memory_budget(o.memory_limit);
  auto need = [&](const ClosureSizeEstimate& e) {  // the output, on the host
    return o.count_only ? 0.0 : (e.pairs + double(n)) * sizeof(Vertex) + (double(n) + 1) * 8;
  };
  bool fits = true;
  const ClosureSizeEstimate est = closure_size_for_budget(scc, double(budget), need, fits);
  if (!fits)
    detail::closure_too_large("the transitive closure", est.pairs, need(est), o.memory_limit,
                              budget);
  r.estimated_pairs = est.pairs;
  const double nc = double(scc.num_components);
  const Csr<bool> dag_t = rounds(scc.dag, std::min(est.pairs, nc * (nc - 1) / 2), r.iterations);
  Offset pairs = 0;
  Csr<bool> out = detail::expand_component_closure(scc, dag_t, o.reflexive, o.count_only, pairs);
  r.pairs = pairs;
  if (!o.count_only) r.closure = Matrix<bool>::trusted(std::move(out));
  return r;
}

}  // namespace spgraph
