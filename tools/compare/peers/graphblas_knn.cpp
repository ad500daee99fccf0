// GraphBLAS peer for `spgraph compare knn` (see graphblas_knn.hpp). There is no top-k in
// LAGraph, so this follows the idioms a GraphBLAS expert composes for it:
//   similarity (B row x = N(x); du = |N(u)| and cnt(w) cached by GrB_Matrix_reduce, PLUS):
//     M = B ∪ I (or B, I, or none, as the exclusions ask)    the vertices to leave out
//     C<¬M,struct> = B plus_pair Bᵀ                          common neighbours (GxB_PLUS_PAIR,
//                                                            LAGr_TriangleCount's masked mxm)
//     Adamic-Adar / resource allocation: w = 1/ln cnt or 1/cnt (GrB_apply), C<¬M,struct> =
//       (B plus_times diag(w)) plus_times Bᵀ                  (A·diag(w)·Aᵀ, scaled columns)
//     Jaccard / cosine / overlap: Ru = diag(du) any_first C, Rv = C any_second diag(du), then
//       GrB_eWiseMult (+, -, ×, min, /) and GrB_apply(sqrt) give c/(du+dv-c), c/sqrt(du·dv),
//       c/min(du, dv), with the same double formulas as algorithms/knn/knn.hpp
//   features: Xn = diag(1/‖x‖) plus_times X (cosine), S<¬I,struct> = Qn plus_times Xnᵀ
//     (GxB_PLUS_TIMES_FP64), GrB_select(S >= threshold).
// Then GrB_Matrix_extractTuples and, per row, a partial sort that keeps the k best (score
// descending, then the smaller id). The product is computed in blocks of query rows (GrB_extract)
// of at most 2^24 multiply-adds each (the per-row count B plus_second cnt is computed first), as
// one does when the whole product would not fit in memory.
#include "tools/compare/peers/graphblas_knn.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "engine/core/error.hpp"
#include "tools/compare/peers/graphblas_internal.hpp"

namespace spgraph::peers {

using detail::check;
using detail::GrbOwner;

namespace {

/// Multiply-adds per block of query rows.
constexpr double kBlockProducts = double(1 << 24);

/// A new matrix of `type`, nrows × ncols, held by row.
GrB_Matrix new_matrix(GrB_Type type, GrB_Index nrows, GrB_Index ncols) {
  GrB_Matrix m = nullptr;
  check(GrB_Matrix_new(&m, type, nrows, ncols), "GrB_Matrix_new");
  check(GxB_Matrix_Option_set(m, GxB_FORMAT, GxB_BY_ROW), "set by-row");
  return m;
}

/// The row degrees of `a` (INT64, no entry for an empty row).
GrB_Vector row_degrees(GrB_Matrix a, GrB_Index n) {
  GrB_Vector d = nullptr;
  check(GrB_Vector_new(&d, GrB_INT64, n), "new degree");
  check(GrB_Matrix_reduce_Monoid(d, nullptr, nullptr, GrB_PLUS_MONOID_INT64, a, nullptr),
        "degree = reduce(A)");
  return d;
}

/// The entries of vector v at rows[0..count) as a dense array (0 where v has none).
std::vector<double> dense_at(GrB_Vector v, GrB_Index n) {
  GrB_Index nv = 0;
  check(GrB_Vector_nvals(&nv, v), "nvals");
  std::vector<GrB_Index> idx(std::max<GrB_Index>(nv, 1));
  std::vector<double> val(std::max<GrB_Index>(nv, 1));
  check(GrB_Vector_extractTuples_FP64(idx.data(), val.data(), &nv, v), "extract vector");
  std::vector<double> dense(n, 0.0);
  for (GrB_Index k = 0; k < nv; ++k) dense[idx[k]] = val[k];
  return dense;
}

/// Cuts the query rows into blocks of at most kBlockProducts multiply-adds (a row above it is
/// a block alone): block b is rows [bounds[b], bounds[b+1]).
std::vector<GrB_Index> block_bounds(const std::vector<double>& products) {
  std::vector<GrB_Index> bounds{0};
  double sum = 0;
  for (GrB_Index r = 0; r < products.size(); ++r) {
    if (sum > 0 && sum + products[r] > kBlockProducts) {
      bounds.push_back(r);
      sum = 0;
    }
    sum += products[r];
  }
  if (bounds.back() != products.size()) bounds.push_back(products.size());
  return bounds;
}

/// Rows of `a` (its rows `list[lo..hi)`, or the range [lo, hi) when list is null) as a new
/// matrix of the same type.
GrB_Matrix rows_of(GrB_Matrix a, GrB_Type type, const GrB_Index* list, GrB_Index lo, GrB_Index hi,
                   GrB_Index ncols) {
  GrB_Matrix m = new_matrix(type, hi - lo, ncols);
  if (list) {
    check(GrB_Matrix_extract(m, nullptr, nullptr, a, list + lo, hi - lo, GrB_ALL, ncols, nullptr),
          "A(I, :)");
  } else {
    const GrB_Index range[2] = {lo, hi - 1};
    check(GrB_Matrix_extract(m, nullptr, nullptr, a, range, GxB_RANGE, GrB_ALL, ncols, nullptr),
          "A(lo:hi, :)");
  }
  return m;
}

/// Appends the k best entries of each row of S (nrows rows; FP64) to `out`: score descending,
/// then the smaller column.
void keep_top_k(GrB_Matrix s, GrB_Index nrows, std::size_t k, GraphBlasKnnResult& out) {
  GrB_Index nvals = 0;
  check(GrB_Matrix_nvals(&nvals, s), "nvals(S)");
  std::vector<GrB_Index> rows(std::max<GrB_Index>(nvals, 1)), cols(rows.size());
  std::vector<double> vals(rows.size());
  check(GrB_Matrix_extractTuples_FP64(rows.data(), cols.data(), vals.data(), &nvals, s),
        "extractTuples(S)");
  // Group by row (a counting sort; extractTuples of a matrix held by row is row-major already,
  // which this does not rely on).
  std::vector<std::uint64_t> start(nrows + 1, 0);
  for (GrB_Index e = 0; e < nvals; ++e) ++start[rows[e] + 1];
  for (GrB_Index r = 0; r < nrows; ++r) start[r + 1] += start[r];
  std::vector<std::pair<double, std::uint32_t>> entries(nvals);
  {
    std::vector<std::uint64_t> pos(start.begin(), start.end() - 1);
    for (GrB_Index e = 0; e < nvals; ++e)
      entries[pos[rows[e]]++] = {vals[e], std::uint32_t(cols[e])};
  }
  std::vector<std::uint64_t> kept(nrows);
  const auto better = [](const std::pair<double, std::uint32_t>& a,
                         const std::pair<double, std::uint32_t>& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
  };
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t r = 0; r < std::int64_t(nrows); ++r) {
    const auto b = entries.begin() + std::ptrdiff_t(start[r]);
    const auto e = entries.begin() + std::ptrdiff_t(start[r + 1]);
    const std::size_t m = std::min<std::size_t>(k, std::size_t(e - b));
    std::partial_sort(b, b + std::ptrdiff_t(m), e, better);
    kept[r] = m;
  }
  for (GrB_Index r = 0; r < nrows; ++r) {
    for (std::uint64_t i = 0; i < kept[r]; ++i) {
      out.ids.push_back(entries[start[r] + i].second);
      out.scores.push_back(entries[start[r] + i].first);
    }
    out.ptr.push_back(out.ptr.back() + kept[r]);
  }
}

/// A diagonal matrix from vector v (GrB_Matrix_diag).
GrB_Matrix diagonal(GrB_Vector v) {
  GrB_Matrix d = nullptr;
  check(GrB_Matrix_diag(&d, v, 0), "diag(v)");
  return d;
}

/// The n × n identity pattern (bool).
GrB_Matrix identity(GrB_Index n) {
  GrbOwner<GrB_Vector> ones;
  check(GrB_Vector_new(&ones.obj, GrB_BOOL, n), "new ones");
  check(GrB_Vector_assign_BOOL(ones.obj, nullptr, nullptr, true, GrB_ALL, n, nullptr),
        "ones = true");
  return diagonal(ones.obj);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Similarity.

struct GraphBlasKnnGraph::Impl {
  GrB_Index n = 0;
  GrB_Matrix b = nullptr, bt = nullptr;          ///< bt == b when B is symmetric
  GrB_Vector degree = nullptr, count = nullptr;  ///< |N(x)|; cnt(w) (== degree when symmetric)
  ~Impl() {
    if (bt && bt != b) GrB_Matrix_free(&bt);
    if (b) GrB_Matrix_free(&b);
    if (count && count != degree) GrB_Vector_free(&count);
    if (degree) GrB_Vector_free(&degree);
  }
};

GraphBlasKnnGraph::GraphBlasKnnGraph(const Csr<bool>& a, bool undirected,
                                     GraphBlasNeighborhood neighborhood)
    : impl_(std::make_unique<Impl>()) {
  Impl& g = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  g.n = a.nrows;
  GrB_Matrix m = detail::grb_matrix_from_csr(a);
  auto transpose = [&](GrB_Matrix x) {
    GrB_Matrix t = new_matrix(GrB_BOOL, g.n, g.n);
    check(GrB_transpose(t, nullptr, nullptr, x, nullptr), "A'");
    check(GrB_Matrix_wait(t, GrB_MATERIALIZE), "wait A'");
    return t;
  };
  if (undirected) {
    g.b = g.bt = m;
  } else if (neighborhood == GraphBlasNeighborhood::Out) {
    g.b = m;
    g.bt = transpose(m);
  } else if (neighborhood == GraphBlasNeighborhood::In) {
    g.bt = m;
    g.b = transpose(m);
  } else {
    g.b = new_matrix(GrB_BOOL, g.n, g.n);
    const GrB_Info info =
        GrB_Matrix_eWiseAdd_BinaryOp(g.b, nullptr, nullptr, GrB_LOR, m, m, GrB_DESC_T1);
    GrB_Matrix_free(&m);
    check(info, "B = A | A'");
    check(GrB_Matrix_wait(g.b, GrB_MATERIALIZE), "wait B");
    g.bt = g.b;
  }
  g.degree = row_degrees(g.b, g.n);
  g.count = g.bt == g.b ? g.degree : row_degrees(g.bt, g.n);
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasKnnGraph::~GraphBlasKnnGraph() = default;

std::size_t GraphBlasKnnGraph::memory_bytes() const {
  std::size_t total = 0, x = 0;
  check(GxB_Matrix_memoryUsage(&x, impl_->b), "memoryUsage");
  total += x;
  if (impl_->bt != impl_->b) {
    check(GxB_Matrix_memoryUsage(&x, impl_->bt), "memoryUsage");
    total += x;
  }
  check(GxB_Vector_memoryUsage(&x, impl_->degree), "memoryUsage");
  total += x;
  if (impl_->count != impl_->degree) {
    check(GxB_Vector_memoryUsage(&x, impl_->count), "memoryUsage");
    total += x;
  }
  return total;
}

GraphBlasKnnResult graphblas_similarity_knn(const GraphBlasKnnGraph& graph,
                                            const std::vector<std::uint32_t>* queries,
                                            const GraphBlasSimilarityOptions& o) {
  const GraphBlasKnnGraph::Impl& g = graph.impl();
  const GrB_Index n = g.n;
  const GrB_Index nq = queries ? queries->size() : n;
  std::vector<GrB_Index> list;
  if (queries) {
    list.assign(queries->begin(), queries->end());
    for (GrB_Index q : list)
      if (q >= n) throw IndexOutOfBounds("graphblas_similarity_knn: query out of range");
  }
  const GrB_Index* qlist = queries ? list.data() : nullptr;
  const bool weighted = o.measure == GraphBlasSimilarity::AdamicAdar ||
                        o.measure == GraphBlasSimilarity::ResourceAllocation;
  const bool normalised = o.measure == GraphBlasSimilarity::Jaccard ||
                          o.measure == GraphBlasSimilarity::Cosine ||
                          o.measure == GraphBlasSimilarity::Overlap;
  const std::size_t k = std::min<std::size_t>(o.k, n);
  GraphBlasKnnResult res;
  const auto t0 = std::chrono::steady_clock::now();

  // The exclusion mask: M = B ∪ I, B \ I, I, or none.
  GrbOwner<GrB_Matrix> mask;
  if (!o.include_self || !o.include_neighbors) {
    if (o.include_neighbors) {
      mask.obj = identity(n);
    } else {
      mask.obj = new_matrix(GrB_BOOL, n, n);
      if (o.include_self) {
        check(GrB_Matrix_select_INT64(mask.obj, nullptr, nullptr, GrB_OFFDIAG, g.b, 0, nullptr),
              "M = offdiag(B)");
      } else {
        GrbOwner<GrB_Matrix> eye;
        eye.obj = identity(n);
        check(GrB_Matrix_eWiseAdd_BinaryOp(mask.obj, nullptr, nullptr, GrB_LOR, g.b, eye.obj,
                                           nullptr),
              "M = B | I");
      }
    }
  }
  // Adamic-Adar / resource allocation: W = diag(w), w = 1/ln cnt (0 where cnt = 1) or 1/cnt.
  GrbOwner<GrB_Matrix> w_diag;
  if (weighted) {
    GrbOwner<GrB_Vector> w, ones;
    check(GrB_Vector_new(&w.obj, GrB_FP64, n), "new w");
    if (o.measure == GraphBlasSimilarity::AdamicAdar) {
      check(GrB_Vector_apply(w.obj, nullptr, nullptr, GxB_LOG_FP64, g.count, nullptr),
            "w = ln cnt");
      check(GrB_Vector_apply(w.obj, nullptr, nullptr, GrB_MINV_FP64, w.obj, nullptr), "w = 1/w");
      check(GrB_Vector_new(&ones.obj, GrB_BOOL, n), "new ones");
      check(GrB_Vector_select_INT64(ones.obj, nullptr, nullptr, GrB_VALUEEQ_INT64, g.count, 1,
                                    nullptr),
            "cnt == 1");
      check(GrB_Vector_assign_FP64(w.obj, ones.obj, nullptr, 0.0, GrB_ALL, n, GrB_DESC_S),
            "w<cnt == 1> = 0");
    } else {
      check(GrB_Vector_apply(w.obj, nullptr, nullptr, GrB_MINV_FP64, g.count, nullptr),
            "w = 1/cnt");
    }
    w_diag.obj = diagonal(w.obj);
  }
  // |N(x)| as FP64 for the normalised measures.
  GrbOwner<GrB_Vector> degree;
  GrbOwner<GrB_Matrix> degree_diag;
  if (normalised) {
    check(GrB_Vector_new(&degree.obj, GrB_FP64, n), "new degree");
    check(GrB_Vector_apply(degree.obj, nullptr, nullptr, GrB_IDENTITY_FP64, g.degree, nullptr),
          "degree (FP64)");
    degree_diag.obj = diagonal(degree.obj);
  }

  // Multiply-adds per query row: B plus_second cnt, to cut the rows into blocks.
  std::vector<double> products;
  {
    GrbOwner<GrB_Vector> p;
    check(GrB_Vector_new(&p.obj, GrB_FP64, n), "new p");
    check(GrB_mxv(p.obj, nullptr, nullptr, GxB_PLUS_SECOND_FP64, g.b, g.count, nullptr),
          "p = B plus_second cnt");
    const std::vector<double> all = dense_at(p.obj, n);
    products.resize(nq);
    for (GrB_Index q = 0; q < nq; ++q) products[q] = all[qlist ? qlist[q] : q];
  }
  const std::vector<GrB_Index> bounds = block_bounds(products);
  res.ptr.reserve(nq + 1);

  for (std::size_t blk = 0; blk + 1 < bounds.size(); ++blk) {
    const GrB_Index lo = bounds[blk], hi = bounds[blk + 1], nb = hi - lo;
    const bool whole = !qlist && lo == 0 && hi == n;
    GrbOwner<GrB_Matrix> bq, mq, lq, c;
    if (!whole) bq.obj = rows_of(g.b, GrB_BOOL, qlist, lo, hi, n);
    const GrB_Matrix brows = whole ? g.b : bq.obj;
    if (mask.obj && !whole) mq.obj = rows_of(mask.obj, GrB_BOOL, qlist, lo, hi, n);
    const GrB_Matrix mrows = whole ? mask.obj : mq.obj;
    c.obj = new_matrix(GrB_FP64, nb, n);
    if (weighted) {
      lq.obj = new_matrix(GrB_FP64, nb, n);
      check(GrB_mxm(lq.obj, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, brows, w_diag.obj,
                    nullptr),
            "L = B(q,:) diag(w)");
      check(GrB_mxm(c.obj, mrows, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, lq.obj, g.bt,
                    mrows ? GrB_DESC_SC : nullptr),
            "C<!M> = L B'");
    } else {
      check(GrB_mxm(c.obj, mrows, nullptr, GxB_PLUS_PAIR_FP64, brows, g.bt,
                    mrows ? GrB_DESC_SC : nullptr),
            "C<!M> = B(q,:) plus_pair B'");
    }
    if (normalised) {
      // Ru(i, v) = |N(q_i)|, Rv(i, v) = |N(v)|, on C's pattern.
      GrbOwner<GrB_Vector> dq;
      GrbOwner<GrB_Matrix> dq_diag, ru, rv;
      check(GrB_Vector_new(&dq.obj, GrB_FP64, nb), "new dq");
      if (qlist) {
        check(GrB_Vector_extract(dq.obj, nullptr, nullptr, degree.obj, qlist + lo, nb, nullptr),
              "dq = degree(q)");
      } else {
        const GrB_Index range[2] = {lo, hi - 1};
        check(GrB_Vector_extract(dq.obj, nullptr, nullptr, degree.obj, range, GxB_RANGE, nullptr),
              "dq = degree(lo:hi)");
      }
      dq_diag.obj = diagonal(dq.obj);
      ru.obj = new_matrix(GrB_FP64, nb, n);
      rv.obj = new_matrix(GrB_FP64, nb, n);
      check(GrB_mxm(ru.obj, nullptr, nullptr, GxB_ANY_FIRST_FP64, dq_diag.obj, c.obj, nullptr),
            "Ru = diag(dq) any_first C");
      check(GrB_mxm(rv.obj, nullptr, nullptr, GxB_ANY_SECOND_FP64, c.obj, degree_diag.obj, nullptr),
            "Rv = C any_second diag(d)");
      auto ewise = [&](GrB_Matrix out, GrB_BinaryOp op, GrB_Matrix x, GrB_Matrix y,
                       const char* what) {
        check(GrB_Matrix_eWiseMult_BinaryOp(out, nullptr, nullptr, op, x, y, nullptr), what);
      };
      if (o.measure == GraphBlasSimilarity::Jaccard) {
        ewise(ru.obj, GrB_PLUS_FP64, ru.obj, rv.obj, "T = du + dv");
        ewise(ru.obj, GrB_MINUS_FP64, ru.obj, c.obj, "T = T - c");
      } else if (o.measure == GraphBlasSimilarity::Cosine) {
        ewise(ru.obj, GrB_TIMES_FP64, ru.obj, rv.obj, "T = du * dv");
        check(GrB_Matrix_apply(ru.obj, nullptr, nullptr, GxB_SQRT_FP64, ru.obj, nullptr),
              "T = sqrt(T)");
      } else {
        ewise(ru.obj, GrB_MIN_FP64, ru.obj, rv.obj, "T = min(du, dv)");
      }
      ewise(c.obj, GrB_DIV_FP64, c.obj, ru.obj, "S = C / T");
    }
    keep_top_k(c.obj, nb, k, res);
    ++res.blocks;
  }
  res.seconds = detail::seconds_since(t0);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Features.

struct GraphBlasFeatures::Impl {
  GrB_Index items = 0, queries = 0, features = 0;
  GrB_Matrix x = nullptr, xt = nullptr, q = nullptr;  ///< q null: the queries are X's rows
  ~Impl() {
    if (x) GrB_Matrix_free(&x);
    if (xt) GrB_Matrix_free(&xt);
    if (q) GrB_Matrix_free(&q);
  }
};

GraphBlasFeatures::GraphBlasFeatures(const Csr<double>& x, const Csr<double>* q)
    : impl_(std::make_unique<Impl>()) {
  Impl& f = *impl_;
  const auto t0 = std::chrono::steady_clock::now();
  f.items = x.nrows;
  f.features = x.ncols;
  f.queries = q ? q->nrows : x.nrows;
  f.x = detail::grb_matrix_from_csr(x);
  f.xt = new_matrix(GrB_FP64, f.features, f.items);
  check(GrB_transpose(f.xt, nullptr, nullptr, f.x, nullptr), "X'");
  check(GrB_Matrix_wait(f.xt, GrB_MATERIALIZE), "wait X'");
  if (q) f.q = detail::grb_matrix_from_csr(*q);
  build_seconds_ = detail::seconds_since(t0);
}

GraphBlasFeatures::~GraphBlasFeatures() = default;

std::size_t GraphBlasFeatures::memory_bytes() const {
  std::size_t total = 0, x = 0;
  for (GrB_Matrix m : {impl_->x, impl_->xt, impl_->q}) {
    if (!m) continue;
    check(GxB_Matrix_memoryUsage(&x, m), "memoryUsage");
    total += x;
  }
  return total;
}

namespace {

/// diag(1/‖row‖) plus_times A: each row scaled to unit length; rows of norm 0 are dropped.
GrB_Matrix normalised_rows(GrB_Matrix a, GrB_Index nrows, GrB_Index ncols) {
  GrbOwner<GrB_Matrix> sq, d;
  GrbOwner<GrB_Vector> norm;
  sq.obj = new_matrix(GrB_FP64, nrows, ncols);
  check(GrB_Matrix_eWiseMult_BinaryOp(sq.obj, nullptr, nullptr, GrB_TIMES_FP64, a, a, nullptr),
        "A .* A");
  check(GrB_Vector_new(&norm.obj, GrB_FP64, nrows), "new norm");
  check(GrB_Matrix_reduce_Monoid(norm.obj, nullptr, nullptr, GrB_PLUS_MONOID_FP64, sq.obj, nullptr),
        "norm = reduce(A .* A)");
  check(GrB_Vector_apply(norm.obj, nullptr, nullptr, GxB_SQRT_FP64, norm.obj, nullptr),
        "norm = sqrt(norm)");
  check(
      GrB_Vector_select_FP64(norm.obj, nullptr, nullptr, GrB_VALUENE_FP64, norm.obj, 0.0, nullptr),
      "drop zero norms");
  check(GrB_Vector_apply(norm.obj, nullptr, nullptr, GrB_MINV_FP64, norm.obj, nullptr), "1 / norm");
  d.obj = diagonal(norm.obj);
  GrB_Matrix out = new_matrix(GrB_FP64, nrows, ncols);
  check(GrB_mxm(out, nullptr, nullptr, GxB_PLUS_TIMES_FP64, d.obj, a, nullptr), "diag(1/norm) A");
  return out;
}

}  // namespace

GraphBlasKnnResult graphblas_feature_knn(const GraphBlasFeatures& features,
                                         const GraphBlasFeatureOptions& o) {
  const GraphBlasFeatures::Impl& f = features.impl();
  const GrB_Index nq = f.queries, ni = f.items, nf = f.features;
  const std::size_t k = std::min<std::size_t>(o.k, ni);
  GraphBlasKnnResult res;
  const auto t0 = std::chrono::steady_clock::now();

  GrbOwner<GrB_Matrix> xn, xnt, qn, mask;
  GrB_Matrix qrows = f.q ? f.q : f.x, items_t = f.xt;
  if (o.cosine) {
    xn.obj = normalised_rows(f.x, ni, nf);
    xnt.obj = new_matrix(GrB_FP64, nf, ni);
    check(GrB_transpose(xnt.obj, nullptr, nullptr, xn.obj, nullptr), "Xn'");
    items_t = xnt.obj;
    if (f.q) {
      qn.obj = normalised_rows(f.q, nq, nf);
      qrows = qn.obj;
    } else {
      qrows = xn.obj;
    }
  }
  if (!f.q && !o.include_self) mask.obj = identity(ni);

  // Multiply-adds per query row: pattern(Q) plus_second cnt, cnt(f) = entries of column f.
  std::vector<double> products;
  {
    GrbOwner<GrB_Vector> ones, cnt, p;
    check(GrB_Vector_new(&ones.obj, GrB_FP64, ni), "new ones");
    check(GrB_Vector_assign_FP64(ones.obj, nullptr, nullptr, 1.0, GrB_ALL, ni, nullptr),
          "ones = 1");
    check(GrB_Vector_new(&cnt.obj, GrB_FP64, nf), "new cnt");
    check(GrB_mxv(cnt.obj, nullptr, nullptr, GxB_PLUS_PAIR_FP64, items_t, ones.obj, nullptr),
          "cnt = X' plus_pair 1");
    check(GrB_Vector_new(&p.obj, GrB_FP64, nq), "new p");
    check(GrB_mxv(p.obj, nullptr, nullptr, GxB_PLUS_SECOND_FP64, qrows, cnt.obj, nullptr),
          "p = Q plus_second cnt");
    products = dense_at(p.obj, nq);
  }
  const std::vector<GrB_Index> bounds = block_bounds(products);
  res.ptr.reserve(nq + 1);
  for (std::size_t blk = 0; blk + 1 < bounds.size(); ++blk) {
    const GrB_Index lo = bounds[blk], hi = bounds[blk + 1], nb = hi - lo;
    const bool whole = lo == 0 && hi == nq;
    GrbOwner<GrB_Matrix> qb, mb, s;
    if (!whole) qb.obj = rows_of(qrows, GrB_FP64, nullptr, lo, hi, nf);
    if (mask.obj && !whole) mb.obj = rows_of(mask.obj, GrB_BOOL, nullptr, lo, hi, ni);
    const GrB_Matrix mrows = whole ? mask.obj : mb.obj;
    s.obj = new_matrix(GrB_FP64, nb, ni);
    check(GrB_mxm(s.obj, mrows, nullptr, GxB_PLUS_TIMES_FP64, whole ? qrows : qb.obj, items_t,
                  mrows ? GrB_DESC_SC : nullptr),
          "S<!I> = Q X'");
    if (std::isfinite(o.threshold))
      check(GrB_Matrix_select_FP64(s.obj, nullptr, nullptr, GrB_VALUEGE_FP64, s.obj, o.threshold,
                                   nullptr),
            "S >= threshold");
    keep_top_k(s.obj, nb, k, res);
    ++res.blocks;
  }
  res.seconds = detail::seconds_since(t0);
  return res;
}

}  // namespace spgraph::peers
