// SPDX-License-Identifier: Apache-2.0
// The arithmetic of the similarity measures (algorithms/knn/knn.hpp), shared by the batch query
// (knn_similarity.cpp) and the maintained view of one query (incremental_knn.cpp) so that both
// give bit-identical scores: the term one shared neighbour w adds to a candidate's sum, and the
// score from that sum and the two neighbourhood sizes. The formulas are networkx's
// link-prediction functions (common_neighbors, jaccard_coefficient, adamic_adar_index,
// resource_allocation_index) and Salton's cosine and the overlap coefficient on the same
// intersection count.
#pragma once

#include <algorithm>
#include <cmath>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_rows_lanes.hpp"
#include "engine/core/types.hpp"

namespace spgraph::detail {

/// The term a shared neighbour w with cnt = |{x : w ∈ N(x)}| adds to the sum of Adamic–Adar
/// (1 / ln cnt, 0 when cnt = 1) or resource allocation (1 / cnt); cnt >= 1.
inline double similarity_term(SimilarityMeasure m, Offset cnt) {
  const double c = double(cnt);
  if (m == SimilarityMeasure::AdamicAdar) return c > 1 ? 1.0 / std::log(c) : 0.0;
  return 1.0 / c;
}

/// The score of a candidate from its accumulated sum (the intersection count c for the count
/// measures) and the neighbourhood sizes du = |N(u)|, dv = |N(v)|.
template <class Acc>
double similarity_score(SimilarityMeasure m, Acc sum, Offset du, Offset dv) {
  // The count measures' arithmetic is the device's too (knn_rows_lanes.hpp), so the CUDA kNN
  // gives these scores bit for bit.
  switch (m) {
    case SimilarityMeasure::Jaccard:
      return similarity_count_score(KnnRowScore::Jaccard, double(sum), du, dv);
    case SimilarityMeasure::Cosine:
      return similarity_count_score(KnnRowScore::Cosine, double(sum), du, dv);
    case SimilarityMeasure::Overlap:
      return similarity_count_score(KnnRowScore::Overlap, double(sum), du, dv);
    default:  // common neighbours, Adamic–Adar, resource allocation: the sum itself
      return double(sum);
  }
}

/// Whether the measure reads |N(v)| of the candidate (Jaccard, cosine, overlap).
inline bool similarity_reads_candidate_degree(SimilarityMeasure m) {
  return m == SimilarityMeasure::Jaccard || m == SimilarityMeasure::Cosine ||
         m == SimilarityMeasure::Overlap;
}

}  // namespace spgraph::detail
