// SPDX-License-Identifier: Apache-2.0
// The Java properties reader (loaders/properties_file.hpp) against the syntax of
// java.util.Properties.load (comments, the three separators, continuation lines, escapes, CRLF),
// its refusals (a repeated key, an empty key, include, a bad \u escape), and the Graphalytics
// description on top of it (loaders/graphalytics_properties.hpp): the required keys, the graph's
// name, edge properties and the weight, the algorithms, and each parameter accessor with the line
// its errors name. Expected values are written out by hand from the syntax's rules.
#include <gtest/gtest.h>

#include <string>

#include "loaders/graphalytics_properties.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

PropertiesFile parse(const std::string& text) {
  return PropertiesFile::parse("t.properties", text);
}

std::string value(const PropertiesFile& f, const std::string& key) {
  const PropertyEntry* e = f.find(key);
  return e ? e->value : "<absent>";
}

TEST(PropertiesFile, ReadsTheSeparatorsCommentsAndBlanksOfJavaProperties) {
  const PropertiesFile f = parse(
      "# a comment\n"
      "! another comment\n"
      "\n"
      "   a = 1\n"
      "b:2\n"
      "c 3\n"
      "d\t=\t  four words  \n"
      "e =\n"
      "f\n");
  EXPECT_EQ(value(f, "a"), "1");
  EXPECT_EQ(value(f, "b"), "2");
  EXPECT_EQ(value(f, "c"), "3");
  EXPECT_EQ(value(f, "d"), "four words");  // trailing blanks trimmed, inner kept
  EXPECT_EQ(value(f, "e"), "");
  EXPECT_EQ(value(f, "f"), "");
  EXPECT_EQ(f.find("a")->line, 4u);
  EXPECT_EQ(f.find("f")->line, 9u);
  EXPECT_EQ(f.entries().size(), 6u);
  EXPECT_EQ(f.find("#"), nullptr);
}

TEST(PropertiesFile, JoinsContinuationLinesAndDecodesEscapes) {
  const PropertiesFile f = parse(
      "list = a, \\\n"
      "       b, \\\n"
      "   c\n"
      "after = x\n"
      "two\\\\ = backslash\n"  // an even count: no continuation, the key ends in one '\'
      "key\\ with\\ blanks = v\n"
      "eq\\=sign = w\n"
      "tab = a\\tb\n"
      "uni = \\u0041\\u00e9\n"
      "kept = trailing\\ \n");
  EXPECT_EQ(value(f, "list"), "a, b, c");
  EXPECT_EQ(f.find("list")->line, 1u);
  EXPECT_EQ(f.find("after")->line, 4u);
  EXPECT_EQ(value(f, "two\\"), "backslash");
  EXPECT_EQ(value(f, "key with blanks"), "v");
  EXPECT_EQ(value(f, "eq=sign"), "w");
  EXPECT_EQ(value(f, "tab"), "a\tb");
  EXPECT_EQ(value(f, "uni"), "A\xC3\xA9");
  EXPECT_EQ(value(f, "kept"), "trailing ");
}

TEST(PropertiesFile, AcceptsCrlfAndAByteOrderMark) {
  const PropertiesFile f = parse("\xEF\xBB\xBFx = 1\r\ny = a \\\r\n  b\r\n");
  EXPECT_EQ(value(f, "x"), "1");
  EXPECT_EQ(value(f, "y"), "a b");
}

TEST(PropertiesFile, RefusesRepeatsEmptyKeysIncludesAndBadEscapes) {
  expect_parse_error([] { parse("a = 1\nb = 2\na = 3\n"); }, "given twice (first on line 1)", 3);
  expect_parse_error([] { parse("x = 1\n = 2\n"); }, "empty key", 2);
  expect_parse_error([] { parse("include = graphs/x.properties\n"); }, "'include'", 1);
  expect_parse_error([] { parse("a = \\u00g1\n"); }, "four hex digits", 1);
  expect_parse_error([] { parse("a = \\u12\n"); }, "four hex digits", 1);
}

TEST(PropertiesFile, SplitsListsOnCommas) {
  EXPECT_EQ(split_property_list("bfs, cdlp ,pr,,  wcc "),
            (std::vector<std::string>{"bfs", "cdlp", "pr", "wcc"}));
  EXPECT_TRUE(split_property_list("").empty());
  EXPECT_TRUE(split_property_list(" , ").empty());
}

// ---- the Graphalytics description --------------------------------------------------------------

/// A complete description of graph `g` (Graphalytics' example-directed, with extra lines).
std::string description(const std::string& g, const std::string& extra = "") {
  return "graph." + g + ".vertex-file = " + g + ".v\n" +  // line 1
         "graph." + g + ".edge-file = " + g + ".e\n" +    // 2
         "graph." + g + ".meta.vertices = 10\n" +         // 3
         "graph." + g + ".meta.edges = 17\n" +            // 4
         "graph." + g + ".directed = true\n" +            // 5
         "graph." + g + ".edge-properties.names = weight\n" + "graph." + g +
         ".edge-properties.types = real\n" + "graph." + g +
         ".algorithms = BFS, cdlp, lcc, pr, sssp, wcc\n" +    // 8
         "graph." + g + ".bfs.source-vertex = 1\n" +          // 9
         "graph." + g + ".pr.damping-factor = 0.85\n" +       // 10
         "graph." + g + ".pr.num-iterations = 2\n" +          // 11
         "graph." + g + ".sssp.weight-property = weight\n" +  // 12
         extra;
}

GraphalyticsProperties describe(const std::string& file, const std::string& text) {
  return GraphalyticsProperties::from(PropertiesFile::parse(file, text));
}

TEST(GraphalyticsProperties, ReadsTheRequiredKeysAndTheParameters) {
  const GraphalyticsProperties p = describe("dir/g.properties", description("g"));
  EXPECT_EQ(p.graph(), "g");
  EXPECT_EQ(p.path(), "dir/g.properties");
  EXPECT_TRUE(p.directed());
  EXPECT_EQ(p.vertex_file(), "g.v");
  EXPECT_EQ(p.edge_file(), "g.e");
  EXPECT_EQ(p.meta_vertices(), 10u);
  EXPECT_EQ(p.meta_edges(), 17u);
  EXPECT_EQ(p.edge_property_names(), std::vector<std::string>{"weight"});
  EXPECT_FALSE(p.edge_property_is_integer(0));
  EXPECT_EQ(p.weight_property(), 0);
  EXPECT_EQ(p.algorithms(), (std::vector<std::string>{"bfs", "cdlp", "lcc", "pr", "sssp", "wcc"}));
  EXPECT_TRUE(p.lists("bfs"));
  EXPECT_TRUE(p.lists("SSSP"));
  EXPECT_FALSE(p.lists("kcore"));
  EXPECT_EQ(p.vertex("bfs.source-vertex"), std::optional<std::uint64_t>(1));
  EXPECT_EQ(p.integer("pr.num-iterations", 1, 100), std::optional<std::int64_t>(2));
  EXPECT_EQ(p.real("pr.damping-factor", 0, 1), std::optional<double>(0.85));
  EXPECT_EQ(p.text("sssp.weight-property"), std::optional<std::string>("weight"));
  EXPECT_FALSE(p.vertex("sssp.source-vertex").has_value());
  EXPECT_EQ(p.line_of("pr.num-iterations"), 11u);
  EXPECT_EQ(p.line_of("cdlp.max-iterations"), 0u);
  EXPECT_EQ(p.key_name("directed"), "graph.g.directed");
}

TEST(GraphalyticsProperties, NamesTheGraphAfterTheFileOrTheOnlyGraphDescribed) {
  // The file's stem names no key: the one graph the file describes is read.
  EXPECT_EQ(describe("renamed.properties", description("orig")).graph(), "orig");
  // Two graphs: the file's name picks one.
  const std::string both = description("a") + description("b");
  EXPECT_EQ(describe("b.properties", both).graph(), "b");
  expect_parse_error([&] { describe("c.properties", both); }, "describes several graphs (a, b)");
  expect_parse_error([] { describe("x.properties", "unrelated = 1\n"); },
                     "describes no Graphalytics graph");
}

TEST(GraphalyticsProperties, RefusesMissingAndMalformedRequiredKeys) {
  const PropertiesFile full = PropertiesFile::parse("g.properties", description("g"));
  for (const char* key : {"vertex-file", "edge-file", "meta.vertices", "meta.edges", "directed"}) {
    SCOPED_TRACE(key);
    std::string text;
    for (const PropertyEntry& e : full.entries())
      if (e.key != std::string("graph.g.") + key) text += e.key + " = " + e.value + "\n";
    expect_parse_error([&] { describe("g.properties", text); },
                       std::string("missing key graph.g.") + key, 0);
  }
  std::string text = description("g");
  text.replace(text.find("directed = true"), 15, "directed = maybe");
  expect_parse_error([&] { describe("g.properties", text); }, "must be true or false", 5);
  text = description("g");
  text.replace(text.find("vertices = 10"), 13, "vertices = -3");
  expect_parse_error([&] { describe("g.properties", text); }, "must be a non-negative integer", 3);
  // Keys Graphalytics does not know are ignored.
  EXPECT_NO_THROW(describe("g.properties", description("g", "graph.g.comment = hello\n")));
}

TEST(GraphalyticsProperties, AcceptsBooleanSpellingsOfCommonsConfiguration) {
  for (const char* spelling : {"FALSE", "no", "off", "n", "f"}) {
    std::string text = description("g");
    text.replace(text.find("directed = true"), 15, std::string("directed = ") + spelling);
    EXPECT_FALSE(describe("g.properties", text).directed()) << spelling;
  }
}

TEST(GraphalyticsProperties, PicksTheWeightPropertyAndChecksTypes) {
  std::string text = description("g");
  text.replace(text.find("names = weight"), 14, "names = stamp, cost");
  text.replace(text.find("types = real"), 12, "types = int, real");
  text.replace(text.find("weight-property = weight"), 24, "weight-property = cost");
  const GraphalyticsProperties p = describe("g.properties", text);
  EXPECT_EQ(p.edge_property_names(), (std::vector<std::string>{"stamp", "cost"}));
  EXPECT_TRUE(p.edge_property_is_integer(0));
  EXPECT_EQ(p.weight_property(), 1);
  // Without sssp.weight-property the first property is the weight.
  std::string first = text;
  first.erase(first.find("graph.g.sssp.weight-property"));
  EXPECT_EQ(describe("g.properties", first).weight_property(), 0);
  // No properties: no weight.
  std::string none = first;
  none.erase(none.find("graph.g.edge-properties.names"),
             none.find("graph.g.algorithms") - none.find("graph.g.edge-properties.names"));
  EXPECT_EQ(describe("g.properties", none).weight_property(), -1);
  text.replace(text.find("weight-property = cost"), 22, "weight-property = price");
  expect_parse_error([&] { describe("g.properties", text); }, "names no edge property", 12);
  std::string types = description("g");
  types.replace(types.find("types = real"), 12, "types = string");
  expect_parse_error([&] { describe("g.properties", types); }, "none of int, integer and real", 7);
  types = description("g");
  types.replace(types.find("types = real"), 12, "types = real, real");
  expect_parse_error([&] { describe("g.properties", types); }, "1 names but 2 types");
}

TEST(GraphalyticsProperties, ParameterAccessorsNameTheKeyAndLineOfABadValue) {
  const GraphalyticsProperties p =
      describe("g.properties", description("g",
                                           "graph.g.cdlp.max-iterations = 0\n"         // 13
                                           "graph.g.sssp.source-vertex = -4\n"         // 14
                                           "graph.g.lcc.x = 1.5\n"                     // 15
                                           "graph.g.wcc.y = 12345678901234567890\n"))  // 16
      ;
  expect_parse_error([&] { p.integer("cdlp.max-iterations", 1, 1000); },
                     "graph.g.cdlp.max-iterations = '0': must be an integer from 1 to 1000", 13);
  expect_parse_error([&] { p.vertex("sssp.source-vertex"); }, "must be a vertex id", 14);
  expect_parse_error([&] { p.integer("lcc.x", 0, 10); }, "must be an integer", 15);
  expect_parse_error([&] { p.real("pr.num-iterations", 0, 1); }, "must be a number in [0, 1)", 11);
  EXPECT_EQ(p.real("lcc.x", 0, 2), std::optional<double>(1.5));
  EXPECT_EQ(p.vertex("wcc.y"), std::optional<std::uint64_t>(12345678901234567890ull));
}

}  // namespace
}  // namespace spgraph::testing
