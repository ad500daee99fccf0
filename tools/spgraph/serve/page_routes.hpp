// SPDX-License-Identifier: Apache-2.0
// The routes of `spgraph serve` for people and tools rather than programs' queries
// (docs/server.md): GET / (the status page, serve/status_page.html embedded in the binary at
// build time: one self-contained HTML file, its CSS and script inline, fetching only this
// server's own endpoints) and GET /openapi.json (openapi.hpp). The page's Content-Security-Policy
// lets it load nothing from anywhere else.
#pragma once

#include <httplib.h>

#include <string>

#include "tools/spgraph/serve/http_util.hpp"
#include "tools/spgraph/serve/openapi.hpp"
#include "tools/spgraph/serve/status_page_html.hpp"  // generated from status_page.html

namespace spgraph::serve {

inline void add_page_routes(httplib::Server& svr, const ServeSettings& s, ServeCounters& c) {
  svr.Get("/", [&c](const httplib::Request&, httplib::Response& res) {
    c.count(kPage);
    res.status = 200;
    res.set_header("Content-Security-Policy",
                   "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                   "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Cache-Control", "no-store");
    res.set_content(std::string(kStatusPageHtml), "text/html; charset=utf-8");
  });
  const std::string openapi = to_text(openapi_document(s.program_version, s.ids->named()));
  svr.Get("/openapi.json", [&c, openapi](const httplib::Request&, httplib::Response& res) {
    c.count(kOpenApi);
    res.status = 200;
    res.set_content(openapi, "application/json");
  });
}

}  // namespace spgraph::serve
