// SPDX-License-Identifier: Apache-2.0
// The fused product row plus top-k of the kNN queries, as host-and-device functions
// (SPGRAPH_HD): the per-thread logic of one thread block answering one query row, shared by the
// CUDA kernel (knn_rows_cuda.cu) and the host emulation (knn_rows_emulated.hpp) that the CPU
// tests hold to similarity_knn and feature_knn (knn.hpp).
//
// A query row r of L is answered from one row of L·R without storing it (the "sparse_dot_topn"
// operation): similarity kNN has L = B (row x = N(x)) and R = Bᵀ, feature kNN L = Q and R = Xᵀ
// (for cosine, both scaled as knn_features.cpp scales them: values over their row's largest
// |value|). Per query, in one block of T threads with its own accumulator slab (a stamp,
// a value and a touched list per answer id, in global memory, never cleared: a stamp equal to
// the query's tag marks the ids this query touched):
//   1. Accumulate (knn_accumulate_step), one step per entry e of L(r,:) in ascending column f,
//      a barrier after each: the threads share R(f,:), whose ids are distinct, so no two
//      threads of a step touch one id, and each id's sum runs in ascending f -- the order of
//      the CPU's hash SpGEMM row (knn_product_row.hpp; Nagasaka et al., ICPP 2017) -- with
//      products and sums rounded one by one (no fused multiply-add), so double sums are bit
//      for bit the CPU's. Counts (similarity) add 1.
//   2. Candidates (knn_row_candidate): each touched id is scored as the CPU scores it (the
//      exclusions of u and N(u), the measures of knn_similarity_score.hpp, dot or cosine with a
//      threshold) and, if kept, appended as a RankKey (largest score first, then the smaller
//      id: TopKSelector's order).
//   3. The block select of formats/topk/block_select_lanes.hpp keeps the k best, sorted.
// Cost per query: Σ_{f ∈ L(r,:)} |R(f,:)| accumulator updates in |L(r,:)| steps, then the
// select over the candidates. Workspace per block: (stamp, value, touched, candidate) per id.
#pragma once

#include <cmath>
#include <cstdint>

#include "engine/core/host_device.hpp"
#include "engine/core/types.hpp"
#include "formats/topk/block_select_lanes.hpp"

namespace spgraph {

/// What a candidate's score is (the measures of knn.hpp that the device computes).
enum class KnnRowScore : std::uint8_t { Common, Jaccard, Cosine, Overlap, Dot, FeatureCosine };

/// True for the similarity scores (counts of shared neighbours), false for the feature scores.
SPGRAPH_HD inline bool knn_row_counts(KnnRowScore s) {
  return s != KnnRowScore::Dot && s != KnnRowScore::FeatureCosine;
}

/// The similarity of a candidate with c shared neighbours, |N(u)| = du and |N(v)| = dv: the
/// formulas of knn_similarity_score.hpp (which calls this for Jaccard, cosine and overlap).
SPGRAPH_HD inline double similarity_count_score(KnnRowScore m, double c, Offset du, Offset dv) {
  switch (m) {
    case KnnRowScore::Jaccard:
      return c / (double(du) + double(dv) - c);
    case KnnRowScore::Cosine:
      return c / sqrt(double(du) * double(dv));
    case KnnRowScore::Overlap:
      return c / double(du < dv ? du : dv);
    default:
      return c;
  }
}

/// a·b and a + b rounded one operation at a time: nvcc would otherwise fuse a + b·c into one
/// FMA, which rounds once and so differs from the CPU's sum in the last bit.
SPGRAPH_HD inline double knn_mul(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
SPGRAPH_HD inline double knn_add(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

/// One kNN batch as the lane functions read it: raw arrays (host or device memory).
struct KnnRowsView {
  const Offset* l_ptr = nullptr;  ///< L: rows of the queries (B, or Q scaled)
  const Vertex* l_col = nullptr;
  const double* l_val = nullptr;  ///< null for the similarity scores
  const Offset* r_ptr = nullptr;  ///< R: Bᵀ, or Xᵀ scaled
  const Vertex* r_col = nullptr;
  const double* r_val = nullptr;
  const double* left_norm = nullptr;  ///< FeatureCosine: the norm of each (scaled) row of L
  const double* item_norm = nullptr;  ///< FeatureCosine: the norm of each (scaled) row of X
  KnnRowScore score = KnnRowScore::Jaccard;
  std::uint64_t k = 0;
  double threshold = 0;            ///< feature scores below it are dropped (-inf: none)
  bool include_self = false;       ///< similarity: keep u; features with Q = X: keep row r
  bool include_neighbors = false;  ///< similarity: keep N(u)
  bool self_is_item = false;       ///< features: Q is X (row r is an item)
};

/// A block's accumulator slab: per answer id, the tag of the last query that touched it, its
/// sum (V: uint32 counts or double sums), and the ids the current query touched, in any order.
template <class V>
struct KnnSlab {
  std::uint32_t* stamp;
  V* value;
  Vertex* touched;
  RankKey<std::uint64_t>* candidates;
};

/// Whether query row r can have answers at all (k > 0; a cosine row of norm 0 has none).
SPGRAPH_HD inline bool knn_row_has_answers(const KnnRowsView& p, Vertex r) {
  if (p.k == 0) return false;
  return p.score != KnnRowScore::FeatureCosine || p.left_norm[r] != 0;
}

/// Step 1 for entry e of L (column f = l_col[e]), thread tid of nthreads: adds L(e) · R(f, i)
/// (or 1 for counts) to each id i of R(f,:) that the thread takes; the first touch of this
/// query (stamp != tag) sets the sum and appends i to the touched list (*touched_count).
template <class V>
SPGRAPH_HD inline void knn_accumulate_step(const KnnRowsView& p, const KnnSlab<V>& slab,
                                           std::uint32_t tag, Offset e,
                                           std::uint32_t* touched_count, int tid, int nthreads) {
  const Vertex f = p.l_col[e];
  const Offset end = p.r_ptr[f + 1];
  for (Offset g = p.r_ptr[f] + Offset(tid); g < end; g += Offset(nthreads)) {
    const Vertex i = p.r_col[g];
    V v;
    if constexpr (sizeof(V) == sizeof(double))
      v = knn_mul(p.l_val[e], p.r_val[g]);
    else
      v = V(1);
    if (slab.stamp[i] != tag) {
      slab.stamp[i] = tag;
      slab.value[i] = v;
      slab.touched[lanes_fetch_add(touched_count)] = i;
    } else if constexpr (sizeof(V) == sizeof(double)) {
      slab.value[i] = knn_add(slab.value[i], v);
    } else {
      slab.value[i] = slab.value[i] + v;
    }
  }
}

/// Whether x is in the sorted row L(r,:).
SPGRAPH_HD inline bool knn_row_holds(const KnnRowsView& p, Vertex r, Vertex x) {
  Offset lo = p.l_ptr[r], hi = p.l_ptr[r + 1];
  while (lo < hi) {
    const Offset mid = lo + (hi - lo) / 2;
    if (p.l_col[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < p.l_ptr[r + 1] && p.l_col[lo] == x;
}

/// Step 2 for answer id i of query row r with sum `sum`: false if i is not an answer (the
/// exclusions, a zero norm, the threshold), else true with its score in *score -- the CPU's
/// rules (knn_similarity.cpp, knn_features.cpp).
template <class V>
SPGRAPH_HD inline bool knn_row_candidate(const KnnRowsView& p, Vertex r, Vertex i, V sum,
                                         double* score) {
  if (knn_row_counts(p.score)) {
    if (i == r) {
      if (!p.include_self) return false;
    } else if (!p.include_neighbors && knn_row_holds(p, r, i)) {
      return false;
    }
    const Offset du = p.l_ptr[r + 1] - p.l_ptr[r], dv = p.l_ptr[i + 1] - p.l_ptr[i];
    *score = similarity_count_score(p.score, double(sum), du, dv);
    return true;
  }
  if (p.self_is_item && i == r) return false;
  double s = double(sum);
  if (p.score == KnnRowScore::FeatureCosine) {
    if (p.item_norm[i] == 0) return false;
    s = s / (p.left_norm[r] * p.item_norm[i]);
  }
  *score = s;
  return s >= p.threshold;
}

/// Step 2, thread tid: scores the touched ids [0, touched) and appends the answers' keys to the
/// slab's candidates (*candidate_count).
template <class V>
SPGRAPH_HD inline void knn_collect_candidates(const KnnRowsView& p, const KnnSlab<V>& slab,
                                              Vertex r, std::uint32_t touched,
                                              std::uint32_t* candidate_count, int tid,
                                              int nthreads) {
  for (std::uint32_t t = std::uint32_t(tid); t < touched; t += std::uint32_t(nthreads)) {
    const Vertex i = slab.touched[t];
    double score;
    if (knn_row_candidate(p, r, i, slab.value[i], &score))
      slab.candidates[lanes_fetch_add(candidate_count)] =
          RankKey<std::uint64_t>{largest_first_bits(score), i};
  }
}

}  // namespace spgraph
