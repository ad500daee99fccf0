// SPDX-License-Identifier: Apache-2.0
// The igraph_t every igraph peer reads, its vector owners and the error bridge
// (igraph_graph.hpp says why the handler is replaced).
#include "tools/compare/peers/igraph_graph.hpp"

#include <mutex>
#include <string>

#include "engine/core/error.hpp"
#include "tools/common/timing.hpp"

namespace spgraph::peers {

void igraph_prepare() {
  static std::once_flag once;
  std::call_once(once, [] {
    igraph_set_error_handler(igraph_error_handler_printignore);
    igraph_set_warning_handler(igraph_warning_handler_ignore);
  });
}

void igraph_check(igraph_error_t code, const char* call) {
  if (code != IGRAPH_SUCCESS)
    throw Error(std::string("igraph: ") + call + " failed: " + igraph_strerror(code));
}

const char* igraph_version_text() {
  const char* text = nullptr;
  igraph_version(&text, nullptr, nullptr, nullptr);
  return text;
}

void igraph_seed(std::uint64_t seed) {
  igraph_prepare();
  igraph_check(igraph_rng_seed(igraph_rng_default(), igraph_uint_t(seed)), "igraph_rng_seed");
}

IgraphIntVector::IgraphIntVector(igraph_integer_t size) {
  igraph_prepare();
  igraph_check(igraph_vector_int_init(&v_, size), "igraph_vector_int_init");
}
IgraphIntVector::~IgraphIntVector() {
  igraph_vector_int_destroy(&v_);
}
igraph_integer_t IgraphIntVector::size() const {
  return igraph_vector_int_size(&v_);
}
igraph_integer_t IgraphIntVector::operator[](igraph_integer_t i) const {
  return VECTOR(v_)[i];
}

IgraphRealVector::IgraphRealVector(igraph_integer_t size) {
  igraph_prepare();
  igraph_check(igraph_vector_init(&v_, size), "igraph_vector_init");
}
IgraphRealVector::~IgraphRealVector() {
  igraph_vector_destroy(&v_);
}
std::vector<double> IgraphRealVector::to_vector() const {
  const igraph_integer_t n = igraph_vector_size(&v_);
  std::vector<double> out(static_cast<std::size_t>(n));
  for (igraph_integer_t i = 0; i < n; ++i) out[std::size_t(i)] = VECTOR(v_)[i];
  return out;
}

template <class T>
IgraphGraph::IgraphGraph(const Csr<T>& a, bool undirected, IgraphSelfLoops loops) {
  igraph_prepare();
  const auto start = std::chrono::steady_clock::now();
  Offset kept = 0;
  for (Vertex u = 0; u < a.nrows; ++u)
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
      const Vertex v = a.col[k];
      kept += !(undirected && v < u) && !(loops == IgraphSelfLoops::Drop && v == u);
    }
  IgraphIntVector ends(igraph_integer_t(2 * kept));
  igraph_integer_t at = 0;
  for (Vertex u = 0; u < a.nrows; ++u)
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
      const Vertex v = a.col[k];
      if ((undirected && v < u) || (loops == IgraphSelfLoops::Drop && v == u)) continue;
      VECTOR(*ends.get())[at++] = u;
      VECTOR(*ends.get())[at++] = v;
    }
  igraph_check(igraph_create(&graph_, ends.get(), igraph_integer_t(a.nrows),
                             undirected ? IGRAPH_UNDIRECTED : IGRAPH_DIRECTED),
               "igraph_create");
  build_seconds_ = tools::seconds_since(start);
}

IgraphGraph::~IgraphGraph() {
  igraph_destroy(&graph_);
}
igraph_integer_t IgraphGraph::vertices() const {
  return igraph_vcount(&graph_);
}
igraph_integer_t IgraphGraph::edges() const {
  return igraph_ecount(&graph_);
}

std::uint64_t IgraphGraph::memory_bytes() const {
  return std::uint64_t(sizeof(igraph_integer_t)) *
         (4 * std::uint64_t(edges()) + 2 * (std::uint64_t(vertices()) + 1));
}

template IgraphGraph::IgraphGraph(const Csr<bool>&, bool, IgraphSelfLoops);
template IgraphGraph::IgraphGraph(const Csr<double>&, bool, IgraphSelfLoops);

}  // namespace spgraph::peers
