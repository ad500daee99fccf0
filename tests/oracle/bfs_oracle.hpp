// SPDX-License-Identifier: Apache-2.0
// Reference breadth-first search for tests: a plain serial FIFO-queue traversal over CSR rows
// (Cormen et al., "Introduction to Algorithms", 3rd ed., §22.2), kept obviously correct rather
// than fast. Levels use -1 for unreachable vertices, like spgraph::kUnreached.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "formats/csr/csr.hpp"

namespace spgraph::oracle {

/// Hop distance from `source` to every vertex along the arcs (rows) of `a`; -1 if unreachable.
template <class T>
std::vector<std::int64_t> bfs_levels(const Csr<T>& a, Vertex source) {
  std::vector<std::int64_t> level(a.nrows, -1);
  std::vector<Vertex> queue;
  queue.reserve(a.nrows);
  level[source] = 0;
  queue.push_back(source);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Vertex u = queue[head];
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
      const Vertex v = a.col[k];
      if (level[v] < 0) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
    }
  }
  return level;
}

}  // namespace spgraph::oracle
