// The HTTP endpoints of `spgraph serve` (docs/server.md) on cpp-httplib: POST /updates, the
// graph queries (query_routes.hpp), GET /stats and GET /health, and the JSON replies for 404,
// 413 and other errors. A POST body is parsed and checked on the HTTP thread (update_body.hpp),
// then handed to the writer thread (graph_service.hpp); the reply waits until the batch is
// applied (and durable, with a store) and names the version that holds it.
#pragma once

#include <httplib.h>

#include <chrono>
#include <string>
#include <vector>

#include "tools/spgraph/serve/graph_service.hpp"
#include "tools/spgraph/serve/http_util.hpp"
#include "tools/spgraph/serve/query_routes.hpp"
#include "tools/spgraph/serve/update_body.hpp"

namespace spgraph::serve {

template <class T>
void add_routes(httplib::Server& svr, GraphService<T>& g, const ServeSettings& s,
                ServeCounters& c) {
  svr.Post("/updates", [&](const httplib::Request& req, httplib::Response& res) {
    c.count(kUpdates);
    const bool json = body_is_json(req.get_header_value("Content-Type"), req.body);
    std::vector<BodyUpdate> body;
    const std::string error = parse_update_body(req.body, json, body);
    if (!error.empty()) return refuse(res, c, 400, error);
    UpdateBatch<T> batch;
    const std::string bad = to_batch(body, json, s.limits, batch);
    if (!bad.empty()) return refuse(res, c, 400, bad);
    const std::size_t n = batch.size();
    if (n == 0)  // only comments: nothing to apply, no new version
      return reply(res, 200, Json{{"version", g.snapshot().version()}, {"applied", 0}});
    const SubmitResult r = g.submit(std::move(batch)).get();
    if (!r.ok) return refuse(res, c, r.io_error ? 500 : 400, r.error);
    reply(res, 200,
          Json{{"version", r.summary.version},
               {"applied", n},
               {"inserted", r.summary.inserted},
               {"erased", r.summary.erased},
               {"ignored", r.summary.ignored},
               {"combined", r.summary.combined},
               {"assigned", r.summary.assigned},
               {"missing", r.summary.missing},
               {"vertices", r.summary.vertices}});
  });
  add_query_routes(svr, g, s, c);
  svr.Get("/stats", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kStats);
    const GraphSnapshot<T> snap = g.snapshot();
    // The format's statistics come from the writer's state: this waits for a batch being
    // applied (the only request that does).
    const DcsrStats f = g.graph().format_stats();
    Json requests = Json::object();
    for (std::size_t k = 0; k < kEndpoints.size(); ++k)
      requests[kEndpoints[k]] = c.requests[k].load();
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
             {"format", Json{{"live", f.live},
                             {"tombstones", f.tombstones},
                             {"dead", f.dead},
                             {"allocated", f.allocated},
                             {"capacity", f.capacity},
                             {"multi_segment_rows", f.multi_segment_rows},
                             {"defragmentations", f.defragmentations}}}};
    if (const GraphStore<T>* st = g.store())
      out["store"] = Json{{"directory", st->directory()},
                          {"log_bytes", st->log_bytes()},
                          {"checkpoint_error", st->checkpoint_error()}};
    else
      out["store"] = nullptr;
    reply(res, 200, out);
  });
  svr.Get("/health", [&](const httplib::Request&, httplib::Response& res) {
    c.count(kHealth);
    reply(res, 200, Json{{"status", "ok"}, {"version", g.snapshot().version()}});
  });
  // Statuses that no handler set (404, 413, 400 for a malformed request, ...) get a JSON body.
  svr.set_error_handler([&c](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // a handler's own reply
    std::string why;
    if (res.status == 404)
      why = "no such endpoint: " + req.method + " " + req.path +
            " (POST /updates; GET /bfs, /degree, /edges, /triangles, /pagerank, /sssp, /cc, "
            "/knn, /stats, /health)";
    else if (res.status == 413)
      why = "request body too large (the server's --max-body)";
    else
      why = "HTTP error " + std::to_string(res.status);
    ++c.bad_requests;
    res.set_content(to_text(Json{{"error", why}}), "application/json");
  });
}

}  // namespace spgraph::serve
