// SPDX-License-Identifier: Apache-2.0
// Connected-component entry points (components.hpp): argument checks, method choice, label
// propagation on the dense SpMV (engine/spmv_dense.hpp, MIN_SECOND over double labels so any
// value type converts exactly), and the structure kernels of components_kernel.hpp on CSR and
// on Dynamic CSR snapshots.
#include "algorithms/components/components.hpp"

#include <omp.h>

#include <cstdint>
#include <string>

#include "algorithms/components/components_kernel.hpp"
#include "engine/core/error.hpp"
#include "engine/spmv_dense.hpp"

namespace spgraph {

namespace {

void check_cc_arguments(Vertex nrows, Vertex ncols) {
  if (nrows != ncols) {
    std::string msg = "connected_components: the matrix must be square, got ";
    msg += std::to_string(nrows);
    msg += " x ";
    msg += std::to_string(ncols);
    throw DimensionMismatch(msg);
  }
}

Vertex count_roots(const std::vector<Vertex>& label) {
  Vertex k = 0;
#pragma omp parallel for reduction(+ : k) if (label.size() >= 65536)
  for (std::int64_t v = 0; v < std::int64_t(label.size()); ++v) k += label[v] == Vertex(v);
  return k;
}

/// label' = min(label, A min.second label, A' min.second label) until nothing changes.
template <class T>
int label_propagation(const Matrix<T>& a, const CcOptions& o, std::vector<Vertex>& label) {
  const Vertex n = a.nrows();
  std::vector<double> lab(n), y1(n), y2(o.undirected ? 0 : n);
  const bool par = n >= 65536;
#pragma omp parallel for schedule(static) if (par)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) lab[v] = double(v);
  int rounds = 0;
  std::int64_t changed = n > 0;
  // The CSR / CSR5 rule is O(n): decide once per direction, not on every round.
  const SpmvFormat out_format = choose_spmv_format(a, false, o.spmv).format;
  const SpmvFormat in_format =
      o.undirected ? out_format : choose_spmv_format(a, true, o.spmv).format;
  while (changed) {
    ++rounds;
    spmv_dense<MinSecond<double>>(a, false, lab.data(), y1.data(), out_format);
    if (!o.undirected) spmv_dense<MinSecond<double>>(a, true, lab.data(), y2.data(), in_format);
    changed = 0;
#pragma omp parallel for schedule(static) reduction(+ : changed) if (par)
    for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
      double m = std::min(lab[v], y1[v]);
      if (!o.undirected) m = std::min(m, y2[v]);
      changed += m != lab[v];
      lab[v] = m;
    }
  }
  label.resize(n);
#pragma omp parallel for schedule(static) if (par)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) label[v] = Vertex(lab[v]);
  return rounds;
}

CcMethod resolve(CcMethod m) {
  return m == CcMethod::Auto ? CcMethod::Afforest : m;
}

}  // namespace

template <class T>
CcResult connected_components(const Matrix<T>& a, const CcOptions& options) {
  check_cc_arguments(a.nrows(), a.ncols());
  CcResult r;
  r.method = resolve(options.method);
  const AdjacencyView out = adjacency_of(a.csr());
  switch (r.method) {
    case CcMethod::LabelProp:
      r.rounds = label_propagation(a, options, r.label);
      break;
    case CcMethod::FastSV: {
      if (options.undirected) {
        r.rounds = detail::fastsv(out, nullptr, r.label);
      } else {
        const AdjacencyView in = adjacency_of(a.transposed());
        r.rounds = detail::fastsv(out, &in, r.label);
      }
      break;
    }
    default: {
      // In-arcs: none needed when symmetric; the transpose when it is built already;
      // otherwise the target check (components_kernel.hpp) instead of building one.
      r.rounds = 3;
      if (options.undirected) {
        r.components = detail::afforest(out, static_cast<const AdjacencyView*>(nullptr),
                                        detail::InArcs::Same, r.label);
      } else if (a.has_cached_transpose()) {
        const AdjacencyView in = adjacency_of(a.transposed());
        r.components = detail::afforest(out, &in, detail::InArcs::Separate, r.label);
      } else {
        r.components = detail::afforest(out, static_cast<const AdjacencyView*>(nullptr),
                                        detail::InArcs::Check, r.label);
      }
      return r;
    }
  }
  r.components = count_roots(r.label);
  return r;
}

template <class T>
CcResult connected_components(const GraphSnapshot<T>& g, const CcOptions& options) {
  CcOptions o = options;
  o.undirected = o.undirected || !g.directed();
  if (resolve(o.method) != CcMethod::Afforest) return connected_components(g.matrix(), o);
  // Union-find straight over the Dynamic CSR rows.
  const DcsrAdjacency& adj = g.view().adjacency();
  check_cc_arguments(g.view().nrows(), g.view().ncols());
  CcResult r;
  r.method = CcMethod::Afforest;
  r.rounds = 3;
  r.components =
      detail::afforest(adj, static_cast<const DcsrAdjacency*>(nullptr),
                       o.undirected ? detail::InArcs::Same : detail::InArcs::Check, r.label);
  return r;
}

#define SPGRAPH_INSTANTIATE_CC(T)                                                \
  template CcResult connected_components<T>(const Matrix<T>&, const CcOptions&); \
  template CcResult connected_components<T>(const GraphSnapshot<T>&, const CcOptions&);
SPGRAPH_INSTANTIATE_CC(bool)
SPGRAPH_INSTANTIATE_CC(std::int32_t)
SPGRAPH_INSTANTIATE_CC(std::int64_t)
SPGRAPH_INSTANTIATE_CC(float)
SPGRAPH_INSTANTIATE_CC(double)
#undef SPGRAPH_INSTANTIATE_CC

}  // namespace spgraph
