// Parsing of `POST /updates` bodies (update_body.hpp).
#include "tools/spgraph/serve/update_body.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "loaders/update_stream.hpp"

namespace spgraph::serve {

namespace {

std::string parse_lines(std::string_view body, std::vector<BodyUpdate>& out) {
  std::uint64_t line_no = 0;
  std::size_t pos = 0;
  UpdateRecord rec;
  while (pos < body.size()) {
    std::size_t end = body.find('\n', pos);
    if (end == std::string_view::npos) end = body.size();
    std::string_view line = body.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (is_update_comment(line)) continue;
    const std::string error = parse_update_line(line, line_no, rec);
    if (!error.empty()) return "line " + std::to_string(line_no) + ": " + error;
    if (rec.is_query)
      return "line " + std::to_string(line_no) +
             ": queries are GET requests (/bfs, /degree, ...), not update lines";
    out.push_back({rec.update, rec.u, rec.v, rec.has_weight, rec.weight, line_no});
  }
  return {};
}

std::string parse_json(std::string_view body, std::vector<BodyUpdate>& out) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(body);
  } catch (const nlohmann::json::parse_error& e) {
    return std::string("not valid JSON: ") + e.what();
  }
  if (!doc.is_array()) return "the JSON body must be an array of updates";
  for (std::size_t k = 0; k < doc.size(); ++k) {
    const nlohmann::json& e = doc[k];
    const std::string at = "element " + std::to_string(k) + ": ";
    if (!e.is_object()) return at + "an update must be an object {\"op\", \"u\", \"v\"[, \"w\"]}";
    BodyUpdate u;
    u.at = k;
    const auto op = e.find("op");
    if (op == e.end() || !op->is_string()) return at + "\"op\" must be insert, erase or assign";
    const std::string name = op->get<std::string>();
    if (name == "insert")
      u.kind = UpdateKind::Insert;
    else if (name == "erase")
      u.kind = UpdateKind::Erase;
    else if (name == "assign")
      u.kind = UpdateKind::Assign;
    else
      return at + "unknown op '" + name + "' (use insert, erase or assign)";
    for (const char* key : {"u", "v"}) {
      const auto it = e.find(key);
      if (it == e.end() || !it->is_number_unsigned())
        return at + "\"" + key + "\" must be a non-negative integer vertex id";
      (key[0] == 'u' ? u.u : u.v) = it->get<std::uint64_t>();
    }
    const auto w = e.find("w");
    if (w != e.end()) {
      if (!w->is_number() || std::isnan(w->get<double>())) return at + "\"w\" must be a number";
      if (u.kind == UpdateKind::Erase) return at + "an erase takes no weight";
      u.has_weight = true;
      u.weight = w->get<double>();
    } else if (u.kind == UpdateKind::Assign) {
      return at + "assign needs a weight \"w\"";
    }
    for (const auto& [key, value] : e.items())
      if (key != "op" && key != "u" && key != "v" && key != "w")
        return at + "unknown field '" + key + "'";
    out.push_back(u);
  }
  return {};
}

}  // namespace

bool body_is_json(std::string_view content_type, std::string_view body) {
  if (content_type.find("json") != std::string_view::npos) return true;
  const std::size_t first = body.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && body[first] == '[';
}

std::string parse_update_body(std::string_view body, bool json, std::vector<BodyUpdate>& out) {
  out.clear();
  std::string error = json ? parse_json(body, out) : parse_lines(body, out);
  if (!error.empty()) out.clear();
  return error;
}

}  // namespace spgraph::serve
