// SPDX-License-Identifier: Apache-2.0
// A spgraph command's result as one ordered list of named values, printed either as one JSON
// object (--json) or as text through a layout: one report path for every command, as the GAP
// Benchmark Suite has one harness for timing and reporting (Beamer, Asanović and Patterson, "The
// GAP Benchmark Suite", arXiv:1508.03619, 2015; BenchmarkKernel in its src/benchmark.h). Each value
// carries both of its printed forms, made once where it is added: its JSON value (an
// nlohmann::ordered_json, fields in the order added) and the text a layout shows for "{key}". A
// field added to a report is in the JSON at once, and in the text wherever a layout names it.
// Every JSON the CLI prints goes through this file's writer (nlohmann-json underneath): strings
// are escaped, and a number that is not finite (an infinite ratio) is JSON null while its text
// form says "inf".
#pragma once

#include <nlohmann/json.hpp>

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spgraph::cli {

/// The JSON value type of reports: an object keeps its keys in insertion order.
using Json = nlohmann::ordered_json;

/// One value as both printers show it.
struct ReportValue {
  ReportValue() = default;
  /// A value: `value` in the JSON, `text` in layouts.
  ReportValue(Json value, std::string text)
      : json(std::move(value)), in_json(true), text(std::move(text)) {}
  /// A JSON literal given as text ("null", "42", "\"a\""), parsed here; "" makes a text-only
  /// value. Kept for callers that build values by hand; prefer the makers in `report::`.
  ReportValue(const char* json_literal, std::string text);

  Json json;             ///< the JSON value (when in_json)
  bool in_json = false;  ///< false leaves the field out of the JSON object (text-only value)
  std::string text;      ///< what a text layout shows for it
};

/// Named values in order. Keys are JSON keys; text-only values serve layouts only.
class Report {
 public:
  /// Appends a field.
  Report& add(std::string key, ReportValue value);
  /// The JSON object, {"key": value, ...} in the order added, text-only fields left out.
  Json to_json() const;
  /// The same as one line of text: {"key": value, "key2": value2} (see dump_json).
  std::string json() const;
  /// The same without its braces (for a report whose last field is printed as it grows).
  std::string json_fields() const;
  /// `layout` with each {key} replaced by that field's text; {key:W} right-aligns it in W columns
  /// and {key:-W} left-aligns it, as printf's %Ws and %-Ws do. A key the report lacks is a
  /// programming error (std::logic_error).
  std::string text(std::string_view layout) const;

 private:
  const ReportValue& find(std::string_view key) const;
  std::vector<std::pair<std::string, ReportValue>> fields_;
};

/// `j` as one line of JSON text: `, ` between members and `: ` after keys, strings escaped
/// (invalid UTF-8 replaced by U+FFFD), non-finite numbers as null.
std::string dump_json(const Json& j);

/// Writes the report as one JSON line on stdout.
void print_json(const Report& r);
/// Writes the report as one JSON line on stdout and flushes stdout: one record of an NDJSON
/// stream (`stream --json` prints each answer so, as it is found, even into a pipe).
void print_json_line(const Report& r);
/// Writes the report's text through `layout` to `out` (stdout unless given).
void print_text(const Report& r, std::string_view layout, std::FILE* out = stdout);

/// Escapes a string for a JSON literal (quotes included).
std::string json_string(const std::string& s);

/// Makers of report values.
namespace report {

/// An integer: the same decimal digits in both forms.
template <std::integral I>
requires(!std::same_as<I, bool>) ReportValue count(I n) {
  return {Json(n), std::to_string(n)};
}
/// A string: a JSON string, as is in text.
ReportValue str(const std::string& s);
/// A flag: true or false in JSON; `if_true` or `if_false` in text.
ReportValue flag(bool b, std::string if_true = "true", std::string if_false = "false");
/// A real number: x rounded as printf `json_format` shows it in JSON (an integer when that
/// text is one; null when x is not finite), `text_format` of x * text_scale in text ("inf").
ReportValue real(double x, const char* json_format, const char* text_format, double text_scale = 1);
/// Seconds: %.6f in JSON, %.3f seconds in text.
ReportValue seconds(double s);
/// Seconds: %.6f in JSON, %.3f milliseconds in text.
ReportValue seconds_as_ms(double s);
/// A byte count: its digits in JSON, "12.3 MB" in text (human_bytes).
ReportValue bytes(std::uint64_t n);
/// JSON null (for a value that is absent); `text` in layouts.
ReportValue null(std::string text = "");
/// Text for layouts only, left out of the JSON.
ReportValue text(std::string s);
/// `v` without its JSON form: its text for layouts only.
ReportValue text_only(ReportValue v);
/// A JSON array of the items' objects; in text, each item through `item_layout`, concatenated.
ReportValue list(const std::vector<Report>& items, std::string_view item_layout = "");

}  // namespace report

/// A report whose last field is a list printed as it grows (bfs searches, closure queries), so
/// that text keeps pace with the work: the fields before the list first, then each item as it
/// is found, then the end of the object. The JSON is the same as a whole Report's.
class ListPrinter {
 public:
  /// Prints `head`: its JSON fields and the opening of `list_key` with `json`, else its text
  /// through `head_layout`. Items are printed through `item_layout` in text.
  ListPrinter(bool json, const Report& head, std::string_view head_layout, std::string list_key,
              std::string item_layout);
  /// Prints one item of the list.
  void add(const Report& item);
  /// Closes the JSON object (nothing in text).
  void finish();

 private:
  bool json_;
  std::string item_layout_;
  bool first_ = true;
};

}  // namespace spgraph::cli
