// SPDX-License-Identifier: Apache-2.0
// ResultTable: the rows of a command's result file (BFS levels, component labels, ranks,
// distances, per-vertex triangles, kNN answers), written atomically through OutputFile. The
// format follows the name's extension (before a ".gz"):
//   .csv   CSV: comma-separated, a header row of column names, fields quoted as RFC 4180 says
//          when they need it (vertex names may hold commas or quotes);
//   .json  JSON: an array with one object per row, {"column": value, ...}; each field's JSON
//          type comes from how it was appended, never from its text: field() is a string,
//          integer() and number() are numbers (null where not finite), vertex() is a number
//          for integer ids and a string for string ids (a name such as "1e3" or "007" stays
//          the string it is);
//   other  TSV: a "# col col" comment line, then tab-separated rows (.tsv, .txt, no extension).
// Names of table formats spgraph cannot write (.xlsx, .parquet, ...) are refused up front by
// refuse_unwritable_table (cli_common's check_output_path calls it for every output).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "loaders/output_file.hpp"
#include "tools/cli/cli_common.hpp"

namespace spgraph::cli {

/// The layout of a result file, from its name.
enum class TableFormat { Tsv, Csv, Json };
TableFormat table_format_for(const std::string& path);
/// Throws InvalidArgument when `path` names a table format spgraph does not write (.xlsx,
/// .parquet, .feather, .npy, ...), so that no command writes TSV under such a name.
void refuse_unwritable_table(const std::string& path);

class ResultTable {
 public:
  /// Opens `path` (written only at commit) and writes the header naming `columns`.
  ResultTable(const std::string& path, std::initializer_list<std::string_view> columns);
  /// True when the file is CSV.
  bool csv() const { return format_ == TableFormat::Csv; }
  TableFormat format() const { return format_; }
  /// Appends one text field to the current row (quoted in CSV when needed; a JSON string).
  ResultTable& field(std::string_view text);
  /// Appends a field printed by printf `format` from `x` (a JSON number; null when `x` is
  /// infinite or NaN, printed "inf"/"nan" in TSV and CSV).
  ResultTable& number(const char* format, double x);
  /// Appends an integer field (a JSON number).
  ResultTable& integer(long long x);
  /// Appends dense vertex `v` by the file's id: a JSON number for integer ids, a JSON string
  /// for string ids (IdSpace::named).
  ResultTable& vertex(const IdSpace& ids, Vertex v);
  /// Appends "no vertex" (an unreached vertex's parent): -1 for integer ids and an empty field
  /// for string ids (where "-1" could be a name); JSON null for string ids.
  ResultTable& no_vertex(const IdSpace& ids);
  /// Ends the current row.
  void end_row();
  /// Makes the file appear, complete (loaders/output_file.hpp).
  void commit();

 private:
  void flush_if_big();
  /// Appends `text` as a TSV/CSV field, or `json` (already JSON) under the column's key.
  ResultTable& append(std::string_view text, std::string_view json);
  OutputFile out_;
  TableFormat format_;
  std::vector<std::string> columns_;
  std::size_t column_ = 0;  ///< the next field's column in the current row
  bool first_row_ = true;
  std::string row_;
};

}  // namespace spgraph::cli
