// SPDX-License-Identifier: Apache-2.0
// Fields of a tabular edge list (CSV, TSV, whitespace): splitting a line into fields with RFC
// 4180 quoting ("a ""quoted"" name", separators inside quotes), detecting the separator and
// the header line, and resolving the columns the user names (--src, --dst, --weight,
// --type-column: a 1-based number or a header name). Used by the edge list reader's table path
// (edge_list.cpp); each function is O(line length).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "loaders/load_options.hpp"

namespace spgraph::detail {

/// Splits `line` into `fields` separated by `sep` (',' or '\t': exactly one separator between
/// fields, blanks around a field trimmed; ' ': any run of blanks). A field that starts with a
/// quote runs to the closing quote, a doubled quote inside standing for one; unescaped copies
/// go to `owned` (whose strings stay put). Returns an error message, empty when the line is fine.
std::string split_fields(std::string_view line, char sep, std::vector<std::string_view>& fields,
                         std::deque<std::string>& owned);

/// The separator of a file whose first data line is `line`: tab if it holds one, else a comma
/// if it holds one outside quotes, else blanks (' ').
char detect_separator(std::string_view line);

/// True when `field` is a decimal integer or a real number (what an id or weight column holds).
bool is_numeric_field(std::string_view field);

/// Column positions (0-based) of a table; kNone when absent.
struct EdgeColumns {
  static constexpr int kNone = -1;
  int src = 0, dst = 1;
  int weight = kNone;       ///< fixed weight column, or kNone
  bool weight_auto = true;  ///< no --weight given: the third column when a line has one
  int type = kNone;         ///< the type column edge_types filters on, or kNone
  bool type_last = false;   ///< the type column is each line's last field
  /// Fewest fields a data line must have.
  std::size_t min_fields() const;
};

/// Resolves the columns named in `options` against `header` (empty when the file has none).
/// Throws ParseError(file, header_line, ...) naming the column spec that matches nothing.
EdgeColumns resolve_columns(const std::string& file, std::uint64_t header_line,
                            const std::vector<std::string_view>& header,
                            const LoadOptions& options);

/// Whether the first data line `first` (split) is a header, given the next data line `second`
/// (empty if none) and the options: LoadOptions::header when 0 or 1; else yes when a column is
/// named by a non-number; else never when a field of `first` is written like a number (a sign
/// or digit first, inf, nan: such a line is data, reported at its line if malformed); else when
/// both ids are non-numeric on `first` but integers on `second` (without `remap`), when a later
/// field is non-numeric on `first` but numeric on `second` (a weight column's name), or when the
/// source and target fields are usual column names (source, target, src, dst, from, to, u, v,
/// node1, node2, ...).
bool looks_like_header(const std::vector<std::string_view>& first,
                       const std::vector<std::string_view>& second, const LoadOptions& options,
                       bool remap);

}  // namespace spgraph::detail
