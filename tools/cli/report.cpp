// SPDX-License-Identifier: Apache-2.0
// Printing of command reports as JSON (nlohmann-json, one writer for every command) and as
// laid-out text (see report.hpp).
#include "tools/cli/report.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "tools/cli/plural.hpp"

namespace spgraph::cli {

namespace {

std::string formatted(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

void write(std::FILE* out, const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), out);
}

/// `s` padded with spaces to `width` columns, on the left (right-aligned) or the right.
std::string aligned(const std::string& s, int width, bool left) {
  if (s.size() >= std::size_t(width)) return s;
  const std::string pad(std::size_t(width) - s.size(), ' ');
  std::string out;
  if (left) {
    out = s;
    out += pad;
  } else {
    out = pad;
    out += s;
  }
  return out;
}

/// A scalar as nlohmann writes it; invalid UTF-8 in strings becomes U+FFFD instead of throwing.
std::string dump_scalar(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

void dump_to(const Json& j, std::string& out) {
  switch (j.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : j.items()) {
        if (!first) out += ", ";
        first = false;
        out += dump_scalar(Json(key));
        out += ": ";
        dump_to(value, out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& value : j) {
        if (!first) out += ", ";
        first = false;
        dump_to(value, out);
      }
      out += ']';
      return;
    }
    case Json::value_t::number_float:
      if (!std::isfinite(j.get<double>())) {
        out += "null";
        return;
      }
      break;
    default:
      break;
  }
  out += dump_scalar(j);
}

/// The JSON members of `fields` (text-only ones left out) in order, without braces.
std::string members(const Json& object) {
  std::string out = dump_json(object);
  return out.substr(1, out.size() - 2);
}

/// After a count of 1 ("{queries} queries" with queries = 1), the noun that follows in the
/// layout in the singular ("1 query"); returns where the layout goes on.
std::size_t singular_after_one(const ReportValue& value, std::string_view layout, std::size_t at,
                               std::string& out) {
  const bool one = value.in_json && value.json.is_number_integer() && value.json == 1;
  if (!one || at >= layout.size() || layout[at] != ' ') return at;
  std::size_t end = at + 1;
  while (end < layout.size() && ((layout[end] >= 'a' && layout[end] <= 'z') || layout[end] == '-'))
    ++end;
  if (end < layout.size() && layout[end] == '=') return at;  // "found={found} answers={answers}"
  const std::string_view singular = singular_of(layout.substr(at + 1, end - at - 1));
  if (singular.empty()) return at;
  out += ' ';
  out += singular;
  return end;
}

}  // namespace

ReportValue::ReportValue(const char* json_literal, std::string text_form)
    : text(std::move(text_form)) {
  const std::string_view literal(json_literal);
  if (literal.empty()) return;
  json = Json::parse(literal);
  in_json = true;
}

Report& Report::add(std::string key, ReportValue value) {
  fields_.emplace_back(std::move(key), std::move(value));
  return *this;
}

Json Report::to_json() const {
  Json out = Json::object();
  for (const auto& [key, value] : fields_)
    if (value.in_json) out[key] = value.json;
  return out;
}

std::string Report::json_fields() const {
  return members(to_json());
}

std::string Report::json() const {
  return dump_json(to_json());
}

const ReportValue& Report::find(std::string_view key) const {
  for (const auto& [k, value] : fields_)
    if (k == key) return value;
  std::string message = "report layout names a field the report lacks: ";
  message += key;
  throw std::logic_error(message);
}

std::string Report::text(std::string_view layout) const {
  std::string out;
  std::size_t at = 0;
  while (at < layout.size()) {
    const std::size_t open = layout.find('{', at);
    if (open == std::string_view::npos) {
      out += layout.substr(at);
      break;
    }
    out += layout.substr(at, open - at);
    const std::size_t close = layout.find('}', open);
    if (close == std::string_view::npos) throw std::logic_error("report layout: unclosed '{'");
    std::string_view key = layout.substr(open + 1, close - open - 1);
    int width = 0;
    bool left = false;
    if (const std::size_t colon = key.find(':'); colon != std::string_view::npos) {
      std::string_view spec = key.substr(colon + 1);
      key = key.substr(0, colon);
      left = !spec.empty() && spec.front() == '-';
      if (left) spec.remove_prefix(1);
      for (char c : spec) width = width * 10 + (c - '0');
    }
    const ReportValue& value = find(key);
    out += aligned(value.text, width, left);
    at = close + 1;
    at = singular_after_one(value, layout, at, out);
  }
  return out;
}

std::string dump_json(const Json& j) {
  std::string out;
  dump_to(j, out);
  return out;
}

void print_json(const Report& r) {
  std::string line = r.json();
  line += '\n';
  write(stdout, line);
}

void print_json_line(const Report& r) {
  print_json(r);
  std::fflush(stdout);
}

void print_text(const Report& r, std::string_view layout, std::FILE* out) {
  write(out, r.text(layout));
}

std::string json_string(const std::string& s) {
  return dump_scalar(Json(s));
}

namespace report {

ReportValue str(const std::string& s) {
  // The text form escapes what a terminal would obey (a file name holding ESC, bytes that are
  // not UTF-8); JSON escapes its own way.
  return {Json(s), printable(s)};
}

ReportValue flag(bool b, std::string if_true, std::string if_false) {
  return {Json(b), b ? std::move(if_true) : std::move(if_false)};
}

ReportValue real(double x, const char* json_format, const char* text_format, double text_scale) {
  std::string text = formatted(text_format, x * text_scale);
  if (!std::isfinite(x)) return {Json(nullptr), std::move(text)};
  // The value JSON shows is the one json_format prints (0.012346 for %.6f), as a number.
  const std::string shown = formatted(json_format, x);
  std::int64_t whole = 0;
  const char* end = shown.data() + shown.size();
  if (auto [p, ec] = std::from_chars(shown.data(), end, whole); ec == std::errc() && p == end)
    return {Json(whole), std::move(text)};
  const double rounded = std::strtod(shown.c_str(), nullptr);
  return {std::isfinite(rounded) ? Json(rounded) : Json(x), std::move(text)};
}

ReportValue seconds(double s) {
  return real(s, "%.6f", "%.3f");
}

ReportValue seconds_as_ms(double s) {
  return real(s, "%.6f", "%.3f", 1e3);
}

ReportValue bytes(std::uint64_t n) {
  return {Json(n), human_bytes(double(n))};
}

ReportValue null(std::string text) {
  return {Json(nullptr), std::move(text)};
}

ReportValue text(std::string s) {
  ReportValue v;
  v.text = std::move(s);
  return v;
}

ReportValue text_only(ReportValue v) {
  v.in_json = false;
  v.json = Json();
  return v;
}

ReportValue list(const std::vector<Report>& items, std::string_view item_layout) {
  ReportValue v{Json::array(), ""};
  for (const Report& item : items) {
    v.json.push_back(item.to_json());
    v.text += item.text(item_layout);
  }
  return v;
}

}  // namespace report

ListPrinter::ListPrinter(bool json, const Report& head, std::string_view head_layout,
                         std::string list_key, std::string item_layout)
    : json_(json), item_layout_(std::move(item_layout)) {
  if (!json_) {
    print_text(head, head_layout);
    return;
  }
  std::string open = "{";
  open += head.json_fields();
  if (open.size() > 1) open += ", ";
  open += json_string(list_key);
  open += ": [";
  write(stdout, open);
}

void ListPrinter::add(const Report& item) {
  if (!json_) {
    print_text(item, item_layout_);
    return;
  }
  std::string text = first_ ? "" : ", ";
  text += item.json();
  write(stdout, text);
  first_ = false;
}

void ListPrinter::finish() {
  if (json_) write(stdout, "]}\n");
}

}  // namespace spgraph::cli
