// SPDX-License-Identifier: Apache-2.0
// A dense reference for every engine operation, written from the GraphBLAS C API 2.0 text and
// independent of the kernels: positions are plain loops over n (or n × m) optional values.
//
// Semiring results are "candidate lists": for each position the list of values the result may
// take (empty = no entry). Deterministic semirings give exactly one candidate; the ANY monoid
// gives one per contributing term, since GraphBLAS lets ANY return any of them. The write-back
// (mask, accumulator, replace, §3.5.4) is applied to each candidate.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "engine/core/descriptor.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "engine/ops_write_back.hpp"
#include "engine/vector.hpp"

namespace spgraph::oracle {

/// A dense vector of optional values.
template <class T>
using DVec = std::vector<std::optional<T>>;

/// A dense row-major matrix of optional values.
template <class T>
struct DMat {
  Vertex nrows = 0;
  Vertex ncols = 0;
  std::vector<std::optional<T>> a;
  DMat(Vertex r, Vertex c) : nrows(r), ncols(c), a(std::size_t(r) * c) {}
  std::optional<T>& at(Vertex i, Vertex j) { return a[std::size_t(i) * ncols + j]; }
  const std::optional<T>& at(Vertex i, Vertex j) const { return a[std::size_t(i) * ncols + j]; }
};

/// Possible values per position; empty means "no entry".
template <class T>
using Candidates = std::vector<std::vector<T>>;

/// The dense copy of a vector (read with get(), one position at a time).
template <class T>
DVec<T> dense(const Vector<T>& v) {
  DVec<T> out(v.size());
  for (Vertex i = 0; i < v.size(); ++i) out[i] = v.get(i);
  return out;
}

/// The dense copy of a matrix (read with get(), one position at a time).
template <class T>
DMat<T> dense(const Matrix<T>& m) {
  DMat<T> out(m.nrows(), m.ncols());
  for (Vertex i = 0; i < m.nrows(); ++i)
    for (Vertex j = 0; j < m.ncols(); ++j) out.at(i, j) = m.get(i, j);
  return out;
}

/// The transpose of a dense matrix.
template <class T>
DMat<T> transposed(const DMat<T>& m) {
  DMat<T> out(m.ncols, m.nrows);
  for (Vertex i = 0; i < m.nrows; ++i)
    for (Vertex j = 0; j < m.ncols; ++j) out.at(j, i) = m.at(i, j);
  return out;
}

/// Single-candidate lists from optional values, cast to Z.
template <class Z, class T>
Candidates<Z> exact(const std::vector<std::optional<T>>& v) {
  Candidates<Z> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i]) out[i] = {static_cast<Z>(*v[i])};
  return out;
}

/// The mask as booleans per position: structural = present, valued = present and nonzero,
/// complemented if asked; no mask = all true, complemented no mask = all false.
template <class M>
std::vector<bool> mask_bits(const std::vector<std::optional<M>>* mask, std::size_t n,
                            const Descriptor& d) {
  std::vector<bool> bits(n);
  for (std::size_t i = 0; i < n; ++i) {
    bool b = true;
    if (mask) b = (*mask)[i].has_value() && (d.mask_structural || bool((*mask)[i].value()));
    bits[i] = d.mask_complement ? !b : b;
  }
  return bits;
}

/// C<M, replace> = accum(C, T) position by position over candidate lists (C API 2.0 §3.5.4).
template <class Accum, class TC, class Z>
Candidates<TC> write_back(const std::vector<std::optional<TC>>& c, const std::vector<bool>& mask,
                          bool replace, const Candidates<Z>& t) {
  Candidates<TC> out(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    // Z = accum ? union(C, T) with accum where both are present : T.
    std::vector<TC> z;
    if constexpr (std::is_same_v<Accum, NoAccum>) {
      for (Z x : t[i]) z.push_back(static_cast<TC>(x));
    } else if (c[i] && !t[i].empty()) {
      for (Z x : t[i]) z.push_back(static_cast<TC>(apply_binary<Accum>(*c[i], x)));
    } else if (c[i]) {
      z = {*c[i]};
    } else {
      for (Z x : t[i]) z.push_back(static_cast<TC>(x));
    }
    if (mask[i])
      out[i] = z;
    else if (!replace && c[i])
      out[i] = {*c[i]};
  }
  return out;
}

/// T = A ⊕.⊗ u (mxv: vector_first = false, mul(A(i,k), u(k), i, k, 0)) or u' ⊕.⊗ A
/// (vxm: vector_first = true, mul(u(k), A(k,j), 0, k, j)), as candidate lists.
template <class SR, class TA, class TU>
Candidates<typename SR::value_type> multiply(const DMat<TA>& a, const DVec<TU>& u,
                                             bool vector_first) {
  using V = typename SR::value_type;
  const Vertex n = vector_first ? a.ncols : a.nrows;
  const Vertex inner = vector_first ? a.nrows : a.ncols;
  Candidates<V> out(n);
  for (Vertex r = 0; r < n; ++r) {
    std::vector<V> terms;
    for (Vertex k = 0; k < inner; ++k) {
      const auto& ak = vector_first ? a.at(k, r) : a.at(r, k);
      if (!ak || !u[k]) continue;
      const V x = static_cast<V>(*u[k]), y = static_cast<V>(*ak);
      terms.push_back(vector_first ? SR::mul(x, y, 0, k, r) : SR::mul(y, x, r, k, 0));
    }
    if (terms.empty()) continue;
    if constexpr (SR::add_monoid::is_any) {
      out[r] = terms;
    } else {
      V s = terms[0];
      for (std::size_t p = 1; p < terms.size(); ++p) s = SR::add(s, terms[p]);
      out[r] = {s};
    }
  }
  return out;
}

/// T = A ⊕.⊗ B as candidate lists over the row-major positions of the nrows(A) × ncols(B)
/// result: T(i,j) folds mul(A(i,k), B(k,j), i, k, j) over the k where both are present.
template <class SR, class TA, class TB>
Candidates<typename SR::value_type> mxm(const DMat<TA>& a, const DMat<TB>& b) {
  using V = typename SR::value_type;
  Candidates<V> out(std::size_t(a.nrows) * b.ncols);
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Vertex j = 0; j < b.ncols; ++j) {
      std::vector<V> terms;
      for (Vertex k = 0; k < a.ncols; ++k)
        if (a.at(i, k) && b.at(k, j))
          terms.push_back(
              SR::mul(static_cast<V>(*a.at(i, k)), static_cast<V>(*b.at(k, j)), i, k, j));
      if (terms.empty()) continue;
      auto& slot = out[std::size_t(i) * b.ncols + j];
      if constexpr (SR::add_monoid::is_any) {
        slot = terms;
      } else {
        V s = terms[0];
        for (std::size_t p = 1; p < terms.size(); ++p) s = SR::add(s, terms[p]);
        slot = {s};
      }
    }
  return out;
}

/// Union (add) or intersection (mult) of two dense vectors or flattened matrices with Op.
template <class Op, class Z, class TA, class TB>
Candidates<Z> ewise(const std::vector<std::optional<TA>>& a,
                    const std::vector<std::optional<TB>>& b, bool is_union) {
  Candidates<Z> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] && b[i])
      out[i] = {static_cast<Z>(apply_binary<Op>(*a[i], *b[i]))};
    else if (is_union && a[i])
      out[i] = {static_cast<Z>(*a[i])};
    else if (is_union && b[i])
      out[i] = {static_cast<Z>(*b[i])};
  }
  return out;
}

/// Row reductions of a dense matrix with a monoid; empty rows give no entry.
template <class Monoid, class T>
Candidates<typename Monoid::value_type> reduce_rows(const DMat<T>& a) {
  using V = typename Monoid::value_type;
  Candidates<V> out(a.nrows);
  for (Vertex i = 0; i < a.nrows; ++i) {
    std::vector<V> terms;
    for (Vertex j = 0; j < a.ncols; ++j)
      if (a.at(i, j)) terms.push_back(static_cast<V>(*a.at(i, j)));
    if (terms.empty()) continue;
    if constexpr (Monoid::is_any) {
      out[i] = terms;
    } else {
      V s = terms[0];
      for (std::size_t p = 1; p < terms.size(); ++p) s = Monoid::add(s, terms[p]);
      out[i] = {s};
    }
  }
  return out;
}

/// f applied to every present value of a dense matrix.
template <class R, class T, class F>
Candidates<R> apply(const DMat<T>& a, F&& f) {
  Candidates<R> out(a.a.size());
  for (std::size_t p = 0; p < a.a.size(); ++p)
    if (a.a[p]) out[p] = {static_cast<R>(f(*a.a[p]))};
  return out;
}

/// The entries (i, j, x) of a dense matrix with pred(x, i, j, thunk) true.
template <class T, class Pred, class S>
Candidates<T> select(const DMat<T>& a, Pred&& pred, S thunk) {
  Candidates<T> out(a.a.size());
  for (Vertex i = 0; i < a.nrows; ++i)
    for (Vertex j = 0; j < a.ncols; ++j)
      if (a.at(i, j) && pred(*a.at(i, j), i, j, thunk))
        out[std::size_t(i) * a.ncols + j] = {*a.at(i, j)};
  return out;
}

}  // namespace spgraph::oracle
