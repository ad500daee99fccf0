// SPDX-License-Identifier: Apache-2.0
// ResultTable: the rows of a command's result file (BFS levels, component labels, ranks,
// distances, per-vertex triangles, kNN answers), written atomically through OutputFile. A name
// ending in .csv (or .csv.gz) gives CSV: comma-separated, a header row of column names, fields
// quoted as RFC 4180 says when they need it (vertex names may hold commas or quotes). Any other
// name gives TSV: a "# col col" comment line, then tab-separated rows.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "loaders/output_file.hpp"

namespace spgraph::cli {

class ResultTable {
 public:
  /// Opens `path` (written only at commit) and writes the header naming `columns`.
  ResultTable(const std::string& path, std::initializer_list<std::string_view> columns);
  /// True when the file is CSV.
  bool csv() const { return sep_ == ','; }
  /// Appends one field to the current row (quoted in CSV when needed).
  ResultTable& field(std::string_view text);
  /// Appends a field printed by printf `format` from `x`.
  ResultTable& number(const char* format, double x);
  ResultTable& integer(long long x);
  /// Ends the current row.
  void end_row();
  /// Makes the file appear, complete (loaders/output_file.hpp).
  void commit();

 private:
  void flush_if_big();
  OutputFile out_;
  char sep_;
  bool first_ = true;
  std::string row_;
};

}  // namespace spgraph::cli
