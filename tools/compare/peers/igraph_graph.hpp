// SPDX-License-Identifier: Apache-2.0
// The graph every igraph peer routine reads: an igraph_t (igraph 0.10, Debian's libigraph-dev)
// built from the same CSR spgraph runs on, with the RAII owners of igraph's vectors and the one
// place igraph's errors become spgraph's. igraph's default error handler aborts the process; the
// peers install its "print and ignore" handler once and check every return code instead, so a
// failing igraph call is an error naming the call, never an abort. The peers are tools, not
// backends: they exist to compare and to test (`compare kcore|ktruss|louvain|leiden`). Built only
// when igraph is found (SPGRAPH_HAVE_IGRAPH).
#pragma once

#include <igraph/igraph.h>

#include <cstdint>
#include <vector>

#include "formats/csr/csr.hpp"

namespace spgraph::peers {

/// Installs igraph's non-aborting error handler (once; later calls do nothing).
void igraph_prepare();

/// Throws spgraph::Error "igraph: CALL failed: MESSAGE" unless code is IGRAPH_SUCCESS.
void igraph_check(igraph_error_t code, const char* call);

/// The igraph library's version ("0.10.2"), for the reports.
const char* igraph_version_text();

/// Seeds igraph's default random generator (the routines that draw, such as Louvain's and
/// Leiden's visiting orders, are then repeatable).
void igraph_seed(std::uint64_t seed);

/// An igraph_vector_int_t owned for its scope.
class IgraphIntVector {
 public:
  explicit IgraphIntVector(igraph_integer_t size = 0);
  ~IgraphIntVector();
  IgraphIntVector(const IgraphIntVector&) = delete;
  IgraphIntVector& operator=(const IgraphIntVector&) = delete;
  igraph_vector_int_t* get() { return &v_; }
  const igraph_vector_int_t* get() const { return &v_; }
  igraph_integer_t size() const;
  igraph_integer_t operator[](igraph_integer_t i) const;
  /// The entries converted to T (each must fit; the callers pass vertex ids or small counts).
  template <class T>
  std::vector<T> to_vector() const {
    std::vector<T> out(static_cast<std::size_t>(size()));
    for (igraph_integer_t i = 0; i < size(); ++i) out[std::size_t(i)] = T((*this)[i]);
    return out;
  }

 private:
  igraph_vector_int_t v_;
};

/// An igraph_vector_t (reals) owned for its scope.
class IgraphRealVector {
 public:
  explicit IgraphRealVector(igraph_integer_t size = 0);
  ~IgraphRealVector();
  IgraphRealVector(const IgraphRealVector&) = delete;
  IgraphRealVector& operator=(const IgraphRealVector&) = delete;
  igraph_vector_t* get() { return &v_; }
  const igraph_vector_t* get() const { return &v_; }
  std::vector<double> to_vector() const;

 private:
  igraph_vector_t v_;
};

/// Whether the graph handed to igraph keeps the self-loops of A.
enum class IgraphSelfLoops { Keep, Drop };

/// An igraph_t with A's vertices and arcs: for an undirected graph (A symmetric, not checked)
/// each edge {u, v} once, from the entries with u <= v; for a directed one every arc.
class IgraphGraph {
 public:
  template <class T>
  IgraphGraph(const Csr<T>& a, bool undirected, IgraphSelfLoops loops = IgraphSelfLoops::Keep);
  ~IgraphGraph();
  IgraphGraph(const IgraphGraph&) = delete;
  IgraphGraph& operator=(const IgraphGraph&) = delete;

  const igraph_t* get() const { return &graph_; }
  igraph_t* get() { return &graph_; }
  igraph_integer_t vertices() const;
  igraph_integer_t edges() const;
  /// Bytes of the igraph_t: its edge arrays (from, to and the two sorted indices, 8 bytes each
  /// per edge) and its two vertex offset arrays, as igraph 0.10 lays them out (igraph_datatype.h).
  std::uint64_t memory_bytes() const;
  /// Seconds of building the edge list and igraph_create (not part of a peer's timed run, as
  /// loading is not part of spgraph's).
  double build_seconds() const { return build_seconds_; }

 private:
  igraph_t graph_;
  double build_seconds_ = 0;
};

extern template IgraphGraph::IgraphGraph(const Csr<bool>&, bool, IgraphSelfLoops);
extern template IgraphGraph::IgraphGraph(const Csr<double>&, bool, IgraphSelfLoops);

}  // namespace spgraph::peers
