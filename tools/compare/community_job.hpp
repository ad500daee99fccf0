// SPDX-License-Identifier: Apache-2.0
// What `compare louvain` and `compare leiden` share (compare_louvain.cpp, compare_leiden.cpp):
// both engines run on the same undirected weighted graph (community_graph.hpp's rule: a
// symmetric file as it is, a directed one as A + A', an edge per arc; prepared once and not
// timed), spgraph's method against igraph's (peers/igraph_communities.hpp) in the same process.
// Partitions differ between engines, so the verification
// (algorithms/communities/communities_verify.hpp) scores both with spgraph's modularity() (CPM
// quality for --objective cpm) and asks that spgraph's be no lower than igraph's minus
// kCommunityTolerance; for Leiden every spgraph community must also be connected. Each timed
// spgraph run must give the warm-up's partition again (same seed and threads), and each timed
// igraph partition must still score no better than spgraph's by more than the tolerance.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "tools/cli/community_flags.hpp"
#include "tools/compare/compare_driver.hpp"

namespace spgraph::cli {

/// How far below igraph's quality spgraph's may be (issue 31's bound).
inline constexpr double kCommunityTolerance = 0.005;

enum class CommunityJobMethod { Louvain, Leiden };

/// The plan of `compare louvain|leiden FILE` with the parsed flags.
ComparePlan community_plan(CommunityJobMethod method, const std::string& file,
                           const CommunityFlags& flags, const CompareFlags& f, int threads);

/// The job's flags and plan, for register_compare_job.
template <CommunityJobMethod M>
struct CommunityJob {
  std::string file;
  CommunityFlags flags;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file,
                    "Graph file (a directed graph is taken as undirected, A + A'; the file's "
                    "values are edge weights)")
        ->required();
    add_community_flags(cmd, flags, M == CommunityJobMethod::Leiden);
  }

  ComparePlan plan(const CompareFlags& f, int threads) {
    return community_plan(M, file, flags, f, threads);
  }
};

}  // namespace spgraph::cli
