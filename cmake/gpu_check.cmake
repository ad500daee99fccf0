# SPDX-License-Identifier: Apache-2.0
# What scripts/gpu_check.sh runs on a lent GPU machine, collected at configure time in a CUDA
# build: every test labelled "cuda" (tests/CMakeLists.txt registers them), every GPU benchmark
# (bench/gpu/, spgraph_gpu_bench) and the CLI. `cmake --build build/cuda --target
# gpu_check_targets` builds them all, and build/cuda/gpu_check_manifest.txt lists them as
# "KIND NAME PATH" lines (KIND: test, bench or cli), which scripts/build_gpu_check.sh copies,
# stripped, into the folder carried to the device. The target gpu_check_compile builds the tests
# and benchmarks without the CLI: what CI compiles where nvcc exists (scripts/test.sh).

# spgraph_gpu_check_register(KIND TARGET): adds TARGET to the check.
function(spgraph_gpu_check_register kind target)
  set_property(GLOBAL APPEND PROPERTY SPGRAPH_GPU_CHECK_ENTRIES "${kind}:${target}")
endfunction()

# spgraph_gpu_check_finalize(): the aggregate target and the manifest (call after every
# subdirectory that registers).
function(spgraph_gpu_check_finalize)
  get_property(entries GLOBAL PROPERTY SPGRAPH_GPU_CHECK_ENTRIES)
  set(targets "")
  set(compiled "")
  set(lines "")
  foreach(entry IN LISTS entries)
    string(REPLACE ":" ";" parts "${entry}")
    list(GET parts 0 kind)
    list(GET parts 1 target)
    list(APPEND targets ${target})
    if(NOT kind STREQUAL "cli")
      list(APPEND compiled ${target})
    endif()
    string(APPEND lines "${kind} ${target} $<TARGET_FILE:${target}>\n")
  endforeach()
  add_custom_target(gpu_check_targets)
  add_custom_target(gpu_check_compile)
  if(targets)
    add_dependencies(gpu_check_targets ${targets})
  endif()
  if(compiled)
    add_dependencies(gpu_check_compile ${compiled})
  endif()
  file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/gpu_check_manifest.txt CONTENT "${lines}")
endfunction()
