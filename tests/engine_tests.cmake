# SPDX-License-Identifier: Apache-2.0
# Engine operations and handles: randomized comparisons with the dense oracle (tests/oracle),
# edge cases, the semiring registry, and (when SuiteSparse:GraphBLAS is installed) an
# entry-by-entry cross-check against GrB_* calls.
spgraph_test(engine_tests
  SOURCES
    unit/engine/multiply_test.cpp
    unit/engine/spmv_dense_test.cpp
    unit/engine/mxm_test.cpp
    unit/engine/elementwise_test.cpp
    unit/engine/edge_cases_test.cpp
    unit/engine/handles_test.cpp
    unit/engine/semiring_registry_test.cpp
  LABELS unit oracle)

if(SPGRAPH_HAVE_GRAPHBLAS)
  spgraph_test(engine_graphblas_tests
    SOURCES unit/engine/graphblas_crosscheck_test.cpp
    LIBS GraphBLAS::GraphBLAS
    LABELS unit oracle)
  target_compile_definitions(engine_graphblas_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()

# Backends: one body per backend (CPU, CUDA), the CUDA instance skipping with its reason when the
# backend is not built or has no device; label "cuda" so the CUDA build's step runs it too.
spgraph_test(backend_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/engine/backend_test.cpp LABELS unit cuda)
# The CUDA backend's device layer and kernels (formats/device, *_cuda.cu): only in a CUDA build.
# Tests that need a device skip, naming the probe's reason, where there is none.
if(SPGRAPH_ENABLE_CUDA)
  spgraph_test(cuda_device_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/cuda_device_test.cpp LABELS unit cuda)
  # The SpMV kernels (CSR5, CSR vector) over every compiled semiring, the mirror cache, mxv.
  spgraph_test(cuda_spmv_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/spmv_cuda_test.cpp LABELS unit cuda)
  # Device k-selection and kNN against std::partial_sort, the host emulation and the CPU kNN.
  spgraph_test(topk_cuda_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/topk_cuda_test.cpp
               LIBS spgraph_algorithms LABELS unit cuda)
  # The device Dynamic CSR: the model test, the host emulation's answers, SpMV when fragmented.
  spgraph_test(dcsr_device_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/dcsr_device_test.cpp LABELS unit cuda)
  # The CUDA BFS and PageRank against the CPU kernels (spgraph_algorithms, which links
  # spgraph_algorithms_cuda in this build).
  spgraph_test(traversals_device_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/traversals_device_test.cpp LIBS spgraph_algorithms LABELS unit cuda)
  # The device hash SpGEMM against the CPU kernel, every bin forced; mxm on the CUDA backend.
  spgraph_test(spgemm_cuda_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/spgemm_cuda_test.cpp LABELS unit cuda)
  # The device triangle count and closure against the CPU algorithms.
  spgraph_test(device_algorithms_cuda_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/device/device_algorithms_cuda_test.cpp LIBS spgraph_algorithms LABELS unit cuda)
endif()
