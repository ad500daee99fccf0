# SPDX-License-Identifier: Apache-2.0
# Format tests: the ELL and HYB benchmark baselines (formats/ell, formats/hyb) against the
# textbook's arrays, the dense oracle, and models of streaming inserts.
spgraph_test(ell_hyb_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/ell_hyb_test.cpp LABELS unit formats)
# CSR5 (formats/csr5): the paper's worked example, and SpMV against CSR over many semirings,
# tile shapes, every ISA path and changing thread counts.
spgraph_test(csr5_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/csr5_test.cpp LABELS unit formats csr5)
# The host side of the CUDA SpMV kernels: the CSR-vector lane logic emulated against the CPU
# kernel over every device semiring, and the GPU's kernel, group-size and σ rules.
spgraph_test(spmv_vector_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/spmv_vector_test.cpp LABELS unit formats)
# k-selection (formats/topk): AdHeap for every key type, arity and ISA, TopKSelector (heap and
# reservoir) and batch_k_select against sorts, with ties, -0.0 and thread counts 1/2/3.
spgraph_test(topk_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/topk_test.cpp LABELS unit formats topk)
# The device k-selection's block logic (formats/topk/block_select_lanes.hpp) run by its host
# emulation against std::partial_sort, the CPU's batch_k_select and std::sort of kNN keys.
spgraph_test(block_select_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/block_select_test.cpp LABELS unit formats topk)
# The device hash SpGEMM's lanes (formats/csr/spgemm_hash_lanes.hpp) run by the host emulation
# against the CPU kernel, every bin forced, masks, values and patterns.
spgraph_test(spgemm_emulated_tests ENGINE_ONLY SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/spgemm_emulated_test.cpp LABELS unit formats)
