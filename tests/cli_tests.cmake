# End-to-end tests of the spgraph binary.
spgraph_test(cli_tests SOURCES cli/cli_test.cpp cli/stream_cli_test.cpp cli/hostile_cli_test.cpp
             cli/kill_cli_test.cpp cli/update_stream_stop_test.cpp cli/traversal_cli_test.cpp
             cli/knn_cli_test.cpp LIBS ZLIB::ZLIB LABELS cli)
target_compile_definitions(cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(cli_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
add_dependencies(cli_tests spgraph_cli)

# The CLI's report printer (text layouts and JSON), tested without running the binary.
spgraph_test(report_tests SOURCES unit/tools/report_test.cpp ${PROJECT_SOURCE_DIR}/tools/spgraph/report.cpp
             LABELS unit cli)
