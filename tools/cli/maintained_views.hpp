// SPDX-License-Identifier: Apache-2.0
// The maintained views a user names (`spgraph stream --maintain`, `spgraph serve --maintain`,
// Python's DynamicGraph.maintain): "cc", "pagerank", "bfs:S", "sssp:S" and "knn:V[:K[:MEASURE]]",
// parsed into ViewSpecs and made into the views algorithms/ implements (engine/maintained_view.hpp:
// components, PageRank (GAP variant, damping 0.85, within the L1 distance of the exact ranks that
// pagerank()'s defaults guarantee, pagerank_error_bound), BFS levels and SSSP
// distances from a source, similarity kNN of one vertex). Vertices are given as the caller's text
// and mapped to dense ids by the caller (the file's numbering differs per program). The list is
// split as every vertex list is (csv_fields.hpp: commas, CSV quoting), and a vertex may be a name
// holding colons: in "bfs:S" and "sssp:S" S is all the text after the first colon; in
// "knn:V[:K[:MEASURE]]" a V holding a colon is quoted (knn:"GO:0048308":5). Header-only,
// so that the Python module, which links the library alone, shares it.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/components/incremental_components.hpp"
#include "algorithms/knn/incremental_knn.hpp"
#include "algorithms/knn/knn.hpp"
#include "algorithms/pagerank/incremental_pagerank.hpp"
#include "algorithms/sssp/incremental_distances.hpp"
#include "engine/core/error.hpp"
#include "tools/cli/csv_fields.hpp"

namespace spgraph::cli {

/// The kinds of maintained view.
enum class ViewKind { Cc, PageRank, Bfs, Sssp, Knn };

/// One maintained view as the user named it.
struct ViewSpec {
  ViewKind kind = ViewKind::Cc;
  std::string vertex;  ///< bfs/sssp source or knn vertex, as written (empty for cc, pagerank)
  std::size_t k = 10;  ///< knn only
  SimilarityMeasure measure = SimilarityMeasure::Jaccard;  ///< knn only
  std::string text;                                        ///< the spec as written
  bool has_vertex() const { return kind != ViewKind::Cc && kind != ViewKind::PageRank; }
};

/// What --maintain takes, for messages and --help.
inline constexpr std::string_view kViewListHelp =
    "cc, pagerank, bfs:S, sssp:S, knn:V[:K[:MEASURE]] (S, V: vertex ids in the file's numbering, "
    "names included; a knn V holding ':' quoted, knn:\"GO:1\":5; K: answers, default 10; "
    "MEASURE: a similarity measure, default jaccard), comma-separated (quote an item that holds "
    "a comma)";

/// The similarity measure named `name` (its CLI name), or false.
inline bool similarity_measure_by_name(std::string_view name, SimilarityMeasure& out) {
  for (SimilarityMeasure m : {SimilarityMeasure::CommonNeighbors, SimilarityMeasure::Jaccard,
                              SimilarityMeasure::Cosine, SimilarityMeasure::Overlap,
                              SimilarityMeasure::AdamicAdar, SimilarityMeasure::ResourceAllocation})
    if (similarity_measure_name(m) == name) {
      out = m;
      return true;
    }
  return false;
}

/// The ':'-separated fields of a view spec: kind, then for bfs and sssp the rest as one vertex
/// (names may hold colons), for knn a vertex (quoted with '"' when it holds a colon; a doubled
/// quote inside stands for one) then K and MEASURE. Leaves `parts` empty for an unclosed quote.
inline void split_view_fields(std::string_view text, std::vector<std::string>& parts) {
  parts.clear();
  const std::size_t colon = text.find(':');
  parts.emplace_back(text.substr(0, colon));
  if (colon == std::string_view::npos) return;
  std::string_view rest = text.substr(colon + 1);
  if (!rest.empty() && rest[0] == '"') {
    std::string vertex;
    std::size_t k = 1;
    for (; k < rest.size(); ++k) {
      if (rest[k] != '"') {
        vertex += rest[k];
      } else if (k + 1 < rest.size() && rest[k + 1] == '"') {
        vertex += '"';
        ++k;
      } else {
        break;
      }
    }
    if (k >= rest.size()) return parts.clear();
    parts.push_back(std::move(vertex));
    rest = rest.substr(k + 1);
    if (rest.empty()) return;
    if (rest[0] != ':') return parts.push_back(std::string(rest));  // refused as too many fields
    rest = rest.substr(1);
  } else if (parts[0] != "knn") {
    parts.emplace_back(rest);
    return;
  } else {
    const std::size_t end = rest.find(':');
    parts.emplace_back(rest.substr(0, end));
    if (end == std::string_view::npos) return;
    rest = rest.substr(end + 1);
  }
  while (true) {
    const std::size_t end = rest.find(':');
    parts.emplace_back(rest.substr(0, end));
    if (end == std::string_view::npos) return;
    rest = rest.substr(end + 1);
  }
}

/// Parses one spec ("cc", "sssp:12", "knn:7:5:cosine"); throws InvalidArgument naming it.
inline ViewSpec parse_view_spec(std::string_view text) {
  ViewSpec s;
  s.text = std::string(text);
  const auto bad = [&](const std::string& why) {
    return InvalidArgument("maintained view '" + s.text + "': " + why + "; use " +
                           std::string(kViewListHelp));
  };
  std::vector<std::string> parts;
  split_view_fields(text, parts);
  if (parts.empty()) throw bad("a quote is not closed");
  const std::string& kind = parts[0];
  if (kind == "cc" || kind == "pagerank") {
    if (parts.size() != 1) throw bad("'" + kind + "' takes no vertex");
    s.kind = kind == "cc" ? ViewKind::Cc : ViewKind::PageRank;
    return s;
  }
  if (kind != "bfs" && kind != "sssp" && kind != "knn") throw bad("unknown view '" + kind + "'");
  s.kind = kind == "bfs" ? ViewKind::Bfs : kind == "sssp" ? ViewKind::Sssp : ViewKind::Knn;
  const std::size_t most = s.kind == ViewKind::Knn ? 4 : 2;
  if (parts.size() < 2 || parts[1].empty()) throw bad("'" + kind + "' needs a vertex");
  if (parts.size() > most) throw bad("too many ':' fields");
  s.vertex = parts[1];
  if (parts.size() >= 3) {
    const std::string& k = parts[2];
    std::size_t used = 0;
    unsigned long long value = 0;
    try {
      value = std::stoull(k, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (k.empty() || used != k.size() || k[0] == '-' || value == 0 || value > 100000)
      throw bad("K must be an integer from 1 to 100000, got '" + k + "'");
    s.k = std::size_t(value);
  }
  if (parts.size() == 4 && !similarity_measure_by_name(parts[3], s.measure))
    throw bad("unknown similarity measure '" + parts[3] +
              "' (common, jaccard, cosine, overlap, adamic-adar, resource-allocation)");
  return s;
}

/// Parses a comma-separated list; an empty list gives no views. Throws InvalidArgument for a
/// bad spec or the same view named twice.
inline std::vector<ViewSpec> parse_view_list(std::string_view list) {
  std::vector<ViewSpec> out;
  if (list.empty()) return out;
  std::vector<std::string> items;
  if (std::string err = split_vertex_list(list, items); !err.empty())
    throw InvalidArgument("maintained views '" + std::string(list) + "': " + err + "; use " +
                          std::string(kViewListHelp));
  for (const std::string& item : items) {
    if (item.empty())
      throw InvalidArgument("maintained views '" + std::string(list) + "': an empty item; use " +
                            std::string(kViewListHelp));
    out.push_back(parse_view_spec(item));
    for (std::size_t i = 0; i + 1 < out.size(); ++i)
      if (out[i].text == out.back().text)
        throw InvalidArgument("maintained view '" + out.back().text + "' is named twice");
  }
  return out;
}

/// The name the graph knows the view by (engine names: dense vertex ids).
inline std::string view_name(ViewKind kind, Vertex dense = 0, std::size_t k = 10,
                             SimilarityMeasure m = SimilarityMeasure::Jaccard) {
  switch (kind) {
    case ViewKind::Cc:
      return "cc";
    case ViewKind::PageRank:
      return "pagerank";
    case ViewKind::Bfs:
      return "bfs:" + std::to_string(dense);
    case ViewKind::Sssp:
      return "sssp:" + std::to_string(dense);
    case ViewKind::Knn:
      break;
  }
  return knn_view_name(dense, k, m);
}

/// A view's engine name ("sssp:5", "knn:7:5:cosine": dense ids) with its vertex as the user
/// names it (`external(dense)`: the file's numbering), for reports.
template <class External>
std::string view_display_name(const std::string& name, External&& external) {
  const std::size_t colon = name.find(':');
  if (colon == std::string::npos) return name;
  const std::size_t end = name.find(':', colon + 1);
  const std::string digits =
      name.substr(colon + 1, end == std::string::npos ? end : end - colon - 1);
  const std::string rest = end == std::string::npos ? "" : name.substr(end);
  return name.substr(0, colon + 1) + external(Vertex(std::stoul(digits))) + rest;
}

/// The view for `spec`, its vertex (if any) being dense id `dense`.
inline std::shared_ptr<MaintainedView> make_view(const ViewSpec& spec, Vertex dense = 0) {
  switch (spec.kind) {
    case ViewKind::Cc:
      return make_components_view();
    case ViewKind::PageRank: {
      // As accurate, by guarantee, as the '? pagerank' recomputation it replaces.
      PageRankViewOptions o;
      o.tolerance = pagerank_error_bound(PageRankOptions{}.tolerance, o.damping);
      return make_pagerank_view(o);
    }
    case ViewKind::Bfs:
      return make_bfs_view(dense);
    case ViewKind::Sssp:
      return make_sssp_view(dense);
    case ViewKind::Knn:
      break;
  }
  return make_knn_view(dense, spec.k, spec.measure);
}

/// A CLI11 check for a --maintain list: a usage error (exit 2) naming the bad item.
inline std::function<std::string(std::string&)> view_list_check() {
  return [](std::string& list) {
    try {
      parse_view_list(list);
      return std::string();
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
  };
}

}  // namespace spgraph::cli
