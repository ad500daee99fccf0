// SPDX-License-Identifier: Apache-2.0
// The kNN batch kernel (knn_rows_cuda.cu) run on the host, block by block and thread by thread:
// the phases of knn_rows_lanes.hpp with each barrier a loop over the block's threads, then the
// block select of formats/topk/block_select_emulated.hpp. The CPU tests hold it to
// similarity_knn and feature_knn (identical ids and scores); it is not a fast path (serial).
// One slab serves every query, as one block's slab serves the queries it takes on the device,
// so stale stamps of earlier queries are exercised.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "algorithms/knn/knn_rows_cuda.hpp"
#include "algorithms/knn/knn_rows_lanes.hpp"
#include "formats/topk/block_select_emulated.hpp"

namespace spgraph {

/// One query row r (tag: the query's stamp, never 0) through steps 1-3; appends its answers.
template <class V>
void knn_row_emulated(const KnnRowsInput& in, const KnnSlab<V>& slab, Vertex r, std::uint32_t tag,
                      int nthreads, KnnRowsAnswers& out) {
  const KnnRowsView& p = in.view;
  if (knn_row_has_answers(p, r)) {
    std::uint32_t touched = 0, candidates = 0;
    for (Offset e = p.l_ptr[r]; e < p.l_ptr[r + 1]; ++e)  // step 1, a barrier per entry
      for (int t = 0; t < nthreads; ++t)
        knn_accumulate_step(p, slab, tag, e, &touched, t, nthreads);
    for (int t = 0; t < nthreads; ++t)  // step 2
      knn_collect_candidates(p, slab, r, touched, &candidates, t, nthreads);
    const RankKey<std::uint64_t>* cand = slab.candidates;
    auto item = [cand](std::uint32_t j) { return cand[j]; };
    for (const RankKey<std::uint64_t>& key :  // step 3
         block_select_emulated<std::uint64_t>(item, candidates, p.k, nthreads)) {
      out.ids.push_back(key.lo);
      out.scores.push_back(score_of_largest_first_bits(key.hi));
    }
  }
  out.ptr.push_back(out.ids.size());
}

/// knn_rows_cuda's answers computed by the emulated blocks (nthreads threads each).
inline KnnRowsAnswers knn_rows_emulated(const KnnRowsInput& in, int nthreads = 32) {
  KnnRowsAnswers out;
  std::vector<std::uint32_t> stamp(in.items, 0);
  std::vector<Vertex> touched(in.items);
  std::vector<RankKey<std::uint64_t>> candidates(in.items);
  auto run = [&](auto* value) {
    using V = std::remove_pointer_t<decltype(value)>;
    const KnnSlab<V> slab{stamp.data(), value, touched.data(), candidates.data()};
    for (std::size_t q = 0; q < in.num_queries; ++q)
      knn_row_emulated(in, slab, in.queries[q], std::uint32_t(q + 1), nthreads, out);
  };
  if (knn_row_counts(in.view.score)) {
    std::vector<std::uint32_t> counts(in.items);
    run(counts.data());
  } else {
    std::vector<double> sums(in.items);
    run(sums.data());
  }
  return out;
}

}  // namespace spgraph
