// SPDX-License-Identifier: Apache-2.0
// Result files and report pieces that `spgraph` and `spgraph-mpi` print alike, so that the two
// programs' answers read the same: the PageRank and component-label files, PageRank's top
// vertices, and the text layouts of those reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// Writes "vertex rank" lines (%.17g) atomically: the old file or the complete new one.
void write_ranks(const std::string& path, const std::vector<double>& rank, const IdSpace& ids);

/// Writes "vertex label" lines (labels are vertices, named as the file names them).
void write_labels(const std::string& path, const std::vector<Vertex>& label, const IdSpace& ids);

/// Writes "vertex triangles clustering" lines (clustering %.12g).
void write_triangles(const std::string& path, const std::vector<std::uint64_t>& triangles,
                     const std::vector<double>& clustering, const IdSpace& ids);

/// Local clustering coefficients 2 t / (d (d - 1)) (0 below degree 2), from per-vertex triangle
/// counts and degrees without self-loops.
std::vector<double> clustering_of(const std::vector<std::uint64_t>& triangles,
                                  const std::vector<double>& degree);

/// The `k` highest-ranked vertices, ties broken by the smaller id.
std::vector<Vertex> top_vertices(const std::vector<double>& rank, std::size_t k);

/// The report items of the five highest-ranked vertices ("place", "vertex", "rank").
std::vector<Report> top_ranked(const std::vector<double>& rank, const IdSpace& ids);

/// The text layout of a PageRank report after its first lines: the convergence line, the
/// personalization line, the sum, "time: {seconds} ms (`how`)", the top vertices, the output.
/// `leaks`: the sum is below 1 because the gap variant lets the sinks' rank leak (said beside
/// it, with the flag that keeps it); `weighted`: the run spread ranks by the edge weights;
/// `weighted_teleport`: the personalization had weights.
std::string pagerank_layout(bool personalized, bool out, const std::string& how, bool leaks = false,
                            bool weighted = false, bool weighted_teleport = false);

/// The text layout of a components report ("{what} components: ..." and the time line).
std::string components_layout(bool out);

}  // namespace spgraph::cli
