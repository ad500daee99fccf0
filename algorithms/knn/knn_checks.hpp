// SPDX-License-Identifier: Apache-2.0
// Argument checks shared by the kNN query kinds (algorithms/knn/knn.hpp): square graphs and
// query vertices in range, with messages that name the query kind.
#pragma once

#include <span>
#include <string>

#include "engine/core/error.hpp"
#include "engine/core/types.hpp"

namespace spgraph::detail {

/// Throws DimensionMismatch unless nrows == ncols.
inline void check_knn_square(Vertex nrows, Vertex ncols, const char* what) {
  if (nrows == ncols) return;
  std::string msg(what);
  msg += ": the matrix must be square (";
  msg += std::to_string(nrows);
  msg += " x ";
  msg += std::to_string(ncols);
  msg += ")";
  throw DimensionMismatch(msg);
}

/// Throws IndexOutOfBounds for the first query >= n.
inline void check_knn_queries(std::span<const Vertex> queries, Vertex n, const char* what) {
  for (Vertex u : queries) {
    if (u < n) continue;
    std::string msg(what);
    msg += ": query vertex ";
    msg += std::to_string(u);
    msg += " is out of range (the graph has ";
    msg += std::to_string(n);
    msg += " vertices)";
    throw IndexOutOfBounds(msg);
  }
}

}  // namespace spgraph::detail
