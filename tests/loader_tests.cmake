# SPDX-License-Identifier: Apache-2.0
# Loader tests (owned by the loaders engineer): GoogleTest units, plus libFuzzer targets when
# SPGRAPH_FUZZ is ON (clang; see the "fuzz" preset). The fuzzers' seed corpus is
# tests/fuzz/corpus/<target>, tests/data and tests/data/bad, with the dictionary
# tests/fuzz/dict/<target>.dict; how CI runs them is below.
if(NOT SPGRAPH_FUZZ)
  spgraph_test(loader_tests
    SOURCES
      unit/loaders/bad_files_test.cpp
      unit/loaders/edge_list_test.cpp
      unit/loaders/graphalytics_output_test.cpp
      unit/loaders/graphalytics_properties_test.cpp
      unit/loaders/graphalytics_test.cpp
      unit/loaders/hostile_input_test.cpp
      unit/loaders/matrix_market_test.cpp
      unit/loaders/metis_test.cpp
      unit/loaders/parallel_lines_test.cpp
      unit/loaders/round_trip_test.cpp
      unit/loaders/string_ids_test.cpp
      unit/loaders/update_stream_test.cpp
    LIBS ZLIB::ZLIB
    LABELS unit loaders)
endif()

if(SPGRAPH_FUZZ)
  # Each target is two tests, both deterministic (tests/fuzz/run_fuzz_target.sh), so that the
  # same commit always gives the same verdict:
  #   fuzz_<target>_corpus  every committed input (tests/fuzz/corpus/<target>: the seeds and each
  #                         input that ever broke the target), tests/data and tests/data/bad,
  #                         each run once;
  #   fuzz_<target>         a short exploration from those seeds with a fixed -seed and a fixed
  #                         number of runs (about 10 s each on a CI core), in a fresh scratch
  #                         directory under the build tree.
  # The dictionary tests/fuzz/dict/<target>.dict holds the format's keywords and tokens. Long,
  # randomly seeded runs are scripts/fuzz.sh (not in CI); what they find goes into the corpus.
  add_custom_target(fuzz_targets)
  set(fuzz_runner ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzz_target.sh)
  # target:runs:seed (runs sized by each target's speed: store_log decodes a few bytes per run).
  foreach(spec matrix_market:20000:1101 edge_list:25000:1102 metis:10000:1103 binary:25000:1104
          update_stream:10000:1105 store_log:600000:1106 graphalytics:60000:1107)
    string(REPLACE ":" ";" spec "${spec}")
    list(GET spec 0 target)
    list(GET spec 1 runs)
    list(GET spec 2 seed)
    add_executable(fuzz_${target} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_${target}.cpp)
    if(target STREQUAL "store_log")
      # The store's log codec alone (not the whole store library and its engine).
      target_sources(fuzz_${target} PRIVATE ${PROJECT_SOURCE_DIR}/store/store_log.cpp)
    endif()
    target_include_directories(fuzz_${target} PRIVATE ${PROJECT_SOURCE_DIR})
    target_compile_options(fuzz_${target} PRIVATE -fsanitize=fuzzer ${SPGRAPH_FUZZ_SANITIZERS})
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_${target} PRIVATE spgraph_loaders ZLIB::ZLIB)
    set(fuzz_dict ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/dict/${target}.dict)
    set(fuzz_inputs ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${target}
                    ${CMAKE_CURRENT_SOURCE_DIR}/data ${CMAKE_CURRENT_SOURCE_DIR}/data/bad)
    add_test(NAME fuzz_${target}_corpus
      COMMAND ${fuzz_runner} regress $<TARGET_FILE:fuzz_${target}>
              ${CMAKE_CURRENT_BINARY_DIR}/fuzz_work/${target}_corpus ${fuzz_dict} 0 0
              ${fuzz_inputs})
    add_test(NAME fuzz_${target}
      COMMAND ${fuzz_runner} explore $<TARGET_FILE:fuzz_${target}>
              ${CMAKE_CURRENT_BINARY_DIR}/fuzz_work/${target} ${fuzz_dict} ${seed} ${runs}
              ${fuzz_inputs})
    set_tests_properties(fuzz_${target}_corpus fuzz_${target} PROPERTIES LABELS fuzz TIMEOUT 300)
    add_dependencies(fuzz_targets fuzz_${target})
  endforeach()
endif()
