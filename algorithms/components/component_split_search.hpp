// SPDX-License-Identifier: Apache-2.0
// SplitSearch: how the maintained connected-components view (incremental_components.hpp) finds
// what one old component became after a batch removed edges inside it.
//
// The rule is Even & Shiloach's ("An On-Line Edge-Deletion Problem", J. ACM 28(1), 1981, §2):
// after deleting an edge {u, v}, search from u and from v in alternation; if the searches meet,
// the component is whole; otherwise the search that runs out of vertices first has found the
// smaller piece, at a cost proportional to that piece, never to the rest. A batch deletes many
// edges at once, so the search here starts from every endpoint of the component's removed
// edges together, one search per endpoint:
//   - the search with the least work so far (arcs scanned) advances by one vertex, scanning
//     its out- and in-arcs in the graph after the batch;
//   - a search that reaches a vertex another search has marked joins it (a small union-find
//     over the searches; member lists are merged small into large) and stops there, so that
//     the smaller searches go first again; it resumes that vertex's arcs where it stopped;
//   - a search with nothing left to expand has found a whole component of the new graph: a
//     closed piece;
//   - it stops when one search is left open: every piece of the old component holds an endpoint
//     of a removed edge (the old component was connected, so some removed edge leaves each
//     piece), so what the closed pieces leave is one component.
// Vertex marks are an array of n search ids, all clear between runs (each run clears the ones it
// set), and the searches' lists keep their storage from run to run, so a run costs what it
// scans, not O(n).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/types.hpp"
#include "engine/maintained_view.hpp"

namespace spgraph::detail {

class SplitSearch {
 public:
  /// Searches `g` from `sources` (distinct vertices, all in one component of the graph before
  /// the deletions). Afterwards closed_pieces() lists the pieces found whole; the rest of the
  /// old component is one component, of which the open search holds a part.
  void run(const ViewGraph& g, std::span<const Vertex> sources);
  /// The closed pieces' member lists (each a whole component of g).
  std::vector<std::span<const Vertex>> closed_pieces() const;
  /// Finishes the open search (the rest of the old component) and returns all its members;
  /// empty when every search closed.
  std::span<const Vertex> finish_open(const ViewGraph& g);
  /// Clears the marks this run set (call before the next run; run() also does it).
  void clear();

 private:
  using Search = std::uint32_t;
  static constexpr Search kNone = ~Search(0);
  /// A reached vertex still to expand, and how many of its arcs were scanned already.
  struct Step {
    Vertex v;
    Offset done;
  };

  Search root(Search s);
  Search join(Search a, Search b);
  /// Scans the arcs of step.v (out, then in for a directed graph) past the first step.done for
  /// search s; stops at a join, putting the vertex back with the arcs scanned so far. Returns
  /// s's root.
  Search expand(const ViewGraph& g, Step step, Search s);
  Search add_search(Vertex source);

  std::vector<Search> mark_;  // per vertex: the search that reached it first, or kNone
  std::size_t count_ = 0;     // searches in this run (members_ and pending_ may hold more lists)
  std::vector<Search> parent_;
  std::vector<std::vector<Vertex>> members_;  // per root search: every vertex it reached
  std::vector<std::vector<Step>> pending_;    // per root search: reached, not fully expanded
  std::vector<std::uint64_t> work_;           // per root search: arcs scanned
  std::vector<char> closed_;
  std::vector<Search> closed_list_;
  std::size_t open_ = 0;
};

}  // namespace spgraph::detail
