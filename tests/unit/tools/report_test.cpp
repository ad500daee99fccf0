// The CLI's one report path (tools/spgraph/report.hpp): a Report's JSON keeps the order fields
// were added and leaves text-only fields out; a layout places each field's text, padded as
// printf's %Ws / %-Ws would; JSON strings are escaped; a layout naming a missing key is refused.
#include "tools/spgraph/report.hpp"

#include <gtest/gtest.h>

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

TEST(Report, json_keeps_field_order_and_leaves_out_text_only_fields) {
  EXPECT_EQ(
      sample().json(),
      "{\"file\": \"a \\\"b\\\".mtx\", \"n\": 42, \"directed\": false, \"seconds\": 0.012346}");
}

TEST(Report, layout_places_each_field_with_printf_padding) {
  EXPECT_EQ(sample().text("{file}: n={n:5}|{directed:-12}|{seconds} s, {note}\n"),
            "a \"b\".mtx: n=   42|undirected  |0.012 s, text only\n");
}

TEST(Report, list_renders_items_as_an_array_and_through_the_item_layout) {
  Report a, b;
  a.add("v", report::count(1));
  b.add("v", report::count(2));
  Report r;
  r.add("items", report::list({a, b}, "[{v}]"));
  EXPECT_EQ(r.json(), "{\"items\": [{\"v\": 1}, {\"v\": 2}]}");
  EXPECT_EQ(r.text("{items}"), "[1][2]");
}

TEST(Report, control_bytes_are_escaped_in_json_strings) {
  EXPECT_EQ(json_string("a\nb\x01"), "\"a\\u000ab\\u0001\"");
}

TEST(Report, a_layout_naming_a_missing_key_is_a_programming_error) {
  EXPECT_THROW((void)sample().text("{nope}"), std::logic_error);
  EXPECT_THROW((void)sample().text("{n"), std::logic_error);
}

}  // namespace
}  // namespace spgraph::cli
