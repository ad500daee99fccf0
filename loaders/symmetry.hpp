// SPDX-License-Identifier: Apache-2.0
// Symmetry of a loaded matrix, as the readers and writers need it: finding the first entry
// whose mirror is missing or holds another value (a METIS file, a binary file whose symmetric
// flag makes a claim, a writer asked to write "symmetric"), and making a matrix symmetric for
// --undirected (A + A', the entry of A kept where both hold one).
// is_symmetric: one sequential pass, O(nnz / threads): the multiset of entries (i, j, v) must
// equal the multiset of (j, i, v), compared by the sum of a keyed 64-bit mix of each (the key
// is drawn per process, so a crafted file cannot aim at a collision; an accidental one has
// probability 2^-64). first_asymmetry, for the message once a check failed: one binary search
// per entry, O(nnz log d / threads). symmetrize: O(nnz) tuples and one build.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>
#include <utility>

#include "engine/any_matrix.hpp"

namespace spgraph {

namespace detail {

/// A keyed 64-bit mix of an entry (i < j, its value's bits): two multiply-xorshift rounds.
inline std::uint64_t entry_hash(std::uint64_t key, std::uint64_t i, std::uint64_t j,
                                std::uint64_t value_bits) {
  std::uint64_t z = (key ^ (i << 32 | j)) + value_bits * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 32)) * 0xd6e8feb86659fd93ull;
  z = (z ^ (z >> 32)) * 0xd6e8feb86659fd93ull;
  return z ^ (z >> 32);
}

/// The per-process key of entry_hash.
std::uint64_t symmetry_hash_key();

template <class T>
std::uint64_t value_bits(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1 : 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    const double d = v == 0 ? 0.0 : double(v);  // -0 and +0 are equal values
    std::uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
  } else {
    return std::uint64_t(std::int64_t(v));
  }
}

}  // namespace detail

/// True when a square `a` equals its transpose (values too when `values`); see the header.
/// Each off-diagonal entry is hashed once, as its (min, max) orientation: the entries above the
/// diagonal and those below must then hash to the same sum.
template <class T>
bool is_symmetric(const Csr<T>& a, bool values) {
  if (a.nrows != a.ncols) return false;
  const std::uint64_t key = detail::symmetry_hash_key();
  const bool use_values = values && !a.pattern;
  std::uint64_t upper = 0, lower = 0, upper_count = 0, lower_count = 0;
#pragma omp parallel for schedule(dynamic, 4096) \
    reduction(+ : upper, lower, upper_count, lower_count)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    const std::uint64_t i = std::uint64_t(r);
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      const std::uint64_t j = a.col[k];
      if (j == i) continue;
      const std::uint64_t v = use_values ? detail::value_bits<T>(a.value(k)) : 0;
      if (i < j) {
        upper += detail::entry_hash(key, i, j, v);
        ++upper_count;
      } else {
        lower += detail::entry_hash(key, j, i, v);
        ++lower_count;
      }
    }
  }
  return upper == lower && upper_count == lower_count;
}

/// The first (row-major) entry (i, j) of a square `a` with no (j, i), or with a different value
/// there when `values`; nullopt when `a` equals its transpose. Rows must be sorted.
template <class T>
std::optional<std::pair<Vertex, Vertex>> first_asymmetry(const Csr<T>& a, bool values) {
  if (a.nrows != a.ncols) return std::pair<Vertex, Vertex>{0, 0};
  std::uint64_t first = UINT64_MAX;  // i << 32 | j of the first asymmetric entry
#pragma omp parallel for schedule(dynamic, 1024) reduction(min : first)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r) {
    const Vertex i = Vertex(r);
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      const Vertex j = a.col[k];
      const auto b = a.col.begin() + std::ptrdiff_t(a.row_ptr[j]);
      const auto e = a.col.begin() + std::ptrdiff_t(a.row_ptr[j + 1]);
      const auto it = std::lower_bound(b, e, i);
      bool ok = it != e && *it == i;
      if (ok && values && !a.pattern) ok = a.value(k) == a.value(Offset(it - a.col.begin()));
      if (!ok) {
        first = std::min(first, std::uint64_t(i) << 32 | j);
        break;
      }
    }
  }
  if (first == UINT64_MAX) return std::nullopt;
  return std::pair<Vertex, Vertex>{Vertex(first >> 32), Vertex(first & 0xffffffffu)};
}

/// A + A' for a square matrix: every arc in both directions; where both (i, j) and (j, i) are
/// stored, each keeps its own value. Throws InvalidArgument for a non-square matrix.
template <class T>
Matrix<T> symmetrize(const Matrix<T>& m) {
  const Csr<T>& a = m.csr();
  if (a.nrows != a.ncols)
    throw InvalidArgument("an undirected graph needs a square matrix, not " +
                          std::to_string(a.nrows) + " x " + std::to_string(a.ncols));
  Coo<T> coo;
  coo.nrows = coo.ncols = a.nrows;
  coo.pattern = a.pattern;
  const Offset nnz = a.nnz();
  coo.row.resize(2 * nnz);
  coo.col.resize(2 * nnz);
  if (!a.pattern) coo.val.resize(2 * nnz);
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Offset k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      coo.row[k] = i;
      coo.col[k] = a.col[k];
      coo.row[nnz + k] = a.col[k];
      coo.col[nnz + k] = i;
      if (!a.pattern) coo.val[k] = coo.val[nnz + k] = a.val[k];
    }
  // The first copy of a repeated (i, j) is A's own entry: FirstOp keeps it.
  return Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), DuplicatePolicy::Combine);
}

}  // namespace spgraph
