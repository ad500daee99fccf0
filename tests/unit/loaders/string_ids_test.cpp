// SPDX-License-Identifier: Apache-2.0
// Tests of the edge list table path and VertexIds: string ids (remap_ids), CSV/TSV headers,
// columns by name or number, RFC 4180 quotes, the type filter, phantom vertices, and names that
// survive edge list and binary round trips. Oracles: brute-force std::map readings of the same
// text, and the Gene Ontology file in ../shared/data (skipped when absent).
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "loaders/binary_format.hpp"
#include "loaders/load.hpp"
#include "loaders/update_stream.hpp"
#include "loaders/vertex_ids.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// The arcs of a loaded graph as (name, name) pairs.
std::set<std::pair<std::string, std::string>> named_arcs(const LoadedMatrix& m) {
  std::set<std::pair<std::string, std::string>> s;
  for (const auto& [i, j, v] : tuples_of(m.matrix))
    s.emplace(m.info.ids->name(i), m.info.ids->name(j));
  return s;
}

TEST(VertexIds, StringTokensRoundTripAndLookups) {
  VertexIds ids(VertexIds::Kind::String);
  const std::vector<std::string> names = {"GO:0048308", "a b", "", "007", "7", "\"q\""};
  for (std::size_t k = 0; k < names.size(); ++k) EXPECT_EQ(ids.insert(names[k]), Vertex(k));
  for (std::size_t k = 0; k < names.size(); ++k) {
    EXPECT_EQ(ids.insert(names[k]), Vertex(k));
    EXPECT_EQ(ids.name(Vertex(k)), names[k]);
    EXPECT_EQ(ids.find(names[k]), Vertex(k));
  }
  EXPECT_EQ(ids.find("GO:0048309"), std::nullopt);
  EXPECT_EQ(ids.find_integer(7), 4u);
  EXPECT_THROW(ids.integer_id(0), std::logic_error);
  // Many tokens: the table grows and every lookup still finds its id.
  std::mt19937_64 rng(5);
  std::vector<std::string> more;
  for (int k = 0; k < 50000; ++k)
    more.push_back(std::string("v").append(std::to_string(rng() % 30000)));
  std::map<std::string, Vertex> want;
  for (const std::string& s : more) {
    auto [it, fresh] = want.emplace(s, Vertex(ids.size()));
    ASSERT_EQ(ids.insert(s), it->second) << s;
  }
  for (const auto& [s, v] : want) ASSERT_EQ(ids.find(s), v);
}

TEST(VertexIds, OffsetKind) {
  VertexIds ids = VertexIds::offset(1, 5);
  EXPECT_FALSE(ids.remapped());
  EXPECT_EQ(ids.name(0), "1");
  EXPECT_EQ(ids.find("5"), 4u);
  EXPECT_EQ(ids.find("6"), std::nullopt);
  EXPECT_EQ(ids.find("0"), std::nullopt);
  EXPECT_EQ(ids.insert_integer(9), 8u);
  EXPECT_EQ(ids.size(), 9u);
  EXPECT_THROW(ids.insert_integer(0), InvalidArgument);
}

TEST(VertexIds, BulkLookupsAgreeWithOneAtATime) {
  // Integer kind with a table past the prefetch distance, Offset kind, and String kind (decimal
  // text); misses are kNoVertex.
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> names(5000);
  for (std::uint64_t& x : names) x = rng() % 1000000;
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  VertexIds strings(VertexIds::Kind::String);
  for (std::uint64_t x : names) strings.insert(std::to_string(x));
  for (const VertexIds& ids :
       {VertexIds::from_integers(names), VertexIds::offset(1, 700), strings}) {
    std::vector<std::uint64_t> queries(20000);
    for (std::uint64_t& q : queries) q = rng() % 2 ? names[rng() % names.size()] : rng() % 1000001;
    std::vector<Vertex> got(queries.size());
    ids.find_integers(queries, got);
    for (std::size_t k = 0; k < queries.size(); ++k)
      EXPECT_EQ(got[k], ids.find_integer(queries[k]).value_or(kNoVertex)) << queries[k];
  }
}

TEST(EdgeTable, StringIdsNeedRemapAndKeepFirstAppearanceOrder) {
  TempDir tmp;
  const std::string p = tmp.write("go.tsv", "GO:3\tGO:1\nGO:1\tGO:2\nGO:2\tGO:3\nGO:3\tGO:3\n");
  expect_parse_error([&] { load_matrix(p); }, "--remap-ids", 1);
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix m = load_matrix(p, o);
  ASSERT_EQ(m.info.ids->kind(), VertexIds::Kind::String);
  EXPECT_EQ(m.info.ids->name(0), "GO:3");
  EXPECT_EQ(m.info.ids->name(1), "GO:1");
  EXPECT_EQ(m.info.ids->name(2), "GO:2");
  EXPECT_EQ(named_arcs(m),
            (std::set<std::pair<std::string, std::string>>{
                {"GO:3", "GO:1"}, {"GO:1", "GO:2"}, {"GO:2", "GO:3"}, {"GO:3", "GO:3"}}));
}

TEST(EdgeTable, StringIdFarDownAnIntegerFileSwitchesPaths) {
  TempDir tmp;
  std::string text;
  for (int k = 0; k < 2000; ++k) text += std::to_string(k) + " " + std::to_string(k + 1) + "\n";
  text += "2000 x\n";
  const std::string p = tmp.write("mixed.txt", text);
  expect_parse_error([&] { load_matrix(p); }, "'x'", 2001);
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix m = load_matrix(p, o);
  EXPECT_EQ(m.info.ids->kind(), VertexIds::Kind::String);
  EXPECT_EQ(nrows_of(m.matrix), 2002u);
  EXPECT_EQ(m.info.ids->name(2001), "x");
}

TEST(EdgeTable, CsvHeaderColumnsByNameAndQuotes) {
  TempDir tmp;
  const std::string p = tmp.write("people.csv",
                                  "weight,from,to,note\n"
                                  "1.5,\"Smith, Ann\",Bob,x\n"
                                  "2,Bob,\"Carl \"\"C\"\" Jr\",y\n"
                                  "3,Carl \"C\" Jr,\"Smith, Ann\",z\n");
  LoadOptions o;
  o.remap_ids = true;
  o.src_column = "from";
  o.dst_column = "to";
  o.weight_column = "weight";
  const LoadedMatrix m = load_matrix(p, o);
  ASSERT_EQ(nrows_of(m.matrix), 3u);
  EXPECT_EQ(m.info.ids->name(0), "Smith, Ann");
  EXPECT_EQ(m.info.ids->name(1), "Bob");
  EXPECT_EQ(m.info.ids->name(2), "Carl \"C\" Jr");
  EXPECT_EQ(tuples_of(m.matrix), (Tuples{{0, 1, 1.5}, {1, 2, 2}, {2, 0, 3}}));
  // Columns by number; a name the header lacks is an error naming the header's columns.
  o.src_column = "2";
  o.dst_column = "3";
  o.weight_column = "1";
  o.header = 1;  // columns by number: nothing names the header line, so say it
  EXPECT_EQ(tuples_of(load_matrix(p, o).matrix), (Tuples{{0, 1, 1.5}, {1, 2, 2}, {2, 0, 3}}));
  o.src_column = "source";
  expect_parse_error([&] { load_matrix(p, o); }, "weight, from, to, note", 1);
  // An unclosed quote names its line.
  const std::string bad = tmp.write("bad.csv", "a,b\n\"x,y\n");
  LoadOptions r;
  r.remap_ids = true;
  expect_parse_error([&] { load_matrix(bad, r); }, "not closed", 2);
}

TEST(EdgeTable, HeaderDetection) {
  TempDir tmp;
  // Integer ids with a header: detected without remap.
  const LoadedMatrix a = load_matrix(tmp.write("h.csv", "src,dst\n0,1\n1,2\n"));
  EXPECT_EQ(nvals_of(a.matrix), 2u);
  EXPECT_EQ(nrows_of(a.matrix), 3u);
  // String ids with usual column names: detected with remap.
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix b = load_matrix(tmp.write("s.csv", "source,target\nx,y\ny,z\n"), o);
  EXPECT_EQ(nrows_of(b.matrix), 3u);
  EXPECT_EQ(b.info.ids->name(0), "x");
  // A weight column's name: non-numeric above numeric.
  const LoadedMatrix c = load_matrix(tmp.write("w.tsv", "a\tb\tw\nx\ty\t2.5\n"), o);
  EXPECT_EQ(tuples_of(c.matrix), (Tuples{{0, 1, 2.5}}));
  // header = 0: the first line is an edge.
  o.header = 0;
  const LoadedMatrix d = load_matrix(tmp.write("n.csv", "source,target\nx,y\n"), o);
  EXPECT_EQ(nrows_of(d.matrix), 4u);
}

TEST(EdgeTable, EdgeTypeFilter) {
  TempDir tmp;
  const std::string p = tmp.write(
      "typed.txt", "A\tB\t1\tis_a\nB\tC\t1\tpart_of\nC\tA\t2\tis_a\nA\tC\t1\tregulates\n");
  LoadOptions o;
  o.remap_ids = true;
  o.edge_types = {"is_a"};
  const LoadedMatrix m = load_matrix(p, o);
  EXPECT_EQ(nvals_of(m.matrix), 2u);
  EXPECT_EQ(m.info.filtered_by_type, 2u);
  EXPECT_EQ(named_arcs(m), (std::set<std::pair<std::string, std::string>>{{"A", "B"}, {"C", "A"}}));
  o.edge_types = {"is_a", "part_of"};
  EXPECT_EQ(nvals_of(load_matrix(p, o).matrix), 3u);
  o.edge_types = {"has_part"};
  expect_parse_error([&] { load_matrix(p, o); }, "is_a, part_of, regulates");
  // Without a type filter the fourth column is ignored and the third is the weight.
  LoadOptions all;
  all.remap_ids = true;
  EXPECT_EQ(nvals_of(load_matrix(p, all).matrix), 4u);
}

TEST(EdgeTable, GeneOntologyMatchesABruteForceReading) {
  SPGRAPH_REQUIRE_SHARED(path, "gene_ontology/goGraph.txt");
  std::ifstream in(path);
  std::string line;
  std::map<std::string, std::size_t> order;
  std::set<std::pair<std::string, std::string>> all, is_a;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line[0] == '%') continue;
    std::istringstream f(line);
    std::string a, b, w, t;
    f >> a >> b >> w >> t;
    all.emplace(a, b);
    if (t == "is_a") is_a.emplace(a, b);
    order.emplace(a, order.size());
    order.emplace(b, order.size());
  }
  LoadOptions o;
  o.remap_ids = true;
  o.pattern_only = true;
  const LoadedMatrix m = load_matrix(path.string(), o);
  EXPECT_EQ(nrows_of(m.matrix), order.size());
  EXPECT_EQ(named_arcs(m), all);
  o.edge_types = {"is_a"};
  const LoadedMatrix typed = load_matrix(path.string(), o);
  EXPECT_EQ(named_arcs(typed), is_a);
}

TEST(EdgeTable, SameIdsForAnyThreadCount) {
  // Several parse chunks (over 1 MiB per chunk): ids in first-appearance order all the same.
  TempDir tmp;
  std::mt19937_64 rng(11);
  std::string text;
  std::vector<std::string> first_seen;
  std::set<std::string> seen;
  while (text.size() < (5u << 20)) {
    for (int side = 0; side < 2; ++side) {
      const std::string t = std::string("n").append(std::to_string(rng() % 200000));
      if (seen.insert(t).second) first_seen.push_back(t);
      text += t;
      text += side ? '\n' : ' ';
    }
  }
  const std::string p = tmp.write("big.txt", text);
  for (int threads : {1, 2, 3}) {
    LoadOptions o;
    o.remap_ids = true;
    o.threads = threads;
    const LoadedMatrix m = load_matrix(p, o);
    ASSERT_EQ(m.info.ids->size(), first_seen.size());
    for (Vertex v = 0; v < m.info.ids->size(); v += 997)
      ASSERT_EQ(m.info.ids->name(v), first_seen[v]);
  }
}

TEST(EdgeTable, NamesSurviveEdgeListAndBinaryRoundTrips) {
  TempDir tmp;
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix a = load_matrix(
      tmp.write("in.csv",
                "\"a, b\",c,1\nc,#d,2\n#d,\"e \"\"f\"\"\",3\n\"e \"\"f\"\"\",\"a, b\",4\n"),
      o);
  ASSERT_EQ(a.info.ids->kind(), VertexIds::Kind::String);
  ASSERT_EQ(nrows_of(a.matrix), 4u);
  for (const std::string out : {"out.csv", "out.tsv", "out.txt", "out.bin", "out.csv.gz"}) {
    save_matrix(tmp.file(out), a.matrix, save_options_for(a.info));
    const LoadedMatrix b = load_matrix(tmp.file(out));  // the file says its ids are names
    EXPECT_EQ(named_arcs(b), named_arcs(a)) << out;
    EXPECT_EQ(tuples_of(b.matrix), tuples_of(a.matrix)) << out;
  }
  // A .csv is comma separated.
  save_matrix(tmp.file("plain.csv"), a.matrix, save_options_for(a.info));
  std::ifstream in(tmp.file("plain.csv"));
  std::string header, first;
  std::getline(in, header);
  std::getline(in, first);
  EXPECT_EQ(first, "\"a, b\",c,1");
}

/// `bytes` with its trailing CRC-32 recomputed (so that only the format's own checks remain).
std::string with_crc(std::string bytes) {
  bytes.resize(bytes.size() - 4);
  const std::uint32_t crc = std::uint32_t(crc32(
      crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef*>(bytes.data()), uInt(bytes.size())));
  bytes.append(reinterpret_cast<const char*>(&crc), 4);
  return bytes;
}

TEST(EdgeTable, CorruptIdMapInABinaryFileIsAParseError) {
  TempDir tmp;
  LoadOptions o;
  o.remap_ids = true;
  const LoadedMatrix a = load_matrix(tmp.write("in.txt", "x y\ny z\n"), o);
  const std::string bytes = encode_binary(a.matrix, false, 0, a.info.ids.get());
  EXPECT_EQ(named_arcs(load_matrix_from_buffer("ok.bin", bytes)), named_arcs(a));
  // Every byte of the id map section flipped, the checksum made valid again: the section's own
  // checks give a ParseError, or the map is still a valid one; never a crash.
  const std::size_t section = 12 + 3 * 8 + 3;  // kind + count, 3 offsets, "xyz"
  for (std::size_t k = bytes.size() - 4 - section; k < bytes.size() - 4; ++k) {
    std::string b = bytes;
    b[k] = char(b[k] ^ 0x5a);
    try {
      const LoadedMatrix m = load_matrix_from_buffer("x.bin", with_crc(b));
      EXPECT_EQ(m.info.ids->size(), 3u);
    } catch (const ParseError&) {
    }
  }
  // A repeated name ("xyy") is refused by name.
  std::string dup = bytes;
  dup[dup.size() - 5] = 'y';
  expect_parse_error([&] { load_matrix_from_buffer("dup.bin", with_crc(dup)); }, "repeated name");
}

TEST(EdgeTable, PhantomVerticesOfSparseIds) {
  TempDir tmp;
  const LoadedMatrix m = load_matrix(tmp.write("sparse.txt", "0 10\n10 20\n20 0\n"));
  EXPECT_EQ(nrows_of(m.matrix), 21u);
  EXPECT_EQ(m.info.phantom_vertices, 18u);
  LoadOptions o;
  o.remap_ids = true;
  EXPECT_EQ(load_matrix(tmp.file("sparse.txt"), o).info.phantom_vertices, 0u);
  // A declared vertex count makes isolated vertices real, not phantoms.
  const LoadedMatrix d =
      load_matrix(tmp.write("declared.txt", "# spgraph edge list: vertices=30 base=0\n0 10\n"));
  EXPECT_EQ(d.info.phantom_vertices, 0u);
}

TEST(FormatDetection, MetisByShapeWhateverItsFirstComment) {
  TempDir tmp;
  std::ifstream in(test_data("lesmis.graph"), std::ios::binary);
  const std::string metis((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const LoadedMatrix want = load_matrix(test_data("lesmis.graph").string());
  for (const std::string name : {"lesmis.txt", "lesmis"}) {
    const LoadedMatrix got = load_matrix(tmp.write(name, "% a comment first\n" + metis));
    EXPECT_EQ(got.info.format, FileFormat::Metis) << name;
    EXPECT_EQ(tuples_of(got.matrix), tuples_of(want.matrix)) << name;
  }
  // An edge list whose first line looks like a METIS header stays an edge list.
  EXPECT_EQ(load_matrix(tmp.write("el.txt", "% c\n3 2\n1 2\n2 3\n")).info.format,
            FileFormat::EdgeList);
}

TEST(UpdateStreamNames, VertexFieldsMayBeAnyTokenWhenAsked) {
  UpdateRecord r;
  EXPECT_NE(parse_update_line("+ GO:1 GO:2", 1, r), "");  // integers only by default
  ASSERT_EQ(parse_update_line("+ GO:1 GO:2 0.5", 1, r, true), "");
  EXPECT_EQ(r.u_name, "GO:1");
  EXPECT_EQ(r.v_name, "GO:2");
  EXPECT_TRUE(r.has_weight);
  ASSERT_EQ(parse_update_line("? bfs 0042", 2, r, true), "");
  EXPECT_EQ(r.u_name, "0042");
  EXPECT_EQ(r.u, 42u);
  ASSERT_EQ(parse_update_line("? knn x 5 jaccard", 3, r, true), "");
  EXPECT_EQ(r.u_name, "x");
  EXPECT_EQ(r.v, 5u);
  EXPECT_NE(parse_update_line("- a", 4, r, true), "");  // still two vertex fields
}

}  // namespace
}  // namespace spgraph::testing
