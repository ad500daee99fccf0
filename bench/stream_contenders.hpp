// SPDX-License-Identifier: Apache-2.0
// The contenders of the streaming benchmarks (bench/stream_bench.cpp), behind one interface:
// each starts from the same base graph (a pattern CSR), takes batches of arc inserts, answers a
// plus-times SpMV over its current state, and hands its arcs back as CSR for verification.
//   dcsr-paper     Dynamic CSR with the paper's parameters: k = 4, slack alpha = mu, duplicates
//                  accumulate
//   dcsr-keep      Dynamic CSR, streaming_dcsr_params (proportional slack), duplicates accumulate
//   dcsr-set       Dynamic CSR, streaming_dcsr_params, duplicates ignored (the adjacency stays a
//                  set; lookups per row)
//   dynamic-graph  DynamicGraph (directed, set), publishing a reader snapshot after every batch
//   dynamic-graph-undirected  DynamicGraph (undirected, set: the default), each arc of the
//                  stream an edge stored as two arcs; rates count arcs stored (2 per edge)
//   hyb            ELL (width mu) + sorted COO overflow, the paper's baseline (duplicates kept)
//   csr-rebuild    a new CSR per batch (bench/csr_rebuild.hpp)
//   grb-setelement SuiteSparse:GraphBLAS, GrB_Matrix_setElement per arc + GrB_wait
//   grb-build-add  SuiteSparse:GraphBLAS, GrB_Matrix_build + GrB_eWiseAdd + GrB_wait
#pragma once

#include <omp.h>

#include <memory>
#include <string>
#include <vector>

#include "bench/csr_rebuild.hpp"
#include "engine/dynamic_graph.hpp"
#include "formats/csr/spmv_dense_cpu.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "formats/dcsr/dcsr_spmv_cpu.hpp"
#include "formats/hyb/hyb.hpp"
#include "formats/hyb/hyb_spmv_cpu.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#endif

namespace spgraph::bench {

/// A batch of arcs in both index widths (GraphBLAS takes 64-bit indices, its native input).
struct ArcBatch {
  const Vertex* rows;
  const Vertex* cols;
  const std::uint64_t* rows64;
  const std::uint64_t* cols64;
  std::size_t n;
};

class StreamContender {
 public:
  virtual ~StreamContender() = default;
  virtual void insert(const ArcBatch& b) = 0;
  /// y = A x over plus-times (pattern values read as 1); false when not supported.
  virtual bool spmv(const double* x, double* y) = 0;
  virtual Csr<bool> arcs() const = 0;
  /// Bytes of the structure by its own accounting (in use, not reserved).
  virtual std::size_t bytes() const = 0;
  /// True when each inserted arc (u, v) is an undirected edge, stored as u->v and v->u: the
  /// base is symmetrized and rates count both arcs.
  virtual bool undirected() const { return false; }
};

class DcsrContender final : public StreamContender {
 public:
  DcsrContender(const Csr<bool>& base, DcsrParams p) : m_(Dcsr<bool>::from_csr(base, p)) {}
  void insert(const ArcBatch& b) override {
    m_.insert(std::span(b.rows, b.n), std::span(b.cols, b.n));
  }
  bool spmv(const double* x, double* y) override {
    dcsr_spmv_dense<PlusTimes<double>>(m_.view(), x, y);
    return true;
  }
  Csr<bool> arcs() const override { return m_.view().to_csr<FirstOp<bool>>(); }
  std::size_t bytes() const override { return m_.memory_bytes(); }
  Dcsr<bool>& matrix() { return m_; }

 private:
  Dcsr<bool> m_;
};

class DynamicGraphContender final : public StreamContender {
 public:
  DynamicGraphContender(const Csr<bool>& base, bool directed)
      : g_(Matrix<bool>::trusted(Csr<bool>(base)), options(directed)) {}
  void insert(const ArcBatch& b) override {
    edges_.resize(b.n);
    for (std::size_t k = 0; k < b.n; ++k)
      edges_[k] = {UpdateKind::Insert, b.rows[k], b.cols[k], true};
    g_.insert_edges(edges_);
  }
  bool spmv(const double* x, double* y) override {
    dcsr_spmv_dense<PlusTimes<double>>(g_.snapshot().view(), x, y);
    return true;
  }
  Csr<bool> arcs() const override { return g_.snapshot().view().to_csr<FirstOp<bool>>(); }
  std::size_t bytes() const override { return g_.memory_bytes(); }
  bool undirected() const override { return !g_.options().directed; }

 private:
  static DynamicGraphOptions options(bool directed) {
    DynamicGraphOptions o;
    o.directed = directed;
    return o;
  }
  DynamicGraph<bool> g_;
  std::vector<EdgeUpdate<bool>> edges_;
};

class HybContender final : public StreamContender {
 public:
  explicit HybContender(const Csr<bool>& base) : h_(hyb_from_csr(base)) {}
  void insert(const ArcBatch& b) override {
    hyb_insert(h_, std::span(b.rows, b.n), std::span(b.cols, b.n), std::span<const bool>());
  }
  bool spmv(const double* x, double* y) override {
    hyb_spmv<PlusTimes<double>>(h_, x, y);
    return true;
  }
  Csr<bool> arcs() const override { return hyb_to_csr(h_); }
  std::size_t bytes() const override { return h_.bytes(); }

 private:
  Hyb<bool> h_;
};

class CsrRebuildContender final : public StreamContender {
 public:
  explicit CsrRebuildContender(const Csr<bool>& base) : a_(base) {}
  void insert(const ArcBatch& b) override { csr_insert_by_rebuild(a_, b.rows, b.cols, b.n); }
  bool spmv(const double* x, double* y) override {
    csr_spmv_dense<PlusTimes<double>>(a_, x, y);
    return true;
  }
  Csr<bool> arcs() const override { return a_; }
  std::size_t bytes() const override { return a_.bytes(); }

 private:
  Csr<bool> a_;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS
class GraphBlasContender final : public StreamContender {
 public:
  GraphBlasContender(const Csr<bool>& base, peers::GraphBlasStream::Method m)
      : g_((peers::graphblas_init(omp_get_max_threads()), base), m) {}
  void insert(const ArcBatch& b) override { g_.insert(b.rows64, b.cols64, b.n); }
  bool spmv(const double*, double*) override { return false; }
  Csr<bool> arcs() const override { return g_.to_csr(); }
  std::size_t bytes() const override { return g_.memory_bytes(); }

 private:
  peers::GraphBlasStream g_;
};
#endif

/// The names of the contenders built into this binary.
inline std::vector<std::string> contender_names() {
  std::vector<std::string> names{
      "dcsr-paper", "dcsr-keep",  "dcsr-set", "dynamic-graph", "dynamic-graph-undirected",
      "hyb",        "csr-rebuild"};
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  names.push_back("grb-setelement");
  names.push_back("grb-build-add");
#endif
  return names;
}

/// A contender by name, starting from `base`.
inline std::unique_ptr<StreamContender> make_contender(const std::string& name,
                                                       const Csr<bool>& base) {
  DcsrParams p = streaming_dcsr_params();
  if (name == "dcsr-paper") return std::make_unique<DcsrContender>(base, DcsrParams{});
  if (name == "dcsr-keep") return std::make_unique<DcsrContender>(base, p);
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  if (name == "dcsr-set") return std::make_unique<DcsrContender>(base, p);
  if (name == "dynamic-graph") return std::make_unique<DynamicGraphContender>(base, true);
  if (name == "dynamic-graph-undirected")
    return std::make_unique<DynamicGraphContender>(base, false);
  if (name == "hyb") return std::make_unique<HybContender>(base);
  if (name == "csr-rebuild") return std::make_unique<CsrRebuildContender>(base);
#ifdef SPGRAPH_HAVE_GRAPHBLAS
  if (name == "grb-setelement")
    return std::make_unique<GraphBlasContender>(base, peers::GraphBlasStream::Method::SetElement);
  if (name == "grb-build-add")
    return std::make_unique<GraphBlasContender>(base, peers::GraphBlasStream::Method::BuildAdd);
#endif
  throw InvalidArgument("unknown contender '" + name + "'");
}

}  // namespace spgraph::bench
