// Printing of command reports as JSON and as laid-out text (see report.hpp).
#include "tools/spgraph/report.hpp"

#include <cstdio>
#include <stdexcept>

#include "engine/core/resources.hpp"

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
  return left ? s + pad : pad + s;
}

}  // namespace

Report& Report::add(std::string key, ReportValue value) {
  fields_.emplace_back(std::move(key), std::move(value));
  return *this;
}

std::string Report::json_fields() const {
  std::string out;
  for (const auto& [key, value] : fields_) {
    if (value.json.empty()) continue;
    if (!out.empty()) out += ", ";
    out += json_string(key);
    out += ": ";
    out += value.json;
  }
  return out;
}

std::string Report::json() const {
  std::string out = "{";
  out += json_fields();
  out += "}";
  return out;
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
    out += aligned(find(key).text, width, left);
    at = close + 1;
  }
  return out;
}

void print_json(const Report& r) {
  write(stdout, r.json() + "\n");
}

void print_text(const Report& r, std::string_view layout, std::FILE* out) {
  write(out, r.text(layout));
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += c;
  }
  return out + "\"";
}

namespace report {

ReportValue str(const std::string& s) {
  return {json_string(s), s};
}

ReportValue flag(bool b, std::string if_true, std::string if_false) {
  return {b ? "true" : "false", b ? std::move(if_true) : std::move(if_false)};
}

ReportValue real(double x, const char* json_format, const char* text_format, double text_scale) {
  return {formatted(json_format, x), formatted(text_format, x * text_scale)};
}

ReportValue seconds(double s) {
  return real(s, "%.6f", "%.3f");
}

ReportValue seconds_as_ms(double s) {
  return real(s, "%.6f", "%.3f", 1e3);
}

ReportValue bytes(std::uint64_t n) {
  return {std::to_string(n), human_bytes(double(n))};
}

ReportValue null() {
  return {"null", ""};
}

ReportValue text(std::string s) {
  return {"", std::move(s)};
}

ReportValue text_only(ReportValue v) {
  v.json.clear();
  return v;
}

ReportValue list(const std::vector<Report>& items, std::string_view item_layout) {
  ReportValue v{"[", ""};
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k) v.json += ", ";
    v.json += items[k].json();
    v.text += items[k].text(item_layout);
  }
  v.json += "]";
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
