// SPDX-License-Identifier: Apache-2.0
// The CSR5 tile loop with AVX-512 (ω = 8 doubles), the per-tile algorithm of Liu & Vinter, "CSR5",
// ICS'15 §4 (Alg. 8, in semiring form): lane i of a zmm register walks its σ entries; at a step
// whose flag mask (a k-register) is non-empty, the flagged lanes close their open segment —
// top-open parts go to `red`, complete ("green") segments are scattered to y — and restart at the ⊕
// identity. After σ steps, each lane with a flag joins its bottom-open part with the red parts of
// the flag-free lanes after it by a log-step segmented suffix scan (a true segmented reduction:
// valid for min as for +; the paper's prefix-difference sum, Alg. 6, is not used). The tile's first
// segment goes through the carry.
// Compiled with __attribute__((target("avx512f"))); called only when the CPU has AVX-512F.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#include <cstdint>

#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_spmv_common.hpp"

namespace spgraph {

// GCC 12's AVX-512 intrinsics start from _mm512_undefined, which trips -Wmaybe-uninitialized
// inside its own header (GCC bug 105593, fixed in GCC 13).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace csr5_detail {

/// acc ⊕ (product of the 8 entries at stored position p).
template <bool Min, Csr5Prod P>
__attribute__((target("avx512f"), always_inline)) inline __m512d step512(
    __m512d acc, const double* val, const Vertex* col, const double* x, Offset p) {
  const __m256i idx = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(col + p));
  const __m512d xv = _mm512_i32gather_pd(idx, x, 8);
  __m512d t;
  if constexpr (P == Csr5Prod::ValTimesX) {
    if constexpr (!Min) return _mm512_fmadd_pd(_mm512_loadu_pd(val + p), xv, acc);
    t = _mm512_mul_pd(_mm512_loadu_pd(val + p), xv);
  } else if constexpr (P == Csr5Prod::ValPlusX) {
    t = _mm512_add_pd(_mm512_loadu_pd(val + p), xv);
  } else if constexpr (P == Csr5Prod::OnePlusX) {
    t = _mm512_add_pd(_mm512_set1_pd(1.0), xv);
  } else {
    t = xv;
  }
  // MinOp(acc, t) = t < acc ? t : acc, which is exactly vminpd(t, acc).
  if constexpr (Min) return _mm512_min_pd(t, acc);
  return _mm512_add_pd(acc, t);
}

/// a ⊕ b where mask k is set, a elsewhere.
template <bool Min>
__attribute__((target("avx512f"), always_inline)) inline __m512d mask_op512(__m512d a, __mmask8 k,
                                                                            __m512d b) {
  if constexpr (Min) return _mm512_mask_min_pd(a, k, b, a);
  return _mm512_mask_add_pd(a, k, a, b);
}

/// Lane i of the result = v[i + d] (i + d < 8), fill otherwise.
template <int D>
__attribute__((target("avx512f"), always_inline)) inline __m512d shift_down512(__m512d v,
                                                                               __m512d fill) {
  return _mm512_castsi512_pd(
      _mm512_alignr_epi64(_mm512_castpd_si512(fill), _mm512_castpd_si512(v), D));
}

}  // namespace csr5_detail

/// Tiles [t0, t1) of `a` (ω must be 8) into y, SR being + or min over double (csr5_simd_prod).
template <class SR, Csr5Prod P, class T>
__attribute__((target("avx512f"))) void csr5_tiles_avx512(const Csr5<T>& a, const double* x,
                                                          double* y, Offset t0, Offset t1,
                                                          Csr5Carry<SR>& carry) {
  using namespace csr5_detail;
  constexpr bool kMin = csr5_simd_min<SR>;
  constexpr bool kValued = P == Csr5Prod::ValTimesX || P == Csr5Prod::ValPlusX;
  using C = Csr5<T>;
  const int sigma = a.sigma;
  const Offset tile = Offset(8) * Offset(sigma);
  const Vertex* col = a.col.data();
  const double* val = nullptr;
  if constexpr (kValued) val = a.val.data();
  const std::uint8_t* flags = a.step_flags.data();
  const std::uint16_t* desc = a.lane_desc.data();
  const __m512d ident = _mm512_set1_pd(SR::identity());
  const __m512i ymask = _mm512_set1_epi32(C::kMaxTile - 1), one = _mm512_set1_epi32(1);

  for (Offset t = t0; t < t1; ++t) {
    const Offset b = t * tile;
    const std::uint64_t word = a.tile_ptr[t];
    const Vertex r0 = Vertex(word & C::kRowMask);
    if (word & C::kSingleRow) {  // fast track: one row, a plain vertical reduction
      __m512d acc = ident;
      for (int j = 0; j < sigma; ++j) acc = step512<kMin, P>(acc, val, col, x, b + Offset(j) * 8);
      carry(r0, kMin ? _mm512_reduce_min_pd(acc) : _mm512_reduce_add_pd(acc));
      continue;
    }
    const Vertex* eo = (word & C::kDirty) ? a.empty_offset.data() + a.eo_ptr[t] : nullptr;
    // cur = segment open in each lane: y_offset - 1 until the lane's first flag.
    const __m128i d16 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(desc + t * 8));
    __m512i cur = _mm512_sub_epi32(
        _mm512_and_si512(_mm512_cvtepu16_epi32(_mm256_zextsi128_si256(d16)), ymask), one);
    const std::uint8_t* fl = flags + t * Offset(sigma);
    __m512d acc = ident, red = ident;
    __mmask8 seen = 0;
    bool first_open = true;  // lane 0 still holds the tile's first segment
    for (int j = 0; j < sigma; ++j) {
      const __mmask8 hm = fl[j];
      if (hm) {
        if (j > 0) {
          red = _mm512_mask_mov_pd(red, __mmask8(hm & ~seen), acc);
          __mmask8 gm = __mmask8(hm & seen);
          if ((gm & 1) && first_open) {
            carry(r0, _mm512_cvtsd_f64(acc));
            first_open = false;
            gm = __mmask8(gm & ~1);
          }
          if (gm) {  // green segments: rows r0 + segment (or via empty_offset), all distinct
            if (!eo) {
              _mm512_mask_i32scatter_pd(y + r0, gm, _mm512_castsi512_si256(cur), acc, 8);
            } else {
              const __m512i rel = _mm512_mask_i32gather_epi32(cur, __mmask16(gm), cur, eo, 4);
              _mm512_mask_i64scatter_pd(y + r0, gm,
                                        _mm512_cvtepu32_epi64(_mm512_castsi512_si256(rel)), acc, 8);
            }
          }
        }
        cur = _mm512_mask_add_epi32(cur, __mmask16(hm), cur, one);
        seen = __mmask8(seen | hm);
        acc = _mm512_mask_mov_pd(acc, hm, ident);
      }
      acc = step512<kMin, P>(acc, val, col, x, b + Offset(j) * 8);
    }
    // Flag-free lanes are red as a whole; c[i] = red[i+1], then the segmented suffix scan:
    // c[i] ⊕= c[i+d] while the lanes in between carry no flag.
    red = _mm512_mask_mov_pd(red, __mmask8(~seen), acc);
    __m512d c = shift_down512<1>(red, ident);
    __mmask8 open = __mmask8((~seen >> 1) & 0x7F);
    c = mask_op512<kMin>(c, open, shift_down512<1>(c, ident));
    open = __mmask8(open & (open >> 1));
    c = mask_op512<kMin>(c, open, shift_down512<2>(c, ident));
    open = __mmask8(open & (open >> 2));
    c = mask_op512<kMin>(c, open, shift_down512<4>(c, ident));
    const __m512d v = kMin ? _mm512_min_pd(c, acc) : _mm512_add_pd(acc, c);
    __mmask8 sm = seen;
    if (first_open) {
      carry(r0, _mm512_cvtsd_f64(v));
      sm = __mmask8(sm & ~1);
    }
    if (!eo) {
      _mm512_mask_i32scatter_pd(y + r0, sm, _mm512_castsi512_si256(cur), v, 8);
    } else {
      const __m512i rel = _mm512_mask_i32gather_epi32(cur, __mmask16(sm), cur, eo, 4);
      _mm512_mask_i64scatter_pd(y + r0, sm, _mm512_cvtepu32_epi64(_mm512_castsi512_si256(rel)), v,
                                8);
    }
  }
}

#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace spgraph

#endif
