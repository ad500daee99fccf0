// SPDX-License-Identifier: Apache-2.0
// Edge list reader: separators, comments, weights, id base detection, remapping, undirected
// storage, duplicates, LightGraphs .jlg, and the real SNAP file wiki-Vote.
#include <gtest/gtest.h>

#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

TEST(EdgeList, SeparatorsAndCommentsGiveTheSameGraph) {
  TempDir tmp;
  const Tuples want = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}};
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"a.txt", "# SNAP\n0\t1\n1\t2\n2\t0\n"},
           {"b.tsv", "% konect style\n0\t1\n\n1\t2\r\n2\t0"},
           {"c.csv", "0,1\n1, 2\n2 ,0\n"},
           {"d.el", "  0   1  \n1 2\n# mid comment\n2 0\n"}}) {
    SCOPED_TRACE(name);
    const LoadedMatrix m = load_matrix(tmp.write(name, text));
    EXPECT_EQ(m.info.format, FileFormat::EdgeList);
    EXPECT_EQ(m.info.field, "pattern");
    EXPECT_EQ(nrows_of(m.matrix), 3u);
    EXPECT_EQ(tuples_of(m.matrix), want);
  }
}

TEST(EdgeList, WeightsGiveDoubleValues) {
  TempDir tmp;
  const LoadedMatrix m = load_matrix(tmp.write("w.txt", "0 1 0.5\n1 2 -3e2\n"));
  ASSERT_EQ(value_type_of(m.matrix), ValueType::Double);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 0.5}, {1, 2, -300}}));
}

TEST(EdgeList, IndexBaseDetectedAndForced) {
  TempDir tmp;
  const std::string one = tmp.write("one.txt", "1 2\n2 3\n");
  LoadedMatrix m = load_matrix(one);
  EXPECT_EQ(m.info.index_base, 1);
  EXPECT_EQ(nrows_of(m.matrix), 3u);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 1}, {1, 2, 1}}));
  LoadOptions zero;
  zero.index_base = 0;
  m = load_matrix(one, zero);
  EXPECT_EQ(nrows_of(m.matrix), 4u);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{1, 2, 1}, {2, 3, 1}}));
  LoadOptions forced_one;
  forced_one.index_base = 1;
  expect_parse_error([&] { load_matrix(tmp.write("z.txt", "1 2\n0 3\n"), forced_one); },
                     "id 0 in a 1-based", 2);
}

TEST(EdgeList, RemapHugeIdsInFirstAppearanceOrder) {
  TempDir tmp;
  const std::string p = tmp.write(
      "big.txt", "18446744073709551615 42\n42 9000000000000\n9000000000000 18446744073709551615\n");
  expect_parse_error([&] { load_matrix(p); }, "--remap-ids", 1);
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix m = load_matrix(p, o);
  ASSERT_TRUE(m.info.ids);
  EXPECT_EQ(m.info.ids->kind(), VertexIds::Kind::Integer);
  EXPECT_EQ(m.info.ids->integer_id(0), 18446744073709551615ull);
  EXPECT_EQ(m.info.ids->integer_id(1), 42u);
  EXPECT_EQ(m.info.ids->integer_id(2), 9000000000000ull);
  EXPECT_EQ(nrows_of(m.matrix), 3u);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 1}, {1, 2, 1}, {2, 0, 1}}));
}

TEST(EdgeList, UndirectedStoresBothDirectionsAndCountsDuplicates) {
  TempDir tmp;
  LoadOptions o;
  o.undirected = true;
  const LoadedMatrix m = load_matrix(tmp.write("u.txt", "0 1\n1 0\n2 2\n0 1\n"), o);
  EXPECT_TRUE(m.info.symmetric_storage);
  EXPECT_EQ(m.info.entries_in_file, 4u);
  // Stored: (0,1),(1,0),(1,0),(0,1),(2,2),(0,1),(1,0) = 7 tuples, 3 distinct.
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 1}, {1, 0, 1}, {2, 2, 1}}));
  EXPECT_EQ(m.info.duplicates_merged, 4u);
}

TEST(EdgeList, DuplicatesCombineKeepsFirstWeightOrReject) {
  TempDir tmp;
  const std::string p = tmp.write("d.txt", "0 1 5\n0 1 7\n");
  const LoadedMatrix m = load_matrix(p);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 5}}));
  EXPECT_EQ(m.info.duplicates_merged, 1u);
  LoadOptions reject;
  reject.duplicates = DuplicatePolicy::Reject;
  expect_parse_error([&] { load_matrix(p, reject); }, "duplicates are rejected");
}

TEST(EdgeList, LightGraphsFormat) {
  TempDir tmp;
  const std::string p = tmp.write("g.jlg", "4,3,u,graph\n1,2\n2,3\n4,4\n");
  const LoadedMatrix m = load_matrix(p);
  EXPECT_EQ(nrows_of(m.matrix), 4u);
  EXPECT_TRUE(m.info.symmetric_storage);
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 1}, {1, 0, 1}, {1, 2, 1}, {2, 1, 1}, {3, 3, 1}}));
  expect_parse_error([&] { load_matrix(tmp.write("e.jlg", "3,1,d,graph\n1,4\n")); },
                     "is outside the header's 3 vertices", 2);
  expect_parse_error([&] { load_matrix(tmp.write("m.jlg", "3,2,d,graph\n1,2\n")); },
                     "declares 2 edges", 1);
}

TEST(EdgeList, SnapJlgGzipShape) {
  SPGRAPH_REQUIRE_SHARED(p, "snap/email-enron.jlg");
  const LoadedMatrix m = load_matrix(p.string());
  // MANIFEST: 36,692 vertices, 183,831 undirected edges listed once each.
  EXPECT_EQ(nrows_of(m.matrix), 36692u);
  EXPECT_EQ(m.info.entries_in_file, 183831u);
  EXPECT_EQ(nvals_of(m.matrix), 2 * 183831u);
}

TEST(EdgeList, WikiVoteRemapped) {
  SPGRAPH_REQUIRE_SHARED(p, "networkit/wiki-Vote.txt");
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix m = load_matrix(p.string(), o);
  // MANIFEST / file header: 7115 nodes, 103689 arcs; ids are 0-based but not contiguous.
  EXPECT_EQ(nrows_of(m.matrix), 7115u);
  EXPECT_EQ(nvals_of(m.matrix), 103689u);
  EXPECT_EQ(m.info.ids->size(), 7115u);
  EXPECT_EQ(m.info.ids->integer_id(0), 30u);  // first line: 30 1412
  EXPECT_EQ(m.info.ids->integer_id(1), 1412u);
  EXPECT_EQ(m.info.phantom_vertices, 0u);
  // Without remap: no id 0 appears, so the ids are taken as 1-based (max id 8297 -> n 8297).
  const LoadedMatrix plain = load_matrix(p.string());
  EXPECT_EQ(plain.info.index_base, 1);
  EXPECT_EQ(nrows_of(plain.matrix), 8297u);
  EXPECT_EQ(nvals_of(plain.matrix), 103689u);
  EXPECT_EQ(plain.info.phantom_vertices, 8297u - 7115u);  // ids that appear on no line
  LoadOptions zero;
  zero.index_base = 0;
  const LoadedMatrix zero_based = load_matrix(p.string(), zero);
  EXPECT_EQ(nrows_of(zero_based.matrix), 8298u);
  EXPECT_EQ(zero_based.info.phantom_vertices, 8298u - 7115u);
}

TEST(EdgeList, ErrorLineInSecondThreadsChunk) {
  TempDir tmp;
  std::string text = "# header\n";
  for (int i = 0; i < 200000; ++i) text += std::to_string(i) + "\t" + std::to_string(i + 1) + "\n";
  text += "5\tbad\n";  // line 200002, in the last chunk
  for (int i = 0; i < 1000; ++i) text += "1\t2\n";
  const std::string p = tmp.write("e.txt", text);
  LoadOptions o;
  o.threads = 2;
  expect_parse_error([&] { load_matrix(p, o); }, "target id 'bad' is not a non-negative integer",
                     200002);
  o.threads = 1;
  expect_parse_error([&] { load_matrix(p, o); }, "target id 'bad'", 200002);
}

}  // namespace
}  // namespace spgraph::testing
