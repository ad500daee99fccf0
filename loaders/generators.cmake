# SPDX-License-Identifier: Apache-2.0
# Graph generators (Kronecker/R-MAT, uniform random, 2-D and 3-D grids, weights): sources of spgraph_loaders.
target_sources(spgraph_loaders PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/generators.cpp)
