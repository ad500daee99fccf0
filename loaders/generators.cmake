# Graph generators (Kronecker/R-MAT, uniform random, 2-D grid): sources of spgraph_loaders.
target_sources(spgraph_loaders PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/generators.cpp)
