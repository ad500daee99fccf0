// SPDX-License-Identifier: Apache-2.0
// The maintained views of `spgraph stream --maintain` (tools/cli/maintained_views.hpp): a view's
// vertex, named in the file's numbering, found among the graph's dense ids; and what the writer
// measured for each view (engine/maintained_view.hpp ViewStats: batches updated and
// recomputed, the crossover batch size) in the run's summary.
#pragma once

#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/error.hpp"
#include "engine/maintained_view.hpp"
#include "tools/cli/maintained_views.hpp"
#include "tools/cli/report.hpp"
#include "tools/spgraph/stream_ids.hpp"

namespace spgraph::cli {

/// The dense id of the vertex `spec` names (a number in the file's numbering, or a name when the
/// ids are strings); throws InvalidArgument when the graph does not have it.
inline Vertex view_vertex(const StreamIds& ids, const ViewSpec& spec) {
  VertexKey key;
  if (ids.named()) {
    key.name = spec.vertex;
  } else {
    std::size_t used = 0;
    try {
      key.number = std::stoull(spec.vertex, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != spec.vertex.size() || !std::isdigit((unsigned char)spec.vertex[0]))
      throw InvalidArgument("--maintain " + spec.text + ": '" + spec.vertex +
                            "' is not a vertex id");
  }
  Vertex dense = 0;
  std::string error;
  if (ids.find(key, dense, error) != StreamIds::Status::Present)
    throw InvalidArgument(
        "--maintain " + spec.text + ": " +
        (error.empty() ? "vertex " + spec.vertex + " is not in the graph" : error));
  return dense;
}

/// Adds "views" (one item per view: name in the file's numbering, batches updated, recomputed,
/// the crossover in changed arcs, the last batch's milliseconds) and "views_text" to the summary.
inline void add_view_stats(Report& r, const std::vector<ViewStats>& stats, double register_s,
                           const StreamIds& ids) {
  std::vector<Report> items;
  std::string text;
  for (const ViewStats& v : stats) {
    Report item;
    item.add("name", report::str(view_display_name(v.name, [&](Vertex d) { return ids.name(d); })));
    item.add("updated", report::count(v.updates));
    item.add("recomputed", report::count(v.recomputes));
    item.add("crossover_changes", report::real(v.crossover_changes(), "%.0f", "%.0f"));
    item.add("recompute_ms", report::real(1e3 * v.recompute_seconds, "%.3f", "%.3f"));
    item.add("update_us_per_change", report::real(1e6 * v.seconds_per_change, "%.3f", "%.3f"));
    items.push_back(item);
    text += (text.empty() ? "" : "; ") +
            item.text(
                "{name} ({updated} batches updated, {recomputed} recomputed, one "
                "recomputation {recompute_ms} ms, {update_us_per_change} us per changed "
                "arc: crossover ~{crossover_changes} changed arcs)");
  }
  r.add("views", report::list(items));
  r.add("views_text", report::text(text));
  r.add("views_register_seconds", report::seconds(register_s));
}

}  // namespace spgraph::cli
