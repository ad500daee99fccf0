// SPDX-License-Identifier: Apache-2.0
// The structure-only triangle counting kernels behind algorithms/triangles/triangle_count.hpp: the
// fused merge / bitmap counts (phase 2) with optional per-vertex counts (phase 3) over the degree
// orientation of phase 1 (degree_orientation.hpp), and the Sandia methods through the engine's
// masked SpGEMM reduction.
#include "algorithms/triangles/triangle_count.hpp"

#include <immintrin.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>

#include "algorithms/triangles/degree_orientation.hpp"
#include "engine/ops.hpp"

namespace spgraph {

namespace {

using detail::degree_rank;
using detail::kParallelEntries;
using detail::orient_by_degree;
using detail::Oriented;

/// Method::Auto probes a bitmap for every row while the n-bit bitmap fits in this many bytes
/// (a core's L2 with room to spare): a merge costs |U(u)| + |U(v)| per v, the bitmap |U(v)|
/// plus setting and clearing |U(u)| bits once per row, and cache-resident bit tests are cheap
/// (on Kronecker scale 18 the all-merge count takes 3.3x the all-bitmap one; on the small
/// social graphs the bitmap is 5-10% faster even for 2-entry rows; bench/RESULTS.md). For larger
/// graphs, where bit tests miss the cache, rows of U with at most kMergeMaxRow entries merge.
constexpr Offset kBitmapCacheBytes = Offset(1) << 20;
constexpr Offset kMergeMaxRow = 16;

/// How many rows ahead in U(u) the bitmap count prefetches the rows U(v) it reads next (the
/// row offsets twice as far ahead). Kronecker scale 18 and 20: 20-30% faster than none; 2 to 6
/// differ by less than the noise (bench/RESULTS.md, "BFS and TC past GAPBS").
constexpr Offset kRowAhead = 4;

/// |a ∩ b| for sorted unique lists, branch-free; calls on_common(w) per common w if PerVertex.
template <bool PerVertex, class F>
Offset merge_count(const Vertex* a, Offset na, const Vertex* b, Offset nb, F&& on_common) {
  Offset i = 0, j = 0, c = 0;
  while (i < na && j < nb) {
    const Vertex x = a[i], y = b[j];
    if constexpr (PerVertex) {
      if (x == y) on_common(x);
    }
    c += x == y;
    i += x <= y;
    j += y <= x;
  }
  return c;
}

/// Sets (mark) or clears (unmark) the bits of ids[0, n) in `bitmap`.
inline void mark(std::uint64_t* bitmap, const Vertex* ids, Offset n) {
  for (Offset q = 0; q < n; ++q) bitmap[ids[q] >> 6] |= std::uint64_t(1) << (ids[q] & 63);
}
inline void unmark(std::uint64_t* bitmap, const Vertex* ids, Offset n) {
  for (Offset q = 0; q < n; ++q) bitmap[ids[q] >> 6] = 0;
}

/// Prefetches, for the count walking list[k] (k < end), the offsets of the row list[k + 2A] and
/// the first line of the row list[k + A] (A = kRowAhead): the rows it reads next lie anywhere
/// in a column array larger than the caches.
inline void prefetch_rows_ahead(const Offset* rp, const Vertex* col, const Vertex* list, Offset k,
                                Offset end) {
  if (k + 2 * kRowAhead < end) __builtin_prefetch(rp + list[k + 2 * kRowAhead]);
  if (k + kRowAhead < end) __builtin_prefetch(col + rp[list[k + kRowAhead]]);
}

/// The number of ids in w[0, n) whose bit is set in `bitmap` (portable version).
inline Offset count_marked_scalar(const Vertex* w, Offset n, const std::uint64_t* bitmap) {
  Offset c = 0;
  for (Offset q = 0; q < n; ++q) c += (bitmap[w[q] >> 6] >> (w[q] & 63)) & 1;
  return c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// GCC 12's AVX-512 intrinsics start from _mm512_undefined, which trips -Wmaybe-uninitialized
// inside its own header (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic push
#if !defined(__clang__)  // clang has no -Wmaybe-uninitialized and warns about the name
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#pragma GCC diagnostic ignored "-Wuninitialized"
// Vector versions: the bitmap is read as 32-bit words (little-endian: bit j is bit j % 32 of
// word j / 32), 16 (AVX-512) or 8 (AVX2) ids per gather; the tail is done one id at a time.
__attribute__((target("avx512f"))) Offset count_marked_avx512(const Vertex* w, Offset n,
                                                              const std::uint64_t* bitmap) {
  const void* words = bitmap;
  const __m512i low5 = _mm512_set1_epi32(31), one = _mm512_set1_epi32(1);
  __m512i acc = _mm512_setzero_si512();
  Offset q = 0;
  for (; q + 16 <= n; q += 16) {
    const __m512i ids = _mm512_loadu_si512(w + q);
    const __m512i word = _mm512_i32gather_epi32(_mm512_srli_epi32(ids, 5), words, 4);
    acc = _mm512_add_epi32(
        acc, _mm512_and_si512(_mm512_srlv_epi32(word, _mm512_and_si512(ids, low5)), one));
  }
  alignas(64) std::uint32_t lanes[16];
  _mm512_store_si512(lanes, acc);
  Offset c = 0;
  for (std::uint32_t x : lanes) c += x;
  return c + count_marked_scalar(w + q, n - q, bitmap);
}

__attribute__((target("avx2"))) Offset count_marked_avx2(const Vertex* w, Offset n,
                                                         const std::uint64_t* bitmap) {
  const int* words = reinterpret_cast<const int*>(bitmap);
  const __m256i low5 = _mm256_set1_epi32(31), one = _mm256_set1_epi32(1);
  __m256i acc = _mm256_setzero_si256();
  Offset q = 0;
  for (; q + 8 <= n; q += 8) {
    const __m256i ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + q));
    const __m256i word = _mm256_i32gather_epi32(words, _mm256_srli_epi32(ids, 5), 4);
    acc = _mm256_add_epi32(
        acc, _mm256_and_si256(_mm256_srlv_epi32(word, _mm256_and_si256(ids, low5)), one));
  }
  alignas(32) std::uint32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
  Offset c = 0;
  for (std::uint32_t x : lanes) c += x;
  return c + count_marked_scalar(w + q, n - q, bitmap);
}
#pragma GCC diagnostic pop
#endif

using CountMarked = Offset (*)(const Vertex*, Offset, const std::uint64_t*);

/// The widest count_marked the CPU runs, chosen once at run time (one binary for any x86-64).
CountMarked pick_count_marked() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return count_marked_avx512;
  if (__builtin_cpu_supports("avx2")) return count_marked_avx2;
#endif
  return count_marked_scalar;
}
const CountMarked count_marked = pick_count_marked();

/// Phase 2 (and 3 when PerVertex): the fused count over U.
template <bool PerVertex>
std::uint64_t fused_count(const Csr<bool>& u, TriangleMethod method,
                          std::vector<std::uint64_t>& per_vertex) {
  const Vertex n = u.nrows;
  const Offset* rp = u.row_ptr.data();
  const Vertex* col = u.col.data();
  const bool parallel = 2 * u.nnz() >= kParallelEntries;
  auto bump = [&](Vertex v, std::uint64_t k) {
    if constexpr (PerVertex) {
      if (k) std::atomic_ref<std::uint64_t>(per_vertex[v]).fetch_add(k, std::memory_order_relaxed);
    }
  };
  const bool bitmap_fits = Offset(n) / 8 <= kBitmapCacheBytes;
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total) if (parallel)
  {
    std::vector<std::uint64_t> bitmap((std::size_t(n) + 63) / 64, 0);
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t ui = 0; ui < std::int64_t(n); ++ui) {
      const Vertex uv = Vertex(ui);
      const Offset ub = rp[uv], ue = rp[uv + 1], du = ue - ub;
      if (du < 2) continue;
      const bool use_bitmap =
          method == TriangleMethod::Hash ||
          (method == TriangleMethod::Auto && (bitmap_fits || du > kMergeMaxRow));
      std::uint64_t row_total = 0;
      if (use_bitmap) {
        mark(bitmap.data(), col + ub, du);
        for (Offset k = ub; k < ue; ++k) {
          prefetch_rows_ahead(rp, col, col, k, ue);
          const Vertex v = col[k];
          std::uint64_t c = 0;
          if constexpr (PerVertex) {
            for (Offset q = rp[v]; q < rp[v + 1]; ++q) {
              const Vertex w = col[q];
              const std::uint64_t hit = (bitmap[w >> 6] >> (w & 63)) & 1;
              c += hit;
              if (hit) bump(w, 1);
            }
          } else {
            const Offset len = rp[v + 1] - rp[v];  // short rows: inline loop, no call
            c = len >= 16 ? count_marked(col + rp[v], len, bitmap.data())
                          : count_marked_scalar(col + rp[v], len, bitmap.data());
          }
          bump(v, c);
          row_total += c;
        }
        unmark(bitmap.data(), col + ub, du);
      } else {
        for (Offset k = ub; k < ue; ++k) {
          const Vertex v = col[k];
          const Offset c = merge_count<PerVertex>(col + ub, du, col + rp[v], rp[v + 1] - rp[v],
                                                  [&](Vertex w) { bump(w, 1); });
          bump(v, c);
          row_total += c;
        }
      }
      bump(uv, row_total);
      total += row_total;
    }
  }
  return total;
}

/// Method::Auto counts by wedges (wedge_count) on graphs with at least kWedgeEntries arcs whose
/// longest row is at least kWedgeSkew times the mean: measured against the forward count,
/// Kronecker 18 (7.6 M arcs) -11%, Kronecker 20 (31 M) -25%, NotreDame (2.2 M arcs once
/// symmetrized) +50%, the snap social graphs (0.1-0.4 M) +50-75% (bench/RESULTS.md, "BFS and TC
/// past GAPBS"). On a graph of bounded degree the wedges are few either way and the extra pass
/// and sort lose.
constexpr Offset kWedgeEntries = Offset(1) << 22;
constexpr Offset kWedgeSkew = 32;

bool wedges_pay(const AdjacencyView& g) {
  return g.nnz() >= kWedgeEntries && max_degree(g) >= kWedgeSkew * (g.nnz() / g.n);
}

/// The graph in rank space ((degree, id) order, degree_rank), split at each vertex: up(r) holds
/// the ranks above r among r's neighbours, sorted; low(r) those below, in any order. A
/// self-loop goes to neither.
struct RankSplit {
  std::vector<Offset> up_ptr, low_ptr;
  std::vector<Vertex> up, low;
  Offset self_loops = 0;
};

RankSplit split_by_rank(const AdjacencyView& g) {
  const Vertex n = g.n;
  const bool parallel = g.nnz() >= kParallelEntries;
  const std::vector<Vertex> rank = degree_rank(g);
  RankSplit s;
  s.up_ptr.assign(std::size_t(n) + 1, 0);
  s.low_ptr.assign(std::size_t(n) + 1, 0);
  Offset loops = 0;
#pragma omp parallel for schedule(static) reduction(+ : loops) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    const Vertex rv = rank[v];
    Offset above = 0, below = 0;
    for (Offset k = g.row_ptr[v], e = g.row_ptr[v + 1]; k < e; ++k) {
      const Vertex rw = rank[g.col[k]];
      above += rw > rv;
      below += rw < rv;
    }
    s.up_ptr[rv + 1] = above;
    s.low_ptr[rv + 1] = below;
    loops += g.degree(Vertex(v)) - above - below;
  }
  s.self_loops = loops;
  for (Vertex r = 0; r < n; ++r) {
    s.up_ptr[r + 1] += s.up_ptr[r];
    s.low_ptr[r + 1] += s.low_ptr[r];
  }
  s.up.resize(s.up_ptr[n]);
  s.low.resize(s.low_ptr[n]);
#pragma omp parallel for schedule(static) if (parallel)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    const Vertex rv = rank[v];
    Offset pu = s.up_ptr[rv], pl = s.low_ptr[rv];
    const Offset eu = s.up_ptr[rv + 1], el = s.low_ptr[rv + 1];
    // Branch-free but for the rows' ends: each rank is written to both rows and moves the
    // cursor of the one it belongs to; a full row takes no more writes (the slot after it is
    // the next row's, perhaps another thread's).
    for (Offset k = g.row_ptr[v], e = g.row_ptr[v + 1]; k < e; ++k) {
      const Vertex rw = rank[g.col[k]];
      if (pu < eu) s.up[pu] = rw;
      if (pl < el) s.low[pl] = rw;
      pu += rw > rv;
      pl += rw < rv;
    }
    std::sort(s.up.begin() + std::ptrdiff_t(s.up_ptr[rv]), s.up.begin() + std::ptrdiff_t(eu));
  }
  return s;
}

/// The count by wedges at the middle corner: each triangle a ≺ b ≺ w is found once, at b, as a
/// in low(b) and w in up(b) ∩ up(a), w above b. With up(b) marked in a bitmap, the candidates
/// are the part of the sorted row up(a) after b, so the bits probed number Σ_a C(|up(a)|, 2)
/// (the wedges with a at the bottom) instead of Σ_(a,b) |up(b)| for the forward count of
/// fused_count (Kronecker 18: 205 M against 660 M).
std::uint64_t wedge_count(const RankSplit& s, Vertex n) {
  const Offset* up_ptr = s.up_ptr.data();
  const Vertex* up = s.up.data();
  const bool parallel = 2 * s.up.size() >= std::size_t(kParallelEntries);
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total) if (parallel)
  {
    std::vector<std::uint64_t> bitmap((std::size_t(n) + 63) / 64, 0);
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t bi = 0; bi < std::int64_t(n); ++bi) {
      const Vertex b = Vertex(bi);
      const Offset ub = up_ptr[b], ue = up_ptr[b + 1];
      const Offset lb = s.low_ptr[b], le = s.low_ptr[b + 1];
      if (ub == ue || lb == le) continue;
      mark(bitmap.data(), up + ub, ue - ub);
      std::uint64_t c = 0;
      for (Offset k = lb; k < le; ++k) {
        prefetch_rows_ahead(up_ptr, up, s.low.data(), k, le);
        const Vertex a = s.low[k];
        const Vertex* row = up + up_ptr[a];
        const Vertex* row_end = up + up_ptr[a + 1];
        const Vertex* after = std::upper_bound(row, row_end, b);  // b is in up(a)
        const Offset rest = Offset(row_end - after);
        c += rest >= 16 ? count_marked(after, rest, bitmap.data())
                        : count_marked_scalar(after, rest, bitmap.data());
      }
      unmark(bitmap.data(), up + ub, ue - ub);
      total += c;
    }
  }
  return total;
}

/// The Sandia methods: Σ((L·L) .* L) or Σ((U·U) .* U) by masked SpGEMM with a fused sum.
std::uint64_t sandia_count(Csr<bool>&& u_csr, TriangleMethod method) {
  using Count = std::uint64_t;
  const Matrix<bool> u = Matrix<bool>::trusted(std::move(u_csr));
  Descriptor structural;
  structural.mask_structural = true;
  if (method == TriangleMethod::SandiaUU)
    return mxm_reduce_scalar(PlusMonoid<Count>{}, &u, PlusPair<Count>{}, u, u, structural);
  Matrix<bool> l(u.nrows(), u.ncols(), true);
  transpose(l, nullptr, NoAccum{}, u);
  return mxm_reduce_scalar(PlusMonoid<Count>{}, &l, PlusPair<Count>{}, l, l, structural);
}

}  // namespace

std::string triangle_method_name(TriangleMethod m) {
  switch (m) {
    case TriangleMethod::Auto:
      return "auto";
    case TriangleMethod::Merge:
      return "merge";
    case TriangleMethod::Hash:
      return "hash";
    case TriangleMethod::SandiaLL:
      return "sandia-ll";
    case TriangleMethod::SandiaUU:
      return "sandia-uu";
    case TriangleMethod::Wedge:
      return "wedge";
  }
  return "unknown";
}

TriangleMethod parse_triangle_method(const std::string& name) {
  for (TriangleMethod m :
       {TriangleMethod::Auto, TriangleMethod::Merge, TriangleMethod::Hash, TriangleMethod::SandiaLL,
        TriangleMethod::SandiaUU, TriangleMethod::Wedge})
    if (triangle_method_name(m) == name) return m;
  throw InvalidArgument("unknown triangle counting method '" + name +
                        "'; valid: auto, merge, hash, sandia-ll, sandia-uu, wedge");
}

/// Method::Auto counts in vertex-id order, with no orientation built, on graphs whose average
/// degree is below kIdOrderMaxAverageDegree (the GAP benchmark's rule in tc.cc, Beamer et al.
/// 2015: relabelling by degree does not pay under it) and whose longest row is at most
/// kIdOrderMaxDegree: road networks and sparse meshes, where building U costs more than it
/// saves (usroads: 0.6 ms against 3.1 ms). A sparse graph with hubs (as-caida: mean degree 4,
/// a row of 2628) still pays for the orientation, which keeps the hubs' merges short (1.3 ms
/// against 2.8 ms in id order).
constexpr Offset kIdOrderMaxAverageDegree = 10;
constexpr Offset kIdOrderMaxDegree = 64;

bool id_order_pays(const AdjacencyView& g) {
  return g.n > 0 && g.nnz() < kIdOrderMaxAverageDegree * Offset(g.n) &&
         max_degree(g) <= kIdOrderMaxDegree;
}

/// Triangles {w < v < u} found from u: for each stored neighbour v < u, the neighbours w < v
/// that u and v share, by a merge that stops at v (rows are sorted, so both walks end early).
/// Self-loops (v == u) are skipped and counted.
std::uint64_t id_order_count(const AdjacencyView& g, Offset& self_loops) {
  const Offset* rp = g.row_ptr;
  const Vertex* col = g.col;
  std::uint64_t total = 0;
  Offset loops = 0;
  const bool parallel = g.nnz() >= kParallelEntries;
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : total, loops) if (parallel)
  for (std::int64_t su = 0; su < std::int64_t(g.n); ++su) {
    const Vertex u = Vertex(su);
    const Offset ub = rp[u], ue = rp[u + 1];
    for (Offset k = ub; k < ue; ++k) {
      const Vertex v = col[k];
      if (v >= u) {
        loops += v == u;
        break;
      }
      // |{w in N(u) ∩ N(v) : w < v}|: N(u)'s part below v is [ub, k).
      Offset i = ub, j = rp[v];
      const Offset je = rp[v + 1];
      while (i < k && j < je) {
        const Vertex x = col[i], y = col[j];
        if (y >= v) break;
        total += x == y;
        i += x <= y;
        j += y <= x;
      }
    }
  }
  self_loops = loops;
  return total;
}

namespace detail {

TriangleResult triangle_count_symmetric(const AdjacencyView& g, const TriangleOptions& options) {
  const bool sandia =
      options.method == TriangleMethod::SandiaLL || options.method == TriangleMethod::SandiaUU;
  if ((sandia || options.method == TriangleMethod::Wedge) && options.per_vertex)
    throw InvalidArgument("per-vertex triangle counts need the auto, merge or hash method, not " +
                          triangle_method_name(options.method));
  TriangleResult r;
  r.method = options.method;
  if (options.method == TriangleMethod::Wedge ||
      (options.method == TriangleMethod::Auto && !options.per_vertex && wedges_pay(g))) {
    const RankSplit split = split_by_rank(g);
    r.self_loops = split.self_loops;
    r.triangles = wedge_count(split, g.n);
    return r;
  }
  if (options.method == TriangleMethod::Auto && !options.per_vertex && id_order_pays(g)) {
    r.triangles = id_order_count(g, r.self_loops);
    return r;
  }
  Oriented o = orient_by_degree(g);
  r.self_loops = o.self_loops;
  if (sandia) {
    r.triangles = sandia_count(std::move(o.u), options.method);
    return r;
  }
  if (!options.per_vertex) {
    std::vector<std::uint64_t> unused;
    r.triangles = fused_count<false>(o.u, options.method, unused);
    return r;
  }
  r.per_vertex.assign(g.n, 0);
  r.triangles = fused_count<true>(o.u, options.method, r.per_vertex);
  r.clustering.assign(g.n, 0.0);
  for (Vertex v = 0; v < g.n; ++v) {  // degrees without the self-loop
    const Vertex* b = g.col + g.row_ptr[v];
    const Vertex* e = g.col + g.row_ptr[v + 1];
    const double d = double(e - b) - double(std::binary_search(b, e, v));
    if (d >= 2) r.clustering[v] = 2.0 * double(r.per_vertex[v]) / (d * (d - 1));
  }
  return r;
}

}  // namespace detail

}  // namespace spgraph
