// SPDX-License-Identifier: Apache-2.0
// PropertiesFile: a Java properties file (the syntax of java.util.Properties.load, as Apache
// Commons Configuration reads it for LDBC Graphalytics' dataset descriptions) as key -> value
// entries with their lines. The rules:
//   - a line whose first non-blank character is '#' or '!' is a comment; blank lines are skipped;
//   - a line ending in an odd number of backslashes continues on the next line (whose leading
//     blanks are dropped);
//   - the key runs to the first unescaped '=', ':' or blank; blanks, then one '=' or ':', then
//     blanks separate it from the value; the value's trailing blanks are dropped (Commons
//     Configuration trims values);
//   - escapes: \t \n \r \f, \uXXXX (written as UTF-8), and a backslash before any other
//     character stands for that character ("\=", "\:", "\ ", "\\").
// Stricter than Java where leniency would change a meaning silently: a key given twice is an
// error (Java keeps the last, Commons Configuration makes a list), so is a malformed \u escape,
// and so is Commons Configuration's `include` (this reader reads one file).
// One pass over the text: O(bytes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace spgraph {

/// One key = value entry and the 1-based line where its logical line starts.
struct PropertyEntry {
  std::string key, value;
  std::uint64_t line = 0;
};

class PropertiesFile {
 public:
  /// Parses `text` (already uncompressed; a UTF-8 byte order mark is skipped); `name` is used
  /// in errors. Throws ParseError(name, line, ...) for a repeated key, a bad escape, an empty
  /// key or an `include`.
  static PropertiesFile parse(const std::string& name, std::string_view text);

  /// The name given to parse() (the file's path).
  const std::string& name() const { return name_; }
  /// The entry of `key`, or null.
  const PropertyEntry* find(std::string_view key) const;
  /// Every entry in file order.
  const std::vector<PropertyEntry>& entries() const { return entries_; }

 private:
  std::string name_;
  std::vector<PropertyEntry> entries_;
  std::unordered_map<std::string, std::size_t> index_;
};

/// The items of a list value, split on commas (Commons Configuration's list delimiter) with
/// blanks trimmed and empty items dropped: "bfs, cdlp ,pr" -> {"bfs", "cdlp", "pr"}.
std::vector<std::string> split_property_list(std::string_view value);

}  // namespace spgraph
