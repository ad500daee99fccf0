// SPDX-License-Identifier: Apache-2.0
// The CDLP verifier (algorithms/communities/communities_verify.hpp): it accepts the LDBC
// Graphalytics validation outputs (answers it did not compute) and rejects each kind of wrong
// answer: a label changed at one vertex (also one that some neighbour carries, which a check of
// the graph alone would let pass), the labels of another round count, a wrong size, and two
// labellings that differ; messages name the vertex through the namer.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/communities/communities_verify.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"

namespace spgraph::testing {
namespace {

/// The example directed graph with its 2-round labels, from the validation files.
struct Example {
  LdbcGraph g;
  std::vector<Vertex> label;
};

Example directed_example() {
  const std::string out = "ldbc/example/example-directed-CDLP";
  Example e{load_ldbc_graph("ldbc/example/example-directed-input",
                            "ldbc/example/example-directed.v", {out}),
            {}};
  for (double x : read_ldbc_values(test_data(out), e.g.dense))
    e.label.push_back(e.g.dense.at(std::int64_t(x)));
  return e;
}

TEST(CommunitiesVerify, AcceptsTheValidationOutput) {
  const Example e = directed_example();
  EXPECT_EQ(check_cdlp(e.g.graph.csr(), e.label, 2), "");
}

TEST(CommunitiesVerify, RejectsAChangedLabelEvenOneANeighbourCarries) {
  const Example e = directed_example();
  const Csr<bool>& a = e.g.graph.csr();
  int rejected = 0;
  for (Vertex v = 0; v < a.nrows; ++v)
    for (Offset k = a.row_begin(v); k < a.row_end(v); ++k) {
      std::vector<Vertex> wrong = e.label;
      if (wrong[v] == e.label[a.col[k]]) continue;
      wrong[v] = e.label[a.col[k]];  // a label its neighbour really carries
      const std::string msg = check_cdlp(a, wrong, 2);
      EXPECT_NE(msg, "") << "vertex " << v;
      EXPECT_NE(msg.find("vertex " + std::to_string(v) + " "), std::string::npos) << msg;
      ++rejected;
    }
  EXPECT_GT(rejected, 5);
}

TEST(CommunitiesVerify, RejectsAnotherRoundCountAndAWrongSize) {
  const Example e = directed_example();
  EXPECT_NE(check_cdlp(e.g.graph.csr(), e.label, 1), "");
  EXPECT_NE(check_cdlp(e.g.graph.csr(), e.label, 3), "");
  std::vector<Vertex> shorter(e.label.begin(), e.label.end() - 1);
  EXPECT_NE(check_cdlp(e.g.graph.csr(), shorter, 2), "");
}

TEST(CommunitiesVerify, SameLabelsComparesValuesOfAnyIntegerType) {
  const std::vector<Vertex> ours{0, 0, 2, 2};
  EXPECT_EQ(check_same_labels(ours, std::vector<std::uint64_t>{0, 0, 2, 2}), "");
  // The same partition with other labels is not the same answer.
  const std::string msg =
      check_same_labels(ours, std::vector<std::uint64_t>{1, 1, 2, 2},
                        [](Vertex v) { return std::string(1, 'v').append(std::to_string(v)); },
                        {"spgraph", "GraphBLAS"});
  EXPECT_EQ(msg, "vertex v0 is labelled v0 in spgraph but v1 in GraphBLAS");
  EXPECT_NE(check_same_labels(ours, std::vector<std::uint64_t>{0, 0, 2, 99}).find("non-vertex 99"),
            std::string::npos);
  EXPECT_NE(check_same_labels(ours, std::vector<std::uint64_t>{0, 0, 2}), "");
}

}  // namespace
}  // namespace spgraph::testing
