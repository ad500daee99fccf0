// SPDX-License-Identifier: Apache-2.0
// Flags and names shared by `spgraph spmv` and `spgraph compare spmv` (spmv_common.hpp).
#include "tools/cli/spmv_common.hpp"

#include "engine/semiring_registry.hpp"

namespace spgraph::cli {

void add_spmv_semiring_flags(CLI::App* cmd, std::string& semiring, std::string& type) {
  std::string names;
  for (const std::string& n : semiring_names()) {
    if (!names.empty()) names += ", ";
    names += n;
  }
  cmd->add_option("--semiring", semiring, "Semiring (default plus_times): " + names);
  cmd->add_option("--type", type, "Value type: double (default) or int64")
      ->check(CLI::IsMember({"double", "int64"}));
}

void add_spmv_format_flag(CLI::App* cmd, std::string& format) {
  cmd->add_option("--spmv", format,
                  "Storage the SpMV reads: auto (the measured rule, default), csr or csr5")
      ->check(CLI::IsMember({"auto", "csr", "csr5"}));
}

SpmvFormat parse_spmv_format(const std::string& name) {
  if (name == "csr") return SpmvFormat::Csr;
  if (name == "csr5") return SpmvFormat::Csr5;
  return SpmvFormat::Auto;
}

ValueType exact_type_of(const std::string& type) {
  return type == "int64" ? ValueType::Int64 : ValueType::Double;
}

}  // namespace spgraph::cli
