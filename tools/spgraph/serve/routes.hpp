// SPDX-License-Identifier: Apache-2.0
// The HTTP endpoints of `spgraph serve` (docs/server.md): POST /updates, the graph queries
// (query_routes.hpp, vertex_routes.hpp), the status page and /openapi.json (page_routes.hpp),
// GET /stats and GET /health, and the JSON replies for every refusal. A request is checked
// before its body is read (endpoint and method from route_table.hpp, --token-file's token); a POST
// body is then read chunk by chunk into a batch (update_body.hpp) within its share of
// --max-pending, checked, and handed to the writer thread (graph_service.hpp); the reply waits
// until the batch is applied (and durable, with a store) and names the version that holds it.
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "loaders/dimension_guard.hpp"
#include "tools/cli/maintained_views.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/spgraph/serve/graph_service.hpp"
#include "tools/spgraph/serve/guarded_server.hpp"
#include "tools/spgraph/serve/http_util.hpp"
#include "tools/spgraph/serve/page_routes.hpp"
#include "tools/spgraph/serve/query_routes.hpp"
#include "tools/spgraph/serve/update_body.hpp"

namespace spgraph::serve {

/// A refusal sent before the request's body was read: the connection closes after it.
inline void refuse_unread(httplib::Response& res, ServeCounters& c, int status,
                          const std::string& why) {
  if (GuardedStream* strm = GuardedServer::current_stream()) strm->close_after_reply();
  refuse(res, c, status, why);
}

/// True when `authorization` is "Bearer TOKEN"; the comparison takes the same time wherever
/// the first difference is.
inline bool bearer_matches(const std::string& authorization, const std::string& token) {
  const std::string expected = "Bearer " + token;
  unsigned char diff = authorization.size() == expected.size() ? 0 : 1;
  for (std::size_t k = 0; k < expected.size(); ++k)
    diff |= (unsigned char)(expected[k] ^ (k < authorization.size() ? authorization[k] : 0));
  return diff == 0;
}

/// What an endpoint takes before anything is read: 404, 405, or 401 without the token.
template <class T>
void add_request_checks(httplib::Server& svr, const ServeSettings& s, ServeCounters& c) {
  svr.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    using R = httplib::Server::HandlerResponse;
    const RouteInfo* route = find_route(req.path);
    if (!route) {
      refuse_unread(res, c, 404,
                    "no such endpoint: " + req.method + " " + req.path + " (" + route_list() + ")");
      return R::Handled;
    }
    const bool updates = std::string_view(route->method) == "POST";
    const bool get = req.method == "GET" || req.method == "HEAD";
    if (updates ? req.method != "POST" : !get) {
      refuse_unread(res, c, 405,
                    req.path + " takes " + (updates ? "POST" : "GET") + ", not " + req.method);
      res.set_header("Allow", updates ? "POST" : "GET, HEAD");
      return R::Handled;
    }
    for (auto it = req.params.begin(); it != req.params.end(); ++it)
      if (req.params.count(it->first) > 1) {
        refuse_unread(res, c, 400, "query parameter '" + it->first + "' is given more than once");
        return R::Handled;
      }
    if (updates && !s.token.empty() &&
        !bearer_matches(req.get_header_value("Authorization"), s.token)) {
      refuse_unread(res, c, 401,
                    req.has_header("Authorization")
                        ? "wrong token: this server takes updates only with the token of its "
                          "--token-file"
                        : "this server takes updates only with its token: send "
                          "'Authorization: Bearer TOKEN' (the server's --token-file)");
      res.set_header("WWW-Authenticate", "Bearer realm=\"spgraph\"");
      return R::Handled;
    }
    return R::Unhandled;
  });
}

/// The body of POST /updates read into `builder` (within its share of --max-pending); false
/// after a refusal. `bytes` counts the body's data.
template <class T>
bool read_update_body(const httplib::Request& req, httplib::Response& res,
                      const httplib::ContentReader& read, const ServeSettings& s, ServeCounters& c,
                      BatchBuilder<T>& builder, std::uint64_t& bytes) {
  GuardedStream* strm = GuardedServer::current_stream();
  const std::uint64_t max_body = s.requests.max_body;
  UpdateBodyReader body(
      req.get_header_value("Content-Type").find("json") != std::string::npos,
      [&](const BodyUpdate& u) { return builder.add(u); }, s.ids->remapped());
  bool too_large = false;
  const bool complete = read([&](const char* data, std::size_t n) {
    bytes += n;
    if (bytes > max_body) return !(too_large = true);
    body.feed(std::string_view(data, n));
    return true;
  });
  if (!complete || too_large) {
    if (strm) strm->close_after_reply();
    if (too_large || (strm && strm->failure().status == 413))
      refuse(res, c, 413,
             "request body too large: more than the server's --max-body (" +
                 std::to_string(max_body) + " bytes)");
    else if (strm && strm->failed())
      refuse(res, c, strm->failure().status, strm->failure().reason);
    else if (strm && strm->head().chunked)
      refuse(res, c, 400, "malformed request body: its chunked encoding is broken");
    else
      refuse(res, c, 400, "the connection ended before the body's Content-Length bytes");
    return false;
  }
  // An empty body is a mistake (a client that forgot its data), answered at once whatever its
  // type; the connection closes after it, so a client that reads to the end is not kept
  // waiting for the keep-alive timeout.
  if (bytes == 0) {
    refuse_unread(res, c, 400,
                  "empty body: POST /updates takes update lines ('+ u v [w]', '- u v', "
                  "'= u v w') or a JSON array of {\"op\", \"u\", \"v\"[, \"w\"]}");
    return false;
  }
  body.finish();
  if (!body.error().empty()) {
    refuse(res, c, 400, body.error());
    return false;
  }
  return true;
}

/// Refuses growth past the size rule of docs/cli.md (loaders/dimension_guard.hpp): the vertex
/// count must be justified by the content the graph came from and the bodies since, and its
/// per-vertex memory must fit in the budget.
inline bool growth_allowed(std::uint64_t need, std::uint64_t n, std::uint64_t content,
                           int index_base, httplib::Response& res, ServeCounters& c) {
  if (need <= n) return true;
  DimensionCheck d;
  d.n = need;
  d.content_bytes = content;
  d.bytes_per_vertex = 64;
  const std::string problem =
      dimension_problem("vertex " + std::to_string(need - 1 + std::uint64_t(index_base)) +
                            " would grow the graph to " + std::to_string(need) + " vertices, which",
                        d);
  if (problem.empty()) return true;
  refuse(res, c, 400, problem);
  return false;
}

template <class T>
void add_update_route(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                      ServeCounters& c) {
  svr.Post("/updates", [&](const httplib::Request& req, httplib::Response& res,
                           const httplib::ContentReader& read) {
    c.count(kUpdates);
    const GuardedStream* strm = GuardedServer::current_stream();
    // Its share of the bytes in flight: the declared length, or --max-body when chunked.
    const std::uint64_t share =
        strm && strm->head().has_length ? strm->head().length : s.requests.max_body;
    BudgetShare pending(*s.pending, std::min(share, s.pending->capacity()),
                        std::chrono::steady_clock::now() + s.requests.request_timeout);
    if (!pending)
      return refuse_unread(res, c, 503,
                           "busy: update bodies of " + std::to_string(s.pending->capacity()) +
                               " bytes (--max-pending) are waiting to be applied; retry");
    BatchBuilder<T> builder(s.limits, s.ids.get(), g.snapshot().num_vertices());
    std::uint64_t bytes = 0;
    if (!read_update_body(req, res, read, s, c, builder, bytes)) return;
    if (!growth_allowed(builder.vertices_needed(), g.snapshot().num_vertices(),
                        s.content_bytes + c.body_bytes.load() + bytes, s.limits.index_base, res, c))
      return;
    c.body_bytes += bytes;
    UpdateBatch<T>& batch = builder.batch();
    const std::size_t n = batch.size();
    if (n == 0)  // only comments: nothing to apply, no new version
      return reply(res, 200,
                   Json{{"version", g.snapshot().version()},
                        {"applied", 0},
                        {"missing", builder.unknown_names()}});
    const SubmitResult r =
        g.submit(std::move(batch), std::move(builder.new_names()), s.ids.get()).get();
    if (!r.ok) return refuse(res, c, r.io_error ? 500 : 400, r.error);
    reply(res, 200,
          Json{{"version", r.summary.version},
               {"applied", n},
               {"inserted", r.summary.inserted},
               {"erased", r.summary.erased},
               {"ignored", r.summary.ignored},
               {"combined", r.summary.combined},
               {"assigned", r.summary.assigned},
               {"missing", r.summary.missing + builder.unknown_names()},
               {"vertices", r.summary.vertices}});
  });
}

template <class T>
void add_routes(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                ServeCounters& c) {
  add_request_checks<T>(svr, s, c);
  add_update_route(svr, g, s, c);
  add_query_routes(svr, g, s, c);
  svr.Get("/stats", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kStats);
    const GraphSnapshot<T> snap = g.snapshot();
    // The format's statistics come from the writer's state: this waits for a batch being
    // applied (the only request that does).
    const DcsrStats f = g.graph().format_stats();
    Json requests = Json::object();
    for (std::size_t k = 0; k < kRoutes.size(); ++k)
      requests[kRoutes[k].path] = c.requests[k].load();
    Json out{{"version", snap.version()},
             {"vertices", snap.num_vertices()},
             {"edges", snap.num_edges()},
             {"directed", snap.directed()},
             {"weighted", s.limits.weighted},
             {"batches_applied", g.batches.load()},
             {"updates_applied", g.updates.load()},
             {"batches_refused", g.refused.load()},
             {"commit_groups", g.groups.load()},
             {"bad_requests", c.bad_requests.load()},
             {"requests", requests},
             {"uptime_seconds",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - s.started).count()},
             {"memory", Json{{"rss_bytes", tools::current_rss_bytes()},
                             {"peak_rss_bytes", tools::peak_rss_bytes()}}},
             {"spgraph_version", s.program_version},
             {"ids", s.ids->named()      ? "names"
                     : s.ids->remapped() ? "remapped integers"
                                         : "integers"},
             {"format", Json{{"live", f.live},
                             {"tombstones", f.tombstones},
                             {"dead", f.dead},
                             {"allocated", f.allocated},
                             {"capacity", f.capacity},
                             {"multi_segment_rows", f.multi_segment_rows},
                             {"defragmentations", f.defragmentations}}}};
    Json views = Json::array();
    for (const ViewStats& v : g.graph().view_stats())
      views.push_back(
          Json{{"name", cli::view_display_name(v.name, [&](Vertex d) { return s.ids->text(d); })},
               {"updated", v.updates},
               {"recomputed", v.recomputes},
               {"recompute_seconds", v.recompute_seconds},
               {"seconds_per_change", v.seconds_per_change},
               {"crossover_changes", v.crossover_changes()}});
    out["views"] = views;
    if (const GraphStore<T>* st = g.store())
      out["store"] = Json{{"directory", st->directory()},
                          {"log_bytes", st->log_bytes()},
                          {"checkpoint_error", st->checkpoint_error()}};
    else
      out["store"] = nullptr;
    reply(res, 200, out);
  });
  add_page_routes(svr, s, c);
  svr.Get("/health", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kHealth);
    reply(res, 200, Json{{"status", "ok"}, {"version", g.snapshot().version()}});
  });
  // Statuses that no handler set (a request cut off by the guard, a malformed request, ...)
  // get a JSON body that says what was wrong.
  svr.set_error_handler([&c](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // a handler's own reply
    const GuardedStream* strm = GuardedServer::current_stream();
    std::string why;
    if (strm && strm->failed()) {
      res.status = strm->failure().status;
      why = strm->failure().reason;
    } else if (res.status == 413) {
      why = "request body too large (the server's --max-body)";
    } else if (res.status == 414) {
      why = "request line too long";
    } else if (res.status == 416) {
      why = "Range requests are not supported";
    } else if (res.status == 400) {
      why = "malformed request" + (req.method.empty() ? std::string() : " (" + req.method + ")");
    } else {
      why = "HTTP error " + std::to_string(res.status);
    }
    ++c.bad_requests;
    res.set_content(to_text(Json{{"error", why}}), "application/json");
  });
  // An exception a handler did not expect: 500 (503 when memory ran out), with a JSON body
  // and nothing of the exception in the headers.
  svr.set_exception_handler(
      [&c](const httplib::Request& req, httplib::Response& res, std::exception_ptr ep) {
        std::string why = "internal error answering " + req.method + " " + req.path;
        res.status = 500;
        try {
          std::rethrow_exception(ep);
        } catch (const std::bad_alloc&) {
          res.status = 503;
          why = "out of memory answering " + req.method + " " + req.path + "; retry later";
        } catch (const std::exception& e) {
          why += ": ";
          why += e.what();
        } catch (...) {
        }
        refuse(res, c, res.status, why);
      });
  // A connection the guard closes says so; a kept one says how long it may stay idle.
  svr.set_post_routing_handler([&s](const httplib::Request&, httplib::Response& res) {
    const GuardedStream* strm = GuardedServer::current_stream();
    res.headers.erase("Keep-Alive");
    if (strm && strm->closing()) {
      res.headers.erase("Connection");
      res.set_header("Connection", "close");
    } else if (res.get_header_value("Connection") != "close") {
      res.set_header("Keep-Alive",
                     "timeout=" + std::to_string(s.requests.idle_timeout.count() / 1000));
    }
  });
}

}  // namespace spgraph::serve
