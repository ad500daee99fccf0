// SPDX-License-Identifier: Apache-2.0
// The condensed transitive closure: for each strongly connected component, the set of
// components it reaches, so that reachability queries are answered, and the closure's pairs
// counted or listed, without materialising every pair. This is the core of the SCC closure
// method of algorithms/closure/transitive_closure.hpp, and the ReachabilityIndex query API.
//
// Computes reach(c) = ∪_{c -> d} ({d} ∪ reach(d)) over the condensation, in reverse topological
// order. A vertex v of component c reaches (by a path of length >= 1) the members of every
// component in reach(c), and the members of c itself when c is cyclic.
//
// Phases: 1. levels: level(c) = 1 + max level of its successors (0 for a sink); components of
// one level are independent and are computed in parallel, levels in increasing order (small
// closures instead take one serial pass in component order, where successors are always done);
// 2. per component, the union of its successors' sets in a per-thread bitset over components:
// the result is kept as a sorted list of component ids, or as a bitset when it holds more than
// 1/32 of the components (a list costs 4 bytes per id, a bitset 1/8 byte per component), and
// the number of vertices it stands for is summed from the component sizes.
// Workspace: one bitset of (number of components) bits per thread, plus the sets themselves.
// Cost: Σ over DAG arcs c -> d of the size of reach(d) (or its words, for a bitset).
//
// Source: the successor-set method of Nuutila, "Efficient transitive closure computation in
// large digraphs" (PhD thesis, Helsinki University of Technology, 1995), chapters 4-5, with
// the sparse/dense set representation chosen by density.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/closure/strongly_connected_components.hpp"
#include "engine/matrix.hpp"

namespace spgraph {

/// A set of component ids: a sorted list (sparse) or a bitset (dense), viewing memory owned by
/// its CondensedClosure's arenas.
struct ComponentSet {
  const Vertex* list = nullptr;         ///< sorted ids, when sparse
  const std::uint64_t* bits = nullptr;  ///< one bit per component, when dense
  Vertex count = 0;                     ///< number of ids in the set
  std::uint32_t words = 0;              ///< length of `bits`
  bool dense() const { return bits != nullptr; }
  bool contains(Vertex c) const;
  /// Calls f(id) for every id, ascending.
  template <class F>
  void for_each(F&& f) const {
    if (!dense()) {
      for (Vertex k = 0; k < count; ++k) f(list[k]);
      return;
    }
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t x = bits[w]; x; x &= x - 1)
        f(Vertex(w * 64 + std::size_t(__builtin_ctzll(x))));
  }
};

/// Bump allocation in blocks (one arena per thread, so no locking; freed all at once).
template <class T>
class Arena {
 public:
  /// Room for n elements, uninitialised, valid until the arena is destroyed.
  T* allocate(std::size_t n) {
    if (used_ + n > capacity_) {
      capacity_ = std::max<std::size_t>(n, kBlock);
      blocks_.push_back(std::make_unique_for_overwrite<T[]>(capacity_));
      used_ = 0;
      bytes_ += capacity_ * sizeof(T);
    }
    T* p = blocks_.back().get() + used_;
    used_ += n;
    return p;
  }
  std::size_t bytes() const { return bytes_; }

 private:
  static constexpr std::size_t kBlock = std::size_t(1) << 16;
  std::vector<std::unique_ptr<T[]>> blocks_;
  std::size_t used_ = 0, capacity_ = 0, bytes_ = 0;
};

/// The condensation of a graph with every component's reach set.
struct CondensedClosure {
  Condensation scc;
  std::vector<ComponentSet> reach;     ///< per component: the components it reaches (length >= 1)
                                       ///< (sparse lists sorted only if built with sorted_sets)
  std::vector<Offset> reach_vertices;  ///< per component: vertices its members reach (R+)
  Offset pairs = 0;                    ///< Σ_c |c| · reach_vertices(c): the size of R+
  Vertex levels = 0;                   ///< depth of the condensation (1 + longest DAG path)
  std::vector<Arena<Vertex>> lists;    ///< storage of the sparse sets, one per thread
  std::vector<Arena<std::uint64_t>> bitsets;  ///< storage of the dense sets, one per thread
  std::size_t bytes() const;                  ///< memory held by the reach sets
};

/// Computes the reach sets over `scc` (see the file header). Sparse sets are sorted only with
/// `sorted_sets` (needed for contains()). With `parallel`, levels are computed and processed in
/// parallel; otherwise one serial pass in component order does the work (no level buckets, no
/// barriers: the better choice for small closures).
CondensedClosure condensed_closure(Condensation scc, bool sorted_sets, bool parallel);

/// Answers "is there a path of length >= 1 from u to v?" from the condensed closure, in O(1)
/// for a dense reach set and O(log) for a sparse one, without listing the closure's pairs.
class ReachabilityIndex {
 public:
  /// Builds the index of the graph of `a` (square; values ignored). Throws OutOfMemory, before
  /// allocating the reach sets, when their estimated size exceeds `memory_limit` bytes (0 = 80%
  /// of the memory the system reports available).
  template <class T>
  explicit ReachabilityIndex(const Matrix<T>& a, std::uint64_t memory_limit = 0);

  /// True when v is reachable from u by a path of at least one arc (so u reaches itself only
  /// on a cycle). Throws IndexOutOfBounds for a vertex outside the graph.
  bool reachable(Vertex u, Vertex v) const;
  /// The number of vertices reachable from u by paths of at least one arc.
  Offset reachable_count(Vertex u) const;
  /// The number of pairs of the transitive closure R+.
  Offset pairs() const { return c_.pairs; }
  const CondensedClosure& condensed() const { return c_; }

 private:
  void build(const AdjacencyView& g, std::uint64_t memory_limit);
  CondensedClosure c_;
};

namespace detail {

/// Throws OutOfMemory naming `what`, the estimated pairs and bytes, and the budget (from the
/// caller's `limit`, or 0 for the default).
[[noreturn]] void closure_too_large(const char* what, double pairs, double bytes,
                                    std::uint64_t limit, std::uint64_t budget);

}  // namespace detail

template <class T>
ReachabilityIndex::ReachabilityIndex(const Matrix<T>& a, std::uint64_t memory_limit) {
  if (a.nrows() != a.ncols())
    throw DimensionMismatch("reachability: the matrix must be square, got " +
                            std::to_string(a.nrows()) + " x " + std::to_string(a.ncols()));
  build(adjacency_of(a.csr()), memory_limit);
}

}  // namespace spgraph
