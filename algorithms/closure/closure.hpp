// SPDX-License-Identifier: Apache-2.0
// The closure family's public entry point: everything about "who reaches whom".
//   - transitive_closure.hpp: the closure R+ (or R*) as a pattern matrix or a pair count, by the
//     SCC method or by repeated hash SpGEMM (Nagasaka et al., ICPP 2017);
//   - reachability.hpp: the condensed closure, answering reachability queries without listing
//     every pair;
//   - strongly_connected_components.hpp: Tarjan's components and the condensation DAG;
//   - closure_size_estimate.hpp: Cohen's bottom-k estimate of the closure's size, checked
//     against the memory budget before anything large is allocated.
#pragma once

#include "algorithms/closure/closure_size_estimate.hpp"
#include "algorithms/closure/reachability.hpp"
#include "algorithms/closure/strongly_connected_components.hpp"
#include "algorithms/closure/transitive_closure.hpp"
