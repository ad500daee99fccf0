// SPDX-License-Identifier: Apache-2.0
// Implementation of the Java properties reader (rules in properties_file.hpp).
#include "loaders/properties_file.hpp"

#include "engine/core/error.hpp"
#include "loaders/text_lines.hpp"

namespace spgraph {

namespace {

/// The blanks of a properties file: space, tab and form feed.
bool is_property_blank(char c) {
  return c == ' ' || c == '\t' || c == '\f';
}

std::string_view skip_leading_blanks(std::string_view s) {
  while (!s.empty() && is_property_blank(s.front())) s.remove_prefix(1);
  return s;
}

/// `line` without the '\r' of a CRLF ending.
std::string_view without_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

/// True when `s` ends in an odd number of backslashes (the line continues).
bool continues(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && s[s.size() - 1 - n] == '\\') ++n;
  return n % 2 == 1;
}

/// Appends code point `cp` (below 0x10000) as UTF-8.
void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

/// Decodes the escapes of `raw` (a key or a value); throws for a malformed \u escape.
std::string unescape(const std::string& name, std::uint64_t line, std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\') {
      out += raw[i];
      continue;
    }
    if (++i == raw.size()) break;  // a lone backslash at the end of the file
    const char c = raw[i];
    if (c == 't' || c == 'n' || c == 'r' || c == 'f') {
      out += c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : '\f';
    } else if (c == 'u') {
      unsigned cp = 0;
      for (int k = 0; k < 4; ++k) {
        const char h = i + 1 < raw.size() ? raw[++i] : '\0';
        const int d = h >= '0' && h <= '9'   ? h - '0'
                      : h >= 'a' && h <= 'f' ? h - 'a' + 10
                      : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                             : -1;
        if (d < 0)
          throw ParseError(name, line, "malformed \\uXXXX escape: \\u takes four hex digits");
        cp = cp * 16 + unsigned(d);
      }
      append_utf8(out, cp);
    } else {
      out += c;
    }
  }
  return out;
}

/// Splits a logical line into its raw key and raw value (escapes not yet decoded).
std::pair<std::string_view, std::string_view> split_entry(std::string_view s) {
  std::size_t k = 0;
  while (k < s.size() && s[k] != '=' && s[k] != ':' && !is_property_blank(s[k]))
    k += s[k] == '\\' && k + 1 < s.size() ? 2 : 1;
  const std::string_view key = s.substr(0, std::min(k, s.size()));
  std::string_view rest = skip_leading_blanks(s.substr(std::min(k, s.size())));
  if (!rest.empty() && (rest.front() == '=' || rest.front() == ':'))
    rest = skip_leading_blanks(rest.substr(1));
  // Trailing blanks go, unless escaped ("\ ").
  while (!rest.empty() && is_property_blank(rest.back()) &&
         !continues(rest.substr(0, rest.size() - 1)))
    rest.remove_suffix(1);
  return {key, rest};
}

}  // namespace

PropertiesFile PropertiesFile::parse(const std::string& name, std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  PropertiesFile out;
  out.name_ = name;
  detail::LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    const std::uint64_t first = cur.line_no();
    const std::string_view head = skip_leading_blanks(without_cr(line));
    if (head.empty() || head.front() == '#' || head.front() == '!') continue;
    std::string logical(head);
    while (continues(logical)) {
      logical.pop_back();
      if (!cur.next(line)) break;
      logical += skip_leading_blanks(without_cr(line));
    }
    const auto [raw_key, raw_value] = split_entry(logical);
    PropertyEntry e{unescape(name, first, raw_key), unescape(name, first, raw_value), first};
    if (e.key.empty()) throw ParseError(name, first, "empty key: a line must read 'key = value'");
    if (e.key == "include")
      throw ParseError(name, first,
                       "'include' is not supported: give the .properties file of the graph "
                       "itself (graph.NAME.* keys), not a file that includes it");
    if (const PropertyEntry* before = out.find(e.key))
      throw ParseError(name, first,
                       "key " + detail::quote(e.key) + " is given twice (first on line " +
                           std::to_string(before->line) + ")");
    out.index_.emplace(e.key, out.entries_.size());
    out.entries_.push_back(std::move(e));
  }
  return out;
}

const PropertyEntry* PropertiesFile::find(std::string_view key) const {
  const auto it = index_.find(std::string(key));
  return it == index_.end() ? nullptr : &entries_[it->second];
}

std::vector<std::string> split_property_list(std::string_view value) {
  std::vector<std::string> items;
  while (true) {
    const std::size_t comma = value.find(',');
    std::string_view item = value.substr(0, comma);
    while (!item.empty() && is_property_blank(item.front())) item.remove_prefix(1);
    while (!item.empty() && is_property_blank(item.back())) item.remove_suffix(1);
    if (!item.empty()) items.emplace_back(item);
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
  return items;
}

}  // namespace spgraph
