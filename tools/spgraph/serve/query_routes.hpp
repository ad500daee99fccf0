// SPDX-License-Identifier: Apache-2.0
// The graph queries of `spgraph serve` (docs/server.md), as `spgraph stream` answers them:
// GET /degree?vertex=V, /edges, /triangles, /sssp?source=S and /knn?vertex=V[&k=K][&measure=M]
// (tools/spgraph/snapshot_knn.hpp); the per-vertex ones (/bfs, /pagerank, /cc, /neighbors,
// /degrees) are in vertex_routes.hpp.
// Each is answered on ONE snapshot, taken when the request arrives, and its reply carries that
// snapshot's version. Vertex ids in parameters and replies are the graph file's own numbering.
// With `serve --maintain`, /cc, /pagerank, /bfs, /sssp and /knn answer from the maintained view
// when one matches (tools/spgraph/snapshot_answers.hpp) and say "maintained": true.
#pragma once

#include <httplib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "tools/spgraph/serve/graph_service.hpp"
#include "tools/spgraph/serve/http_util.hpp"
#include "tools/spgraph/serve/vertex_routes.hpp"
#include "tools/spgraph/snapshot_answers.hpp"

namespace spgraph::serve {

/// Why `query` (sssp, or knn's distance measure) refused the graph, naming the first arc of
/// negative weight (as sssp scans them) in the file's numbering; `fallback` (the algorithm's
/// own message, in dense ids) when none is found.
template <class T>
std::string negative_arc_message(const GraphSnapshot<T>& snap, const ServeIds& ids,
                                 const std::string& query, const std::string& fallback) {
  if constexpr (!std::is_same_v<T, bool>) {
    for (Vertex u = 0; u < snap.num_vertices(); ++u) {
      std::string found;
      snap.for_each_neighbor(u, [&](Vertex v, T w) {
        if (!found.empty() || !(double(w) < 0) || std::isnan(double(w))) return;
        char weight[40];
        std::snprintf(weight, sizeof weight, "%.17g", double(w));
        found = query + ": arc " + ids.text(u) + " -> " + ids.text(v) + " has negative weight " +
                weight + "; " + query + " needs non-negative weights";
      });
      if (!found.empty()) return found;
    }
  }
  return fallback;
}

template <class T>
void add_query_routes(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                      ServeCounters& c) {
  const auto ext = [&s](Vertex v) { return s.ids->json(v); };
  svr.Get("/degree", [&, ext](const httplib::Request& req, httplib::Response& res) {
    c.count(kDegree);
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    if (!vertex_param(req, res, c, s, snap, "vertex", v)) return;
    reply(res, 200,
          Json{{"query", "degree"},
               {"vertex", ext(v)},
               {"degree", snap.degree(v)},
               {"version", snap.version()}});
  });
  svr.Get("/edges", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kEdges);
    const GraphSnapshot<T> snap = g.snapshot();
    reply(res, 200,
          Json{{"query", "edges"},
               {"edges", snap.num_edges()},
               {"arcs", snap.num_arcs()},
               {"vertices", snap.num_vertices()},
               {"directed", snap.directed()},
               {"version", snap.version()}});
  });
  svr.Get("/triangles", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kTriangles);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    if (!s.count_triangles)
      return refuse(res, c, 400,
                    g.snapshot().directed()
                        ? "triangles need an undirected graph (serve --undirected)"
                        : "triangles are not tracked (the server runs with --no-triangles)");
    g.track_triangles();  // counted at the first request, then kept up to date batch by batch
    const GraphSnapshot<T> snap = g.snapshot();
    reply(res, 200,
          Json{{"query", "triangles"},
               {"triangles", snap.triangles().value_or(0)},
               {"version", snap.version()}});
  });
  svr.Get("/sssp", [&, ext](const httplib::Request& req, httplib::Response& res) {
    c.count(kSssp);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    if (!vertex_param(req, res, c, s, snap, "source", v)) return;
    cli::SsspAnswer r;
    try {
      r = cli::sssp_answer(snap, v);
    } catch (const InvalidArgument& e) {  // a negative weight
      return refuse(res, c, 400, negative_arc_message(snap, *s.ids, "sssp", e.what()));
    }
    reply(res, 200,
          Json{{"query", "sssp"},
               {"source", ext(v)},
               {"reached", r.reached},
               {"max_distance", r.max_distance},
               {"maintained", r.maintained},
               {"version", snap.version()}});
  });
  svr.Get("/knn", [&, ext](const httplib::Request& req, httplib::Response& res) {
    c.count(kKnn);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    if (!vertex_param(req, res, c, s, snap, "vertex", v)) return;
    std::uint64_t k = 10;
    if (req.has_param("k") && (!parse_count(req.get_param_value("k"), k) || k == 0 || k > 100000))
      return refuse(res, c, 400,
                    "parameter 'k' must be an integer from 1 to 100000, got '" +
                        req.get_param_value("k") + "'");
    const std::string name = req.has_param("measure") ? req.get_param_value("measure") : "jaccard";
    std::string names;
    const cli::SnapshotKnnMeasure* m = cli::find_knn_measure(name, names);
    if (!m) return refuse(res, c, 400, "unknown knn measure '" + name + "': use one of " + names);
    KnnResult r;
    bool maintained = false;
    try {
      r = cli::knn_answer(snap, v, std::size_t(k), *m, maintained);
    } catch (const InvalidArgument& e) {  // a negative weight under the distance measure
      return refuse(res, c, 400,
                    negative_arc_message(snap, *s.ids, "knn --measure distance", e.what()));
    }
    Json answers = Json::array();
    for (std::size_t i = 0; i < r.ids.size(); ++i)
      answers.push_back(Json{{"vertex", ext(r.ids[i])}, {"score", r.scores[i]}});
    reply(res, 200,
          Json{{"query", "knn"},
               {"vertex", ext(v)},
               {"k", k},
               {"measure", std::string(m->name)},
               {"found", r.ids.size()},
               {"neighbors", answers},
               {"maintained", maintained},
               {"version", snap.version()}});
  });
  add_bfs_route(svr, g, s, c);
  add_pagerank_route(svr, g, s, c);
  add_cc_route(svr, g, s, c);
  add_neighbors_route(svr, g, s, c);
  add_degrees_route(svr, g, s, c);
}

}  // namespace spgraph::serve
