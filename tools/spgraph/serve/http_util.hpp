// SPDX-License-Identifier: Apache-2.0
// What every route of `spgraph serve` shares (docs/server.md): the settings and counters, JSON
// replies, 400s with a reason, and the parameters of a query (a vertex in the graph file's own
// ids, counts, flags).
#pragma once

#include <httplib.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "engine/graph_snapshot.hpp"
#include "tools/spgraph/serve/admission.hpp"
#include "tools/spgraph/serve/request_guard.hpp"
#include "tools/spgraph/serve/route_table.hpp"
#include "tools/spgraph/serve/serve_ids.hpp"
#include "tools/spgraph/serve/update_body.hpp"

namespace spgraph::serve {

/// What the routes need to know beyond the graph.
struct ServeSettings {
  BatchLimits limits;           ///< index base, --max-vertices, weighted
  bool count_triangles = true;  ///< /triangles allowed (an undirected graph, no --no-triangles)
  RequestLimits requests;       ///< --max-body, --request-timeout, header limits
  std::string token;            ///< --token-file's token: required for updates when not empty
  /// Bytes of content the graph came from (the file, or the store's files): with the update
  /// bodies taken since, what justifies growth (the size rule of docs/cli.md).
  std::uint64_t content_bytes = 0;
  std::shared_ptr<Budget> pending;  ///< --max-pending: update body bytes in flight
  std::shared_ptr<Budget> queries;  ///< --workers: graph queries answered at once
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::shared_ptr<ServeIds> ids;  ///< the file's ids (serve_ids.hpp)
  std::string program_version;    ///< spgraph's version, for /stats and /openapi.json
};

/// Requests served per endpoint, and requests refused (4xx, 5xx).
struct ServeCounters {
  std::array<std::atomic<std::uint64_t>, kRoutes.size()> requests{};
  std::atomic<std::uint64_t> bad_requests{0};
  std::atomic<std::uint64_t> body_bytes{0};  ///< update bodies taken (applied or refused)
  void count(Endpoint e) { ++requests[e]; }
};

using Json = nlohmann::ordered_json;

/// The reply text of `body` (bytes that are not UTF-8, from a request, become U+FFFD).
inline std::string to_text(const Json& body) {
  return body.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
}

inline void reply(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(to_text(body), "application/json");
}

/// A refusal: `status` and {"error": why}.
inline void refuse(httplib::Response& res, ServeCounters& c, int status, const std::string& why) {
  ++c.bad_requests;
  reply(res, status, Json{{"error", why}});
}

/// One of the --workers slots of the graph queries, held while the handler runs.
class QuerySlot {
 public:
  explicit QuerySlot(const ServeSettings& s)
      : share_(*s.queries, 1, std::chrono::steady_clock::now() + s.requests.request_timeout),
        workers_(s.queries->capacity()) {}
  /// False after a 503 reply: every slot stayed busy until the request's deadline.
  bool taken(httplib::Response& res, ServeCounters& c) const {
    if (share_) return true;
    refuse(res, c, 503,
           "busy: all " + std::to_string(workers_) +
               " query workers (--workers) are answering other queries; retry");
    return false;
  }

 private:
  BudgetShare share_;
  std::uint64_t workers_;
};

/// True when `text` is a non-negative decimal integer below 10^19 (no overflow), stored in x.
inline bool parse_count(const std::string& text, std::uint64_t& x) {
  x = 0;
  bool ok = !text.empty() && text.size() <= 19;
  for (char ch : text) {
    ok = ok && ch >= '0' && ch <= '9';
    if (ok) x = 10 * x + std::uint64_t(ch - '0');
  }
  return ok;
}

/// The dense id of query parameter `name` (the file's id of a vertex of `snap`: its integer,
/// or its name with --remap-ids), or false after a 400 reply.
template <class T>
bool vertex_param(const httplib::Request& req, httplib::Response& res, ServeCounters& c,
                  const ServeSettings& s, const GraphSnapshot<T>& snap, const char* name,
                  Vertex& out) {
  if (!req.has_param(name)) {
    refuse(res, c, 400, std::string("missing query parameter '") + name + "'");
    return false;
  }
  std::string why;
  const std::optional<Vertex> v = s.ids->find(req.get_param_value(name), snap.num_vertices(), why);
  if (!v) {
    refuse(res, c, 400, std::string("parameter '") + name + "': " + why);
    return false;
  }
  out = *v;
  return true;
}

/// Optional count parameter `name` in [lo, hi] into x (unchanged when absent), or false after
/// a 400 reply.
inline bool count_param(const httplib::Request& req, httplib::Response& res, ServeCounters& c,
                        const char* name, std::uint64_t lo, std::uint64_t hi, std::uint64_t& x) {
  if (!req.has_param(name)) return true;
  const std::string text = req.get_param_value(name);
  std::uint64_t got = 0;
  if (parse_count(text, got) && got >= lo && got <= hi) {
    x = got;
    return true;
  }
  refuse(res, c, 400,
         std::string("parameter '") + name + "' must be an integer from " + std::to_string(lo) +
             " to " + std::to_string(hi) + ", got '" + text.substr(0, 200) + "'");
  return false;
}

/// Optional boolean parameter `name`: present with no value, "1" or "true" is true; "0" or
/// "false" is false; absent is false. False after a 400 reply for anything else.
inline bool flag_param(const httplib::Request& req, httplib::Response& res, ServeCounters& c,
                       const char* name, bool& x) {
  x = false;
  if (!req.has_param(name)) return true;
  const std::string text = req.get_param_value(name);
  if (text.empty() || text == "1" || text == "true") return x = true;
  if (text == "0" || text == "false") return true;
  refuse(res, c, 400,
         std::string("parameter '") + name + "' must be 1, true, 0 or false, got '" +
             text.substr(0, 200) + "'");
  return false;
}

}  // namespace spgraph::serve
