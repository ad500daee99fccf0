# SPDX-License-Identifier: Apache-2.0
# End-to-end tests of the spgraph binary.
spgraph_test(cli_tests SOURCES cli/cli_test.cpp cli/stream_cli_test.cpp cli/hostile_cli_test.cpp
             cli/kill_cli_test.cpp cli/update_stream_stop_test.cpp cli/traversal_cli_test.cpp
             cli/knn_cli_test.cpp cli/ids_cli_test.cpp cli/store_cli_test.cpp cli/bc_cli_test.cpp
             cli/communities_cli_test.cpp cli/louvain_leiden_cli_test.cpp
             cli/cores_cli_test.cpp
             cli/graphalytics_cli_test.cpp cli/stream_views_cli_test.cpp
             cli/pagerank_weights_cli_test.cpp
             LIBS ZLIB::ZLIB LABELS cli)
target_compile_definitions(cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(cli_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
if(SPGRAPH_HAVE_IGRAPH)
  target_compile_definitions(cli_tests PRIVATE SPGRAPH_HAVE_IGRAPH)
endif()
add_dependencies(cli_tests spgraph_cli)

# The file's ids in every vertex flag (one list syntax), scc, paths and convert's names file,
# against networkx (tests/cli/ids_flags_cli_test.cpp).
spgraph_test(cli_ids_tests SOURCES cli/ids_flags_cli_test.cpp LABELS cli)
target_compile_definitions(cli_ids_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(cli_ids_tests spgraph_cli)

# The CLI's report printer (text layouts and JSON), tested without running the binary.
spgraph_test(report_tests SOURCES unit/tools/report_test.cpp LIBS spgraph_cli_report LABELS unit cli)

# The progress line (tools/common/progress.hpp): text, throttle and clearing, on a fake clock.
spgraph_test(progress_tests SOURCES unit/tools/progress_test.cpp LIBS spgraph_tool_support LABELS unit cli)

# The GraphBLAS peers' one graph (tools/compare/peers/graphblas_graph.hpp): properties cached on
# demand, and every peer algorithm refusing a graph without the ones it needs.
if(SPGRAPH_HAVE_GRAPHBLAS)
  spgraph_test(peers_graphblas_tests SOURCES unit/tools/graphblas_graph_test.cpp LIBS spgraph_peers
               LABELS unit cli)
endif()

# Every subcommand and compare job with --json, parsed (nlohmann-json); every documented exit code.
spgraph_test(cli_contract_tests SOURCES cli/json_cli_test.cpp cli/exit_code_cli_test.cpp
             LIBS nlohmann_json::nlohmann_json LABELS cli)
target_compile_definitions(cli_contract_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(cli_contract_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
if(SPGRAPH_HAVE_IGRAPH)
  target_compile_definitions(cli_contract_tests PRIVATE SPGRAPH_HAVE_IGRAPH)
endif()
add_dependencies(cli_contract_tests spgraph_cli)

# `spgraph serve` through a real HTTP client (cpp-httplib's own), against the running binary.
spgraph_test(serve_cli_tests SOURCES cli/serve_cli_test.cpp
             LIBS PkgConfig::HTTPLIB nlohmann_json::nlohmann_json LABELS cli serve)
target_compile_definitions(serve_cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(serve_cli_tests spgraph_cli)

# `spgraph serve`'s per-vertex endpoints, id options, OpenAPI description and status page, against
# brute-force oracles.
spgraph_test(serve_endpoints_tests SOURCES cli/serve_endpoints_test.cpp
             LIBS PkgConfig::HTTPLIB nlohmann_json::nlohmann_json LABELS cli serve)
target_compile_definitions(serve_endpoints_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(serve_endpoints_tests spgraph_cli)

# The status page in a real headless browser (Debian's chromium through selenium): it loads,
# shows the graph's counts, runs a BFS through its form and draws the degree chart. Skipped
# (exit 77) where chromium, chromedriver or selenium are absent.
# Debian's python3 first: python3-selenium is installed for it.
find_program(SPGRAPH_BROWSER_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(SPGRAPH_BROWSER_PYTHON NAMES python3)
if(SPGRAPH_BROWSER_PYTHON)
  add_test(NAME serve_page_browser
           COMMAND ${SPGRAPH_BROWSER_PYTHON} ${PROJECT_SOURCE_DIR}/tests/cli/serve_page_test.py
                   $<TARGET_FILE:spgraph_cli> ${PROJECT_SOURCE_DIR}/data/wiki-Vote.txt)
  set_tests_properties(serve_page_browser PROPERTIES LABELS "browser;serve" SKIP_RETURN_CODE 77
                       TIMEOUT 300 ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")
endif()

# `spgraph serve` under attack over raw sockets (no request may take the server down): malformed
# HTTP, body limits whatever the framing, slow clients, the connection limit, --token-file, shutdown
# under load and the memory bound. Label "hostile", so that CI's ASan step runs it too.
spgraph_test(serve_attack_tests SOURCES cli/serve_attack_test.cpp LABELS cli serve hostile)
target_compile_definitions(serve_attack_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(serve_attack_tests spgraph_cli)

# The CLI's finish (issue 33, point 10): result files by extension (JSON parsed), -o, "did you
# mean", no C++ names in --help or errors, shown defaults accepted, singular counts, and the
# progress line read through a pseudo-terminal.
spgraph_test(polish_cli_tests SOURCES cli/polish_cli_test.cpp
             LIBS nlohmann_json::nlohmann_json LABELS cli)
target_compile_definitions(polish_cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(polish_cli_tests spgraph_cli)

# `spgraph stream --backend cuda`: its refusals in every build, its answers against the CPU
# backend's where a device runs it (tests/cli/stream_device_cli_test.cpp).
spgraph_test(stream_device_cli_tests SOURCES cli/stream_device_cli_test.cpp LABELS cli)
target_compile_definitions(stream_device_cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
add_dependencies(stream_device_cli_tests spgraph_cli)
# The CLI's device runs (docs/cuda.md): refusals in every build, results where a device is
# present. Not labelled cuda: it finds the CLI and karate.mtx by build-time paths, which the GPU
# check's carried programs cannot (bench/gpu/10-spmv.sh runs the CLI's device paths there).
spgraph_test(device_cli_tests SOURCES cli/device_cli_test.cpp LABELS cli)
target_compile_definitions(device_cli_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(device_cli_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
add_dependencies(device_cli_tests spgraph_cli)
