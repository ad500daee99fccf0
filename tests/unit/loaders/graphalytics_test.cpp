// SPDX-License-Identifier: Apache-2.0
// The Graphalytics dataset reader (loaders/graphalytics.hpp): dense ids in ascending order of the
// vertex file's ids (sparse, unsorted, isolated vertices), the symmetric graph of an undirected
// dataset, weights and pattern loads, every refusal with its file and line, the files on disk
// (relative paths, gzip, DATASET with or without ".properties") and the dispatcher
// (load_matrix). Oracle: the arcs each dataset must give, written out by hand or, for random
// datasets, built independently in a std::set from the same random edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>

#include "loaders/graphalytics.hpp"
#include "tests/support/gzip.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// A .properties text for graph `g`: `n` vertices, `m` edges, and `extra` lines (edge
/// properties, parameters).
std::string props_text(const std::string& g, bool directed, std::uint64_t n, std::uint64_t m,
                       const std::string& extra = "") {
  return "graph." + g + ".vertex-file = " + g + ".v\n" + "graph." + g + ".edge-file = " + g +
         ".e\n" + "graph." + g + ".meta.vertices = " + std::to_string(n) + "\n" + "graph." + g +
         ".meta.edges = " + std::to_string(m) + "\n" + "graph." + g +
         ".directed = " + (directed ? "true" : "false") + "\n" + extra;
}

const std::string kWeighted =
    "graph.g.edge-properties.names = weight\ngraph.g.edge-properties.types = real\n";

GraphalyticsProperties props(bool directed, std::uint64_t n, std::uint64_t m,
                             const std::string& extra = "") {
  return GraphalyticsProperties::from(
      PropertiesFile::parse("g.properties", props_text("g", directed, n, m, extra)));
}

GraphalyticsDataset read(const GraphalyticsProperties& p, const std::string& v,
                         const std::string& e, LoadOptions o = {}) {
  return read_graphalytics(p, "g.v", v, "g.e", e, o);
}

/// The arcs of a loaded graph as (file id, file id, value) triples.
std::set<std::tuple<std::uint64_t, std::uint64_t, double>> file_arcs(const LoadedMatrix& g) {
  std::set<std::tuple<std::uint64_t, std::uint64_t, double>> out;
  for (const auto& [r, c, w] : tuples_of(g.matrix))
    out.emplace(g.info.ids->integer_id(r), g.info.ids->integer_id(c), w);
  return out;
}

TEST(Graphalytics, DenseIdsFollowTheAscendingFileIdsOfAnUnsortedSparseVertexFile) {
  // 7 is isolated; the file lists the ids out of order.
  const auto d =
      read(props(true, 5, 3), "30\n10\n7\n1000000000000\n20\n", "10 30\n30 1000000000000\n20 10\n");
  const VertexIds& ids = *d.graph.info.ids;
  ASSERT_EQ(ids.size(), 5u);
  EXPECT_EQ(ids.kind(), VertexIds::Kind::Integer);
  const std::vector<std::uint64_t> ascending = {7, 10, 20, 30, 1000000000000};
  for (Vertex v = 0; v < 5; ++v) EXPECT_EQ(ids.integer_id(v), ascending[v]) << v;
  EXPECT_EQ(d.graph.info.format, FileFormat::Graphalytics);
  EXPECT_FALSE(d.graph.info.symmetric_storage);
  EXPECT_EQ(d.graph.info.field, "pattern");
  ASSERT_TRUE(std::holds_alternative<Matrix<bool>>(d.graph.matrix));
  const auto& a = std::get<Matrix<bool>>(d.graph.matrix);
  EXPECT_EQ(a.nrows(), 5u);
  EXPECT_EQ(a.csr().degree(0), 0u);  // vertex 7: isolated, still a vertex
  EXPECT_EQ(file_arcs(d.graph), (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{
                                    {10, 30, 1}, {30, 1000000000000, 1}, {20, 10, 1}}));
}

TEST(Graphalytics, ConsecutiveIdsNeedNoTable) {
  const auto one = read(props(true, 3, 1), "3\n1\n2\n", "1 3\n");
  EXPECT_EQ(one.graph.info.ids->kind(), VertexIds::Kind::Offset);
  EXPECT_EQ(one.graph.info.ids->base(), 1);
  EXPECT_EQ(one.graph.info.index_base, 1);
  const auto zero = read(props(true, 3, 1), "0\n1\n2\n", "2 0\n");
  EXPECT_EQ(zero.graph.info.ids->base(), 0);
  EXPECT_EQ(file_arcs(zero.graph),
            (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{{2, 0, 1}}));
  const auto gap = read(props(true, 3, 1), "1\n2\n4\n", "4 1\n");
  EXPECT_EQ(gap.graph.info.ids->kind(), VertexIds::Kind::Integer);
}

TEST(Graphalytics, AnUndirectedDatasetIsTheSymmetricGraph) {
  const auto d = read(props(false, 4, 3, kWeighted), "1\n2\n3\n4\n", "1 2 0.5\n3 2 2.5\n4 1 1\n");
  EXPECT_TRUE(d.graph.info.symmetric_storage);
  ASSERT_TRUE(std::holds_alternative<Matrix<double>>(d.graph.matrix));
  const auto& a = std::get<Matrix<double>>(d.graph.matrix);
  EXPECT_EQ(a.nvals(), 6u);
  EXPECT_TRUE(a.structure_symmetric());
  EXPECT_EQ(file_arcs(d.graph),
            (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{
                {1, 2, 0.5}, {2, 1, 0.5}, {3, 2, 2.5}, {2, 3, 2.5}, {4, 1, 1}, {1, 4, 1}}));
}

TEST(Graphalytics, WeightsArePropertiesAndPatternOnlyDropsThem) {
  const std::string two =
      "graph.g.edge-properties.names = stamp, cost\ngraph.g.edge-properties.types = int, real\n"
      "graph.g.sssp.weight-property = cost\n";
  const auto d = read(props(true, 2, 1, two), "1\n2\n", "1 2 -7 0.25\n");
  EXPECT_EQ(file_arcs(d.graph),
            (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{{1, 2, 0.25}}));
  EXPECT_EQ(d.unusable_weight_line, 0u);  // the int property's -7 is not the weight
  LoadOptions pattern;
  pattern.pattern_only = true;
  const auto p = read(props(true, 2, 1, two), "1\n2\n", "1 2 -7 0.25\n", pattern);
  EXPECT_TRUE(std::holds_alternative<Matrix<bool>>(p.graph.matrix));
  // Without properties the graph is a pattern.
  EXPECT_TRUE(std::holds_alternative<Matrix<bool>>(
      read(props(true, 2, 1), "1\n2\n", "1 2\n").graph.matrix));
}

TEST(Graphalytics, RecordsTheFirstWeightSsspCannotTake) {
  const auto neg = read(props(true, 3, 3, kWeighted), "1\n2\n3\n", "1 2 1\n2 3 -0.5\n3 1 -2\n");
  EXPECT_EQ(neg.unusable_weight_line, 2u);
  EXPECT_EQ(neg.unusable_weight, -0.5);
  const auto inf = read(props(true, 2, 1, kWeighted), "1\n2\n", "# c\n1 2 inf\n");
  EXPECT_EQ(inf.unusable_weight_line, 2u);
  EXPECT_TRUE(std::isinf(inf.unusable_weight));
}

TEST(Graphalytics, SkipsCommentsBlankLinesAndReadsCrlfAndAByteOrderMark) {
  const auto d = read(props(false, 3, 2, kWeighted), "\xEF\xBB\xBF# ids\r\n1\r\n\r\n2\r\n3\r\n",
                      "# edges\r\n1 2 1.5\r\n\r\n  2\t3 2 \r\n");
  EXPECT_EQ(file_arcs(d.graph), (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{
                                    {1, 2, 1.5}, {2, 1, 1.5}, {2, 3, 2}, {3, 2, 2}}));
}

TEST(Graphalytics, EmptyFilesAreAnEmptyGraph) {
  const auto d = read(props(true, 0, 0), "", "");
  EXPECT_EQ(d.graph.info.ids->size(), 0u);
  EXPECT_EQ(std::get<Matrix<bool>>(d.graph.matrix).nrows(), 0u);
  const auto isolated = read(props(false, 2, 0), "5\n9\n", "");
  EXPECT_EQ(std::get<Matrix<bool>>(isolated.graph.matrix).nvals(), 0u);
}

TEST(Graphalytics, RefusesBadVertexFilesAtTheirLine) {
  expect_parse_error([] { read(props(true, 3, 0), "1\n2\n1\n", ""); },
                     "g.v:3: vertex 1 is listed twice (first on line 1)", 3);
  expect_parse_error([] { read(props(true, 2, 0), "1\nx\n", ""); }, "'x' is not a non-negative", 2);
  expect_parse_error([] { read(props(true, 2, 0), "1\n-2\n", ""); }, "is negative", 2);
  expect_parse_error([] { read(props(true, 1, 0), "99999999999999999999\n", ""); },
                     "does not fit in 64 bits", 1);
  expect_parse_error([] { read(props(true, 2, 0), "1\n2 3\n", ""); }, "too many fields", 2);
  expect_parse_error([] { read(props(true, 2, 0), "1\n2,3\n", ""); }, "too many fields", 2);
  expect_parse_error([] { read(props(true, 3, 0), "1\n2\n", ""); },
                     "graph.g.meta.vertices = 3, but g.v lists 2 vertices", 3);
  LoadOptions small;
  small.max_dimension = 2;
  expect_parse_error([&] { read(props(true, 3, 0), "1\n2\n3\n", "", small); },
                     "exceed the vertex limit");
  expect_parse_error([] { read(props(true, 1, 0), std::string("\xFF\xFE", 2) + "1\n", ""); },
                     "UTF-16LE", 1);
}

TEST(Graphalytics, RefusesBadEdgeFilesAtTheirLine) {
  const std::string v = "1\n2\n3\n";
  const auto bad = [&](const std::string& e, const std::string& fragment, long long line,
                       bool directed = true, const std::string& extra = kWeighted) {
    SCOPED_TRACE(e);
    expect_parse_error([&] { read(props(directed, 3, 2, extra), v, e); }, fragment, line);
  };
  bad("1 2 1\n2 9 1\n", "g.e:2: vertex 9 is not in the vertex file g.v", 2);
  // The first defect in file order, whichever check finds it.
  bad("1 9 1\n2 x 1\n", "vertex 9 is not in the vertex file", 1);
  bad("1 2 x\n2 9 1\n", "'weight' = 'x' is not a number", 1);
  bad("1 2 1\nx 3 1\n", "source vertex id 'x' is not a non-negative integer", 2);
  bad("1 2 1\n3\n", "missing target vertex id", 2);
  bad("1 2 1\n2 2 1\n", "self-loop on vertex 2", 2);
  bad("1 2 1\n1 2 3\n", "edge 1 2 repeats the edge on line 1", 2);
  bad("1 2 1\n2 1 3\n", "edge 1 2 repeats the edge on line 1 (an undirected dataset", 2, false);
  bad("1 2 1\n2 3\n", "missing edge property 'weight'", 2);
  bad("1 2 1\n2 3 1 5\n", "too many fields", 2);
  bad("1 2 1\n2 3 abc\n", "'weight' = 'abc' is not a number", 2);
  bad("1 2 1\n2 3 nan\n", "is NaN", 2);
  bad("1 2 1\n2 3 1e999\n", "out of range for double", 2);
  bad("1 2\n2 3 1\n", "too many fields", 2, true, "");
  bad("1 2 1\n2 3 1.5\n", "is not an integer (its type is int)", 2, true,
      "graph.g.edge-properties.names = w\ngraph.g.edge-properties.types = int\n");
  expect_parse_error([&] { read(props(true, 3, 3, kWeighted), v, "1 2 1\n2 3 1\n"); },
                     "graph.g.meta.edges = 3, but g.e lists 2 edges", 4);
  LoadOptions exact;
  exact.exact_type = ValueType::Int32;
  expect_parse_error([&] { read(props(true, 3, 2, kWeighted), v, "1 2 1\n2 3 0.5\n", exact); },
                     "cannot be stored as int32", 2);
}

/// A random dataset with sparse shuffled ids: its texts and the arcs it must load as.
struct RandomDataset {
  std::string v, e;
  std::uint64_t n = 0, m = 0;
  std::set<std::tuple<std::uint64_t, std::uint64_t, double>> arcs;
};

RandomDataset random_dataset(std::uint64_t seed, bool directed) {
  std::mt19937_64 rng(seed);
  RandomDataset d;
  d.n = 2 + rng() % 60;
  std::set<std::uint64_t> id_set;
  while (id_set.size() < d.n) id_set.insert(rng() % 1000000);
  std::vector<std::uint64_t> ids(id_set.begin(), id_set.end());
  std::shuffle(ids.begin(), ids.end(), rng);
  for (std::uint64_t id : ids) d.v += std::to_string(id) + "\n";
  std::set<std::pair<std::uint64_t, std::uint64_t>> edges;
  const std::uint64_t tries = rng() % (3 * d.n);
  for (std::uint64_t k = 0; k < tries; ++k) {
    std::uint64_t a = ids[rng() % d.n], b = ids[rng() % d.n];
    if (a == b) continue;
    if (!directed && edges.count({b, a})) continue;
    if (!edges.insert({a, b}).second) continue;
    const double w = double(rng() % 1000) / 8;
    d.e += std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(w) + "\n";
    d.arcs.emplace(a, b, w);
    if (!directed) d.arcs.emplace(b, a, w);
  }
  d.m = edges.size();
  return d;
}

TEST(Graphalytics, RandomDatasetsLoadAsTheirArcsWhateverTheThreadCount) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    for (bool directed : {true, false}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + (directed ? " directed" : " undirected"));
      const RandomDataset r = random_dataset(seed, directed);
      LoadOptions one;
      one.threads = 1;
      const auto d = read(props(directed, r.n, r.m, kWeighted), r.v, r.e, one);
      EXPECT_EQ(file_arcs(d.graph), r.arcs);
      // Dense ids ascend with the file's ids.
      for (Vertex v = 1; v < d.graph.info.ids->size(); ++v)
        EXPECT_LT(d.graph.info.ids->integer_id(v - 1), d.graph.info.ids->integer_id(v));
      const auto again = read(props(directed, r.n, r.m, kWeighted), r.v, r.e);
      EXPECT_EQ(tuples_of(again.graph.matrix), tuples_of(d.graph.matrix));
    }
}

// ---- from disk, and through the dispatcher -----------------------------------------------------

/// Writes dataset `g` into `dir` (vertex and edge files at the given relative paths).
std::string write_dataset(const TempDir& dir, const std::string& g, const std::string& v,
                          const std::string& e, std::uint64_t n, std::uint64_t m,
                          bool directed = true, const std::string& vfile = "",
                          const std::string& efile = "") {
  std::string text = props_text(g, directed, n, m);
  if (!vfile.empty()) text.replace(text.find(g + ".v\n"), g.size() + 3, vfile + "\n");
  if (!efile.empty()) text.replace(text.find(g + ".e\n"), g.size() + 3, efile + "\n");
  std::filesystem::create_directories(dir.path() / std::filesystem::path(vfile).parent_path());
  write_file(dir.path() / (vfile.empty() ? g + ".v" : vfile), v);
  write_file(dir.path() / (efile.empty() ? g + ".e" : efile), e);
  return dir.write(g + ".properties", text);
}

TEST(Graphalytics, LoadsFromDiskWithOrWithoutTheExtension) {
  const TempDir dir;
  const std::string path = write_dataset(dir, "tiny", "4\n2\n8\n", "2 4\n4 8\n", 3, 2, true,
                                         "data/tiny.vertices", "tiny.e");
  write_file(dir.path() / "tiny.e.gz", gzip_bytes("2 4\n4 8\n"));
  for (const std::string& dataset : {path, dir.file("tiny")}) {
    const GraphalyticsDataset d = load_graphalytics(dataset);
    EXPECT_EQ(d.graph.info.path, path);
    EXPECT_EQ(d.vertex_path, dir.file("data/tiny.vertices"));
    EXPECT_EQ(file_arcs(d.graph),
              (std::set<std::tuple<std::uint64_t, std::uint64_t, double>>{{2, 4, 1}, {4, 8, 1}}));
    EXPECT_GT(d.graph.info.bytes, 0u);
  }
  // A gzip edge file is inflated.
  std::string text = read_file(path);
  text.replace(text.find("tiny.e\n"), 7, "tiny.e.gz\n");
  write_file(path, text);
  EXPECT_EQ(load_graphalytics(path).graph.info.ids->size(), 3u);
}

TEST(Graphalytics, ErrorsInTheDataFilesNameTheDataset) {
  const TempDir dir;
  const std::string path = write_dataset(dir, "g", "1\n2\n", "1 3\n", 2, 1);
  const std::string msg =
      expect_parse_error([&] { load_graphalytics(path); }, "vertex 3 is not in the vertex file", 1);
  EXPECT_NE(msg.find(dir.file("g.e") + ":1:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("(dataset " + path + ")"), std::string::npos) << msg;
  std::filesystem::remove(dir.path() / "g.e");
  try {
    load_graphalytics(path);
    ADD_FAILURE() << "a missing edge file loaded";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find(dir.file("g.e")), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("(dataset " + path + ")"), std::string::npos) << e.what();
  }
  // A meta count names the .properties file's line, once.
  const std::string p2 = write_dataset(dir, "h", "1\n2\n", "1 2\n", 5, 1);
  const std::string meta =
      expect_parse_error([&] { load_graphalytics(p2); }, "meta.vertices = 5", 3);
  EXPECT_EQ(meta.find("(dataset"), std::string::npos) << meta;
}

TEST(Graphalytics, TheDispatcherReadsADatasetByItsPropertiesFile) {
  const TempDir dir;
  const std::string path = write_dataset(dir, "d", "10\n30\n20\n", "10 20\n20 30\n", 3, 2, false);
  const LoadedMatrix m = load_matrix(path);
  EXPECT_EQ(m.info.format, FileFormat::Graphalytics);
  EXPECT_EQ(format_name(m.info.format), "graphalytics");
  EXPECT_TRUE(m.info.symmetric_storage);
  EXPECT_EQ(m.info.ids->name(2), "30");
  EXPECT_EQ(nvals_of(m.matrix), 4u);
  // Written back as an edge list, the names survive.
  const std::string el = dir.file("out.txt");
  save_matrix(el, m.matrix, save_options_for(m.info));
  LoadOptions remap;
  remap.remap_ids = true;
  const LoadedMatrix back = load_matrix(el, remap);
  EXPECT_EQ(nvals_of(back.matrix), 4u);
  // --undirected on a directed dataset, and --format graphalytics without the extension.
  const std::string directed = write_dataset(dir, "e", "1\n2\n", "1 2\n", 2, 1);
  LoadOptions o;
  o.undirected = true;
  EXPECT_EQ(nvals_of(load_matrix(directed, o).matrix), 2u);
  LoadOptions by_name;
  by_name.format = FileFormat::Graphalytics;
  EXPECT_EQ(nvals_of(load_matrix(dir.file("e"), by_name).matrix), 1u);
  // Bytes in memory cannot name the other two files.
  expect_parse_error([] { load_matrix_from_buffer("x.properties", "graph.x.directed = true\n"); },
                     "read from its files");
}

}  // namespace
}  // namespace spgraph::testing
