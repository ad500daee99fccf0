// SPDX-License-Identifier: Apache-2.0
// Synthetic graph generators (see generators.hpp for the models and their sources).
// Phases of generate_kronecker:
//   1. validate the initiator and size;
//   2. in parallel, draw each edge from its own splitmix64 stream (Graph500 spec 3.0 §3);
//   3. draw a seeded permutation of vertex labels (serial Fisher–Yates) and relabel in parallel.
// Cost: O(m * scale) random draws and O(n) for the permutation; workspace is the n-entry
// permutation beside the output tuples.
#include "loaders/generators.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/error.hpp"

namespace spgraph {
namespace {

/// The splitmix64 finaliser (Steele, Lea & Flood, OOPSLA 2014): a bijective 64-bit mixer.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

/// A splitmix64 stream whose starting point is keyed by (seed, stream id).
class SplitMix64 {
 public:
  SplitMix64(std::uint64_t seed, std::uint64_t stream) : state_(mix64(seed ^ mix64(stream + 1))) {}
  std::uint64_t next() { return mix64(state_ += kGolden); }
  /// A double uniform in [0, 1) with 53 random bits.
  double next_unit() { return double(next() >> 11) * 0x1.0p-53; }
  /// An integer uniform in [0, bound), by Lemire's multiply-shift (bias below 2^-32 here).
  std::uint64_t next_below(std::uint64_t bound) {
    return std::uint64_t((unsigned __int128)next() * bound >> 64);
  }

 private:
  std::uint64_t state_;
};

/// Stream ids separating the permutation stream from the per-edge streams.
constexpr std::uint64_t kPermutationStream = ~std::uint64_t(0);

/// Allocates the tuple arrays of an n x n pattern Coo holding `arcs` arcs.
Coo<bool> pattern_coo(Vertex n, Offset arcs) {
  Coo<bool> coo;
  coo.nrows = n;
  coo.ncols = n;
  coo.pattern = true;
  coo.row.resize(arcs);
  coo.col.resize(arcs);
  return coo;
}

/// Stores edge e as arc u -> v, and also v -> u right after it when undirected.
inline void put_edge(Coo<bool>& coo, Offset e, bool undirected, Vertex u, Vertex v) {
  const Offset k = undirected ? 2 * e : e;
  coo.row[k] = u;
  coo.col[k] = v;
  if (undirected) {
    coo.row[k + 1] = v;
    coo.col[k + 1] = u;
  }
}

bool is_probability(double p) {
  return p >= 0.0 && p <= 1.0;
}  // false for NaN

}  // namespace

Coo<bool> generate_kronecker(int scale, int edge_factor, std::uint64_t seed, bool undirected,
                             double a, double b, double c) {
  // 1. Validate.
  if (scale < 0 || scale > 31)
    throw InvalidArgument("generate_kronecker: scale " + std::to_string(scale) +
                          " is outside 0..31 (2^scale vertices must fit a 32-bit id)");
  if (edge_factor < 0)
    throw InvalidArgument("generate_kronecker: edge factor " + std::to_string(edge_factor) +
                          " is negative");
  if (!is_probability(a) || !is_probability(b) || !is_probability(c))
    throw InvalidArgument("generate_kronecker: initiator probabilities a=" + std::to_string(a) +
                          " b=" + std::to_string(b) + " c=" + std::to_string(c) +
                          " must each lie in [0, 1]");
  if (a + b + c > 1.0 + 1e-12)
    throw InvalidArgument("generate_kronecker: a + b + c = " + std::to_string(a + b + c) +
                          " exceeds 1 (d = 1 - a - b - c must be a probability)");
  const double d = std::max(0.0, 1.0 - a - b - c);
  const double ab = a + b;
  const double a_norm = ab > 0 ? a / ab : 0.0;
  const double c_norm = c + d > 0 ? c / (c + d) : 0.0;

  const Vertex n = Vertex(std::uint64_t(1) << scale);
  const Offset edges = Offset(edge_factor) * n;
  Coo<bool> coo = pattern_coo(n, undirected ? 2 * edges : edges);

  // 2. Each edge descends the initiator `scale` times, lowest bit first, as the reference does.
  const std::int64_t m = std::int64_t(edges);
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < m; ++e) {
    SplitMix64 rng(seed, std::uint64_t(e));
    Vertex u = 0, v = 0;
    for (int bit = 0; bit < scale; ++bit) {
      const bool row_bit = rng.next_unit() > ab;
      const bool col_bit = rng.next_unit() > (row_bit ? c_norm : a_norm);
      u |= Vertex(row_bit) << bit;
      v |= Vertex(col_bit) << bit;
    }
    put_edge(coo, Offset(e), undirected, u, v);
  }

  // 3. Relabel vertices through a seeded random permutation.
  std::vector<Vertex> perm(n);
  std::iota(perm.begin(), perm.end(), Vertex(0));
  SplitMix64 prng(seed, kPermutationStream);
  for (std::uint64_t i = n; i > 1; --i) std::swap(perm[i - 1], perm[prng.next_below(i)]);
  const std::int64_t arcs = std::int64_t(coo.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < arcs; ++k) {
    coo.row[k] = perm[coo.row[k]];
    coo.col[k] = perm[coo.col[k]];
  }
  return coo;
}

Coo<bool> generate_uniform(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  if (n > kMaxDimension)
    throw InvalidArgument("generate_uniform: " + std::to_string(n) +
                          " vertices exceed the largest dimension " +
                          std::to_string(kMaxDimension));
  if (n == 0 && m > 0)
    throw InvalidArgument("generate_uniform: cannot place " + std::to_string(m) +
                          " arcs on a graph with no vertices");
  if (m > (Offset(1) << 62))
    throw InvalidArgument("generate_uniform: " + std::to_string(m) + " arcs is too many");
  Coo<bool> coo = pattern_coo(n, undirected ? 2 * m : m);
  const std::int64_t count = std::int64_t(m);
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < count; ++e) {
    SplitMix64 rng(seed, std::uint64_t(e));
    const Vertex u = Vertex(rng.next_below(n));
    const Vertex v = Vertex(rng.next_below(n));
    put_edge(coo, Offset(e), undirected, u, v);
  }
  return coo;
}

Coo<bool> generate_grid2d(Vertex rows, Vertex cols) {
  const std::uint64_t n = std::uint64_t(rows) * cols;
  if (n > kMaxDimension)
    throw InvalidArgument("generate_grid2d: " + std::to_string(rows) + " x " +
                          std::to_string(cols) + " = " + std::to_string(n) +
                          " vertices exceed the largest dimension " +
                          std::to_string(kMaxDimension));
  if (n == 0) return pattern_coo(0, 0);
  // Row r holds 2 (cols - 1) horizontal arcs and, unless it is the last, 2 cols vertical ones,
  // so every row before r contributes 4 cols - 2 arcs.
  const Offset per_row = 4 * Offset(cols) - 2;
  const Offset arcs = Offset(rows - 1) * per_row + 2 * Offset(cols - 1);
  Coo<bool> coo = pattern_coo(Vertex(n), arcs);
  const std::int64_t nrows = rows;
#pragma omp parallel for schedule(static)
  for (std::int64_t r = 0; r < nrows; ++r) {
    Offset k = Offset(r) * per_row;
    const Vertex base = Vertex(r) * cols;
    for (Vertex c = 0; c + 1 < cols; ++c, k += 2) {
      coo.row[k] = base + c;
      coo.col[k] = base + c + 1;
      coo.row[k + 1] = base + c + 1;
      coo.col[k + 1] = base + c;
    }
    if (r + 1 < nrows)
      for (Vertex c = 0; c < cols; ++c, k += 2) {
        coo.row[k] = base + c;
        coo.col[k] = base + cols + c;
        coo.row[k + 1] = base + cols + c;
        coo.col[k + 1] = base + c;
      }
  }
  return coo;
}

Coo<bool> generate_grid3d(Vertex nx, Vertex ny, Vertex nz) {
  const std::uint64_t n = std::uint64_t(nx) * ny * nz;
  if (n > kMaxDimension)
    throw InvalidArgument("generate_grid3d: " + std::to_string(nx) + " x " + std::to_string(ny) +
                          " x " + std::to_string(nz) + " = " + std::to_string(n) +
                          " vertices exceed the largest dimension " +
                          std::to_string(kMaxDimension));
  if (n == 0) return pattern_coo(0, 0);
  // Cell c's arcs start at c · 7 minus the arcs its missing neighbours would have had: count
  // them per cell first (a prefix over cells), then fill in parallel.
  auto arcs_of = [&](Vertex x, Vertex y, Vertex z) {
    return Offset(1) + (x > 0) + (x + 1 < nx) + (y > 0) + (y + 1 < ny) + (z > 0) + (z + 1 < nz);
  };
  std::vector<Offset> start(n + 1, 0);
  for (std::uint64_t c = 0; c < n; ++c) {
    const Vertex x = Vertex(c % nx), y = Vertex(c / nx % ny), z = Vertex(c / nx / ny);
    start[c + 1] = start[c] + arcs_of(x, y, z);
  }
  Coo<bool> coo = pattern_coo(Vertex(n), start[n]);
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < std::int64_t(n); ++c) {
    const Vertex x = Vertex(std::uint64_t(c) % nx), y = Vertex(std::uint64_t(c) / nx % ny),
                 z = Vertex(std::uint64_t(c) / nx / ny);
    const Vertex v = Vertex(c);
    Offset k = start[c];
    auto arc = [&](Vertex to) {
      coo.row[k] = v;
      coo.col[k] = to;
      ++k;
    };
    if (z > 0) arc(v - nx * ny);
    if (y > 0) arc(v - nx);
    if (x > 0) arc(v - 1);
    arc(v);
    if (x + 1 < nx) arc(v + 1);
    if (y + 1 < ny) arc(v + nx);
    if (z + 1 < nz) arc(v + nx * ny);
  }
  return coo;
}

double edge_weight(Vertex u, Vertex v, std::uint32_t max_weight, std::uint64_t seed) {
  const std::uint64_t key = mix64(seed ^ kGolden);
  const std::uint64_t lo = std::min(u, v), hi = std::max(u, v);
  const std::uint64_t h = mix64(key ^ mix64((lo << 32) | hi));
  return double(1 + std::uint64_t((unsigned __int128)h * max_weight >> 64));
}

Coo<double> with_weights(Coo<bool>&& coo, std::uint32_t max_weight, std::uint64_t seed) {
  if (max_weight == 0) throw InvalidArgument("with_weights: the largest weight must be at least 1");
  Coo<double> out;
  out.nrows = coo.nrows;
  out.ncols = coo.ncols;
  out.pattern = false;
  out.row = std::move(coo.row);
  out.col = std::move(coo.col);
  out.val.resize(out.row.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t k = 0; k < std::int64_t(out.row.size()); ++k)
    out.val[k] = edge_weight(out.row[k], out.col[k], max_weight, seed);
  return out;
}

}  // namespace spgraph
