// SPDX-License-Identifier: Apache-2.0
// The maintained views of spgraph.DynamicGraph (engine/maintained_view.hpp; the kinds of
// tools/cli/maintained_views.hpp): registering one (DynamicGraph.maintain), what the writer
// measured (view_stats), and a snapshot's maintained answers as Python dicts (Snapshot.view, and
// the default-argument cc / pagerank / sssp / bfs calls, which answer from a view when the graph
// maintains the matching one). Vertex ids are dense, as everywhere in DynamicGraph.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/dynamic_graph.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

/// Registers the view `kind` ("cc", "pagerank", "bfs", "sssp", "knn"; vertex: the source or
/// query vertex, -1 for none) under `policy` ("auto", "incremental", "recompute"); returns the
/// name its answers are found by. The GIL is released while the view is first computed.
template <class T>
std::string maintain_view(DynamicGraph<T>& g, const std::string& kind, long long vertex,
                          std::size_t k, const std::string& measure, const std::string& policy);

/// One dict per view: name, updated, recomputed, recompute_seconds, seconds_per_change,
/// crossover_changes.
py::list view_stats_list(const std::vector<ViewStats>& stats);

/// A maintained answer as a dict (by its kind), or None for a null result.
py::object view_dict(const std::shared_ptr<const ViewResult>& r);

/// The default-argument answers from a view, or None when the snapshot has no matching view:
/// cc() (labels, components), pagerank() (rank), sssp(source) (distance), bfs(source) (level).
template <class T>
py::object maintained_cc(const GraphSnapshot<T>& s);
template <class T>
py::object maintained_pagerank(const GraphSnapshot<T>& s);
template <class T>
py::object maintained_sssp(const GraphSnapshot<T>& s, Vertex source);
template <class T>
py::object maintained_bfs(const GraphSnapshot<T>& s, Vertex source);

}  // namespace spgraph::python
