// SPDX-License-Identifier: Apache-2.0
// Implementation of the tabular edge list helpers (see edge_fields.hpp).
#include "loaders/edge_fields.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "engine/core/error.hpp"
#include "loaders/number_parse.hpp"
#include "loaders/text_lines.hpp"

namespace spgraph::detail {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

/// Skips the blanks around a field that are not the separator itself.
const char* skip_pad(const char* p, const char* e, char sep) {
  while (p < e && is_blank(*p) && *p != sep) ++p;
  return p;
}

bool is_integer_field(std::string_view f) {
  if (f.empty()) return false;
  return std::all_of(f.begin(), f.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_number_spec(std::string_view s) {
  return is_integer_field(s) && s.size() < 10;
}

/// True when `f` is written like a number, valid or not: a sign or a digit first ("-", "-1",
/// "1O", "0x10", "1e400"), a '.' before a digit, or a word parse_float reads (inf, nan). A
/// column name is none of these, so a first line with such an id or weight field is data.
bool looks_like_number(std::string_view f) {
  if (f.empty()) return false;
  const char c = f[0];
  if (c == '+' || c == '-' || (c >= '0' && c <= '9')) return true;
  if (c == '.' && f.size() > 1 && f[1] >= '0' && f[1] <= '9') return true;
  const char* p = f.data();
  double x = 0;
  const NumStatus s = parse_float(p, f.data() + f.size(), x);
  return s == NumStatus::Ok || s == NumStatus::Overflow;
}

/// The 0-based column `spec` names ("3" or a header name); throws when none matches.
int column_of(const std::string& file, std::uint64_t line, std::string_view flag,
              const std::string& spec, const std::vector<std::string_view>& header) {
  if (is_number_spec(spec)) {
    const int k = std::stoi(spec);
    if (k < 1) throw ParseError(file, line, std::string(flag) + " 0: columns count from 1");
    return k - 1;
  }
  for (std::size_t k = 0; k < header.size(); ++k)
    if (header[k] == spec) return int(k);
  std::string names;
  for (std::size_t k = 0; k < header.size() && k < 20; ++k)
    names += (k ? ", " : "") + std::string(header[k]);
  if (header.empty())
    throw ParseError(file, line,
                     std::string(flag) + " '" + printable(spec) +
                         "' names a column, but the file has no header line (use a column "
                         "number, or --header)");
  throw ParseError(file, line,
                   std::string(flag) + " '" + printable(spec) +
                       "' matches no column of the header; it has: " + printable(names));
}

}  // namespace

std::string split_fields(std::string_view line, char sep, std::vector<std::string_view>& fields,
                         std::deque<std::string>& owned) {
  fields.clear();
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.find('"') == std::string_view::npos) {
    // The common case: nothing quoted.
    const char* p = line.data();
    const char* e = p + line.size();
    if (sep == ' ') {
      for (;;) {
        while (p < e && is_blank(*p)) ++p;
        if (p == e) return {};
        const char* s = p;
        while (p < e && !is_blank(*p)) ++p;
        fields.emplace_back(s, std::size_t(p - s));
      }
    }
    if (p == e) return {};
    for (;;) {
      const void* hit = std::memchr(p, sep, std::size_t(e - p));
      const char* end = hit ? static_cast<const char*>(hit) : e;
      fields.push_back(trim(std::string_view(p, std::size_t(end - p))));
      if (!hit) return {};
      p = end + 1;
    }
  }
  const char* p = line.data();
  const char* e = p + line.size();
  if (sep == ' ') p = skip_blanks(p, e);
  while (p < e) {
    if (sep != ' ') p = skip_pad(p, e, sep);
    if (p < e && *p == '"') {
      const char* q = p + 1;
      bool escaped = false;
      for (;;) {
        if (q >= e)
          return "a quoted field is not closed on its line (fields that span lines are not "
                 "supported)";
        if (*q == '"') {
          if (q + 1 < e && q[1] == '"') {
            escaped = true;
            q += 2;
            continue;
          }
          break;
        }
        ++q;
      }
      std::string_view inner(p + 1, std::size_t(q - p - 1));
      if (escaped) {
        std::string s;
        s.reserve(inner.size());
        for (std::size_t k = 0; k < inner.size(); ++k) {
          s.push_back(inner[k]);
          if (inner[k] == '"') ++k;  // "" stands for one quote
        }
        owned.push_back(std::move(s));
        inner = owned.back();
      }
      fields.push_back(inner);
      p = sep == ' ' ? skip_blanks(q + 1, e) : skip_pad(q + 1, e, sep);
      if (p == e) return {};
      if (sep == ' ') continue;
      if (*p != sep) return "text after the closing quote of a quoted field";
      ++p;
      if (p == e) fields.emplace_back();  // a trailing separator ends with an empty field
      continue;
    }
    if (sep == ' ') {
      const char* s = p;
      while (p < e && !is_blank(*p)) ++p;
      fields.emplace_back(s, std::size_t(p - s));
      p = skip_blanks(p, e);
      continue;
    }
    const char* s = p;
    while (p < e && *p != sep) ++p;
    fields.push_back(trim(std::string_view(s, std::size_t(p - s))));
    if (p < e) {
      ++p;
      if (p == e) fields.emplace_back();
    }
  }
  return {};
}

char detect_separator(std::string_view line) {
  if (line.find('\t') != std::string_view::npos) return '\t';
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) return ',';
  }
  return ' ';
}

bool is_numeric_field(std::string_view f) {
  if (f.empty()) return false;
  const char* p = f.data();
  const char* e = p + f.size();
  double x = 0;
  return parse_float(p, e, x) == NumStatus::Ok && p == e;
}

std::size_t EdgeColumns::min_fields() const {
  int most = std::max(src, dst);
  if (weight != kNone) most = std::max(most, weight);
  if (type != kNone) most = std::max(most, type);
  return std::size_t(most) + 1;
}

EdgeColumns resolve_columns(const std::string& file, std::uint64_t header_line,
                            const std::vector<std::string_view>& header,
                            const LoadOptions& options) {
  EdgeColumns c;
  if (!options.src_column.empty())
    c.src = column_of(file, header_line, "--src", options.src_column, header);
  if (!options.dst_column.empty())
    c.dst = column_of(file, header_line, "--dst", options.dst_column, header);
  if (!options.weight_column.empty()) {
    c.weight = column_of(file, header_line, "--weight", options.weight_column, header);
    c.weight_auto = false;
  }
  if (!options.type_column.empty()) {
    c.type = column_of(file, header_line, "--type-column", options.type_column, header);
  } else if (!options.edge_types.empty()) {
    if (!header.empty()) {
      c.type = int(header.size()) - 1;
    } else {
      c.type_last = true;
    }
  }
  if (c.src == c.dst) throw ParseError(file, header_line, "--src and --dst name the same column");
  if (c.weight != EdgeColumns::kNone && (c.weight == c.src || c.weight == c.dst))
    throw ParseError(file, header_line, "--weight names the source or target column");
  return c;
}

bool looks_like_header(const std::vector<std::string_view>& first,
                       const std::vector<std::string_view>& second, const LoadOptions& options,
                       bool remap) {
  if (options.header == 0) return false;
  if (options.header == 1) return true;
  for (const std::string* spec :
       {&options.src_column, &options.dst_column, &options.weight_column, &options.type_column})
    if (!spec->empty() && !is_number_spec(*spec)) return true;
  if (first.size() < 2) return false;
  // A line whose ids or weight are written as numbers is data, even a malformed one ("1 2 1O",
  // "-1 2", "1.5 2"): it is reported at its line rather than eaten as a header.
  if (std::any_of(first.begin(), first.end(), looks_like_number)) return false;
  if (!remap && (!is_integer_field(first[0]) || !is_integer_field(first[1])) &&
      second.size() >= 2 && is_integer_field(second[0]) && is_integer_field(second[1]))
    return true;
  for (std::size_t k = 2; k < first.size() && k < second.size(); ++k)
    if (!is_numeric_field(first[k]) && is_numeric_field(second[k])) return true;
  static constexpr std::array<std::string_view, 18> kNames = {
      "source", "target", "src",  "dst",   "from", "to",        "u",         "v",   "node1",
      "node2",  "head",   "tail", "start", "end",  "source_id", "target_id", "id1", "id2"};
  auto named = [&](std::string_view f) {
    const std::string l = lower(f);
    return std::find(kNames.begin(), kNames.end(), l) != kNames.end();
  };
  return named(first[0]) && named(first[1]);
}

}  // namespace spgraph::detail
