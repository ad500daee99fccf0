// SPDX-License-Identifier: Apache-2.0
// Brute-force oracles for the kNN tests, written straight from the definitions in
// algorithms/knn/knn.hpp and sharing no code with it: neighbourhoods as std::set per vertex,
// every pair's score from |N(u) ∩ N(v)| by set intersection (networkx's link-prediction
// formulas), a serial FIFO BFS, an O(n²) Dijkstra, dense Q·Xᵀ in double; each answer is the
// full candidate list sorted by (score, id) and cut at k. Also the random graphs the tests use
// (Erdős–Rényi and a skewed power-law-like one, with repeats, self-loops and isolated
// vertices) and the checker that compares a KnnResult row with an oracle answer; a whole
// result also goes through the verifier `spgraph compare knn` uses (knn_verify.hpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "algorithms/knn/knn_verify.hpp"
#include "engine/core/types.hpp"
#include "engine/matrix.hpp"

namespace spgraph::testing::knn {

/// One input arc (repeats and self-loops allowed) with the weight the weighted tests use.
struct Arc {
  Vertex u, v;
  double w = 1;
};

/// One answer of an oracle.
struct Scored {
  Vertex id;
  double score;
};

inline std::mt19937_64 seeded(std::uint64_t seed, const std::string& what) {
  std::cout << what << ": seed " << seed << "\n";
  return std::mt19937_64(seed);
}

/// Erdős–Rényi-like arcs: m uniform (u, v) over the first n - n/10 vertices (the rest stay
/// isolated), a repeat every 13th arc and a self-loop every 29th. Weights: integers lo..hi.
inline std::vector<Arc> erdos_renyi(Vertex n, std::size_t m, std::uint64_t seed, int lo = 1,
                                    int hi = 1, bool symmetric = false) {
  std::mt19937_64 rng = seeded(seed, "erdos_renyi n " + std::to_string(n));
  const Vertex live = std::max<Vertex>(1, n - n / 10);
  std::vector<Arc> arcs;
  for (std::size_t k = 0; k < m; ++k) {
    const Vertex u = Vertex(rng() % live);
    const Vertex v = k % 29 == 0 ? u : Vertex(rng() % live);
    const double w = double(lo + std::int64_t(rng() % std::uint64_t(hi - lo + 1)));
    arcs.push_back({u, v, w});
    if (symmetric && u != v) arcs.push_back({v, u, w});
    if (k % 13 == 0) {
      arcs.push_back({u, v, w});
      if (symmetric && u != v) arcs.push_back({v, u, w});
    }
  }
  return arcs;
}

/// Skewed arcs: endpoints drawn as floor(live · x³) for uniform x, so low ids are hubs
/// (vertex 0 gets a row of hundreds of entries); the last n/10 vertices stay isolated.
inline std::vector<Arc> power_law(Vertex n, std::size_t m, std::uint64_t seed, int lo = 1,
                                  int hi = 1, bool symmetric = false) {
  std::mt19937_64 rng = seeded(seed, "power_law n " + std::to_string(n));
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const Vertex live = std::max<Vertex>(1, n - n / 10);
  auto draw = [&] {
    const double x = unit(rng);
    return std::min<Vertex>(live - 1, Vertex(double(live) * x * x * x));
  };
  std::vector<Arc> arcs;
  for (std::size_t k = 0; k < m; ++k) {
    // Half the arcs start at a uniform vertex so that the hubs also have in-arcs.
    const Vertex u = k % 2 ? draw() : Vertex(rng() % live);
    const Vertex v = k % 31 == 0 ? u : draw();
    const double w = double(lo + std::int64_t(rng() % std::uint64_t(hi - lo + 1)));
    arcs.push_back({u, v, w});
    if (symmetric && u != v) arcs.push_back({v, u, w});
    if (k % 11 == 0) {
      arcs.push_back({u, v, w});
      if (symmetric && u != v) arcs.push_back({v, u, w});
    }
  }
  return arcs;
}

/// The pattern matrix of the arcs (repeats merged).
template <class T>
Matrix<T> pattern_of(Vertex n, const std::vector<Arc>& arcs) {
  std::vector<Vertex> r, c;
  for (const Arc& a : arcs) {
    r.push_back(a.u);
    c.push_back(a.v);
  }
  return Matrix<T>::build_pattern(n, n, r, c);
}

/// The valued matrix of the arcs (repeats summed, Matrix::build's default).
template <class T>
Matrix<T> valued_of(Vertex n, const std::vector<Arc>& arcs) {
  std::vector<Vertex> r, c;
  std::vector<T> w;
  for (const Arc& a : arcs) {
    r.push_back(a.u);
    c.push_back(a.v);
    w.push_back(T(a.w));
  }
  return Matrix<T>::build(n, n, r, c, w);
}

/// The arcs stored in a matrix (for graphs read from files).
template <class T>
std::vector<Arc> arcs_of(const Matrix<T>& a) {
  std::vector<Vertex> r, c;
  std::vector<T> w;
  a.extract_tuples(r, c, w);
  std::vector<Arc> arcs;
  for (std::size_t k = 0; k < r.size(); ++k) arcs.push_back({r[k], c[k], double(w[k])});
  return arcs;
}

// ---------------------------------------------------------------------------------------
// Similarity

/// N(x) for every x: out-neighbours, in-neighbours or both.
inline std::vector<std::set<Vertex>> neighbourhoods(Vertex n, const std::vector<Arc>& arcs,
                                                    Neighborhood kind) {
  std::vector<std::set<Vertex>> nb(n);
  for (const Arc& a : arcs) {
    if (kind != Neighborhood::In) nb[a.u].insert(a.v);
    if (kind != Neighborhood::Out) nb[a.v].insert(a.u);
  }
  return nb;
}

/// Every pair's score from the definitions: c = |N(u) ∩ N(v)| by set intersection,
/// cnt(w) = |{x : w ∈ N(x)}|, and networkx's formulas.
class SimilarityOracle {
 public:
  SimilarityOracle(Vertex n, const std::vector<Arc>& arcs, Neighborhood kind)
      : nb_(neighbourhoods(n, arcs, kind)), cnt_(n, 0), pairs_(n), done_(n, 0) {
    for (const auto& s : nb_)
      for (Vertex w : s) ++cnt_[w];
  }

  Vertex num_vertices() const { return Vertex(nb_.size()); }
  const std::set<Vertex>& neighbours(Vertex x) const { return nb_[x]; }
  std::size_t cnt(Vertex w) const { return cnt_[w]; }

  /// The score of v for u under m, from c and the two neighbourhood sizes.
  static double score(SimilarityMeasure m, std::size_t c, std::size_t du, std::size_t dv, double aa,
                      double ra) {
    switch (m) {
      case SimilarityMeasure::CommonNeighbors:
        return double(c);
      case SimilarityMeasure::Jaccard:
        return double(c) / double(du + dv - c);
      case SimilarityMeasure::Cosine:
        return double(c) / std::sqrt(double(du) * double(dv));
      case SimilarityMeasure::Overlap:
        return double(c) / double(std::min(du, dv));
      case SimilarityMeasure::AdamicAdar:
        return aa;
      case SimilarityMeasure::ResourceAllocation:
        return ra;
    }
    return std::numeric_limits<double>::quiet_NaN();
  }

  /// Every candidate of u (c > 0, exclusions applied), sorted by (score desc, id asc); the
  /// caller cuts at k. u itself is governed by include_self only (also when u has a
  /// self-loop and so lies in N(u)).
  std::vector<Scored> answers(Vertex u, const SimilarityKnnOptions& o) const {
    std::vector<Scored> out;
    for (const Pair& p : pairs_of(u)) {
      if (p.v == u && !o.include_self) continue;
      if (p.v != u && nb_[u].count(p.v) && !o.include_neighbors) continue;
      out.push_back({p.v, score(o.measure, p.c, nb_[u].size(), nb_[p.v].size(), p.aa, p.ra)});
    }
    std::sort(out.begin(), out.end(), [](const Scored& a, const Scored& b) {
      return a.score != b.score ? a.score > b.score : a.id < b.id;
    });
    return out;
  }

 private:
  struct Pair {
    Vertex v;
    std::size_t c;
    double aa, ra;
  };

  /// The vertices sharing a neighbour with u, computed on first use (ascending v).
  const std::vector<Pair>& pairs_of(Vertex u) const {
    if (done_[u]) return pairs_[u];
    done_[u] = 1;
    std::vector<Vertex> common;
    for (Vertex v = 0; v < num_vertices(); ++v) {
      common.clear();
      std::set_intersection(nb_[u].begin(), nb_[u].end(), nb_[v].begin(), nb_[v].end(),
                            std::back_inserter(common));
      if (common.empty()) continue;
      Pair p{v, common.size(), 0.0, 0.0};
      for (Vertex w : common) {
        // cnt(w) >= 1 here; a term with cnt(w) = 1 adds 0 to Adamic-Adar.
        if (cnt_[w] > 1) p.aa += 1.0 / std::log(double(cnt_[w]));
        p.ra += 1.0 / double(cnt_[w]);
      }
      pairs_[u].push_back(p);
    }
    return pairs_[u];
  }

  std::vector<std::set<Vertex>> nb_;
  std::vector<std::size_t> cnt_;
  mutable std::vector<std::vector<Pair>> pairs_;
  mutable std::vector<char> done_;
};

inline bool exact_measure(SimilarityMeasure m) {
  return m == SimilarityMeasure::CommonNeighbors || m == SimilarityMeasure::Jaccard ||
         m == SimilarityMeasure::Overlap;
}

inline constexpr SimilarityMeasure kAllMeasures[] = {
    SimilarityMeasure::CommonNeighbors, SimilarityMeasure::Jaccard,
    SimilarityMeasure::Cosine,          SimilarityMeasure::Overlap,
    SimilarityMeasure::AdamicAdar,      SimilarityMeasure::ResourceAllocation};

inline constexpr Neighborhood kAllNeighborhoods[] = {Neighborhood::Out, Neighborhood::In,
                                                     Neighborhood::Both};

inline std::string describe(const SimilarityKnnOptions& o) {
  std::string s = "measure ";
  s += std::string(similarity_measure_name(o.measure));
  s += " neighborhood ";
  s += o.neighborhood == Neighborhood::Out  ? "out"
       : o.neighborhood == Neighborhood::In ? "in"
                                            : "both";
  s += " k ";
  s += o.k == kAllNeighbors ? std::string("all") : std::to_string(o.k);
  if (o.include_neighbors) s += " +neighbors";
  if (o.include_self) s += " +self";
  if (o.undirected) s += " undirected";
  return s;
}

// ---------------------------------------------------------------------------------------
// Distances

/// Hop counts by a serial FIFO BFS over the arcs; -1 when unreachable.
inline std::vector<double> bfs_hops(Vertex n, const std::vector<Arc>& arcs, Vertex s) {
  std::vector<std::vector<Vertex>> out(n);
  for (const Arc& a : arcs) out[a.u].push_back(a.v);
  std::vector<double> d(n, -1);
  std::vector<Vertex> queue{s};
  d[s] = 0;
  for (std::size_t h = 0; h < queue.size(); ++h)
    for (Vertex v : out[queue[h]])
      if (d[v] < 0) {
        d[v] = d[queue[h]] + 1;
        queue.push_back(v);
      }
  return d;
}

/// Weighted distances by an O(n²) Dijkstra on the arcs, repeats summed (as Matrix::build
/// folds them); -1 when unreachable.
inline std::vector<double> dijkstra(Vertex n, const std::vector<Arc>& arcs, Vertex s) {
  std::map<std::pair<Vertex, Vertex>, double> w;
  for (const Arc& a : arcs) w[{a.u, a.v}] += a.w;
  std::vector<std::vector<std::pair<Vertex, double>>> out(n);
  for (const auto& [e, x] : w) out[e.first].push_back({e.second, x});
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> d(n, inf);
  std::vector<char> done(n, 0);
  d[s] = 0;
  for (;;) {
    Vertex best = n;
    for (Vertex v = 0; v < n; ++v)
      if (!done[v] && d[v] < inf && (best == n || d[v] < d[best])) best = v;
    if (best == n) break;
    done[best] = 1;
    for (const auto& [v, x] : out[best]) d[v] = std::min(d[v], d[best] + x);
  }
  for (double& x : d)
    if (x == inf) x = -1;
  return d;
}

/// Reached vertices sorted by (distance, id), the source dropped unless include_self.
inline std::vector<Scored> nearest(const std::vector<double>& d, Vertex s, bool include_self) {
  std::vector<Scored> out;
  for (Vertex v = 0; v < Vertex(d.size()); ++v)
    if (d[v] >= 0 && (v != s || include_self)) out.push_back({v, d[v]});
  std::sort(out.begin(), out.end(), [](const Scored& a, const Scored& b) {
    return a.score != b.score ? a.score < b.score : a.id < b.id;
  });
  return out;
}

// ---------------------------------------------------------------------------------------
// Checking a result row

/// Compares row `row` of r (query `query`) with the oracle's full sorted candidate list cut
/// at k. descending: similarities (best = largest). rel_tol = 0 demands identical ids and
/// scores; otherwise scores within rel_tol (relative, at least absolute for |x| < 1) are
/// equal and their order is free. The result's own scores must follow the tie rule exactly.
inline void expect_row(const KnnResult& r, std::size_t row, Vertex query,
                       const std::vector<Scored>& want_all, std::size_t k, bool descending,
                       double rel_tol) {
  ASSERT_LT(row, r.num_queries());
  EXPECT_EQ(r.queries.at(row), query);
  const std::size_t want_n = std::min(k, want_all.size());
  const auto ids = r.ids_of(row);
  const auto scores = r.scores_of(row);
  ASSERT_EQ(ids.size(), want_n) << "query " << query;
  ASSERT_EQ(scores.size(), want_n) << "query " << query;
  // The tie rule on the result's own scores: strictly ordered by (score, id).
  for (std::size_t i = 1; i < want_n; ++i) {
    const bool better = descending ? scores[i - 1] > scores[i] : scores[i - 1] < scores[i];
    EXPECT_TRUE(better || (scores[i - 1] == scores[i] && ids[i - 1] < ids[i]))
        << "query " << query << " positions " << i - 1 << "," << i << ": (" << ids[i - 1] << ", "
        << scores[i - 1] << ") then (" << ids[i] << ", " << scores[i] << ")";
  }
  if (rel_tol == 0) {
    for (std::size_t i = 0; i < want_n; ++i) {
      EXPECT_EQ(ids[i], want_all[i].id) << "query " << query << " position " << i;
      EXPECT_EQ(scores[i], want_all[i].score) << "query " << query << " position " << i;
    }
    return;
  }
  auto close = [&](double a, double b) {
    return std::fabs(a - b) <= rel_tol * std::max({1.0, std::fabs(a), std::fabs(b)});
  };
  // The oracle's candidates by id, for lookups.
  std::vector<Scored> by_id = want_all;
  std::sort(by_id.begin(), by_id.end(),
            [](const Scored& a, const Scored& b) { return a.id < b.id; });
  auto find = [&](Vertex id) -> const Scored* {
    const auto it = std::lower_bound(by_id.begin(), by_id.end(), id,
                                     [](const Scored& a, Vertex x) { return a.id < x; });
    return it != by_id.end() && it->id == id ? &*it : nullptr;
  };
  std::vector<Vertex> seen(ids.begin(), ids.end());
  std::sort(seen.begin(), seen.end());
  EXPECT_TRUE(std::adjacent_find(seen.begin(), seen.end()) == seen.end())
      << "query " << query << " repeats an answer";
  for (std::size_t i = 0; i < want_n; ++i) {
    const Scored* o = find(ids[i]);
    if (o == nullptr) {
      ADD_FAILURE() << "query " << query << " position " << i << ": " << ids[i]
                    << " is not a candidate (expected " << want_all[i].id << ")";
      continue;
    }
    EXPECT_TRUE(close(scores[i], o->score))
        << "query " << query << " answer " << ids[i] << ": score " << scores[i]
        << " but the oracle has " << o->score;
    // A different id is only allowed where the oracle's scores tie within the tolerance.
    EXPECT_TRUE(ids[i] == want_all[i].id || close(o->score, want_all[i].score))
        << "query " << query << " position " << i << ": got " << ids[i] << " (" << o->score
        << "), expected " << want_all[i].id << " (" << want_all[i].score << ")";
  }
  // Every candidate clearly better than the last kept one must be kept.
  if (want_n > 0 && want_n < want_all.size()) {
    const double last = want_all[want_n - 1].score;
    for (const Scored& s : want_all) {
      const bool clearly_better = descending ? s.score > last : s.score < last;
      if (clearly_better && !close(s.score, last)) {
        EXPECT_TRUE(std::binary_search(seen.begin(), seen.end(), s.id))
            << "query " << query << " misses " << s.id;
      }
    }
  }
}

/// The whole result against per-query oracle answers (want[q] for queries[q]).
inline void expect_result(const KnnResult& r, const std::vector<Vertex>& queries,
                          const std::vector<std::vector<Scored>>& want, std::size_t k,
                          bool descending, double rel_tol) {
  ASSERT_EQ(r.num_queries(), queries.size());
  ASSERT_EQ(r.queries.size(), queries.size());
  ASSERT_EQ(r.ids.size(), r.ptr.back());
  ASSERT_EQ(r.scores.size(), r.ptr.back());
  EXPECT_EQ(check_knn_ranking(r, k, descending), "");
  for (std::size_t q = 0; q < queries.size(); ++q)
    expect_row(r, q, queries[q], want[q], k, descending, rel_tol);
  if (rel_tol == 0) {  // exact answers: compare's bit-for-bit rule against the oracle's cut
    KnnResult cut;
    for (const auto& list : want) {
      for (std::size_t i = 0; i < list.size() && i < k; ++i) {
        cut.ids.push_back(list[i].id);
        cut.scores.push_back(list[i].score);
      }
      cut.ptr.push_back(Offset(cut.ids.size()));
    }
    EXPECT_EQ(compare_knn(r, cut, true).error, "");
  }
}

/// Two results are the same, bit for bit.
inline void expect_identical(const KnnResult& a, const KnnResult& b) {
  EXPECT_EQ(a.queries, b.queries);
  EXPECT_EQ(a.ptr, b.ptr);
  EXPECT_EQ(a.ids, b.ids);
  ASSERT_EQ(a.scores.size(), b.scores.size());
  for (std::size_t i = 0; i < a.scores.size(); ++i)
    EXPECT_EQ(a.scores[i], b.scores[i]) << "position " << i;
}

}  // namespace spgraph::testing::knn
