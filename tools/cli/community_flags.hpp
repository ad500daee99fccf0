// SPDX-License-Identifier: Apache-2.0
// The flags of `spgraph communities` and of `compare louvain|leiden`, shared so that the command
// and its compare jobs take the same options: their definitions, their translation into
// CommunityOptions (algorithms/communities/community_options.hpp), the check of the weights
// (naming the file's vertices), and the result file ("vertex community" lines, vertices named as
// the file names them).
#pragma once

#include <CLI/CLI.hpp>

#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "algorithms/communities/community_options.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/result_table.hpp"

namespace spgraph::cli {

struct CommunityFlags {
  double resolution = 1.0;
  std::string objective = "modularity";
  std::uint64_t seed = 0;
  int iterations = 2;
  bool iterations_given = false;  ///< --iterations was on the command line
  double randomness = 0.01;
  int max_levels = 0;
  bool unweighted = false;
};

/// --resolution, --seed, --max-levels and --unweighted; with `leiden`, also --objective,
/// --iterations and --randomness.
inline void add_community_flags(CLI::App* cmd, CommunityFlags& f, bool leiden) {
  cmd->add_option("--resolution", f.resolution,
                  "Resolution gamma of the objective (default 1: the standard modularity; "
                  "larger gives more, smaller communities)")
      ->transform(real_flag("--resolution", 0, 1e300));
  cmd->add_option("--seed", f.seed,
                  "Seed of the random choices (default 0); the same seed and thread count give "
                  "the same communities")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
  cmd->add_option("--max-levels", f.max_levels,
                  "Most aggregation levels (default 0: until a level brings no gain)")
      ->transform(integer_flag("--max-levels", 0, INT_MAX));
  cmd->add_flag("--unweighted", f.unweighted,
                "Ignore the file's values: every edge weighs 1 (default: values are weights)");
  if (!leiden) return;
  cmd->add_option("--objective", f.objective,
                  "modularity (default) or cpm (the Constant Potts Model, Leiden's other "
                  "objective; its resolution is an edge density)")
      ->check(CLI::IsMember({"modularity", "cpm"}));
  cmd->add_option("--iterations", f.iterations,
                  "Leiden: iterations, each from the previous partition (default 2, as igraph); "
                  "-1 repeats until one changes nothing. CDLP: rounds (default 10)")
      ->each([&f](const std::string&) { f.iterations_given = true; })
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            if (s == "-1") return {};
            std::uint64_t x = 0;
            if (parse_decimal_id(s, x) && x >= 1 && x <= std::uint64_t(INT_MAX)) return {};
            return "--iterations must be a positive integer or -1, got '" + printable(s) + "'";
          },
          "INT"));
  cmd->add_option("--randomness", f.randomness,
                  "Leiden: randomness theta of the refinement's merges (default 0.01, as the "
                  "paper and igraph; 0 merges greedily)")
      ->transform(real_flag("--randomness", 0, 1e300));
}

/// The options the flags ask for; `undirected` says A is known to be symmetric.
inline CommunityOptions community_options(const CommunityFlags& f, bool undirected) {
  CommunityOptions o;
  o.objective = f.objective == "cpm" ? CommunityObjective::Cpm : CommunityObjective::Modularity;
  o.resolution = f.resolution;
  o.seed = f.seed;
  o.iterations = f.iterations;
  o.randomness = f.randomness;
  o.max_levels = f.max_levels;
  o.undirected = undirected;
  return o;
}

/// Refuses a negative or infinite weight, naming the first such arc (row order) in the file's
/// numbering; the algorithm's own message would name dense 0-based ids.
inline void check_community_weights(const Csr<double>& a, const IdSpace& ids) {
  if (a.pattern) return;
  for (Vertex u = 0; u < a.nrows; ++u)
    for (Offset k = a.row_ptr[u]; k < a.row_ptr[u + 1]; ++k) {
      if (std::isfinite(a.val[k]) && a.val[k] >= 0) continue;
      char w[64];
      std::snprintf(w, sizeof w, "%.17g", a.val[k]);
      throw InvalidArgument("communities: arc " + ids.name(u) + " -> " + ids.name(a.col[k]) +
                            " has weight " + w +
                            "; edge weights must be finite and non-negative (--unweighted "
                            "ignores them)");
    }
}

/// Writes "vertex community" lines (communities numbered from 0 in the order their first
/// vertex appears) atomically, vertices in the file's numbering.
inline void write_communities(const std::string& path, const std::vector<Vertex>& membership,
                              const IdSpace& ids) {
  ResultTable out(path, {"vertex", "community"});
  for (Vertex v = 0; v < membership.size(); ++v) {
    out.vertex(ids, v).integer((long long)membership[v]);
    out.end_row();
  }
  out.commit();
}

/// The size of the largest community of a membership numbered from 0.
inline Vertex largest_community(const std::vector<Vertex>& membership) {
  std::vector<Vertex> size;
  for (Vertex c : membership) {
    if (c >= size.size()) size.resize(std::size_t(c) + 1, 0);
    ++size[c];
  }
  Vertex best = 0;
  for (Vertex s : size) best = s > best ? s : best;
  return best;
}

}  // namespace spgraph::cli
