# SPDX-License-Identifier: Apache-2.0
# Unity batches for the command layers (tools/: spgraph, compare, spgraph-mpi and their shared
# CLI library) and the test programs (tests/CMakeLists.txt). Every command's translation unit
# includes CLI11 2.1 (Debian's; header-only, without the precompiled mode of later versions) and
# nlohmann::json and compiled their inline code again: about 1 MB of CLI11 functions in each of
# 56 objects, most of each file's compile time; each test file did the same with GoogleTest.
# Compiled in batches of a few files, that code is compiled once a batch: the 78 files of
# tools/ took 6.7 CPU-minutes in batches (release, 2-core VM), against about 26 one by one
# (cmd_bfs.cpp alone took 21 s). A file whose file-local names clash with
# another file's is kept out of the batches (SKIP_UNITY_BUILD_INCLUSION; the tests' list is in
# tests/CMakeLists.txt).
# SPGRAPH_UNITY=OFF compiles each file alone (a one-file edit then recompiles one file, not its
# batch).
option(SPGRAPH_UNITY "Compile tools/ and the test programs in unity batches" ON)
set(SPGRAPH_UNITY_BATCH 8 CACHE STRING "Files per unity batch (SPGRAPH_UNITY)")

function(spgraph_unity target)
  if(SPGRAPH_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON
                                               UNITY_BUILD_BATCH_SIZE ${SPGRAPH_UNITY_BATCH})
  endif()
endfunction()
