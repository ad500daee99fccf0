// SPDX-License-Identifier: Apache-2.0
// The maintained similarity kNN of one registered query vertex u (a "knn:..." view of
// DynamicGraph, engine/maintained_view.hpp): the answer similarity_knn() (knn.hpp) gives for u
// on the current graph, with the options the stream's `? knn` query uses
// (tools/spgraph/snapshot_knn.hpp: out-neighbourhoods, undirected when the graph is, u and its
// neighbours excluded), refreshed only when a batch changed something it depends on.
//
// What the answer depends on. N(x) is the set of x's out-neighbours in the snapshot's matrix,
// whose copies kept under DuplicatePolicy::Keep are folded into one entry and whose values are
// ignored; so only the presence of an arc matters, never its weight or its number of copies.
// The candidates C(u) are the x != u with N(x) ∩ N(u) non-empty, minus N(u). Every measure reads
// N(u) and, for each w ∈ N(u), the in-set {x : w ∈ N(x)} (its members are the candidates; its
// size is cnt(w), which Adamic–Adar and resource allocation weigh by). Jaccard, cosine and
// overlap also read |N(x)| for x ∈ C(u); common neighbours, Adamic–Adar and resource
// allocation do not.
//
// The refresh condition, from one batch's ArcChanges: an arc (x, w) that became present or
// absent (`added` or `removed`) dirties the answer when
//   - x = u (N(u) changed), or
//   - w ∈ N(u) (an in-set of u's neighbours changed, so a sum and cnt(w)), or
//   - for Jaccard, cosine and overlap only: x ∈ C(u) (|N(x)| changed).
// N(u) (sorted) and C(u) (sorted while under n / 64 ids, else a bitmap of n bits) are kept from
// the last refresh; while no arc of the first two kinds changes they are also the current ones.
// A re-weighted arc, or a copy added to a present arc (`reweighted` alone), changes nothing,
// nor does the vertex count growing: new vertices share no neighbour with u, and
// similarity_knn's k = min(k, n) never binds, since u has at most n - 1 candidates.
// A clean batch costs O(changes · log(|N(u)| + |C(u)|)) and republishes the same answer.
//
// A refresh answers the one query from ViewGraph, as similarity_knn does (knn_similarity.cpp):
// N(u) sorted, then for w ∈ N(u) ascending the in-arcs of w (ViewGraph::in) fed into the same
// product-row accumulator (knn_product_row.hpp: hash or dense, sums in feed order, so Adamic–
// Adar and resource-allocation sums are bit-identical), scores by the same functions
// (knn_similarity_score.hpp), the same top-k selector (ties: smaller id). Cost
// O(|N(u)| log |N(u)| + Σ_{w ∈ N(u)} |in(w)| + |C(u)| log |C(u)|), plus, once copies may
// exist, the sorts of the in-lists and the candidates' rows: the two-hop neighbourhood, not
// the graph (a query next to a hub still reads the hub's whole in-list). One thread.
//
// Copies (DuplicatePolicy::Keep): the degree of a row counts copies, the matrix does not. The
// view knows whether any row may hold copies: recompute() scans the graph once (O(arcs),
// parallel), and update() sees them appear exactly: if no row had copies before a batch, a
// row x has copies after it iff its degree changed by more than (its added arcs − its removed
// arcs), and only rows of `reweighted` arcs can (a copy needs an insert, which names the arc).
// The flag then stays set until the next recompute(). With copies possible, a refresh
// deduplicates N(u) and each in-list and reads the candidates' rows for |N(x)|.
//
// Source: the measures as networkx's link prediction defines them (knn.hpp; surveyed by
// Liben-Nowell & Kleinberg, "The link-prediction problem for social networks", JASIST 2007,
// §3); the refresh condition is derived above from those definitions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"

namespace spgraph {

/// The published answer of a "knn:..." view: the k most similar vertices to `vertex`, as
/// similarity_knn() answers one query (tools/spgraph/snapshot_knn.hpp shows the options the
/// stream uses: neighborhood Out, undirected = !directed, u and its neighbours excluded).
struct KnnViewResult : ViewResult {
  Vertex vertex = 0;
  std::size_t k = 10;
  SimilarityMeasure measure = SimilarityMeasure::Jaccard;
  std::vector<Vertex> ids;  ///< best first
  std::vector<double> scores;
  /// Recomputations of this answer since registration (registration = 1).
  std::uint64_t refreshes = 0;
};

/// The view's name: "knn:<v>" for k = 10 and Jaccard, else "knn:<v>:<k>:<measure>" with the
/// measure's CLI name (similarity_measure_name).
std::string knn_view_name(Vertex v, std::size_t k, SimilarityMeasure m);

/// Maintained similarity kNN of vertex v (k >= 1; InvalidArgument otherwise). Its recompute()
/// throws IndexOutOfBounds, naming v, when v is not a vertex of the graph.
std::shared_ptr<MaintainedView> make_knn_view(Vertex v, std::size_t k = 10,
                                              SimilarityMeasure m = SimilarityMeasure::Jaccard);

}  // namespace spgraph
