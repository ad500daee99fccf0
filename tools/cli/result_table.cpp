// SPDX-License-Identifier: Apache-2.0
// Implementation of ResultTable (see result_table.hpp).
#include "tools/cli/result_table.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include "engine/core/error.hpp"
#include "loaders/writers.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

namespace {

/// The name's extension in lower case, looking past a final ".gz".
std::string table_extension(const std::string& path) {
  std::filesystem::path p(path);
  std::string ext = p.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".gz") ext = p.stem().extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

/// True when `s` is a number as JSON writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i > from;
  };
  if (i < s.size() && s[i] == '-') ++i;
  if (i < s.size() && s[i] == '0')
    ++i;
  else if (!digits())
    return false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == s.size();
}

bool is_non_finite(std::string_view s) {
  return s == "inf" || s == "-inf" || s == "nan" || s == "-nan" || s == "infinity" ||
         s == "-infinity";
}

}  // namespace

TableFormat table_format_for(const std::string& path) {
  const std::string ext = table_extension(path);
  if (ext == ".csv") return TableFormat::Csv;
  if (ext == ".json") return TableFormat::Json;
  return TableFormat::Tsv;
}

void refuse_unwritable_table(const std::string& path) {
  static constexpr std::array<std::string_view, 14> kUnwritable = {
      ".xlsx", ".xls",  ".ods", ".parquet", ".feather", ".arrow",  ".npy",
      ".npz",  ".hdf5", ".h5",  ".pkl",     ".pickle",  ".ndjson", ".jsonl"};
  const std::string ext = table_extension(path);
  for (std::string_view bad : kUnwritable)
    if (ext == bad)
      throw InvalidArgument("cannot write " + printable(path) + ": spgraph does not write " + ext +
                            " files; name the output .tsv, .txt, .csv or .json (a result " +
                            "table), or a graph format (.mtx, .bin, .graph, .el) where the " +
                            "command writes a graph");
}

ResultTable::ResultTable(const std::string& path, std::initializer_list<std::string_view> columns)
    : out_(path), format_(table_format_for(path)) {
  for (std::string_view c : columns) columns_.emplace_back(c);
  if (format_ == TableFormat::Json) {
    row_.push_back('[');
    return;
  }
  if (!csv()) row_.append("# ");  // appended: GCC 12 misreports operator= here (-Wrestrict)
  bool first = true;
  for (std::string_view c : columns) {
    if (!first) row_ += csv() ? ',' : ' ';
    row_ += c;
    first = false;
  }
  row_ += '\n';
}

void ResultTable::json_field(std::string_view text) {
  row_ += column_ == 0 ? (first_row_ ? "\n{" : ",\n{") : ", ";
  const std::string key =
      column_ < columns_.size() ? columns_[column_] : "column" + std::to_string(column_ + 1);
  row_ += json_string(key);
  row_ += ": ";
  if (is_json_number(text))
    row_ += text;
  else if (is_non_finite(text))
    row_ += "null";
  else
    row_ += json_string(std::string(text));
}

ResultTable& ResultTable::field(std::string_view text) {
  if (format_ == TableFormat::Json) {
    json_field(text);
  } else {
    if (column_ > 0) row_ += csv() ? ',' : '\t';
    if (csv())
      append_field(row_, text, ',');
    else
      row_ += text;
  }
  ++column_;
  return *this;
}

ResultTable& ResultTable::number(const char* format, double x) {
  char buf[64];
  const int k = std::snprintf(buf, sizeof buf, format, x);
  return field(std::string_view(buf, std::size_t(k)));
}

ResultTable& ResultTable::integer(long long x) {
  return field(std::to_string(x));
}

void ResultTable::end_row() {
  if (format_ == TableFormat::Json) {
    if (column_ == 0) row_ += first_row_ ? "\n{" : ",\n{";  // a row without fields: {}
    row_ += '}';
    first_row_ = false;
  } else {
    row_ += '\n';
  }
  column_ = 0;
  flush_if_big();
}

void ResultTable::flush_if_big() {
  if (row_.size() < (1u << 16)) return;
  out_.write(row_);
  row_.clear();
}

void ResultTable::commit() {
  if (format_ == TableFormat::Json) row_ += first_row_ ? "]\n" : "\n]\n";
  out_.write(row_);
  row_.clear();
  out_.commit();
}

}  // namespace spgraph::cli
