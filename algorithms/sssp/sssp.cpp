// SPDX-License-Identifier: Apache-2.0
// SSSP entry points (sssp.hpp): argument and weight checks, the automatic Δ, and the weighted
// views of CSR and Dynamic CSR rows and of a maintained view's graph the kernels of
// sssp_kernel.hpp run on.
#include "algorithms/sssp/sssp.hpp"

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "algorithms/sssp/parent_path.hpp"
#include "algorithms/sssp/sssp_kernel.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

namespace {

/// The weight an arc's stored value stands for: bool (and pattern) arcs weigh 1.
template <class T, class S>
double weight_of(S x) {
  if constexpr (std::is_same_v<T, bool>)
    return 1.0;
  else
    return static_cast<double>(static_cast<T>(x));
}

/// CSR rows as weighted out-arcs; Unit: every arc weighs 1 (pattern or bool).
template <class T, bool Unit>
struct CsrArcs {
  const Csr<T>* a;
  Vertex n() const { return a->nrows; }
  Offset arcs() const { return a->nnz(); }
  Offset degree(Vertex u) const { return a->degree(u); }
  template <class F>
  void for_each(Vertex u, F&& f) const {
    const Offset* rp = a->row_ptr.data();
    const Vertex* col = a->col.data();
    if constexpr (Unit) {
      for (Offset k = rp[u]; k < rp[u + 1]; ++k) f(col[k], 1.0);
    } else {
      const auto* val = a->val.data();
      for (Offset k = rp[u]; k < rp[u + 1]; ++k) f(col[k], weight_of<T>(val[k]));
    }
  }
};

/// Dynamic CSR rows (a snapshot's out-arcs) as weighted out-arcs.
template <class T>
struct DcsrArcs {
  const DcsrView<T>* a;
  Vertex n() const { return a->nrows(); }
  Offset arcs() const { return a->nvals(); }
  Offset degree(Vertex u) const { return a->degree(u); }
  template <class F>
  void for_each(Vertex u, F&& f) const {
    a->for_each(u, [&](Vertex c, Offset s) { f(c, weight_of<T>(a->value(s))); });
  }
};

/// A maintained view's out-arcs (weights read as double; 1 on an unweighted graph).
struct ViewArcs {
  const ViewGraph* g;
  Vertex n() const { return g->n(); }
  Offset arcs() const { return g->out.nnz(); }
  Offset degree(Vertex u) const { return g->out.degree(u); }
  template <class F>
  void for_each(Vertex u, F&& f) const {
    g->for_each_out(u, f);
  }
};

/// What the weights allow and what Δ they suggest.
struct WeightStats {
  double min = 1, max = 1, sum = 0;
  Offset arcs = 0;
};

std::string format_weight(double w) {
  std::ostringstream os;
  os.precision(17);
  os << w;
  return os.str();
}

/// Scans every arc: refuses NaN weights always and negative ones unless `negative_ok`
/// (naming the first offending arc), and returns min / max / sum.
template <class G>
WeightStats scan_weights(const G& g, bool negative_ok) {
  const Vertex n = g.n();
  double lo = kUnreachableDistance, hi = -kUnreachableDistance, sum = 0;
  Offset bad = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : lo) reduction(max : hi) \
    reduction(+ : sum, bad) if (Offset(n) + g.arcs() >= 65536)
  for (std::int64_t u = 0; u < std::int64_t(n); ++u)
    g.for_each(Vertex(u), [&](Vertex, double w) {
      if (std::isnan(w) || (!negative_ok && w < 0)) ++bad;
      lo = std::min(lo, w);
      hi = std::max(hi, w);
      sum += w;
    });
  // Name the first offending arc (row order).
  for (Vertex u = 0; bad && u < n; ++u)
    g.for_each(u, [&](Vertex v, double w) {
      const std::string arc = "sssp: arc " + std::to_string(u) + " -> " + std::to_string(v);
      if (std::isnan(w)) throw InvalidArgument(arc + " has a NaN weight");
      if (!negative_ok && w < 0)
        throw InvalidArgument(arc + " has negative weight " + format_weight(w) +
                              "; delta-stepping needs non-negative weights (use --method "
                              "bellman-ford, method='bellman-ford' in Python, which accepts "
                              "them)");
    });
  WeightStats s;
  s.arcs = g.arcs();
  if (s.arcs) {
    s.min = lo;
    s.max = hi;
    s.sum = sum;
  }
  return s;
}

/// The automatic Δ: the mean arc weight times (1 + 32 / average degree) / 32 (see sssp.hpp for
/// the measurements behind it); 1 when no arc weighs > 0.
double auto_delta(const WeightStats& s, Vertex n) {
  if (s.arcs == 0 || !(s.max > 0) || !std::isfinite(s.sum)) return 1.0;
  const double mean = s.sum / double(s.arcs);
  const double avg_degree = double(s.arcs) / double(n);
  double delta = mean * (1.0 + 32.0 / avg_degree) / 32.0;
  if (!(delta > 0) || !std::isfinite(delta)) delta = 1.0;
  return delta;
}

/// The weights of the arcs of up to kWeightSampleRows rows spread evenly over the vertices:
/// enough to choose Δ by, without a pass over every arc (Kronecker 18: 7.6 M weights, 3-4 ms,
/// a tenth of the search). `arcs` is the whole graph's; min/max/sum the sample's (the sum
/// scaled to the whole graph). When the sampled rows hold no arc, every arc is read.
constexpr Vertex kWeightSampleRows = 4096;

template <class G>
WeightStats sample_weights(const G& g) {
  const Vertex n = g.n();
  WeightStats s;
  s.arcs = g.arcs();
  if (s.arcs == 0) return s;
  const Vertex rows = std::min(n, kWeightSampleRows);
  double lo = kUnreachableDistance, hi = -kUnreachableDistance, sum = 0;
  Offset seen = 0;
  for (Vertex k = 0; k < rows; ++k)
    g.for_each(Vertex(std::uint64_t(k) * n / rows), [&](Vertex, double w) {
      lo = std::min(lo, w);
      hi = std::max(hi, w);
      sum += w;
      ++seen;
    });
  if (seen == 0) return scan_weights(g, true);
  s.min = lo;
  s.max = hi;
  s.sum = sum / double(seen) * double(s.arcs);
  return s;
}

void check_sssp_arguments(Vertex nrows, Vertex ncols, Vertex source, const SsspOptions& o) {
  if (nrows != ncols)
    throw DimensionMismatch("sssp: the matrix must be square, got " + std::to_string(nrows) +
                            " x " + std::to_string(ncols));
  if (source >= nrows)
    throw IndexOutOfBounds("sssp: source " + std::to_string(source) +
                           " is not a vertex (n = " + std::to_string(nrows) + ")");
  if (!(o.delta >= 0) || !std::isfinite(o.delta))
    throw InvalidArgument("sssp: delta must be a finite number >= 0 (0 = automatic), got " +
                          format_weight(o.delta));
}

template <class G>
SsspResult run_sssp(const G& g, bool unit, Vertex source, const SsspOptions& o) {
  SsspResult r;
  r.source = source;
  r.method = o.method == SsspMethod::BellmanFord ? SsspMethod::BellmanFord : SsspMethod::Delta;
  const bool bf = r.method == SsspMethod::BellmanFord;
  WeightStats stats;
  if (unit) {
    stats.arcs = g.arcs();
    stats.sum = double(stats.arcs);
  } else if (bf) {
    stats = scan_weights(g, true);  // refuses NaN before any round
  } else if (o.delta == 0) {
    stats = sample_weights(g);
  }
  if (bf) {
    r.rounds = detail::bellman_ford(g, source, r.distance);
  } else {
    // Delta-stepping meets every arc it could use; one with a negative or NaN weight is
    // skipped there and refused here, named by a full scan (the error path only).
    r.delta = o.delta > 0 ? o.delta : auto_delta(stats, g.n());
    bool bad_weight = false;
    r.rounds = detail::delta_stepping(g, source, r.delta, r.distance, bad_weight);
    if (bad_weight) scan_weights(g, false);
  }
  Vertex reached = 0;
#pragma omp parallel for reduction(+ : reached) if (g.n() >= 65536)
  for (std::int64_t v = 0; v < std::int64_t(g.n()); ++v)
    reached += r.distance[v] != kUnreachableDistance;
  r.reached = reached;
  if (o.parents) r.parent = detail::tight_arc_parents(g, source, r.distance);
  return r;
}

}  // namespace

template <class T>
SsspResult sssp(const Matrix<T>& a, Vertex source, const SsspOptions& options) {
  check_sssp_arguments(a.nrows(), a.ncols(), source, options);
  if (a.is_pattern() || std::is_same_v<T, bool>)
    return run_sssp(CsrArcs<T, true>{&a.csr()}, true, source, options);
  return run_sssp(CsrArcs<T, false>{&a.csr()}, false, source, options);
}

template <class T>
SsspResult sssp(const GraphSnapshot<T>& g, Vertex source, const SsspOptions& options) {
  const DcsrView<T>& view = g.view();
  check_sssp_arguments(view.nrows(), view.ncols(), source, options);
  const bool unit = view.is_pattern() || std::is_same_v<T, bool>;
  return run_sssp(DcsrArcs<T>{&view}, unit, source, options);
}

SsspResult sssp(const ViewGraph& g, Vertex source, const SsspOptions& options) {
  check_sssp_arguments(g.n(), g.n(), source, options);
  return run_sssp(ViewArcs{&g}, !g.weighted, source, options);
}

#define SPGRAPH_INSTANTIATE_SSSP(T)                                          \
  template SsspResult sssp<T>(const Matrix<T>&, Vertex, const SsspOptions&); \
  template SsspResult sssp<T>(const GraphSnapshot<T>&, Vertex, const SsspOptions&);
SPGRAPH_INSTANTIATE_SSSP(bool)
SPGRAPH_INSTANTIATE_SSSP(std::int32_t)
SPGRAPH_INSTANTIATE_SSSP(std::int64_t)
SPGRAPH_INSTANTIATE_SSSP(float)
SPGRAPH_INSTANTIATE_SSSP(double)
#undef SPGRAPH_INSTANTIATE_SSSP

}  // namespace spgraph
