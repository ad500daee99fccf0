# SPDX-License-Identifier: Apache-2.0
# File readers and writers (owned by the loaders engineer).
target_sources(spgraph_loaders PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/binary_format.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dimension_guard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edge_list.cpp
  ${CMAKE_CURRENT_LIST_DIR}/edge_fields.cpp
  ${CMAKE_CURRENT_LIST_DIR}/graphalytics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/graphalytics_output.cpp
  ${CMAKE_CURRENT_LIST_DIR}/graphalytics_properties.cpp
  ${CMAKE_CURRENT_LIST_DIR}/input_buffer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/load.cpp
  ${CMAKE_CURRENT_LIST_DIR}/matrix_market.cpp
  ${CMAKE_CURRENT_LIST_DIR}/metis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/output_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/parallel_lines.cpp
  ${CMAKE_CURRENT_LIST_DIR}/properties_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/symmetry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/update_stream.cpp
  ${CMAKE_CURRENT_LIST_DIR}/value_rules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/vertex_ids.cpp
  ${CMAKE_CURRENT_LIST_DIR}/writers.cpp
)
# Fuzz builds instrument the readers themselves, so libFuzzer sees their coverage.
if(SPGRAPH_FUZZ)
  target_compile_options(spgraph_loaders PRIVATE -fsanitize=fuzzer-no-link ${SPGRAPH_FUZZ_SANITIZERS})
endif()
