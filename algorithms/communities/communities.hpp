// SPDX-License-Identifier: Apache-2.0
// The communities family's public entry point.
//   - cdlp.hpp: community detection by label propagation as LDBC Graphalytics defines it
//     (specification v1.0, §2.3.4): synchronous rounds, the most frequent neighbour label, ties
//     to the smallest.
//   - louvain.hpp (Blondel et al. 2008) and leiden.hpp (Traag, Waltman & van Eck 2019), which
//     maximise modularity or CPM (community_options.hpp), and the quality of any partition
//     (modularity.hpp).
#pragma once

#include "algorithms/communities/cdlp.hpp"
#include "algorithms/communities/community_options.hpp"
#include "algorithms/communities/leiden.hpp"
#include "algorithms/communities/louvain.hpp"
#include "algorithms/communities/modularity.hpp"
