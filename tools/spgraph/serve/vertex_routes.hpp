// SPDX-License-Identifier: Apache-2.0
// The per-vertex answers of `spgraph serve` (docs/server.md): GET /bfs?source=S[&levels]
// [&offset&limit], /pagerank[?top=K], /cc[?v=V], /neighbors?v=V[&offset&limit] and /degrees.
// Vertices in parameters and answers are the graph file's ids (serve_ids.hpp). Lists are paged
// (at most kMaxPage entries a reply, kDefaultPage unless limit says otherwise), so that no
// answer grows with the graph; each says how many entries there are in all ("total").
#pragma once

#include <httplib.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <vector>

#include "tools/spgraph/serve/graph_service.hpp"
#include "tools/spgraph/serve/http_util.hpp"
#include "tools/spgraph/snapshot_answers.hpp"

namespace spgraph::serve {

inline constexpr std::uint64_t kDefaultPage = 1000;
inline constexpr std::uint64_t kMaxPage = 100000;

/// The offset and limit parameters of a paged list, or false after a 400 reply.
inline bool page_params(const httplib::Request& req, httplib::Response& res, ServeCounters& c,
                        std::uint64_t& offset, std::uint64_t& limit) {
  offset = 0;
  limit = kDefaultPage;
  return count_param(req, res, c, "offset", 0, std::uint64_t(1) << 62, offset) &&
         count_param(req, res, c, "limit", 0, kMaxPage, limit);
}

template <class T>
void add_bfs_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                   ServeCounters& c) {
  svr.Get("/bfs", [&](const httplib::Request& req, httplib::Response& res) {
    c.count(kBfs);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    bool levels = false;
    std::uint64_t offset = 0, limit = 0;
    if (!vertex_param(req, res, c, s, snap, "source", v) ||
        !flag_param(req, res, c, "levels", levels) || !page_params(req, res, c, offset, limit))
      return;
    Json out{{"query", "bfs"}, {"source", s.ids->json(v)}};
    if (!levels) {
      const cli::BfsAnswer r = cli::bfs_answer(snap, v);
      out.update(Json{{"reached", r.reached}, {"depth", r.depth}, {"maintained", r.maintained}});
    } else {
      BfsOptions o;
      o.parents = false;
      const BfsResult r = bfs(snap, v, o);
      Json list = Json::array();
      std::uint64_t seen = 0;
      for (Vertex u = 0; u < r.level.size() && list.size() < limit; ++u) {
        if (r.level[u] == kUnreached || seen++ < offset) continue;
        list.push_back(Json::array({s.ids->json(u), r.level[u]}));
      }
      out.update(Json{{"reached", r.reached},
                      {"depth", r.depth},
                      {"maintained", false},
                      {"total", r.reached},
                      {"offset", offset},
                      {"levels", list}});
    }
    out["version"] = snap.version();
    reply(res, 200, out);
  });
}

template <class T>
void add_pagerank_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                        ServeCounters& c) {
  svr.Get("/pagerank", [&](const httplib::Request& req, httplib::Response& res) {
    c.count(kPageRank);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    std::uint64_t top = 0;
    if (!count_param(req, res, c, "top", 1, kMaxPage, top)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    const cli::PageRankRanks r = cli::pagerank_ranks(snap);  // GAP variant, its defaults
    Json out{{"query", "pagerank"}, {"iterations", r.iterations}};
    out["top"] = nullptr;
    out["rank"] = nullptr;
    if (!r.rank.empty()) {
      const Vertex best = cli::top_ranked(r.rank, 1)[0];
      out["top"] = s.ids->json(best);
      out["rank"] = r.rank[best];
    }
    if (top) {
      Json list = Json::array();
      for (Vertex u : cli::top_ranked(r.rank, std::size_t(top)))
        list.push_back(Json::array({s.ids->json(u), r.rank[u]}));
      out["ranking"] = list;
    }
    out["maintained"] = r.maintained;
    out["version"] = snap.version();
    reply(res, 200, out);
  });
}

template <class T>
void add_cc_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                  ServeCounters& c) {
  svr.Get("/cc", [&](const httplib::Request& req, httplib::Response& res) {
    c.count(kCc);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    const bool one = req.has_param("v");
    if (one && !vertex_param(req, res, c, s, snap, "v", v)) return;
    cli::CcMembership m;
    if (one)
      m = cli::cc_membership(snap, v);
    else
      m.all = cli::cc_answer(snap);
    Json out{{"query", "cc"}, {"components", m.all.components}, {"largest", m.all.largest}};
    if (one)
      out.update(
          Json{{"vertex", s.ids->json(v)}, {"label", s.ids->json(m.label)}, {"size", m.size}});
    out["maintained"] = m.all.maintained;
    out["version"] = snap.version();
    reply(res, 200, out);
  });
}

/// A page of a vertex's neighbours as [[id, weight], ...] (weight 1 when unweighted).
inline Json neighbor_page(const std::vector<std::pair<Vertex, double>>& all, const ServeSettings& s,
                          std::uint64_t offset, std::uint64_t limit) {
  Json list = Json::array();
  for (std::uint64_t k = offset; k < all.size() && list.size() < limit; ++k)
    list.push_back(Json::array({s.ids->json(all[k].first), all[k].second}));
  return list;
}

template <class T>
void add_neighbors_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                         ServeCounters& c) {
  svr.Get("/neighbors", [&](const httplib::Request& req, httplib::Response& res) {
    c.count(kNeighbors);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    Vertex v = 0;
    std::uint64_t offset = 0, limit = 0;
    if (!vertex_param(req, res, c, s, snap, "v", v) || !page_params(req, res, c, offset, limit))
      return;
    std::vector<std::pair<Vertex, double>> out_list, in_list;
    snap.for_each_neighbor(v, [&](Vertex u, T w) { out_list.emplace_back(u, double(w)); });
    std::sort(out_list.begin(), out_list.end());
    Json out{{"query", "neighbors"},
             {"vertex", s.ids->json(v)},
             {"directed", snap.directed()},
             {"out_degree", out_list.size()},
             {"offset", offset},
             {"out", neighbor_page(out_list, s, offset, limit)}};
    if (snap.directed()) {  // no transpose is kept: one pass over the arcs, O(m)
      for (Vertex u = 0; u < snap.num_vertices(); ++u)
        snap.for_each_neighbor(u, [&](Vertex x, T w) {
          if (x == v) in_list.emplace_back(u, double(w));
        });
      out["in_degree"] = in_list.size();
      out["in"] = neighbor_page(in_list, s, offset, limit);
    }
    out["version"] = snap.version();
    reply(res, 200, out);
  });
}

template <class T>
void add_degrees_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                       ServeCounters& c) {
  svr.Get("/degrees", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kDegrees);
    const QuerySlot slot(s);
    if (!slot.taken(res, c)) return;
    const GraphSnapshot<T> snap = g.snapshot();
    std::map<Offset, std::uint64_t> count;  // distinct degrees: at most about sqrt(2 m)
    Offset largest = 0;
    for (Vertex u = 0; u < snap.num_vertices(); ++u) {
      const Offset d = snap.degree(u);
      ++count[d];
      largest = std::max(largest, d);
    }
    Json hist = Json::array();
    for (const auto& [d, k] : count) hist.push_back(Json::array({d, k}));
    reply(res, 200,
          Json{{"query", "degrees"},
               {"vertices", snap.num_vertices()},
               {"max_degree", largest},
               {"histogram", hist},
               {"version", snap.version()}});
  });
}

}  // namespace spgraph::serve
