// SPDX-License-Identifier: Apache-2.0
// Option parsing and result conversion shared by the bindings of the static graph
// (algorithms.cpp) and of DynamicGraph snapshots (dynamic.cpp), so both take the CLI's names.
#pragma once

#include <string>
#include <vector>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/components/components.hpp"
#include "algorithms/pagerank/pagerank.hpp"
#include "algorithms/sssp/sssp.hpp"
#include "python/src/common.hpp"

namespace spgraph::python {

BfsOptions bfs_options(const std::string& method, bool levels, bool parents, bool undirected);
py::dict bfs_dict(BfsResult&& r);
SpmvFormat spmv_format_arg(const std::string& s);
PageRankOptions pagerank_options(double damping, double tolerance, int iterations,
                                 const std::string& variant, std::vector<Vertex> personalize,
                                 const std::string& spmv, bool undirected,
                                 const std::string& precision = "double",
                                 const std::string& sweep = "jacobi");
py::dict pagerank_dict(PageRankResult&& r);
SsspOptions sssp_options(const std::string& method, double delta);
py::dict sssp_dict(SsspResult&& r);
CcOptions cc_options(const std::string& method, bool undirected);
py::dict cc_dict(CcResult&& r);

}  // namespace spgraph::python
