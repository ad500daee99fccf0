// SPDX-License-Identifier: Apache-2.0
// Betweenness centrality (the sixth GAP benchmark kernel) by Brandes, "A faster algorithm for
// betweenness centrality", J. Math. Sociol. 25(2), 2001: per source s, a forward search that
// counts shortest paths sigma_s(v) level by level (Brandes' Algorithm 1, lines 9-26), then a
// sweep back by distance that accumulates the dependencies
//   delta_s(v) = Σ_{w : v is a predecessor of w} sigma_s(v) / sigma_s(w) · (1 + delta_s(w))
// (Brandes' Theorem 6), and bc(v) += delta_s(v) for v != s.
//
// Graph: A square, A(u,v) = arc u -> v (an undirected graph stores both arcs). Unweighted by
// default (values ignored, GAP's rule); with `weighted` the values are lengths, which must be
// positive and finite (Dijkstra-based Brandes, Brandes section 4; equal lengths are compared
// exactly, so integer or otherwise exactly representable lengths give exact path counts).
// Self-loops never lie on a shortest path and change nothing. The CSR holds each arc once (the
// loaders merge repeated arcs, validate_csr checks it), so duplicate arcs in a file count once.
// Disconnected graphs: a source's search reaches only its component; unreachable pairs add 0.
//
// Scores (raw, before any scaling): raw(v) = Σ_{s in sources, s != v} delta_s(v), the sum that
// GAP and LAGraph's LAGr_Betweenness report. What betweenness() returns (BcScaling, chosen by
// the caller through `normalize` and whether it named sources):
//   - exact (every vertex a source, the default), normalize = false: networkx's
//     betweenness_centrality(G, normalized=False): raw for a directed graph, raw / 2 for an
//     undirected one (each unordered pair was counted from both ends);
//   - exact, normalize = true: networkx's normalized=True: raw / ((n-1)(n-2)) (directed or
//     undirected alike), unchanged when n <= 2;
//   - named or sampled sources (k of them), normalize = false: raw itself (GAP, LAGraph);
//   - named or sampled sources, normalize = true: networkx's betweenness_centrality(G, k,
//     normalized=True): raw · n / (k (n-1)(n-2)), unchanged when n <= 2.
// Each listed source counts once per occurrence (as LAGraph's source list does).
//
// The unweighted search (bc_unweighted.cpp, kernel in bc_kernel.hpp) is direction-optimizing
// (Beamer, Asanovic & Patterson, SC 2012): a top-down level scans the out-arcs of the frontier;
// a bottom-up level scans the in-arcs of each unvisited vertex and sums sigma over EVERY parent
// in the frontier (no early exit, unlike BFS). It runs `lanes` sources at once with an n x k
// layout of depths, path counts and dependencies (k = 4 as LAGraph's LAGr_Betweenness batches
// its frontier matrix): one scan of a row serves every search that has the row's vertex in
// its frontier. The weighted search (bc_weighted.cpp) runs one source at a time.
// Threads: levels with little work run on the calling thread with no OpenMP call; a graph too
// small for parallel levels runs its batches of sources in parallel instead, each thread with
// its own workspace, when there is enough work in all (bc_unweighted.cpp says the thresholds).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/matrix.hpp"
#include "formats/csr/adjacency.hpp"

namespace spgraph {

/// How the unweighted search groups its sources: Auto (the measured default), one source per
/// search, or `BcOptions::lanes` sources per search.
enum class BcMethod { Auto, PerSource, Batched };

/// Which of the file comment's scalings betweenness() applies.
enum class BcScaling { Raw, Networkx, NetworkxNormalized, SampledNormalized };

struct BcOptions {
  /// The sources, each counted once per occurrence; empty = every vertex (exact).
  std::vector<Vertex> sources;
  bool normalize = false;  ///< see the file comment
  bool weighted = false;   ///< values are lengths (positive, finite); Dijkstra-based Brandes
  /// A is symmetric (an undirected graph): bottom-up levels read A itself and no transpose is
  /// built, and exact unnormalized scores are halved (networkx). Leave false for a directed graph.
  bool undirected = false;
  BcMethod method = BcMethod::Auto;
};

struct BcResult {
  std::vector<double> score;    ///< one per vertex, scaled as `scaling` says
  std::vector<Vertex> sources;  ///< the sources used (every vertex for an exact run)
  BcScaling scaling = BcScaling::Raw;
  bool batched = false;  ///< the unweighted search ran several sources per search
  int push_steps = 0;    ///< top-down levels, over all searches
  int pull_steps = 0;    ///< bottom-up levels, over all searches
};

/// Betweenness centrality of A (square). Throws DimensionMismatch for a non-square matrix,
/// IndexOutOfBounds for a source >= n, InvalidArgument for a weighted run with a length that
/// is not positive and finite.
template <class T>
BcResult betweenness(const Matrix<T>& a, const BcOptions& options = {});

/// `count` distinct sources drawn uniformly (std::mt19937_64 from `seed`, a partial
/// Fisher-Yates shuffle: the same on every platform) among the vertices with at least one
/// out-arc other than a self-loop, as GAP's source picker skips vertices without arcs; sorted.
/// Throws InvalidArgument when fewer than `count` vertices have such an arc.
template <class T>
std::vector<Vertex> sample_sources(const Matrix<T>& a, Vertex count, std::uint64_t seed);

/// The scale factor `scaling` applies to raw sums over `k` sources on n vertices.
double bc_scale(BcScaling scaling, Vertex n, std::size_t k);

// ---- the kernels (bc_unweighted.cpp, bc_weighted.cpp) ----------------------------------------
namespace detail {

/// Raw sums (the file comment's raw(v)) over `sources`, added to `raw` (n entries): `out` holds
/// the arcs (rows = sources), `in` their transpose (`out` itself for an undirected graph);
/// `lanes` sources per search (1 or 4). Adds the level counts to `push_steps` / `pull_steps`.
void bc_unweighted_raw(const AdjacencyView& out, const AdjacencyView& in,
                       const std::vector<Vertex>& sources, int lanes, std::vector<double>& raw,
                       int& push_steps, int& pull_steps);

/// Raw sums over `sources`, added to `raw`, with positive lengths `len` (one per arc of `g`).
void bc_weighted_raw(const AdjacencyView& g, const double* len, const std::vector<Vertex>& sources,
                     std::vector<double>& raw);

}  // namespace detail

}  // namespace spgraph
