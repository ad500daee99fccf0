// SPDX-License-Identifier: Apache-2.0
// Pieces shared by `spgraph spmv` and `spgraph compare spmv`: the value types and flags they
// accept, the deterministic input vector, the CSR / CSR5 choice made (and timed) before the
// timed calls, and the byte count behind "effective GB/s" (Liu & Vinter ICS'15 §5: row_ptr,
// column indices, values, and one x and one y access per entry and row).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/any_matrix.hpp"
#include "engine/spmv_dense.hpp"

namespace spgraph::cli {

/// --semiring NAME and --type double|int64.
void add_spmv_semiring_flags(CLI::App* cmd, std::string& semiring, std::string& type);
/// --spmv auto|csr|csr5.
void add_spmv_format_flag(CLI::App* cmd, std::string& format);
SpmvFormat parse_spmv_format(const std::string& name);
/// The exact_type the loader checks values against for --type.
ValueType exact_type_of(const std::string& type);

/// Calls f(T{}) with T the C++ type named by --type (double or std::int64_t).
template <class F>
void dispatch_value_type(const std::string& type, F&& f) {
  if (type == "int64")
    f(std::int64_t{});
  else
    f(double{});
}

/// The loaded matrix as Matrix<T>: itself when the file loaded as T, else a converted copy
/// kept in `holder`.
template <class T>
const Matrix<T>& matrix_of_type(const AnyMatrix& m, std::optional<Matrix<T>>& holder) {
  if (const Matrix<T>* same = std::get_if<Matrix<T>>(&m)) return *same;
  holder.emplace(matrix_cast<T>(m));
  return *holder;
}

/// x: a fixed pseudo-random dense vector (values 1..8 for integers, [0.5, 1.5) for reals), so
/// that a wrong column index changes the answer, unlike an all-ones x.
template <class T>
std::vector<T> spmv_input(Vertex n) {
  std::vector<T> x(n);
  std::uint64_t s = 0x9E3779B97F4A7C15ull;
  for (Vertex i = 0; i < n; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    if constexpr (std::is_floating_point_v<T>)
      x[i] = T(0.5) + T(double(s >> 11) * 0x1.0p-53);
    else
      x[i] = T(1 + (s >> 61));
  }
  return x;
}

/// The storage the timed calls use, why, and the one-off cost of building it.
struct SpmvSetup {
  SpmvFormat format = SpmvFormat::Csr;
  std::string rule;            ///< the rule's reason (or "asked for")
  double convert_seconds = 0;  ///< building the CSR5 view (0 for CSR)
};

/// Resolves `asked` for A (not transposed) and builds the CSR5 view when chosen, timing it.
template <class T>
SpmvSetup prepare_spmv(const Matrix<T>& a, SpmvFormat asked) {
  SpmvSetup s;
  const SpmvChoice c = choose_spmv_format(a, false, asked);
  s.format = c.format;
  s.rule = c.reason;
  if (s.format == SpmvFormat::Csr5) {
    const auto t0 = std::chrono::steady_clock::now();
    a.csr5(false);
    s.convert_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  return s;
}

/// Bytes one SpMV moves by the papers' count, with 8-byte row offsets and 4-byte columns.
template <class T>
std::uint64_t spmv_bytes(const Matrix<T>& a, std::size_t value_bytes) {
  const std::uint64_t m = a.nrows(), nnz = a.nvals();
  return (m + 1) * sizeof(Offset) + nnz * sizeof(Vertex) +
         (a.is_pattern() ? 0 : nnz * value_bytes) + (nnz + m) * value_bytes;
}

/// Σ y as a double (a printable fingerprint of the result).
template <class T>
double spmv_checksum(const std::vector<T>& y) {
  double s = 0;
  for (const T v : y) s += double(v);
  return s;
}

}  // namespace spgraph::cli
