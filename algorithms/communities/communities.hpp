// SPDX-License-Identifier: Apache-2.0
// The communities family's public entry point.
//   - cdlp.hpp: community detection by label propagation as LDBC Graphalytics defines it
//     (specification v1.0, §2.3.4): synchronous rounds, the most frequent neighbour label, ties
//     to the smallest.
#pragma once

#include "algorithms/communities/cdlp.hpp"
