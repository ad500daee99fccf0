// SPDX-License-Identifier: Apache-2.0
// The source flags of `spgraph bc` and `spgraph compare bc`, shared so both take the same
// sources: --source S (repeatable; the file's ids), --sources N (N distinct vertices with
// out-arcs, drawn from --seed by algorithms/centrality's sample_sources), neither: every
// vertex (exact). Named sources are deduplicated; --source and --sources together are refused.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/centrality/centrality.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/vertex_list.hpp"

namespace spgraph::cli {

struct BcSourceFlags {
  std::vector<std::string> named;  ///< --source, in the file's numbering (names for string ids)
  std::uint64_t sampled = 0;       ///< --sources N (0: not asked)
  std::uint64_t seed = 1;
};

inline void add_bc_source_flags(CLI::App* cmd, BcSourceFlags& f) {
  auto* named = cmd->add_option("--source,-s", f.named,
                                "Source vertices in the file's ids (1-based for .mtx; names with "
                                "--remap-ids), comma-separated, quoting a name that holds a "
                                "comma; repeatable (default: every vertex, exact)")
                    ->allow_extra_args(false)
                    ->check(vertex_list_flag("--source"));
  cmd->add_option("--sources", f.sampled,
                  "Use N distinct random sources among the vertices with out-arcs (GAP's "
                  "sampling; scores are then the sum over those sources)")
      ->transform(integer_flag("--sources", 1, UINT32_MAX))
      ->excludes(named);
  cmd->add_option("--seed", f.seed, "Seed for --sources (default 1)")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
}

/// True when the flags name or sample sources (else the run is exact).
inline bool bc_sources_given(const BcSourceFlags& f) {
  return !f.named.empty() || f.sampled > 0;
}

/// The sources in dense ids: named ones mapped (an unknown id is InvalidArgument naming it),
/// sorted and deduplicated; sampled ones drawn; empty for an exact run.
template <class T>
std::vector<Vertex> bc_sources(const BcSourceFlags& f, const IdSpace& ids, const Matrix<T>& a) {
  std::vector<Vertex> s;
  if (f.sampled > 0) return sample_sources(a, Vertex(f.sampled), f.seed);
  s = flag_vertices("--source", f.named, ids, a.nrows());
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

/// The scaling's name in reports.
inline const char* bc_scaling_name(BcScaling s) {
  switch (s) {
    case BcScaling::Raw:
      return "raw";
    case BcScaling::Networkx:
      return "networkx";
    case BcScaling::NetworkxNormalized:
      return "networkx-normalized";
    case BcScaling::SampledNormalized:
      return "sampled-normalized";
  }
  return "raw";
}

}  // namespace spgraph::cli
