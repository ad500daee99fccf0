// SPDX-License-Identifier: Apache-2.0
// `spgraph compare leiden FILE`: Leiden in spgraph (algorithms/communities/leiden.hpp) and
// igraph's igraph_community_leiden on the same undirected graph (modularity: node weights the
// degrees and resolution γ/2m, as igraph's documentation says; CPM: node weights 1), both
// partitions scored by spgraph's modularity() (or CPM quality), spgraph's required to be no
// lower than igraph's minus 0.005 and every spgraph community connected (community_job.hpp).
#include "tools/compare/community_job.hpp"

namespace spgraph::cli {

void register_compare_leiden(CLI::App* compare) {
  register_compare_job<CommunityJob<CommunityJobMethod::Leiden>>(
      compare, "leiden",
      "Leiden in spgraph and igraph (igraph_community_leiden): quality of both and connected "
      "communities verified, timed");
}

}  // namespace spgraph::cli
