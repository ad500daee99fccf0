// SPDX-License-Identifier: Apache-2.0
// Shared by the store's unit tests (graph_store_test.cpp, store_fault_test.cpp): a store filled
// with the model's batches, and the check of a store against the model (store_test_model.hpp).
// Their scratch directories and whole-file reads and writes come from tests/support/temp_dir.hpp.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <gtest/gtest.h>

#include "store/graph_store.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/store/store_test_model.hpp"

namespace spgraph::store_test {

template <class T>
void expect_model(const GraphStore<T>& s, const testing::StoreModel& m, const std::string& where) {
  std::map<std::pair<Vertex, Vertex>, double> got;
  ASSERT_TRUE(testing::snapshot_edges(s.snapshot(), got)) << where;
  EXPECT_EQ(got, m.edges) << where;
  EXPECT_EQ(s.snapshot().num_vertices(), m.n) << where;
}

/// Creates a store on 64 isolated vertices, applies batches 1..count, checks the model.
template <class T>
std::unique_ptr<GraphStore<T>> fill(const std::string& dir, testing::StoreModel& m,
                                    std::uint64_t count, StoreOptions o = {}, bool directed = false,
                                    bool combine = false) {
  const bool weighted = !std::is_same_v<T, bool>;
  o.graph.directed = directed;
  o.graph.duplicates = combine ? DuplicatePolicy::Combine : DuplicatePolicy::IgnoreIfPresent;
  m.directed = directed;
  m.combine = combine;
  m.n = 64;
  auto s = GraphStore<T>::create(dir, Matrix<T>(64, 64), 0, o);
  for (std::uint64_t v = 1; v <= count; ++v) {
    const auto b = testing::store_test_batch<T>(7, v, weighted);
    EXPECT_EQ(s->apply(b).version, v);
    m.apply(b);
  }
  return s;
}

}  // namespace spgraph::store_test
