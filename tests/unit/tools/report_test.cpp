// SPDX-License-Identifier: Apache-2.0
// The CLI's one report path (tools/cli/report.hpp): a Report's JSON keeps the order fields
// were added and leaves text-only fields out; a layout places each field's text, padded as
// printf's %Ws / %-Ws would; JSON strings are escaped; a layout naming a missing key is refused;
// numbers that are not finite are JSON null (text "inf"), and every JSON made parses; a count
// of one takes the singular of the noun after it.
#include "tools/cli/report.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace spgraph::cli {
namespace {

Report sample() {
  Report r;
  r.add("file", report::str("a \"b\".mtx"))
      .add("n", report::count(42))
      .add("directed", report::flag(false, "directed", "undirected"))
      .add("seconds", report::seconds(0.0123456))
      .add("note", report::text("text only"));
  return r;
}

TEST(Report, JsonKeepsFieldOrderAndLeavesOutTextOnlyFields) {
  EXPECT_EQ(
      sample().json(),
      "{\"file\": \"a \\\"b\\\".mtx\", \"n\": 42, \"directed\": false, \"seconds\": 0.012346}");
}

TEST(Report, LayoutPlacesEachFieldWithPrintfPadding) {
  EXPECT_EQ(sample().text("{file}: n={n:5}|{directed:-12}|{seconds} s, {note}\n"),
            "a \"b\".mtx: n=   42|undirected  |0.012 s, text only\n");
}

TEST(Report, ACountOfOneTakesTheSingularOfTheNounAfterIt) {
  Report r;
  r.add("one", report::count(1)).add("two", report::count(2)).add("zero", report::count(0));
  r.add("real", report::real(1.0, "%.1f", "%.0f")).add("word", report::text("1"));
  EXPECT_EQ(r.text("{one} queries, {two} queries, {zero} vertices, {one} vertices\n"),
            "1 query, 2 queries, 0 vertices, 1 vertex\n");
  EXPECT_EQ(r.text("{one:3} components; {one} self-loops."), "  1 component; 1 self-loop.");
  // Not a count (a real, text only), not a counted noun, or a key=value pair: unchanged.
  EXPECT_EQ(r.text("{real} runs {word} runs {one} ms {one} stored arcs"),
            "1 runs 1 runs 1 ms 1 stored arcs");
  EXPECT_EQ(r.text("found={one} answers={two}"), "found=1 answers=2");
}

TEST(Report, ListRendersItemsAsAnArrayAndThroughTheItemLayout) {
  Report a, b;
  a.add("v", report::count(1));
  b.add("v", report::count(2));
  Report r;
  r.add("items", report::list({a, b}, "[{v}]"));
  EXPECT_EQ(r.json(), "{\"items\": [{\"v\": 1}, {\"v\": 2}]}");
  EXPECT_EQ(r.text("{items}"), "[1][2]");
}

TEST(Report, ControlBytesAreEscapedInJsonStrings) {
  EXPECT_EQ(json_string("a\nb\x01"), "\"a\\nb\\u0001\"");
  // Bytes that are not UTF-8 (a hostile file name) still give valid JSON.
  const std::string bad = json_string("x\xff.mtx");
  EXPECT_TRUE(nlohmann::json::parse(bad).is_string()) << bad;
}

TEST(Report, NonFiniteNumbersAreJsonNullAndInfInText) {
  const double inf = std::numeric_limits<double>::infinity();
  Report r;
  r.add("ratio", report::real(inf, "%.4f", "%.3f"))
      .add("nan", report::real(std::nan(""), "%.4f", "%.3f"))
      .add("ms", report::seconds_as_ms(-inf))
      .add("ok", report::real(0.5, "%.4f", "%.3f"));
  EXPECT_EQ(r.json(), "{\"ratio\": null, \"nan\": null, \"ms\": null, \"ok\": 0.5}");
  EXPECT_EQ(r.text("{ratio} {ms}"), "inf -inf");
  const nlohmann::json parsed = nlohmann::json::parse(r.json());
  EXPECT_TRUE(parsed["ratio"].is_null());
}

TEST(Report, RealsKeepTheJsonFormatPrecisionAndIntegersStayIntegers) {
  Report r;
  r.add("pairs", report::real(1156.0, "%.0f", "%.0f"))
      .add("s", report::real(0.0123456789, "%.6f", "%.3f"))
      .add("big", report::real(1e300, "%.17g", "%g"));
  EXPECT_EQ(r.json(), "{\"pairs\": 1156, \"s\": 0.012346, \"big\": 1e+300}");
  const nlohmann::json parsed = nlohmann::json::parse(r.json());
  EXPECT_TRUE(parsed["pairs"].is_number_integer());
  EXPECT_DOUBLE_EQ(parsed["big"].get<double>(), 1e300);
}

TEST(Report, AJsonLiteralValueIsParsedAndNullKeepsItsText) {
  Report r;
  r.add("top", ReportValue{"null", "none"})
      .add("n", ReportValue{"42", "forty-two"})
      .add("gone", ReportValue{"", "text only"})
      .add("absent", report::null("-"));
  EXPECT_EQ(r.json(), "{\"top\": null, \"n\": 42, \"absent\": null}");
  EXPECT_EQ(r.text("{top} {n} {gone} {absent}"), "none forty-two text only -");
}

TEST(Report, NestedListsParseAsJson) {
  Report item;
  item.add("v", report::count(7)).add("name", report::str("q\"x"));
  Report r;
  r.add("items", report::list({item, item})).add("empty", report::list({}));
  const nlohmann::json parsed = nlohmann::json::parse(r.json());
  ASSERT_EQ(parsed["items"].size(), 2u);
  EXPECT_EQ(parsed["items"][1]["name"], "q\"x");
  EXPECT_TRUE(parsed["empty"].is_array());
  EXPECT_TRUE(parsed["empty"].empty());
}

TEST(Report, ALayoutNamingAMissingKeyIsAProgrammingError) {
  EXPECT_THROW((void)sample().text("{nope}"), std::logic_error);
  EXPECT_THROW((void)sample().text("{n"), std::logic_error);
}

}  // namespace
}  // namespace spgraph::cli
