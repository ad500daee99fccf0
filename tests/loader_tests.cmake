# Loader tests (owned by the loaders engineer): GoogleTest units, plus libFuzzer targets when
# SPGRAPH_FUZZ is ON (clang; see the "fuzz" preset). The fuzzers' seed corpus is
# tests/fuzz/corpus/<target>, tests/data and tests/data/bad, with the dictionary
# tests/fuzz/dict/<target>.dict; new inputs they find go to the build tree.
if(NOT SPGRAPH_FUZZ)
  spgraph_test(loader_tests
    SOURCES
      unit/loaders/bad_files_test.cpp
      unit/loaders/edge_list_test.cpp
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
  add_custom_target(fuzz_targets)
  foreach(target matrix_market edge_list metis binary update_stream store_log)
    add_executable(fuzz_${target} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_${target}.cpp)
    if(target STREQUAL "store_log")
      # The store's log codec alone (not the whole store library and its engine).
      target_sources(fuzz_${target} PRIVATE ${PROJECT_SOURCE_DIR}/engine/store/store_log.cpp)
    endif()
    target_include_directories(fuzz_${target} PRIVATE ${PROJECT_SOURCE_DIR})
    target_compile_options(fuzz_${target} PRIVATE -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_${target} PRIVATE spgraph_loaders ZLIB::ZLIB)
    # New inputs go to the first corpus directory (in the build tree); the seeds are the repo's
    # corpus for this target (tests/fuzz/corpus/, written by tests/hostile/make_corpus.py),
    # tests/data and tests/data/bad. The dictionary holds the format's keywords and tokens.
    add_test(NAME fuzz_${target}
      COMMAND fuzz_${target} -max_total_time=12 -max_len=65536 -rss_limit_mb=2048
              -dict=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/dict/${target}.dict
              ${CMAKE_CURRENT_BINARY_DIR}/fuzz_corpus_${target}
              ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${target}
              ${CMAKE_CURRENT_SOURCE_DIR}/data ${CMAKE_CURRENT_SOURCE_DIR}/data/bad)
    set_tests_properties(fuzz_${target} PROPERTIES LABELS fuzz TIMEOUT 120)
    file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fuzz_corpus_${target})
    add_dependencies(fuzz_targets fuzz_${target})
  endforeach()
endif()
