// SPDX-License-Identifier: Apache-2.0
// The kNN graph (algorithms/knn/knn.hpp): a KnnResult's answers as a sparse matrix, entry
// (query, answer) = score, so that the other commands load it as a weighted graph. A query
// asked twice gives the same row twice; the first copy is kept.
#include <string>

#include "algorithms/knn/knn.hpp"
#include "engine/core/error.hpp"

namespace spgraph {

Matrix<double> knn_graph(const KnnResult& result, Vertex nrows, Vertex ncols) {
  const std::size_t nq = result.num_queries();
  std::vector<Vertex> rows(result.ids.size());
  for (std::size_t q = 0; q < nq; ++q) {
    const Vertex query = result.queries[q];
    if (query >= nrows) {
      std::string msg = "kNN graph: query ";
      msg += std::to_string(query);
      msg += " does not fit in ";
      msg += std::to_string(nrows);
      msg += " rows";
      throw DimensionMismatch(msg);
    }
    for (Offset e = result.ptr[q]; e < result.ptr[q + 1]; ++e) rows[e] = query;
  }
  for (Vertex id : result.ids)
    if (id >= ncols) {
      std::string msg = "kNN graph: answer ";
      msg += std::to_string(id);
      msg += " does not fit in ";
      msg += std::to_string(ncols);
      msg += " columns";
      throw DimensionMismatch(msg);
    }
  return Matrix<double>::build<FirstOp<double>>(nrows, ncols, rows, result.ids, result.scores);
}

}  // namespace spgraph
