// SPDX-License-Identifier: Apache-2.0
// The transitive closure methods behind algorithms/closure/transitive_closure.hpp: the memory
// check, the SCC method's output (each component's vertex list built once and copied to its
// members' rows), and the semi-naive loop over the engine's masked SpGEMM.
#include "algorithms/closure/transitive_closure.hpp"

#include <omp.h>

#include <algorithm>

#include "algorithms/closure/closure_size_estimate.hpp"
#include "algorithms/closure/reachability.hpp"
#include "engine/core/resources.hpp"
#include "engine/ops.hpp"
#include "formats/csr/sort_keys.hpp"

namespace spgraph {

namespace {

/// Closures estimated below this many pairs compute their reach sets serially.
constexpr double kParallelPairs = 4e6;

/// Bytes of a pattern CSR with `pairs` entries over n rows.
double output_bytes(double pairs, Vertex n) {
  return pairs * sizeof(Vertex) + (double(n) + 1) * sizeof(Offset);
}

/// The SCC method's output: row v = the vertices v reaches (plus v itself under R*).
Csr<bool> emit_pairs(const CondensedClosure& cc, bool reflexive) {
  const Condensation& c = cc.scc;
  const Vertex n = Vertex(c.comp.size());
  Csr<bool> out = Csr<bool>::empty(n, n, true);
  for (Vertex v = 0; v < n; ++v) {
    const Vertex k = c.comp[v];
    out.row_ptr[v + 1] = cc.reach_vertices[k] + (reflexive && !c.cyclic[k]);
  }
  for (Vertex v = 0; v < n; ++v) out.row_ptr[v + 1] += out.row_ptr[v];
  out.col.resize(out.row_ptr[n]);
  const Vertex nc = c.num_components;
#pragma omp parallel
  {
    std::vector<Vertex> list, scratch;
#pragma omp for schedule(dynamic, 8)
    for (std::int64_t kk = 0; kk < std::int64_t(nc); ++kk) {
      const Vertex k = Vertex(kk);
      if (c.size(k) == 1 && !c.cyclic[k] && !reflexive) {  // one member: write its row in place
        const Vertex v = c.members.col[c.members.row_begin(k)];
        Vertex* row = out.col.data() + out.row_ptr[v];
        Vertex* end = row;
        cc.reach[k].for_each([&](Vertex d) {
          for (Offset m = c.members.row_begin(d); m < c.members.row_end(d); ++m)
            *end++ = c.members.col[m];
        });
        sort_keys(row, std::size_t(end - row), n ? n - 1 : 0, scratch);
        continue;
      }
      // The component's vertex list, built once for all its members.
      list.clear();
      auto add_members = [&](Vertex d) {
        for (Offset m = c.members.row_begin(d); m < c.members.row_end(d); ++m)
          list.push_back(c.members.col[m]);
      };
      cc.reach[k].for_each(add_members);
      if (c.cyclic[k]) add_members(k);
      sort_keys(list.data(), list.size(), n ? n - 1 : 0, scratch);
      for (Offset m = c.members.row_begin(k); m < c.members.row_end(k); ++m) {
        const Vertex v = c.members.col[m];
        Vertex* row = out.col.data() + out.row_ptr[v];
        if (reflexive && !c.cyclic[k]) {  // insert v itself in order
          const auto at = std::lower_bound(list.begin(), list.end(), v);
          row = std::copy(list.begin(), at, row);
          *row++ = v;
          std::copy(at, list.end(), row);
        } else {
          std::copy(list.begin(), list.end(), row);
        }
      }
    }
  }
  return out;
}

/// The SemiNaive method: D = (D·A)<¬T>, T = T ∪ D until D is empty. Returns T.
Matrix<bool> semi_naive(const Matrix<bool>& a, Vertex& rounds) {
  Matrix<bool> t = a, d = a;
  Descriptor new_pairs_only;  // C<¬T, replace> with a structural mask
  new_pairs_only.mask_structural = true;
  new_pairs_only.mask_complement = true;
  new_pairs_only.replace = true;
  rounds = 0;
  while (d.nvals() > 0) {
    mxm(d, &t, NoAccum{}, LorLand<bool>{}, d, a, new_pairs_only);
    ++rounds;
    if (d.nvals() > 0) ewise_add(t, nullptr, NoAccum{}, LorOp<bool>{}, t, d);
  }
  return t;
}

/// T ∪ I, for R*.
Matrix<bool> with_diagonal(const Matrix<bool>& t) {
  const Vertex n = t.nrows();
  std::vector<Vertex> idx(n);
  for (Vertex v = 0; v < n; ++v) idx[v] = v;
  const Matrix<bool> eye = Matrix<bool>::build_pattern(n, n, idx, idx);
  Matrix<bool> out(n, n, true);
  ewise_add(out, nullptr, NoAccum{}, LorOp<bool>{}, t, eye);
  return out;
}

}  // namespace

std::string closure_method_name(ClosureMethod m) {
  switch (m) {
    case ClosureMethod::Auto:
      return "auto";
    case ClosureMethod::SemiNaive:
      return "seminaive";
    case ClosureMethod::Scc:
      return "scc";
  }
  return "unknown";
}

ClosureMethod parse_closure_method(const std::string& name) {
  for (ClosureMethod m : {ClosureMethod::Auto, ClosureMethod::SemiNaive, ClosureMethod::Scc})
    if (closure_method_name(m) == name) return m;
  throw InvalidArgument("unknown closure method '" + name + "'; valid: auto, seminaive, scc");
}

namespace detail {

ClosureResult transitive_closure_pattern(const Matrix<bool>& a, const ClosureOptions& o) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("transitive_closure: the matrix must be square, got " +
                            std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()));
  const Vertex n = a.nrows();
  ClosureResult r;
  r.method = o.method == ClosureMethod::Auto ? ClosureMethod::Scc : o.method;

  // Estimate the closure before allocating anything proportional to it.
  Condensation scc = condense(adjacency_of(a.csr()));
  r.components = scc.num_components;
  r.largest_component = scc.largest;
  Offset acyclic_vertices = 0;  // vertices that R* adds a (v, v) pair for
  for (Vertex k = 0; k < scc.num_components; ++k)
    if (!scc.cyclic[k]) acyclic_vertices += scc.size(k);
  const std::uint64_t budget = memory_budget(o.memory_limit);
  // Bytes the method needs for a closure of the given size: Scc keeps the reach sets (and the
  // output unless counting); semi-naive keeps T whatever is asked, and T and T ∪ D coexist
  // while they merge.
  auto need = [&](const ClosureSizeEstimate& e) {
    const double stored = output_bytes(e.pairs + (o.reflexive ? double(acyclic_vertices) : 0), n);
    return r.method == ClosureMethod::Scc ? e.condensed_bytes + (o.count_only ? 0 : stored)
                                          : 2 * stored;
  };
  bool fits = true;
  const ClosureSizeEstimate est = closure_size_for_budget(scc, double(budget), need, fits);
  if (!fits)
    closure_too_large("the transitive closure",
                      est.pairs + (o.reflexive ? double(acyclic_vertices) : 0), need(est),
                      o.memory_limit, budget);
  r.estimated_pairs = est.pairs + (o.reflexive ? double(acyclic_vertices) : 0);

  if (r.method == ClosureMethod::SemiNaive) {
    Matrix<bool> t = semi_naive(a, r.iterations);
    if (o.reflexive) t = with_diagonal(t);
    r.pairs = t.nvals();
    if (!o.count_only) r.closure = std::move(t);
    return r;
  }
  // Small closures (by the bound or estimate) take the serial pass: level buckets and per-level
  // barriers cost more than they save below a few million pairs.
  const bool parallel = est.pairs > kParallelPairs;
  const CondensedClosure cc = condensed_closure(std::move(scc), false, parallel);
  r.iterations = cc.levels ? cc.levels - 1 : 0;
  r.pairs = cc.pairs + (o.reflexive ? acyclic_vertices : 0);
  if (o.count_only) return r;
  const double exact = cc.bytes() + output_bytes(double(r.pairs), n);
  if (exact > double(budget))
    closure_too_large("the transitive closure", double(r.pairs), exact, o.memory_limit, budget);
  r.closure = Matrix<bool>::trusted(emit_pairs(cc, o.reflexive));
  return r;
}

}  // namespace detail

}  // namespace spgraph
