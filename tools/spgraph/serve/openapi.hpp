// SPDX-License-Identifier: Apache-2.0
// GET /openapi.json of `spgraph serve`: an OpenAPI 3.0.3 description (https://spec.openapis.org/
// oas/v3.0.3) of every endpoint and query parameter, built from the route table
// (route_table.hpp) so that it lists exactly the endpoints the server answers.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/spgraph/serve/route_table.hpp"

namespace spgraph::serve {

/// The OpenAPI schema of a parameter of `type`; vertices are strings when ids are names.
inline nlohmann::ordered_json openapi_schema(ParamType type, bool named_ids) {
  using J = nlohmann::ordered_json;
  switch (type) {
    case ParamType::kVertex:
      return named_ids ? J{{"type", "string"}} : J{{"type", "integer"}, {"minimum", 0}};
    case ParamType::kInteger:
      return J{{"type", "integer"}, {"minimum", 0}};
    case ParamType::kBoolean:
      return J{{"type", "boolean"}};
    case ParamType::kString:
      break;
  }
  return J{{"type", "string"}};
}

/// The whole description; `version` is the program's, `named_ids` tells whether vertex ids are
/// strings (--remap-ids on a file of names).
inline nlohmann::ordered_json openapi_document(const std::string& version, bool named_ids) {
  using J = nlohmann::ordered_json;
  J error{{"description", "refused: {\"error\": why}"}};
  error["content"]["application/json"]["schema"] =
      J{{"type", "object"}, {"properties", {{"error", {{"type", "string"}}}}}};
  J paths = J::object();
  for (const RouteInfo& r : kRoutes) {
    J op{{"summary", r.summary}, {"operationId", r.path[1] ? r.path + 1 : "page"}};
    std::string& id = op["operationId"].get_ref<std::string&>();
    for (char& ch : id)
      if (ch == '.') ch = '_';
    J params = J::array();
    for (std::size_t k = 0; k < r.param_count; ++k) {
      const RouteParam& p = r.params[k];
      params.push_back(J{{"name", p.name},
                         {"in", "query"},
                         {"required", p.required},
                         {"description", p.description},
                         {"schema", openapi_schema(p.type, named_ids)}});
    }
    if (!params.empty()) op["parameters"] = params;
    if (std::string(r.method) == "POST") {
      J body{{"required", true}};
      body["content"]["text/plain"]["schema"] = J{{"type", "string"}};
      body["content"]["application/json"]["schema"] = J{{"type", "array"}};
      op["requestBody"] = body;
    }
    const std::string type = r.content_type;
    J ok{{"description", "the answer"}};
    ok["content"][type]["schema"] =
        type == "text/html" ? J{{"type", "string"}} : J{{"type", "object"}};
    op["responses"] = J{{"200", ok}, {"4XX", error}, {"5XX", error}};
    std::string method = r.method;
    for (char& ch : method) ch = char(ch - 'A' + 'a');
    paths[r.path][method] = op;
  }
  return J{{"openapi", "3.0.3"},
           {"info",
            {{"title", "spgraph serve"},
             {"version", version},
             {"description",
              "A dynamic graph over HTTP (docs/server.md). Vertex ids are the graph file's "
              "own ids."}}},
           {"paths", paths}};
}

}  // namespace spgraph::serve
