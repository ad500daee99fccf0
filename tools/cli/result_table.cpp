// SPDX-License-Identifier: Apache-2.0
// Implementation of ResultTable (see result_table.hpp).
#include "tools/cli/result_table.hpp"

#include <cstdio>
#include <filesystem>

#include "loaders/writers.hpp"

namespace spgraph::cli {

namespace {
bool is_csv_name(const std::string& path) {
  std::filesystem::path p(path);
  std::string ext = p.extension().string();
  if (ext == ".gz") ext = p.stem().extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".csv";
}
}  // namespace

ResultTable::ResultTable(const std::string& path, std::initializer_list<std::string_view> columns)
    : out_(path), sep_(is_csv_name(path) ? ',' : '\t') {
  if (!csv()) row_ = "# ";
  bool first = true;
  for (std::string_view c : columns) {
    if (!first) row_ += csv() ? ',' : ' ';
    row_ += c;
    first = false;
  }
  row_ += '\n';
}

ResultTable& ResultTable::field(std::string_view text) {
  if (!first_) row_ += sep_;
  first_ = false;
  if (csv())
    append_field(row_, text, sep_);
  else
    row_ += text;
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
  row_ += '\n';
  first_ = true;
  flush_if_big();
}

void ResultTable::flush_if_big() {
  if (row_.size() < (1u << 16)) return;
  out_.write(row_);
  row_.clear();
}

void ResultTable::commit() {
  out_.write(row_);
  row_.clear();
  out_.commit();
}

}  // namespace spgraph::cli
