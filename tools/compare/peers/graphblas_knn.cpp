// SPDX-License-Identifier: Apache-2.0
// GraphBLAS peer for `spgraph compare knn` (see graphblas_knn.hpp). There is no top-k in
// LAGraph, so this follows the idioms a GraphBLAS expert composes for it:
//   similarity (B row x = N(x), Bᵀ, du = |N(u)| and cnt(w): the graph's A, A' and degrees,
//   cached as LAGraph caches them; for both-neighbourhoods the graph is A ∪ A'):
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
using detail::new_matrix;

namespace {

/// Multiply-adds per block of query rows.
constexpr double kBlockProducts = double(1 << 24);

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
GrbOwner<GrB_Matrix> rows_of(GrB_Matrix a, GrB_Type type, const GrB_Index* list, GrB_Index lo,
                             GrB_Index hi, GrB_Index ncols) {
  GrbOwner<GrB_Matrix> m = new_matrix(type, hi - lo, ncols);
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
GrbOwner<GrB_Matrix> diagonal(GrB_Vector v) {
  GrbOwner<GrB_Matrix> d;
  check(GrB_Matrix_diag(d.out(), v, 0), "diag(v)");
  return d;
}

/// The n × n identity pattern (bool).
GrbOwner<GrB_Matrix> identity(GrB_Index n) {
  GrbOwner<GrB_Vector> ones;
  check(GrB_Vector_new(ones.out(), GrB_BOOL, n), "new ones");
  check(GrB_Vector_assign_BOOL(ones, nullptr, nullptr, true, GrB_ALL, n, nullptr), "ones = true");
  return diagonal(ones);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Similarity.

namespace {

/// What the similarity measures read: B (row x = N(x)), Bᵀ, |N(x)| and cnt(w), all held by the
/// graph (B = Bᵀ = A and one degree vector when it is undirected).
struct Neighborhoods {
  GrB_Matrix b, bt;
  GrB_Vector degree, count;
};

Neighborhoods neighborhoods(const GraphBlasGraph::Impl& g, GraphBlasNeighborhood nb) {
  const char* who = "graphblas_similarity_knn";
  if (!g.undirected() && nb == GraphBlasNeighborhood::Both)
    throw InvalidArgument(
        std::string(who) +
        ": both-neighbourhoods read the undirected GraphBlasGraph::symmetrized(A)");
  const GrB_Matrix at = g.cached_at(who);
  const GrB_Vector out = g.cached_out_degree(who), in = g.cached_in_degree(who);
  if (!g.undirected() && nb == GraphBlasNeighborhood::In) return {at, g.a, in, out};
  return {g.a, at, out, in};
}

}  // namespace

GraphBlasKnnResult graphblas_similarity_knn(const GraphBlasGraph& graph,
                                            const std::vector<std::uint32_t>* queries,
                                            const GraphBlasSimilarityOptions& o) {
  const Neighborhoods g = neighborhoods(graph.impl(), o.neighborhood);
  const GrB_Index n = graph.impl().n;
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
      mask = identity(n);
    } else {
      mask = new_matrix(GrB_BOOL, n, n);
      if (o.include_self) {
        check(GrB_Matrix_select_INT64(mask, nullptr, nullptr, GrB_OFFDIAG, g.b, 0, nullptr),
              "M = offdiag(B)");
      } else {
        const GrbOwner<GrB_Matrix> eye = identity(n);
        check(GrB_Matrix_eWiseAdd_BinaryOp(mask, nullptr, nullptr, GrB_LOR, g.b, eye, nullptr),
              "M = B | I");
      }
    }
  }
  // Adamic-Adar / resource allocation: W = diag(w), w = 1/ln cnt (0 where cnt = 1) or 1/cnt.
  GrbOwner<GrB_Matrix> w_diag;
  if (weighted) {
    GrbOwner<GrB_Vector> w, ones;
    check(GrB_Vector_new(w.out(), GrB_FP64, n), "new w");
    if (o.measure == GraphBlasSimilarity::AdamicAdar) {
      check(GrB_Vector_apply(w, nullptr, nullptr, GxB_LOG_FP64, g.count, nullptr), "w = ln cnt");
      check(GrB_Vector_apply(w, nullptr, nullptr, GrB_MINV_FP64, w, nullptr), "w = 1/w");
      check(GrB_Vector_new(ones.out(), GrB_BOOL, n), "new ones");
      check(GrB_Vector_select_INT64(ones, nullptr, nullptr, GrB_VALUEEQ_INT64, g.count, 1, nullptr),
            "cnt == 1");
      check(GrB_Vector_assign_FP64(w, ones, nullptr, 0.0, GrB_ALL, n, GrB_DESC_S),
            "w<cnt == 1> = 0");
    } else {
      check(GrB_Vector_apply(w, nullptr, nullptr, GrB_MINV_FP64, g.count, nullptr), "w = 1/cnt");
    }
    w_diag = diagonal(w);
  }
  // |N(x)| as FP64 for the normalised measures.
  GrbOwner<GrB_Vector> degree;
  GrbOwner<GrB_Matrix> degree_diag;
  if (normalised) {
    check(GrB_Vector_new(degree.out(), GrB_FP64, n), "new degree");
    check(GrB_Vector_apply(degree, nullptr, nullptr, GrB_IDENTITY_FP64, g.degree, nullptr),
          "degree (FP64)");
    degree_diag = diagonal(degree);
  }

  // Multiply-adds per query row: B plus_second cnt, to cut the rows into blocks.
  std::vector<double> products;
  {
    GrbOwner<GrB_Vector> p;
    check(GrB_Vector_new(p.out(), GrB_FP64, n), "new p");
    check(GrB_mxv(p, nullptr, nullptr, GxB_PLUS_SECOND_FP64, g.b, g.count, nullptr),
          "p = B plus_second cnt");
    const std::vector<double> all = detail::dense_vector<double>(p, n, 0.0);
    products.resize(nq);
    for (GrB_Index q = 0; q < nq; ++q) products[q] = all[qlist ? qlist[q] : q];
  }
  const std::vector<GrB_Index> bounds = block_bounds(products);
  res.ptr.reserve(nq + 1);

  for (std::size_t blk = 0; blk + 1 < bounds.size(); ++blk) {
    const GrB_Index lo = bounds[blk], hi = bounds[blk + 1], nb = hi - lo;
    const bool whole = !qlist && lo == 0 && hi == n;
    GrbOwner<GrB_Matrix> bq, mq, lq, c;
    if (!whole) bq = rows_of(g.b, GrB_BOOL, qlist, lo, hi, n);
    const GrB_Matrix brows = whole ? g.b : bq;
    if (mask && !whole) mq = rows_of(mask, GrB_BOOL, qlist, lo, hi, n);
    const GrB_Matrix mrows = whole ? mask : mq;
    c = new_matrix(GrB_FP64, nb, n);
    if (weighted) {
      lq = new_matrix(GrB_FP64, nb, n);
      check(GrB_mxm(lq, nullptr, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, brows, w_diag, nullptr),
            "L = B(q,:) diag(w)");
      check(GrB_mxm(c, mrows, nullptr, GrB_PLUS_TIMES_SEMIRING_FP64, lq, g.bt,
                    mrows ? GrB_DESC_SC : nullptr),
            "C<!M> = L B'");
    } else {
      check(GrB_mxm(c, mrows, nullptr, GxB_PLUS_PAIR_FP64, brows, g.bt,
                    mrows ? GrB_DESC_SC : nullptr),
            "C<!M> = B(q,:) plus_pair B'");
    }
    if (normalised) {
      // Ru(i, v) = |N(q_i)|, Rv(i, v) = |N(v)|, on C's pattern.
      GrbOwner<GrB_Vector> dq;
      GrbOwner<GrB_Matrix> dq_diag, ru, rv;
      check(GrB_Vector_new(dq.out(), GrB_FP64, nb), "new dq");
      if (qlist) {
        check(GrB_Vector_extract(dq, nullptr, nullptr, degree, qlist + lo, nb, nullptr),
              "dq = degree(q)");
      } else {
        const GrB_Index range[2] = {lo, hi - 1};
        check(GrB_Vector_extract(dq, nullptr, nullptr, degree, range, GxB_RANGE, nullptr),
              "dq = degree(lo:hi)");
      }
      dq_diag = diagonal(dq);
      ru = new_matrix(GrB_FP64, nb, n);
      rv = new_matrix(GrB_FP64, nb, n);
      check(GrB_mxm(ru, nullptr, nullptr, GxB_ANY_FIRST_FP64, dq_diag, c, nullptr),
            "Ru = diag(dq) any_first C");
      check(GrB_mxm(rv, nullptr, nullptr, GxB_ANY_SECOND_FP64, c, degree_diag, nullptr),
            "Rv = C any_second diag(d)");
      auto ewise = [&](GrB_Matrix out, GrB_BinaryOp op, GrB_Matrix x, GrB_Matrix y,
                       const char* what) {
        check(GrB_Matrix_eWiseMult_BinaryOp(out, nullptr, nullptr, op, x, y, nullptr), what);
      };
      if (o.measure == GraphBlasSimilarity::Jaccard) {
        ewise(ru, GrB_PLUS_FP64, ru, rv, "T = du + dv");
        ewise(ru, GrB_MINUS_FP64, ru, c, "T = T - c");
      } else if (o.measure == GraphBlasSimilarity::Cosine) {
        ewise(ru, GrB_TIMES_FP64, ru, rv, "T = du * dv");
        check(GrB_Matrix_apply(ru, nullptr, nullptr, GxB_SQRT_FP64, ru, nullptr), "T = sqrt(T)");
      } else {
        ewise(ru, GrB_MIN_FP64, ru, rv, "T = min(du, dv)");
      }
      ewise(c, GrB_DIV_FP64, c, ru, "S = C / T");
    }
    keep_top_k(c, nb, k, res);
    ++res.blocks;
  }
  res.seconds = detail::seconds_since(t0);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Features.

GraphBlasFeatures::GraphBlasFeatures(const Csr<double>& x, const Csr<double>* q)
    : x_(x), q_(q ? GraphBlasMatrix(*q) : GraphBlasMatrix()), has_queries_(q != nullptr) {
  const auto t0 = std::chrono::steady_clock::now();
  xt_.impl().m = detail::transposed(x_.impl().m);
  build_seconds_ = x_.build_seconds() + q_.build_seconds() + detail::seconds_since(t0);
}

std::size_t GraphBlasFeatures::memory_bytes() const {
  return x_.memory_bytes() + xt_.memory_bytes() + q_.memory_bytes();
}

namespace {

/// diag(1/‖row‖) plus_times A: each row scaled to unit length; rows of norm 0 are dropped.
GrbOwner<GrB_Matrix> normalised_rows(GrB_Matrix a, GrB_Index nrows, GrB_Index ncols) {
  GrbOwner<GrB_Matrix> sq, d;
  GrbOwner<GrB_Vector> norm;
  sq = new_matrix(GrB_FP64, nrows, ncols);
  check(GrB_Matrix_eWiseMult_BinaryOp(sq, nullptr, nullptr, GrB_TIMES_FP64, a, a, nullptr),
        "A .* A");
  check(GrB_Vector_new(norm.out(), GrB_FP64, nrows), "new norm");
  check(GrB_Matrix_reduce_Monoid(norm, nullptr, nullptr, GrB_PLUS_MONOID_FP64, sq, nullptr),
        "norm = reduce(A .* A)");
  check(GrB_Vector_apply(norm, nullptr, nullptr, GxB_SQRT_FP64, norm, nullptr),
        "norm = sqrt(norm)");
  check(GrB_Vector_select_FP64(norm, nullptr, nullptr, GrB_VALUENE_FP64, norm, 0.0, nullptr),
        "drop zero norms");
  check(GrB_Vector_apply(norm, nullptr, nullptr, GrB_MINV_FP64, norm, nullptr), "1 / norm");
  d = diagonal(norm);
  GrbOwner<GrB_Matrix> out = new_matrix(GrB_FP64, nrows, ncols);
  check(GrB_mxm(out, nullptr, nullptr, GxB_PLUS_TIMES_FP64, d, a, nullptr), "diag(1/norm) A");
  return out;
}

}  // namespace

GraphBlasKnnResult graphblas_feature_knn(const GraphBlasFeatures& features,
                                         const GraphBlasFeatureOptions& o) {
  const GrB_Matrix x = features.items().impl().m, xt = features.items_transposed().impl().m;
  const GrB_Matrix q = features.queries() ? features.queries()->impl().m.get() : nullptr;
  GrB_Index nq = 0, ni = 0, nf = 0;
  check(GrB_Matrix_nrows(&ni, x), "nrows(X)");
  check(GrB_Matrix_ncols(&nf, x), "ncols(X)");
  check(GrB_Matrix_nrows(&nq, q ? q : x), "nrows(Q)");
  const std::size_t k = std::min<std::size_t>(o.k, ni);
  GraphBlasKnnResult res;
  const auto t0 = std::chrono::steady_clock::now();

  GrbOwner<GrB_Matrix> xn, xnt, qn, mask;
  GrB_Matrix qrows = q ? q : x, items_t = xt;
  if (o.cosine) {
    xn = normalised_rows(x, ni, nf);
    xnt = new_matrix(GrB_FP64, nf, ni);
    check(GrB_transpose(xnt, nullptr, nullptr, xn, nullptr), "Xn'");
    items_t = xnt;
    if (q) {
      qn = normalised_rows(q, nq, nf);
      qrows = qn;
    } else {
      qrows = xn;
    }
  }
  if (!q && !o.include_self) mask = identity(ni);

  // Multiply-adds per query row: pattern(Q) plus_second cnt, cnt(f) = entries of column f.
  std::vector<double> products;
  {
    GrbOwner<GrB_Vector> ones, cnt, p;
    check(GrB_Vector_new(ones.out(), GrB_FP64, ni), "new ones");
    check(GrB_Vector_assign_FP64(ones, nullptr, nullptr, 1.0, GrB_ALL, ni, nullptr), "ones = 1");
    check(GrB_Vector_new(cnt.out(), GrB_FP64, nf), "new cnt");
    check(GrB_mxv(cnt, nullptr, nullptr, GxB_PLUS_PAIR_FP64, items_t, ones, nullptr),
          "cnt = X' plus_pair 1");
    check(GrB_Vector_new(p.out(), GrB_FP64, nq), "new p");
    check(GrB_mxv(p, nullptr, nullptr, GxB_PLUS_SECOND_FP64, qrows, cnt, nullptr),
          "p = Q plus_second cnt");
    products = detail::dense_vector<double>(p, nq, 0.0);
  }
  const std::vector<GrB_Index> bounds = block_bounds(products);
  res.ptr.reserve(nq + 1);
  for (std::size_t blk = 0; blk + 1 < bounds.size(); ++blk) {
    const GrB_Index lo = bounds[blk], hi = bounds[blk + 1], nb = hi - lo;
    const bool whole = lo == 0 && hi == nq;
    GrbOwner<GrB_Matrix> qb, mb, s;
    if (!whole) qb = rows_of(qrows, GrB_FP64, nullptr, lo, hi, nf);
    if (mask && !whole) mb = rows_of(mask, GrB_BOOL, nullptr, lo, hi, ni);
    const GrB_Matrix mrows = whole ? mask : mb;
    s = new_matrix(GrB_FP64, nb, ni);
    check(GrB_mxm(s, mrows, nullptr, GxB_PLUS_TIMES_FP64, whole ? qrows : qb, items_t,
                  mrows ? GrB_DESC_SC : nullptr),
          "S<!I> = Q X'");
    if (std::isfinite(o.threshold))
      check(GrB_Matrix_select_FP64(s, nullptr, nullptr, GrB_VALUEGE_FP64, s, o.threshold, nullptr),
            "S >= threshold");
    keep_top_k(s, nb, k, res);
    ++res.blocks;
  }
  res.seconds = detail::seconds_since(t0);
  return res;
}

}  // namespace spgraph::peers
