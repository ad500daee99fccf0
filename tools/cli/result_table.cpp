// SPDX-License-Identifier: Apache-2.0
// Implementation of ResultTable (see result_table.hpp).
#include "tools/cli/result_table.hpp"

#include <array>
#include <cctype>
#include <cmath>
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

ResultTable& ResultTable::append(std::string_view text, std::string_view json) {
  if (format_ == TableFormat::Json) {
    row_ += column_ == 0 ? (first_row_ ? "\n{" : ",\n{") : ", ";
    const std::string key =
        column_ < columns_.size() ? columns_[column_] : "column" + std::to_string(column_ + 1);
    row_ += json_string(key);
    row_ += ": ";
    row_ += json;
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

ResultTable& ResultTable::field(std::string_view text) {
  if (format_ != TableFormat::Json) return append(text, {});
  return append(text, json_string(std::string(text)));
}

ResultTable& ResultTable::number(const char* format, double x) {
  char buf[64];
  const int k = std::snprintf(buf, sizeof buf, format, x);
  const std::string_view text(buf, std::size_t(k));
  return append(text, std::isfinite(x) ? text : std::string_view("null"));
}

ResultTable& ResultTable::integer(long long x) {
  const std::string text = std::to_string(x);
  return append(text, text);
}

ResultTable& ResultTable::vertex(const IdSpace& ids, Vertex v) {
  if (ids.named()) return field(ids.name(v));
  const std::string text = ids.name(v);
  return append(text, text);
}

ResultTable& ResultTable::no_vertex(const IdSpace& ids) {
  return ids.named() ? append({}, "null") : integer(-1);
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
