# SPDX-License-Identifier: Apache-2.0
# Structure checks (label "structure"): rules of docs/ARCHITECTURE.md that no compiler enforces.
#   layers.one_way: each room of the library and each floor of tools/ includes only the rooms
#     below it (scripts/check_layers.sh);
#   headers.self_contained: every library header compiles on its own (scripts/check_headers.sh,
#     with this build's compiler, two at a time);
#   licence.spdx: every source, script and build file names its licence in an SPDX line
#     (scripts/check_spdx.sh).
# Each has a *_self_test twin that runs the script on a tree with a known violation and passes
# only if the script names it, so that a check that finds nothing cannot pass unnoticed.
set(SPGRAPH_CHECK_LAYERS ${PROJECT_SOURCE_DIR}/scripts/check_layers.sh)
set(SPGRAPH_CHECK_HEADERS ${PROJECT_SOURCE_DIR}/scripts/check_headers.sh)

add_test(NAME layers.one_way COMMAND bash ${SPGRAPH_CHECK_LAYERS} ${PROJECT_SOURCE_DIR})
add_test(NAME layers.one_way_self_test COMMAND bash ${SPGRAPH_CHECK_LAYERS} --self-test)
add_test(NAME headers.self_contained
  COMMAND bash ${SPGRAPH_CHECK_HEADERS} --cxx ${CMAKE_CXX_COMPILER} --jobs 2 ${PROJECT_SOURCE_DIR})
add_test(NAME headers.self_contained_self_test
  COMMAND bash ${SPGRAPH_CHECK_HEADERS} --cxx ${CMAKE_CXX_COMPILER} --self-test)
set(SPGRAPH_CHECK_SPDX ${PROJECT_SOURCE_DIR}/scripts/check_spdx.sh)
add_test(NAME licence.spdx COMMAND bash ${SPGRAPH_CHECK_SPDX} ${PROJECT_SOURCE_DIR})
add_test(NAME licence.spdx_self_test COMMAND bash ${SPGRAPH_CHECK_SPDX} --self-test)
set_tests_properties(layers.one_way layers.one_way_self_test headers.self_contained
  headers.self_contained_self_test licence.spdx licence.spdx_self_test PROPERTIES LABELS structure)
# Two compilations at once: ctest -j counts this test as two of its slots.
set_tests_properties(headers.self_contained PROPERTIES PROCESSORS 2 TIMEOUT 300)
