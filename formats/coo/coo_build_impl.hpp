// SPDX-License-Identifier: Apache-2.0
// Implementation of build_csr() for formats/coo/coo.hpp (see the phases listed there).
#pragma once

#include <omp.h>

#include <algorithm>
#include <string>
#include <utility>

#include "engine/core/error.hpp"
#include "formats/coo/coo.hpp"
#include "formats/csr/counting_sort.hpp"

namespace spgraph {

namespace detail {

template <class T>
[[noreturn]] void throw_duplicate(Vertex i, Vertex j) {
  throw InvalidArgument("duplicate entry (" + std::to_string(i) + ", " + std::to_string(j) +
                        ") and duplicates are rejected");
}

}  // namespace detail

template <class T, class DupOp>
Csr<T> build_csr(Coo<T>&& coo, DuplicatePolicy policy) {
  const Offset n = coo.size();
  const bool pattern = coo.pattern;
  if (coo.col.size() != n || (!pattern && coo.val.size() != n))
    throw InvalidArgument("build: row, column and value arrays differ in length");
  if (policy != DuplicatePolicy::Combine && policy != DuplicatePolicy::Reject) {
    std::string msg = "build: duplicates '";
    msg += duplicate_policy_name(policy);
    msg += "' do not apply to CSR, which takes 'combine' or 'reject'";
    throw InvalidArgument(msg);
  }
  Csr<T> out = Csr<T>::empty(coo.nrows, coo.ncols, pattern);
  const int nthreads = n < 200000 ? 1 : omp_get_max_threads();
  const std::size_t nr = coo.nrows;

  // Phase 1: validate indices.
  Offset bad = n;
#pragma omp parallel for num_threads(nthreads) reduction(min : bad)
  for (Offset k = 0; k < n; ++k)
    if (coo.row[k] >= coo.nrows || coo.col[k] >= coo.ncols) bad = std::min(bad, k);
  if (bad != n)
    throw IndexOutOfBounds("build: entry (" + std::to_string(coo.row[bad]) + ", " +
                           std::to_string(coo.col[bad]) + ") lies outside a " +
                           std::to_string(coo.nrows) + " x " + std::to_string(coo.ncols) +
                           " matrix");

  // Phase 2: stable counting sort by row, the tuples cut into equal parts in input order.
  std::vector<Vertex> col(n);
  std::vector<stored_value_t<T>> val(pattern ? 0 : n);
  std::vector<Offset> part(std::size_t(nthreads) + 1);
  for (int p = 0; p <= nthreads; ++p) part[p] = n * Offset(p) / Offset(nthreads);
  detail::stable_counting_sort(
      part, nr, [&](Offset k) { return coo.row[k]; }, out.row_ptr.data(),
      [&](int p, Offset* next) {
        for (Offset k = part[p]; k < part[p + 1]; ++k) {
          const Offset dst = next[coo.row[k]]++;
          col[dst] = coo.col[k];
          if (!pattern) val[dst] = coo.val[k];
        }
      });
  coo.row = {};
  coo.col = {};
  coo.val = {};

  // Phases 3 and 4: sort each row by column and fold duplicates in place; keep[i] = new length.
  std::vector<Offset> keep(nr + 1, 0);
  bool duplicate_seen = false;
  Vertex dup_row = 0, dup_col = 0;
#pragma omp parallel num_threads(nthreads)
  {
    std::vector<std::pair<Vertex, T>> scratch;
#pragma omp for schedule(dynamic, 1024)
    for (std::size_t i = 0; i < nr; ++i) {
      const Offset b = out.row_ptr[i], e = out.row_ptr[i + 1];
      if (e - b > 1) {
        if (pattern) {
          if (!std::is_sorted(col.begin() + b, col.begin() + e))
            std::sort(col.begin() + b, col.begin() + e);
        } else if (!std::is_sorted(col.begin() + b, col.begin() + e)) {
          scratch.clear();
          for (Offset k = b; k < e; ++k) scratch.emplace_back(col[k], val[k]);
          std::stable_sort(scratch.begin(), scratch.end(),
                           [](const auto& x, const auto& y) { return x.first < y.first; });
          for (Offset k = b; k < e; ++k) {
            col[k] = scratch[k - b].first;
            val[k] = scratch[k - b].second;
          }
        }
      }
      Offset w = b;
      for (Offset k = b; k < e; ++k) {
        if (w > b && col[w - 1] == col[k]) {
          if (policy == DuplicatePolicy::Reject) {
#pragma omp critical(spgraph_build_dup)
            if (!duplicate_seen) {
              duplicate_seen = true;
              dup_row = Vertex(i);
              dup_col = col[k];
            }
            break;
          }
          if (!pattern) val[w - 1] = DupOp::apply(val[w - 1], val[k]);
        } else {
          col[w] = col[k];
          if (!pattern) val[w] = val[k];
          ++w;
        }
      }
      keep[i] = w - b;
    }
  }
  if (duplicate_seen) detail::throw_duplicate<T>(dup_row, dup_col);

  // Phase 5: compact rows that shrank.
  std::vector<Offset> new_ptr(nr + 1, 0);
  for (std::size_t i = 0; i < nr; ++i) new_ptr[i + 1] = new_ptr[i] + keep[i];
  if (new_ptr[nr] == n) {
    out.col = std::move(col);
    out.val = std::move(val);
    return out;
  }
  out.col.resize(new_ptr[nr]);
  if (!pattern) out.val.resize(new_ptr[nr]);
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 1024)
  for (std::size_t i = 0; i < nr; ++i) {
    std::copy_n(col.begin() + out.row_ptr[i], keep[i], out.col.begin() + new_ptr[i]);
    if (!pattern) std::copy_n(val.begin() + out.row_ptr[i], keep[i], out.val.begin() + new_ptr[i]);
  }
  out.row_ptr = std::move(new_ptr);
  return out;
}

}  // namespace spgraph
