# SPDX-License-Identifier: Apache-2.0
# load_bench: spgraph's Matrix Market reader against a typical GraphBLAS-user reader
# (owned by the loaders engineer; included from bench/CMakeLists.txt).
add_executable(load_bench ${CMAKE_CURRENT_LIST_DIR}/load_bench.cpp)
target_include_directories(load_bench PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(load_bench PRIVATE spgraph::spgraph spgraph_tool_support OpenMP::OpenMP_CXX)
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_link_libraries(load_bench PRIVATE GraphBLAS::GraphBLAS)
  target_compile_definitions(load_bench PRIVATE SPGRAPH_HAVE_GRAPHBLAS=1)
endif()
