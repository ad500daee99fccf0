// SPDX-License-Identifier: Apache-2.0
// The batch driver shared by every kNN query kind: runs independent queries in parallel
// (OpenMP, dynamic schedule over chunks of queries, one workspace per thread) and gathers the
// answers into a KnnResult in query order. Each query's answer is computed by one thread from
// start to end, so results do not depend on the thread count.
// Workspace: per thread, what make_workspace() returns; answers are buffered per chunk, so
// memory is the output plus one workspace per thread.
#pragma once

#include <omp.h>

#include <cstddef>
#include <exception>
#include <memory>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph::detail {

/// Answers queries[q] for every q: answer(workspace, query, out) appends the query's answers,
/// best first, to out. Exceptions thrown by answer() propagate (the first one).
template <class MakeWorkspace, class Answer>
KnnResult run_knn_batch(std::vector<Vertex> queries, MakeWorkspace&& make_workspace,
                        Answer&& answer) {
  constexpr std::size_t kChunk = 64;
  const std::size_t nq = queries.size(), nchunks = (nq + kChunk - 1) / kChunk;
  struct ChunkAnswers {
    std::vector<ScoredId> answers;
    std::vector<Offset> counts;
  };
  std::vector<ChunkAnswers> chunks(nchunks);
  std::exception_ptr error;
#pragma omp parallel if (nchunks > 1)
  {
    auto workspace = make_workspace();
#pragma omp for schedule(dynamic, 1)
    for (std::size_t c = 0; c < nchunks; ++c) {
      ChunkAnswers& out = chunks[c];
      try {
        for (std::size_t q = c * kChunk; q < std::min(nq, (c + 1) * kChunk); ++q) {
          const std::size_t before = out.answers.size();
          answer(*workspace, queries[q], out.answers);
          out.counts.push_back(out.answers.size() - before);
        }
      } catch (...) {
#pragma omp critical(spgraph_knn_batch_error)
        if (!error) error = std::current_exception();
      }
    }
  }
  if (error) std::rethrow_exception(error);

  // Gather: prefix sums of the counts, then each chunk copies its answers in place.
  KnnResult r;
  r.ptr.assign(nq + 1, 0);
  for (std::size_t c = 0; c < nchunks; ++c)
    for (std::size_t i = 0; i < chunks[c].counts.size(); ++i)
      r.ptr[c * kChunk + i + 1] = r.ptr[c * kChunk + i] + chunks[c].counts[i];
  r.ids.resize(r.ptr[nq]);
  r.scores.resize(r.ptr[nq]);
#pragma omp parallel for schedule(dynamic, 16) if (nchunks > 16)
  for (std::size_t c = 0; c < nchunks; ++c) {
    Offset w = r.ptr[c * kChunk];
    for (const ScoredId& a : chunks[c].answers) {
      r.ids[w] = a.id;
      r.scores[w] = a.score;
      ++w;
    }
    std::vector<ScoredId>().swap(chunks[c].answers);
  }
  r.queries = std::move(queries);
  return r;
}

}  // namespace spgraph::detail
