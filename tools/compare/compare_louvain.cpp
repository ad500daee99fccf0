// SPDX-License-Identifier: Apache-2.0
// `spgraph compare louvain FILE`: Louvain in spgraph (algorithms/communities/louvain.hpp) and
// igraph's igraph_community_multilevel on the same undirected graph, both partitions scored by
// spgraph's modularity() and spgraph's required to be no lower than igraph's minus 0.005
// (community_job.hpp says what is prepared, verified and timed).
#include "tools/compare/community_job.hpp"

namespace spgraph::cli {

void register_compare_louvain(CLI::App* compare) {
  register_compare_job<CommunityJob<CommunityJobMethod::Louvain>>(
      compare, "louvain",
      "Louvain in spgraph and igraph (igraph_community_multilevel): modularity of both "
      "verified, timed");
}

}  // namespace spgraph::cli
