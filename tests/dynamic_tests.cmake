# SPDX-License-Identifier: Apache-2.0
# Dynamic CSR and the streaming API: the format against map models (every duplicate policy,
# segment limits, growth, snapshots), its kernels against the engine on CSR, boundary cases, the
# DynamicGraph semantics, and the writer/readers stress test (label "concurrency", which CI
# also runs in a ThreadSanitizer build).
spgraph_test(dcsr_tests
  SOURCES
    ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/dcsr_model_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/dcsr_kernels_test.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/dcsr_boundary_test.cpp
  LABELS unit formats dcsr)
# The device Dynamic CSR's lane logic run on the host (formats/dcsr/dcsr_device_emulated.hpp)
# against the same model; its CUDA twin is tests/unit/device/dcsr_device_test.cpp.
spgraph_test(dcsr_emulated_tests ENGINE_ONLY
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/dcsr_emulated_test.cpp
  LABELS unit formats dcsr)
spgraph_test(dynamic_graph_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/engine/dynamic_graph_test.cpp
  LABELS unit oracle dcsr)
spgraph_test(maintained_view_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/engine/maintained_view_test.cpp
  LABELS unit dcsr)
# One OpenMP thread per std::thread, and libomp's own internals suppressed: see tests/tsan.supp.
spgraph_test(dynamic_graph_concurrency_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/engine/dynamic_graph_concurrency_test.cpp
  LABELS concurrency dcsr
  ENV "OMP_NUM_THREADS=1"
      "TSAN_OPTIONS=halt_on_error=1 suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tsan.supp")
# The durable store (store): the model tests, the fault injection over every byte of a
# store's files, and the crash test, whose child process
# (store_crash_child) the parent kills with SIGKILL 50 times per graph kind.
spgraph_test(graph_store_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/graph_store_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/store_fault_test.cpp
          ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/store_views_test.cpp
  LABELS unit store)
add_executable(store_crash_child ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/store_crash_child.cpp)
target_include_directories(store_crash_child PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(store_crash_child PRIVATE spgraph::spgraph)
spgraph_test(store_crash_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/store_crash_test.cpp
  LABELS unit store crash)
target_compile_definitions(store_crash_tests PRIVATE STORE_CRASH_CHILD="$<TARGET_FILE:store_crash_child>")
add_dependencies(store_crash_tests store_crash_child)
# The writer thread of `spgraph serve` over a store, with concurrent clients and readers (label
# "concurrency": CI runs it under ThreadSanitizer too).
spgraph_test(graph_service_concurrency_tests
  SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/store/graph_service_concurrency_test.cpp
  LABELS concurrency store
  ENV "OMP_NUM_THREADS=1"
      "TSAN_OPTIONS=halt_on_error=1 suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tsan.supp")
