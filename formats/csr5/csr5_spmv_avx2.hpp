// SPDX-License-Identifier: Apache-2.0
// The CSR5 tile loop with AVX2 (ω = 4 doubles): the same per-tile algorithm as the AVX-512 kernel
// (Liu & Vinter, "CSR5", ICS'15 §4, Alg. 8 in semiring form; the authors' AVX2 code is
// CSR5_avx2/csr5_spmv_avx2.h of Benchmark_SpMV_using_CSR5), with lane masks as vectors from a
// 16-entry table, green segments stored lane by lane (AVX2 has no scatter, as in that code), and
// the cross-lane join done on the 4 lanes in scalar code with seg_offset (at most 3 ⊕ per lane: a
// true segmented reduction, valid for min as for +).
// Compiled with __attribute__((target("avx2,fma"))); called only when the CPU has both.
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#include <cstdint>

#include "formats/csr5/csr5.hpp"
#include "formats/csr5/csr5_spmv_common.hpp"

namespace spgraph {

// GCC 12's gather intrinsics start from an undefined vector, which trips -Wmaybe-uninitialized
// inside its own header (GCC bug 105593, fixed in GCC 13).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace csr5_detail {

/// All-ones 64-bit lanes for the bits of a 4-bit lane mask.
struct LaneMasks4 {
  alignas(32) std::int64_t m[16][4];
  constexpr LaneMasks4() : m{} {
    for (int k = 0; k < 16; ++k)
      for (int i = 0; i < 4; ++i) m[k][i] = ((k >> i) & 1) ? -1 : 0;
  }
};
inline constexpr LaneMasks4 kLaneMasks4{};

/// acc ⊕ (product of the 4 entries at stored position p).
template <bool Min, Csr5Prod P>
__attribute__((target("avx2,fma"), always_inline)) inline __m256d step256(
    __m256d acc, const double* val, const Vertex* col, const double* x, Offset p) {
  const __m128i idx = _mm_loadu_si128(reinterpret_cast<const __m128i*>(col + p));
  const __m256d xv = _mm256_i32gather_pd(x, idx, 8);
  __m256d t;
  if constexpr (P == Csr5Prod::ValTimesX) {
    if constexpr (!Min) return _mm256_fmadd_pd(_mm256_loadu_pd(val + p), xv, acc);
    t = _mm256_mul_pd(_mm256_loadu_pd(val + p), xv);
  } else if constexpr (P == Csr5Prod::ValPlusX) {
    t = _mm256_add_pd(_mm256_loadu_pd(val + p), xv);
  } else if constexpr (P == Csr5Prod::OnePlusX) {
    t = _mm256_add_pd(_mm256_set1_pd(1.0), xv);
  } else {
    t = xv;
  }
  if constexpr (Min) return _mm256_min_pd(t, acc);  // = MinOp(acc, t)
  return _mm256_add_pd(acc, t);
}

__attribute__((target("avx2,fma"), always_inline)) inline __m256d lane_mask256(unsigned k) {
  return _mm256_load_pd(reinterpret_cast<const double*>(kLaneMasks4.m[k & 15]));
}

}  // namespace csr5_detail

/// Tiles [t0, t1) of `a` (ω must be 4) into y, SR being + or min over double (csr5_simd_prod).
template <class SR, Csr5Prod P, class T>
__attribute__((target("avx2,fma"))) void csr5_tiles_avx2(const Csr5<T>& a, const double* x,
                                                         double* y, Offset t0, Offset t1,
                                                         Csr5Carry<SR>& carry) {
  using namespace csr5_detail;
  constexpr bool kMin = csr5_simd_min<SR>;
  constexpr bool kValued = P == Csr5Prod::ValTimesX || P == Csr5Prod::ValPlusX;
  using C = Csr5<T>;
  const int sigma = a.sigma;
  const Offset tile = Offset(4) * Offset(sigma);
  const Vertex* col = a.col.data();
  const double* val = nullptr;
  if constexpr (kValued) val = a.val.data();
  const std::uint8_t* flags = a.step_flags.data();
  const std::uint16_t* desc = a.lane_desc.data();
  const __m256d ident = _mm256_set1_pd(SR::identity());
  alignas(32) double blue[4], red_l[4];

  for (Offset t = t0; t < t1; ++t) {
    const Offset b = t * tile;
    const std::uint64_t word = a.tile_ptr[t];
    const Vertex r0 = Vertex(word & C::kRowMask);
    if (word & C::kSingleRow) {  // fast track: one row, a plain vertical reduction
      __m256d acc = ident;
      for (int j = 0; j < sigma; ++j) acc = step256<kMin, P>(acc, val, col, x, b + Offset(j) * 4);
      _mm256_store_pd(blue, acc);
      carry(r0, SR::add(SR::add(blue[0], blue[1]), SR::add(blue[2], blue[3])));
      continue;
    }
    const Vertex* eo = (word & C::kDirty) ? a.empty_offset.data() + a.eo_ptr[t] : nullptr;
    const std::uint16_t* d = desc + t * 4;
    int cur[4];
    for (int i = 0; i < 4; ++i) cur[i] = (d[i] & (C::kMaxTile - 1)) - 1;
    const std::uint8_t* fl = flags + t * Offset(sigma);
    __m256d acc = ident, red = ident;
    unsigned seen = 0;
    bool first_open = true;  // lane 0 still holds the tile's first segment
    for (int j = 0; j < sigma; ++j) {
      const unsigned hm = fl[j];
      if (hm) {
        if (j > 0) {
          red = _mm256_blendv_pd(red, acc, lane_mask256(hm & ~seen));
          unsigned gm = hm & seen;
          if (gm) {  // green segments, stored lane by lane
            _mm256_store_pd(blue, acc);
            do {
              const int i = __builtin_ctz(gm);
              gm &= gm - 1;
              const int k = cur[i];
              if (k == 0) {
                carry(r0, blue[0]);
                first_open = false;
              } else {
                y[r0 + (eo ? eo[k] : Vertex(k))] = blue[i];
              }
            } while (gm);
          }
        }
        for (unsigned h = hm; h; h &= h - 1) ++cur[__builtin_ctz(h)];
        seen |= hm;
        acc = _mm256_blendv_pd(acc, ident, lane_mask256(hm));
      }
      acc = step256<kMin, P>(acc, val, col, x, b + Offset(j) * 4);
    }
    red = _mm256_blendv_pd(red, acc, lane_mask256(~seen));
    _mm256_store_pd(blue, acc);
    _mm256_store_pd(red_l, red);
    for (unsigned h = seen; h; h &= h - 1) {
      const int i = __builtin_ctz(h);
      double v = blue[i];
      const int last = i + 1 + (d[i] >> C::kYOffsetBits);
      for (int l = i + 1; l <= last && l < 4; ++l) v = SR::add(v, red_l[l]);
      const int k = cur[i];
      if (i == 0 && first_open)
        carry(r0, v);
      else
        y[r0 + (eo ? eo[k] : Vertex(k))] = v;
    }
  }
}

#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace spgraph

#endif
