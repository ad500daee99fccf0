// SPDX-License-Identifier: Apache-2.0
// Dense-vector SpMV on CSR5 over any semiring (Liu & Vinter, "CSR5", ICS'15 §4, Alg. 8; W. Liu's
// thesis §8.5.1; in semiring form, with the reference code's calibrator in place of atomic adds):
// y[r] = ⊕_k A(r,k) ⊗ x[k] for every row, rows without entries getting the monoid identity, as
// csr_spmv_dense (formats/csr/spmv_dense_cpu.hpp) computes it. Multiplies keep the GraphBLAS
// positions: mul(A(r,k), x[k], r, k, 0), A(r,k) reading as 1 in pattern matrices.
//
// Schedule: y is set to the identity, then each thread takes one contiguous range of complete
// tiles (thread count read at call time, ranges computed per call, so a view built under one
// thread count is used correctly under another); rows crossing tiles merge through the carry of
// csr5_spmv_common.hpp (one cache-line-padded calibrator per thread, reset every call, merged
// serially afterwards; no atomics). The tail (entries after the last complete tile) is reduced
// row by row as in CSR, its first row with ⊕= since it may continue the last tile's row.
// Inputs below kMinParallelWork (rows + entries) run on one thread.
//
// Kernels: the generic one (any semiring, any ω) walks each tile's entries in CSR order and
// closes a segment at each flag, so every entry's row is known (positional multiplies work).
// Vector kernels (AVX-512 with ω = 8, AVX2 with ω = 4) run the lane algorithm for + and min over
// double (csr5_simd_prod: plus_times, plus_second, min_plus, min_second; valued double or
// pattern matrices) and are chosen at run time.
// ANY monoids: each non-empty row takes its first entry's term (csr5_spmv_any).
// Accuracy: integer, boolean, min and max results are bitwise those of csr_spmv_dense. Sums of
// doubles differ only by association order (and by fused multiply-adds in the vector kernels):
// |y_csr5 - y_csr| <= 1e-12 · ℓ · Σ_k |A(r,k) x[k]| for a row of ℓ entries — the bound the tests
// check. No -ffast-math is assumed or used.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/csr/any_fold.hpp"
#include "formats/csr/kernel_tuning.hpp"
#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_spmv_avx2.hpp"
#include "formats/csr5/csr5_spmv_avx512.hpp"
#include "formats/csr5/csr5_spmv_common.hpp"
#include "formats/csr5/csr5_spmv_lanes.hpp"
#include "formats/csr5/csr5_tile_lanes.hpp"

namespace spgraph {

namespace csr5_detail {

/// Generic tile loop: tiles [t0, t1) in CSR order, segment by segment.
template <class SR, bool Pattern, class T>
void tiles_generic(const Csr5<T>& a, const typename SR::value_type* x, typename SR::value_type* y,
                   Offset t0, Offset t1, Csr5Carry<SR>& carry) {
  using V = typename SR::value_type;
  const int w = a.omega, s = a.sigma;
  const Offset tile = a.tile_size();
  const Vertex* col = a.col.data();
  const auto* val = a.val.data();
  for (Offset t = t0; t < t1; ++t) {
    const Offset b = t * tile;
    const Vertex r0 = a.tile_row(t);
    const bool single = a.tile_single_row(t);
    const Vertex* eo = a.tile_dirty(t) ? a.empty_offset.data() + a.eo_ptr[t] : nullptr;
    Offset k = 0;  // segment number within the tile
    Vertex row = r0;
    V acc = SR::identity();
    for (int i = 0; i < w; ++i) {
      for (int j = 0; j < s; ++j) {
        if (!single && (i | j) && ((a.step_mask(t, j) >> i) & 1)) {
          if (k == 0)
            carry(r0, acc);
          else
            y[row] = acc;
          ++k;
          row = r0 + (eo ? eo[k] : Vertex(k));
          acc = SR::identity();
        }
        const Offset p = b + Offset(j) * Offset(w) + Offset(i);
        const V av = Pattern ? V(1) : static_cast<V>(val[p]);
        acc = SR::add(acc, SR::mul(av, x[col[p]], row, col[p], 0));
      }
    }
    if (k == 0)
      carry(r0, acc);
    else
      y[row] = acc;
  }
}

/// Runs the tile loop the ISA and product name (the vector ones only where csr5_simd_prod
/// allows them; the caller checked ω).
template <class SR, class T>
void run_tiles(Csr5Isa isa, int prod, const Csr5<T>& a, const typename SR::value_type* x,
               typename SR::value_type* y, Offset t0, Offset t1, Csr5Carry<SR>& carry) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if constexpr (csr5_simd_plus<SR> || csr5_simd_min<SR>) {
    if (isa != Csr5Isa::Scalar && prod >= 0) {
      const auto go = [&](auto pc) {
        constexpr Csr5Prod P = decltype(pc)::value;
        if (isa == Csr5Isa::Avx512)
          csr5_tiles_avx512<SR, P>(a, x, y, t0, t1, carry);
        else
          csr5_tiles_avx2<SR, P>(a, x, y, t0, t1, carry);
      };
      switch (Csr5Prod(prod)) {
        case Csr5Prod::ValTimesX:
          if constexpr (std::is_same_v<T, double>)
            go(std::integral_constant<Csr5Prod, Csr5Prod::ValTimesX>{});
          return;
        case Csr5Prod::ValPlusX:
          if constexpr (std::is_same_v<T, double>)
            go(std::integral_constant<Csr5Prod, Csr5Prod::ValPlusX>{});
          return;
        case Csr5Prod::X:
          go(std::integral_constant<Csr5Prod, Csr5Prod::X>{});
          return;
        case Csr5Prod::OnePlusX:
          go(std::integral_constant<Csr5Prod, Csr5Prod::OnePlusX>{});
          return;
      }
    }
  }
#endif
  (void)isa;
  (void)prod;
  if (a.pattern)
    tiles_generic<SR, true>(a, x, y, t0, t1, carry);
  else
    tiles_generic<SR, false>(a, x, y, t0, t1, carry);
}

}  // namespace csr5_detail

/// y[r] = the term of row r's first entry (the identity for empty rows): ANY's answer. A fold
/// from the identity would keep the identity, since ANY's add returns its left operand.
template <class SR, class T>
void csr5_spmv_any(const Csr5<T>& a, const typename SR::value_type* x, typename SR::value_type* y) {
  const auto arrays = csr5_host_arrays(a);
#pragma omp parallel for schedule(static) if (Offset(a.nrows) >= kMinParallelWork)
  for (std::int64_t r = 0; r < std::int64_t(a.nrows); ++r)
    y[r] = csr5_any_row_term<SR>(arrays, x, Vertex(r));
}

/// The kernel csr5_spmv_dense_isa runs for SR on `a` when asked for `isa`: the vector kernel
/// of that ISA when SR, the matrix kind and ω match it (AVX-512: ω = 8; AVX2: ω = 4; an
/// AVX-512 request on a ω = 4 view takes AVX2) and the CPU has it, else Scalar (generic).
template <class SR, class T>
Csr5Isa csr5_kernel_isa(const Csr5<T>& a, Csr5Isa isa) {
  const Csr5Isa cpu = csr5_cpu_isa();
  if (int(isa) > int(cpu)) isa = cpu;
  // The vector kernels index x through signed 32-bit gathers.
  if (csr5_simd_prod<SR, T>(a.pattern) < 0 || a.ncols > 0x7FFFFFFFu) return Csr5Isa::Scalar;
  if (isa == Csr5Isa::Avx512 && a.omega == 8) return Csr5Isa::Avx512;
  if (isa != Csr5Isa::Scalar && a.omega == 4) return Csr5Isa::Avx2;
  return Csr5Isa::Scalar;
}

/// y = A ⊕.⊗ x (x: ncols entries, y: nrows entries, all written) with the kernel
/// csr5_kernel_isa(a, isa) names; returns that ISA. Tests use it to run every path.
template <class SR, class T>
Csr5Isa csr5_spmv_dense_isa(const Csr5<T>& a, const typename SR::value_type* x,
                            typename SR::value_type* y, Csr5Isa isa) {
  using V = typename SR::value_type;
  if constexpr (monoid_is_any<SR>()) {
    csr5_spmv_any<SR>(a, x, y);
    return Csr5Isa::Scalar;
  }
  const Csr5Isa used = csr5_kernel_isa<SR>(a, isa);
  const int prod = used == Csr5Isa::Scalar ? -1 : csr5_simd_prod<SR, T>(a.pattern);
  const Vertex m = a.nrows;
  const Offset nt = a.num_tiles;
  const int threads = Offset(m) + a.nnz >= kMinParallelWork ? omp_get_max_threads() : 1;
  struct alignas(64) Slot {
    V cal;
    Vertex row;
  };
  std::vector<Slot> slots(std::size_t(threads), Slot{SR::identity(), kNoVertex});

#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const int team = omp_get_num_threads(), tid = omp_get_thread_num();
#pragma omp for schedule(static)
    for (std::int64_t r = 0; r < std::int64_t(m); ++r) y[r] = SR::identity();
    const Offset chunk = (nt + Offset(team) - 1) / Offset(team);
    const Offset t0 = std::min(nt, Offset(tid) * chunk), t1 = std::min(nt, t0 + chunk);
    if (t0 < t1) {
      Csr5Carry<SR> carry{y, a.tile_row(t0), SR::identity()};
      csr5_detail::run_tiles<SR>(used, prod, a, x, y, t0, t1, carry);
      slots[std::size_t(tid)] = Slot{carry.cal, carry.start_row};
    }
  }
  for (const Slot& s : slots)
    if (s.row != kNoVertex) y[s.row] = SR::add(y[s.row], s.cal);

  // Tail: rows from the first tail row while they start before nnz (csr5_tile_lanes.hpp, phase 5).
  if (nt * a.tile_size() < a.nnz) {
    const auto arrays = csr5_host_arrays(a);
    Vertex r = a.tile_row(nt);
    y[r] = SR::add(y[r], csr5_tail_fold<SR>(arrays, x, r));
    for (++r; r < m && a.row_ptr[r] < a.nnz; ++r) y[r] = csr5_tail_fold<SR>(arrays, x, r);
  }
  return used;
}

/// y = A ⊕.⊗ x on CSR5 with the best kernel this CPU has for SR.
template <class SR, class T>
void csr5_spmv_dense(const Csr5<T>& a, const typename SR::value_type* x,
                     typename SR::value_type* y) {
  csr5_spmv_dense_isa<SR>(a, x, y, csr5_cpu_isa());
}

}  // namespace spgraph
