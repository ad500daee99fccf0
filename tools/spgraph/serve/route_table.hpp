// SPDX-License-Identifier: Apache-2.0
// The one table of the endpoints of `spgraph serve` (docs/server.md): path, method, what it
// answers and its query parameters. The pre-routing check (404/405), the request counters of
// GET /stats, the 404 message and the OpenAPI description (GET /openapi.json, openapi.hpp) are
// all derived from it, so that they cannot disagree with each other.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace spgraph::serve {

/// The type of a query parameter, as OpenAPI names it; kVertex is a vertex in the file's ids
/// (an integer, or a name with --remap-ids).
enum class ParamType { kVertex, kInteger, kBoolean, kString };

struct RouteParam {
  const char* name;
  ParamType type;
  bool required;
  const char* description;
};

struct RouteInfo {
  const char* path;
  const char* method;        ///< "GET" or "POST"
  const char* content_type;  ///< of a 200 reply
  const char* summary;
  std::array<RouteParam, 4> params{};  ///< the first `param_count`
  std::size_t param_count = 0;
};

/// A row of the table with its parameters counted.
template <class... P>
constexpr RouteInfo route(const char* path, const char* method, const char* content_type,
                          const char* summary, P... params) {
  return {path, method, content_type, summary, {params...}, sizeof...(P)};
}

/// The endpoints, in the order of ServeCounters::requests and of `Endpoint`.
inline constexpr RouteParam required_vertex(const char* name, const char* what) {
  return {name, ParamType::kVertex, true, what};
}
inline constexpr RouteParam kOffsetParam{"offset", ParamType::kInteger, false,
                                         "skip this many entries of the list (default 0)"};
inline constexpr RouteParam kLimitParam{"limit", ParamType::kInteger, false,
                                        "at most this many entries (default 1000, at most "
                                        "100000)"};

/// The endpoints, in the order of ServeCounters::requests and of `Endpoint`.
inline constexpr std::array<RouteInfo, 15> kRoutes = {
    route("/updates", "POST", "application/json",
          "Apply one batch of updates (text lines '+ u v [w]', '- u v', '= u v w', or a JSON "
          "array of {op, u, v, w}); all or nothing"),
    route("/bfs", "GET", "application/json",
          "Breadth-first search from a vertex: vertices reached and depth; with levels, the "
          "level of every reached vertex (a page of at most limit entries, in vertex order)",
          required_vertex("source", "the start vertex"),
          RouteParam{"levels", ParamType::kBoolean, false,
                     "list the level of each reached vertex (1 or true)"},
          kOffsetParam, kLimitParam),
    route("/degree", "GET", "application/json", "The out-degree of a vertex",
          required_vertex("vertex", "the vertex")),
    route("/edges", "GET", "application/json", "Edge, arc and vertex counts"),
    route("/triangles", "GET", "application/json", "Triangle count (undirected graphs)"),
    route("/pagerank", "GET", "application/json",
          "PageRank (GAP variant, damping 0.85): the top vertex, and with top=K the K best "
          "vertices with their ranks",
          RouteParam{"top", ParamType::kInteger, false,
                     "list the K best vertices, largest rank first (1 to 100000)"}),
    route("/sssp", "GET", "application/json",
          "Single-source shortest paths: vertices reached and the largest distance",
          required_vertex("source", "the start vertex")),
    route("/cc", "GET", "application/json",
          "Connected components (weakly connected for a directed graph): count and largest; "
          "with v, v's component label (its component's first vertex) and size",
          RouteParam{"v", ParamType::kVertex, false, "the vertex whose component to give"}),
    route("/knn", "GET", "application/json", "The k nearest neighbours of a vertex",
          required_vertex("vertex", "the query vertex"),
          RouteParam{"k", ParamType::kInteger, false, "how many (default 10, 1 to 100000)"},
          RouteParam{"measure", ParamType::kString, false,
                     "jaccard (default), common, cosine, overlap, adamic-adar, "
                     "resource-allocation, hops or distance"}),
    route("/stats", "GET", "application/json",
          "Server statistics: graph size, version, requests, updates, uptime, memory"),
    route("/health", "GET", "application/json", "Liveness: {status: ok} and the version"),
    route("/neighbors", "GET", "application/json",
          "The out-neighbours of a vertex with their weights, and for a directed graph its "
          "in-neighbours (each a page of at most limit entries)",
          required_vertex("v", "the vertex"), kOffsetParam, kLimitParam),
    route("/degrees", "GET", "application/json",
          "The degree distribution: how many vertices have each out-degree"),
    route("/", "GET", "text/html",
          "A status page for a person: the graph, rates and memory, a query form for every "
          "endpoint and the degree distribution"),
    route("/openapi.json", "GET", "application/json", "This API's OpenAPI 3.0 description"),
};

enum Endpoint : std::size_t {
  kUpdates,
  kBfs,
  kDegree,
  kEdges,
  kTriangles,
  kPageRank,
  kSssp,
  kCc,
  kKnn,
  kStats,
  kHealth,
  kNeighbors,
  kDegrees,
  kPage,
  kOpenApi,
  kEndpointCount
};
static_assert(kEndpointCount == kRoutes.size(), "one Endpoint per row of kRoutes");

/// The row of `path`, or null when no endpoint has it.
inline const RouteInfo* find_route(std::string_view path) {
  for (const RouteInfo& r : kRoutes)
    if (path == r.path) return &r;
  return nullptr;
}

/// "POST /updates; GET /bfs, /degree, ..." for messages.
inline std::string route_list() {
  std::string post, get;
  for (const RouteInfo& r : kRoutes) {
    std::string& to = std::string_view(r.method) == "POST" ? post : get;
    to += (to.empty() ? "" : ", ") + std::string(r.path);
  }
  return "POST " + post + "; GET " + get;
}

}  // namespace spgraph::serve
