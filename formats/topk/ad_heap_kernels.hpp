// SPDX-License-Identifier: Apache-2.0
// The inner loops of the d-ary heap (formats/topk/ad_heap.hpp) for one instruction set each:
// sift-down (Liu's thesis Alg 19, the new key kept in a register and written once at the end)
// built on find-maxchild (Alg 20), and the batch k-selection scan of §4.6.4 (compare with the
// root, update-key only on success). The vector versions follow Furtak et al. (SSE
// find-maxchild for d = 8, 16), widened: a child group of 32 or 64 bytes is one AVX2 or AVX-512
// load; its maximum is a horizontal max, and its position the first set bit of
// cmpeq(children, max) (movemask + tzcnt). The scan compares 8 or 16 keys with the root at once
// and walks only the lanes that beat it (AVX-512 first packs them into a small buffer with
// vpcompress, so the scan has no branch per candidate). The scalar find-maxchild is a
// tournament of selects (log2 d rounds), not a chain of d - 1 compares.
//
// Inputs: `h` points at node 0 of the heap array (its child groups start at h + d·i + 1 and lie
// on aligned 32- or 64-byte blocks); slots past the last node up to the end of its last child
// group hold pad_key<Key>() (the smallest key; "padded" heaps), so a group is always read
// whole. Keys are not NaN. Kernels assume valid input.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define SPGRAPH_TOPK_X86 1
#else
#define SPGRAPH_TOPK_X86 0
#endif

namespace spgraph::topk_detail {

/// Keys the vector kernels handle: 32- and 64-bit integers and floating-point numbers.
template <class Key>
inline constexpr bool simd_key = (sizeof(Key) == 4 || sizeof(Key) == 8) &&
                                 (std::is_floating_point_v<Key> ||
                                  (std::is_integral_v<Key> && !std::is_same_v<Key, bool>));

/// Keys that name their own smallest value with a static pad() (e.g. TopKSelector's packed
/// (rank, id) keys) get the padded layout too.
template <class Key>
concept has_pad_key = requires {
  { Key::pad() } -> std::same_as<Key>;
};

/// The smallest key, written to the slots past the last node (-inf for floating point).
template <class Key>
constexpr Key pad_key() {
  if constexpr (has_pad_key<Key>)
    return Key::pad();
  else if constexpr (std::numeric_limits<Key>::has_infinity)
    return -std::numeric_limits<Key>::infinity();
  else
    return std::numeric_limits<Key>::lowest();
}

/// A key and its position in a child group.
template <class Key>
struct Ranked {
  Key key;
  unsigned at;
};

/// The first largest key of g[Lo, Lo + N) and its position, by a tournament: log2(N) rounds
/// of independent compares that select key and position together (no reload, no branches),
/// instead of a chain of N - 1 dependent compares.
template <class Key, unsigned Lo, unsigned N>
inline Ranked<Key> max_tournament(const Key* g) {
  if constexpr (N == 1) {
    return Ranked<Key>{g[Lo], Lo};
  } else {
    const Ranked<Key> a = max_tournament<Key, Lo, N / 2>(g);
    const Ranked<Key> b = max_tournament<Key, Lo + N / 2, N - N / 2>(g);
    const bool right = a.key < b.key;
    return Ranked<Key>{right ? b.key : a.key, right ? b.at : a.at};
  }
}

/// Position in g[0, cnt) of the first largest key (cnt >= 1).
template <class Key>
inline unsigned argmax_bounded(const Key* g, unsigned cnt) {
  unsigned best = 0;
  for (unsigned t = 1; t < cnt; ++t)
    if (g[best] < g[t]) best = t;
  return best;
}

/// Alg 19: puts v at node i of the n-node heap h and sifts it down. Padded heaps read whole
/// child groups; others stop at node n.
template <class Key, unsigned D, bool Padded>
inline void sift_down_scalar(Key* h, std::size_t n, std::size_t i, Key v) {
  for (;;) {
    const std::size_t c = std::size_t{D} * i + 1;
    if (c >= n) break;
    const Ranked<Key> m = [&] {
      // A padded group is read whole; otherwise only a last, partial group is bounded.
      if (Padded || n - c >= D) return max_tournament<Key, 0, D>(h + c);
      const unsigned j = argmax_bounded(h + c, static_cast<unsigned>(n - c));
      return Ranked<Key>{h[c + j], j};
    }();
    if (!(v < m.key)) break;
    h[i] = m.key;
    i = c + m.at;
  }
  h[i] = v;
}

/// The §4.6.4 loop on a full heap: each key of [p, e) that beats the root replaces it.
template <class Key, unsigned D, bool Padded>
inline void offer_full_scalar(Key* h, std::size_t n, const Key* p, const Key* e) {
  for (; p != e; ++p)
    if (*p < h[0]) sift_down_scalar<Key, D, Padded>(h, n, 0, *p);
}

#if SPGRAPH_TOPK_X86

// GCC 12's AVX-512 intrinsics start from _mm512_undefined, which trips -Wmaybe-uninitialized
// inside its own header (GCC bug 105593, fixed in GCC 13).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

template <class Key>
inline constexpr bool is_f32 = std::is_floating_point_v<Key> && sizeof(Key) == 4;
template <class Key>
inline constexpr bool is_f64 = std::is_floating_point_v<Key> && sizeof(Key) == 8;
template <class Key>
inline constexpr bool is_signed_int = std::is_integral_v<Key>&& std::is_signed_v<Key>;

// ---- AVX2: 32 bytes = 8 keys of 32 bits or 4 of 64 bits. ----

template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline __m256i load256(const Key* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

/// Lane-wise maximum.
template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline __m256i max256(__m256i a, __m256i b) {
  if constexpr (is_f32<Key>) {
    return _mm256_castps_si256(_mm256_max_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b)));
  } else if constexpr (is_f64<Key>) {
    return _mm256_castpd_si256(_mm256_max_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b)));
  } else if constexpr (sizeof(Key) == 4) {
    if constexpr (is_signed_int<Key>) return _mm256_max_epi32(a, b);
    return _mm256_max_epu32(a, b);
  } else {
    __m256i gt;
    if constexpr (is_signed_int<Key>) {
      gt = _mm256_cmpgt_epi64(b, a);
    } else {
      const __m256i s = _mm256_set1_epi64x(std::numeric_limits<std::int64_t>::min());
      gt = _mm256_cmpgt_epi64(_mm256_xor_si256(b, s), _mm256_xor_si256(a, s));
    }
    return _mm256_blendv_epi8(a, b, gt);
  }
}

/// The maximum of all lanes, broadcast to every lane.
template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline __m256i hmax256(__m256i x) {
  __m256i m = max256<Key>(x, _mm256_permute2x128_si256(x, x, 1));
  m = max256<Key>(m, _mm256_shuffle_epi32(m, 0x4E));
  if constexpr (sizeof(Key) == 4) m = max256<Key>(m, _mm256_shuffle_epi32(m, 0xB1));
  return m;
}

/// Bit t set where lane t of x equals lane t of m.
template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline unsigned eq_mask256(__m256i x,
                                                                              __m256i m) {
  if constexpr (is_f32<Key>)
    return unsigned(_mm256_movemask_ps(
        _mm256_cmp_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(m), _CMP_EQ_OQ)));
  else if constexpr (is_f64<Key>)
    return unsigned(_mm256_movemask_pd(
        _mm256_cmp_pd(_mm256_castsi256_pd(x), _mm256_castsi256_pd(m), _CMP_EQ_OQ)));
  else if constexpr (sizeof(Key) == 4)
    return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, m))));
  else
    return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(x, m))));
}

/// Bit t set where lane t of x is smaller than lane t of r.
template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline unsigned lt_mask256(__m256i x,
                                                                              __m256i r) {
  if constexpr (is_f32<Key>) {
    return unsigned(_mm256_movemask_ps(
        _mm256_cmp_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(r), _CMP_LT_OQ)));
  } else if constexpr (is_f64<Key>) {
    return unsigned(_mm256_movemask_pd(
        _mm256_cmp_pd(_mm256_castsi256_pd(x), _mm256_castsi256_pd(r), _CMP_LT_OQ)));
  } else if constexpr (sizeof(Key) == 4) {
    if constexpr (!is_signed_int<Key>) {
      const __m256i s = _mm256_set1_epi32(std::numeric_limits<std::int32_t>::min());
      x = _mm256_xor_si256(x, s);
      r = _mm256_xor_si256(r, s);
    }
    return unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(r, x))));
  } else {
    if constexpr (!is_signed_int<Key>) {
      const __m256i s = _mm256_set1_epi64x(std::numeric_limits<std::int64_t>::min());
      x = _mm256_xor_si256(x, s);
      r = _mm256_xor_si256(r, s);
    }
    return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(r, x))));
  }
}

template <class Key>
__attribute__((target("avx2,bmi"), always_inline)) inline __m256i set1_256(Key v) {
  if constexpr (sizeof(Key) == 4) {
    std::int32_t b;
    __builtin_memcpy(&b, &v, 4);
    return _mm256_set1_epi32(b);
  } else {
    long long b;
    __builtin_memcpy(&b, &v, 8);
    return _mm256_set1_epi64x(b);
  }
}

/// Find-maxchild on a padded group of D keys, D·sizeof(Key) a multiple of 32 bytes (at most
/// 256): position of the first largest key.
template <class Key, unsigned D>
__attribute__((target("avx2,bmi"), always_inline)) inline unsigned argmax_avx2(const Key* g) {
  constexpr unsigned L = 32 / sizeof(Key);
  constexpr unsigned C = D / L;
  static_assert(C >= 1 && C * L == D && D <= 64);
  if constexpr (C == 1) {
    const __m256i x = load256(g);
    return unsigned(__builtin_ctz(eq_mask256<Key>(x, hmax256<Key>(x))));
  } else {
    __m256i m = load256(g);
    for (unsigned c = 1; c < C; ++c) m = max256<Key>(m, load256(g + c * L));
    m = hmax256<Key>(m);
    for (unsigned c = 0; c < C; ++c) {
      const unsigned e = eq_mask256<Key>(load256(g + c * L), m);
      if (e) return c * L + unsigned(__builtin_ctz(e));
    }
    return 0;  // unreachable: m is one of the keys
  }
}

template <class Key, unsigned D>
__attribute__((target("avx2,bmi"), always_inline)) inline void sift_down_avx2(Key* h, std::size_t n,
                                                                              std::size_t i,
                                                                              Key v) {
  for (;;) {
    const std::size_t c = std::size_t{D} * i + 1;
    if (c >= n) break;
    const unsigned j = argmax_avx2<Key, D>(h + c);
    if (!(v < h[c + j])) break;
    h[i] = h[c + j];
    i = c + j;
  }
  h[i] = v;
}

/// The §4.6.4 loop with 8 (or 4) root compares per step.
template <class Key, unsigned D>
__attribute__((target("avx2,bmi"))) void offer_full_avx2(Key* h, std::size_t n, const Key* p,
                                                         const Key* e) {
  constexpr unsigned L = 32 / sizeof(Key);
  while (e - p >= std::ptrdiff_t{2 * L}) {
    // Two loads per step, so the reject path has more work in flight.
    __m256i r = set1_256(h[0]);
    unsigned m = lt_mask256<Key>(load256(p), r) | (lt_mask256<Key>(load256(p + L), r) << L);
    while (m) {
      const unsigned t = unsigned(__builtin_ctz(m));
      m &= m - 1;
      if (p[t] < h[0]) sift_down_avx2<Key, D>(h, n, 0, p[t]);
    }
    p += 2 * L;
  }
  for (; p != e; ++p)
    if (*p < h[0]) sift_down_avx2<Key, D>(h, n, 0, *p);
}

template <class Key, unsigned D>
__attribute__((target("avx2,bmi"))) void sift_down_avx2_at(Key* h, std::size_t n, std::size_t i,
                                                           Key v) {
  sift_down_avx2<Key, D>(h, n, i, v);
}

// ---- AVX-512: 64 bytes = 16 keys of 32 bits or 8 of 64 bits. ----

#define SPGRAPH_TOPK_AVX512 "avx512f,avx512bw,avx512dq,avx512vl,avx2,bmi"

template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline __m512i load512(const Key* p) {
  return _mm512_loadu_si512(p);
}

template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline __m512i max512(__m512i a,
                                                                                  __m512i b) {
  if constexpr (is_f32<Key>)
    return _mm512_castps_si512(_mm512_max_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b)));
  else if constexpr (is_f64<Key>)
    return _mm512_castpd_si512(_mm512_max_pd(_mm512_castsi512_pd(a), _mm512_castsi512_pd(b)));
  else if constexpr (sizeof(Key) == 4 && is_signed_int<Key>)
    return _mm512_max_epi32(a, b);
  else if constexpr (sizeof(Key) == 4)
    return _mm512_max_epu32(a, b);
  else if constexpr (is_signed_int<Key>)
    return _mm512_max_epi64(a, b);
  else
    return _mm512_max_epu64(a, b);
}

/// The maximum of all lanes, broadcast to every lane (log-step shuffles, no scalar round trip).
template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline __m512i hmax512(__m512i x) {
  __m512i m = max512<Key>(x, _mm512_shuffle_i64x2(x, x, 0x4E));
  m = max512<Key>(m, _mm512_shuffle_i64x2(m, m, 0xB1));
  m = max512<Key>(m, _mm512_shuffle_epi32(m, _MM_PERM_BADC));
  if constexpr (sizeof(Key) == 4) m = max512<Key>(m, _mm512_shuffle_epi32(m, _MM_PERM_CDAB));
  return m;
}

template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline std::uint32_t eq_mask512(
    __m512i x, __m512i m) {
  if constexpr (is_f32<Key>)
    return _mm512_cmp_ps_mask(_mm512_castsi512_ps(x), _mm512_castsi512_ps(m), _CMP_EQ_OQ);
  else if constexpr (is_f64<Key>)
    return _mm512_cmp_pd_mask(_mm512_castsi512_pd(x), _mm512_castsi512_pd(m), _CMP_EQ_OQ);
  else if constexpr (sizeof(Key) == 4)
    return _mm512_cmpeq_epi32_mask(x, m);
  else
    return _mm512_cmpeq_epi64_mask(x, m);
}

template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline std::uint32_t lt_mask512(
    __m512i x, __m512i r) {
  if constexpr (is_f32<Key>)
    return _mm512_cmp_ps_mask(_mm512_castsi512_ps(x), _mm512_castsi512_ps(r), _CMP_LT_OQ);
  else if constexpr (is_f64<Key>)
    return _mm512_cmp_pd_mask(_mm512_castsi512_pd(x), _mm512_castsi512_pd(r), _CMP_LT_OQ);
  else if constexpr (sizeof(Key) == 4 && is_signed_int<Key>)
    return _mm512_cmplt_epi32_mask(x, r);
  else if constexpr (sizeof(Key) == 4)
    return _mm512_cmplt_epu32_mask(x, r);
  else if constexpr (is_signed_int<Key>)
    return _mm512_cmplt_epi64_mask(x, r);
  else
    return _mm512_cmplt_epu64_mask(x, r);
}

template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline __m512i set1_512(Key v) {
  if constexpr (sizeof(Key) == 4) {
    std::int32_t b;
    __builtin_memcpy(&b, &v, 4);
    return _mm512_set1_epi32(b);
  } else {
    long long b;
    __builtin_memcpy(&b, &v, 8);
    return _mm512_set1_epi64(b);
  }
}

/// Find-maxchild on a padded group of D keys: one 512-bit load per 64 bytes; groups of 32 bytes
/// use the AVX2 version.
template <class Key, unsigned D>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline unsigned argmax_avx512(
    const Key* g) {
  constexpr unsigned L = 64 / sizeof(Key);
  if constexpr (D * sizeof(Key) < 64) {
    return argmax_avx2<Key, D>(g);
  } else {
    constexpr unsigned C = D / L;
    static_assert(C >= 1 && C * L == D && D <= 64);
    if constexpr (C == 1) {
      const __m512i x = load512(g);
      return unsigned(__builtin_ctz(eq_mask512<Key>(x, hmax512<Key>(x))));
    } else {
      __m512i m = load512(g);
      for (unsigned c = 1; c < C; ++c) m = max512<Key>(m, load512(g + c * L));
      m = hmax512<Key>(m);
      for (unsigned c = 0; c < C; ++c) {
        const std::uint32_t e = eq_mask512<Key>(load512(g + c * L), m);
        if (e) return c * L + unsigned(__builtin_ctz(e));
      }
      return 0;  // unreachable: m is one of the keys
    }
  }
}

template <class Key, unsigned D>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline void sift_down_avx512(
    Key* h, std::size_t n, std::size_t i, Key v) {
  for (;;) {
    const std::size_t c = std::size_t{D} * i + 1;
    if (c >= n) break;
    const unsigned j = argmax_avx512<Key, D>(h + c);
    if (!(v < h[c + j])) break;
    h[i] = h[c + j];
    i = c + j;
  }
  h[i] = v;
}

/// The lanes of x where mask is set, packed to the front of one vector.
template <class Key>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline __m512i compress512(
    std::uint32_t mask, __m512i x) {
  if constexpr (sizeof(Key) == 4) return _mm512_maskz_compress_epi32(__mmask16(mask), x);
  return _mm512_maskz_compress_epi64(__mmask8(mask), x);
}

/// Offers buf[0, cnt) in order to the full heap.
template <class Key, unsigned D>
__attribute__((target(SPGRAPH_TOPK_AVX512), always_inline)) inline void replay_avx512(
    Key* h, std::size_t n, const Key* buf, unsigned cnt) {
  for (unsigned t = 0; t < cnt; ++t)
    if (buf[t] < h[0]) sift_down_avx512<Key, D>(h, n, 0, buf[t]);
}

/// The §4.6.4 loop with 16 (or 8) root compares per 64-byte load, two loads per step. Keys that
/// beat the root are packed (vpcompress) into a small buffer with no branch per key; every
/// kFlush candidates the buffer is replayed in input order (each checked against the current
/// root, then update-key), so the result is that of offering the keys one by one.
template <class Key, unsigned D>
__attribute__((target(SPGRAPH_TOPK_AVX512))) void offer_full_avx512(Key* h, std::size_t n,
                                                                    const Key* p, const Key* e) {
  constexpr unsigned L = 64 / sizeof(Key);
  constexpr unsigned kFlush = 32;
  alignas(64) Key buf[kFlush + 2 * L];
  unsigned cnt = 0;
  while (e - p >= std::ptrdiff_t{2 * L}) {
    const __m512i r = set1_512(h[0]);
    const __m512i x0 = load512(p);
    const __m512i x1 = load512(p + L);
    const std::uint32_t m0 = lt_mask512<Key>(x0, r);
    const std::uint32_t m1 = lt_mask512<Key>(x1, r);
    p += 2 * L;
    if ((m0 | m1) == 0) continue;
    _mm512_storeu_si512(buf + cnt, compress512<Key>(m0, x0));
    cnt += unsigned(__builtin_popcount(m0));
    _mm512_storeu_si512(buf + cnt, compress512<Key>(m1, x1));
    cnt += unsigned(__builtin_popcount(m1));
    if (cnt >= kFlush) {
      replay_avx512<Key, D>(h, n, buf, cnt);
      cnt = 0;
    }
  }
  replay_avx512<Key, D>(h, n, buf, cnt);
  for (; p != e; ++p)
    if (*p < h[0]) sift_down_avx512<Key, D>(h, n, 0, *p);
}

template <class Key, unsigned D>
__attribute__((target(SPGRAPH_TOPK_AVX512))) void sift_down_avx512_at(Key* h, std::size_t n,
                                                                      std::size_t i, Key v) {
  sift_down_avx512<Key, D>(h, n, i, v);
}

#undef SPGRAPH_TOPK_AVX512

#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif  // SPGRAPH_TOPK_X86

}  // namespace spgraph::topk_detail
