// SPDX-License-Identifier: Apache-2.0
// Writers of LDBC Graphalytics algorithm outputs (LDBC Graphalytics benchmark specification
// v1.0, §2.3 and §2.4 "Output Validation"): one "vertex value" line per vertex, separated by a
// space, vertices in dense order (for a dataset read by load_graphalytics, the ascending order of
// the vertex file's ids), each named by its file id. Three kinds of value cover the six
// algorithms:
//   - levels (BFS): the depth as an integer, 9223372036854775807 (Long.MAX_VALUE, the
//     specification's "infinity") for an unreachable vertex;
//   - labels (WCC, CDLP): a vertex given as a dense id, written as its file id;
//   - reals (PageRank, SSSP, LCC): the shortest decimal that reads back as the same double
//     (std::to_chars), so nothing is lost to the validation's 1e-4 relative tolerance or to
//     any other; +inf as "Infinity" and -inf as "-Infinity" (Java's Double.toString, which the
//     validation files and the reference platform use), NaN as "NaN".
// Every file is written through OutputFile (atomic: the old file or the complete new one; gzip
// when the name ends in ".gz"). Lines are formatted in parallel blocks and written in order:
// O(n) work, O(threads × block) extra memory.
#pragma once

#include <string>
#include <vector>

#include "engine/core/types.hpp"
#include "loaders/vertex_ids.hpp"

namespace spgraph {

/// The value Graphalytics writes for an unreachable vertex's BFS depth (Long.MAX_VALUE).
inline constexpr const char* kGraphalyticsInfiniteDepth = "9223372036854775807";

/// Writes BFS depths: level[v] for each vertex, kNoVertex meaning unreachable.
void write_graphalytics_levels(const std::string& path, const VertexIds& ids,
                               const std::vector<Vertex>& level);

/// Writes labels that are vertices (dense ids), each as its file id.
void write_graphalytics_labels(const std::string& path, const VertexIds& ids,
                               const std::vector<Vertex>& label);

/// Writes real values (the shortest round-trip decimal; Infinity, -Infinity, NaN).
void write_graphalytics_reals(const std::string& path, const VertexIds& ids,
                              const std::vector<double>& value);

/// Appends `x` as write_graphalytics_reals writes it.
void append_graphalytics_real(std::string& out, double x);

}  // namespace spgraph
