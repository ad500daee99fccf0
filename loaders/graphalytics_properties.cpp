// SPDX-License-Identifier: Apache-2.0
// Implementation of GraphalyticsProperties (the keys in graphalytics_properties.hpp).
#include "loaders/graphalytics_properties.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "engine/core/error.hpp"
#include "loaders/number_parse.hpp"
#include "loaders/text_lines.hpp"

namespace spgraph {

namespace {

/// The graph a .properties file describes when no key names the one its file name says: the
/// X of every "graph.X.directed" key.
std::set<std::string> described_graphs(const PropertiesFile& file) {
  std::set<std::string> names;
  constexpr std::string_view kPrefix = "graph.", kSuffix = ".directed";
  for (const PropertyEntry& e : file.entries())
    if (e.key.size() > kPrefix.size() + kSuffix.size() && e.key.starts_with(kPrefix) &&
        e.key.ends_with(kSuffix))
      names.insert(e.key.substr(kPrefix.size(), e.key.size() - kPrefix.size() - kSuffix.size()));
  return names;
}

/// The dataset name: the file's stem if a key names it, else the one graph the file describes.
std::string choose_graph(const PropertiesFile& file) {
  std::string stem = std::filesystem::path(file.name()).filename().string();
  if (stem.ends_with(".properties"))
    stem.resize(stem.size() - std::string_view(".properties").size());
  const std::string prefix = "graph." + stem + ".";
  for (const PropertyEntry& e : file.entries())
    if (e.key.starts_with(prefix)) return stem;
  const std::set<std::string> names = described_graphs(file);
  if (names.size() == 1) return *names.begin();
  if (names.empty())
    throw ParseError(file.name(), 0,
                     "describes no Graphalytics graph: it has no key graph.NAME.directed (a "
                     "dataset's .properties file holds graph.NAME.* keys, NAME its file name)");
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + printable(n);
  throw ParseError(file.name(), 0,
                   "describes several graphs (" + list +
                       ") and none is named after the file: name the file NAME.properties after "
                       "the graph to read");
}

/// Java's and Commons Configuration's spellings of a boolean.
std::optional<bool> parse_boolean(std::string_view text) {
  const std::string t = detail::lower(text);
  if (t == "true" || t == "yes" || t == "on" || t == "t" || t == "y") return true;
  if (t == "false" || t == "no" || t == "off" || t == "f" || t == "n") return false;
  return std::nullopt;
}

/// `text` as an unsigned decimal integer, the whole of it.
std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
  std::uint64_t v = 0;
  const char* p = text.data();
  const char* e = p + text.size();
  if (detail::parse_u64(p, e, v) != detail::NumStatus::Ok || p != e) return std::nullopt;
  return v;
}

}  // namespace

GraphalyticsProperties GraphalyticsProperties::from(PropertiesFile file, std::string graph) {
  GraphalyticsProperties g;
  g.graph_ = graph.empty() ? choose_graph(file) : std::move(graph);
  g.file_ = std::move(file);
  const PropertyEntry& directed = g.required("directed");
  const std::optional<bool> d = parse_boolean(directed.value);
  if (!d) g.bad_value(directed, "must be true or false");
  g.directed_ = *d;
  for (auto [key, out] :
       {std::pair{"vertex-file", &g.vertex_file_}, {"edge-file", &g.edge_file_}}) {
    const PropertyEntry& e = g.required(key);
    if (e.value.empty()) g.bad_value(e, "must name a file");
    *out = e.value;
  }
  for (auto [key, out] :
       {std::pair{"meta.vertices", &g.meta_vertices_}, {"meta.edges", &g.meta_edges_}}) {
    const PropertyEntry& e = g.required(key);
    const std::optional<std::uint64_t> v = parse_unsigned(e.value);
    if (!v) g.bad_value(e, "must be a non-negative integer (a count)");
    *out = *v;
  }
  if (const PropertyEntry* names = g.entry("vertex-properties.names"))
    g.vertex_property_count_ = split_property_list(names->value).size();
  g.read_edge_properties();
  if (const PropertyEntry* a = g.entry("algorithms"))
    for (const std::string& name : split_property_list(a->value))
      g.algorithms_.push_back(detail::lower(name));
  return g;
}

void GraphalyticsProperties::read_edge_properties() {
  const PropertyEntry* names = entry("edge-properties.names");
  const PropertyEntry* types = entry("edge-properties.types");
  if (names) edge_names_ = split_property_list(names->value);
  const std::vector<std::string> type_list =
      types ? split_property_list(types->value) : std::vector<std::string>{};
  if (edge_names_.size() != type_list.size())
    bad_value(names ? *names : *types,
              "the edge properties need one type each: " + std::to_string(edge_names_.size()) +
                  " names but " + std::to_string(type_list.size()) + " types");
  for (const std::string& t : type_list) {
    const std::string lt = detail::lower(t);
    if (lt != "int" && lt != "integer" && lt != "real")
      bad_value(*types, "type " + detail::quote(t) + " is none of int, integer and real");
    edge_integer_.push_back(lt != "real");
  }
  weight_property_ = edge_names_.empty() ? -1 : 0;
  if (const PropertyEntry* w = entry("sssp.weight-property")) {
    const auto it = std::find(edge_names_.begin(), edge_names_.end(), w->value);
    if (it == edge_names_.end())
      bad_value(*w, edge_names_.empty() ? "the edges have no properties (no key " +
                                              key_name("edge-properties.names") + ")"
                                        : "names no edge property (" + names->value + ")");
    weight_property_ = int(it - edge_names_.begin());
  }
}

bool GraphalyticsProperties::lists(std::string_view algorithm) const {
  const std::string a = detail::lower(algorithm);
  return std::find(algorithms_.begin(), algorithms_.end(), a) != algorithms_.end();
}

std::string GraphalyticsProperties::key_name(std::string_view key) const {
  return "graph." + graph_ + "." + std::string(key);
}

const PropertyEntry* GraphalyticsProperties::entry(std::string_view key) const {
  return file_.find(key_name(key));
}

const PropertyEntry& GraphalyticsProperties::required(std::string_view key) const {
  if (const PropertyEntry* e = entry(key)) return *e;
  throw ParseError(path(), 0,
                   "missing key " + printable(key_name(key)) +
                       " (a Graphalytics dataset's .properties file must give it)");
}

void GraphalyticsProperties::bad_value(const PropertyEntry& e, const std::string& why) const {
  throw ParseError(path(), e.line, printable(e.key) + " = " + detail::quote(e.value) + ": " + why);
}

std::uint64_t GraphalyticsProperties::line_of(std::string_view key) const {
  const PropertyEntry* e = entry(key);
  return e ? e->line : 0;
}

std::optional<std::string> GraphalyticsProperties::text(std::string_view key) const {
  const PropertyEntry* e = entry(key);
  return e ? std::optional<std::string>(e->value) : std::nullopt;
}

std::optional<std::uint64_t> GraphalyticsProperties::vertex(std::string_view key) const {
  const PropertyEntry* e = entry(key);
  if (!e) return std::nullopt;
  const std::optional<std::uint64_t> v = parse_unsigned(e->value);
  if (!v) bad_value(*e, "must be a vertex id (a non-negative integer)");
  return v;
}

std::optional<std::int64_t> GraphalyticsProperties::integer(std::string_view key, std::int64_t lo,
                                                            std::int64_t hi) const {
  const PropertyEntry* e = entry(key);
  if (!e) return std::nullopt;
  std::int64_t v = 0;
  const char* p = e->value.data();
  const char* end = p + e->value.size();
  if (detail::parse_i64(p, end, v) != detail::NumStatus::Ok || p != end || v < lo || v > hi)
    bad_value(*e, "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

std::optional<double> GraphalyticsProperties::real(std::string_view key, double lo,
                                                   double hi) const {
  const PropertyEntry* e = entry(key);
  if (!e) return std::nullopt;
  double v = 0;
  const char* p = e->value.data();
  const char* end = p + e->value.size();
  if (detail::parse_float(p, end, v) != detail::NumStatus::Ok || p != end || !std::isfinite(v) ||
      v < lo || v >= hi) {
    char range[64];
    std::snprintf(range, sizeof range, "[%g, %g)", lo, hi);
    bad_value(*e, std::string("must be a number in ") + range);
  }
  return v;
}

}  // namespace spgraph
