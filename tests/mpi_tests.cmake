# SPDX-License-Identifier: Apache-2.0
# spgraph-mpi against spgraph (label "mpi"; its answers must equal spgraph's):
# tests/mpi/check_spgraph_mpi.py once per rank count, 1 to 4 (3 leaves two ranks idle: CombBLAS's
# grid is square), run with `mpirun --oversubscribe` on this machine's cores. 4 ranks run the whole
# set (the real graphs included when ../shared/data exists, and the hostile-input corpus
# tests/data/bad/); 1, 2 and 3 run the quick set. Built only where SPGRAPH_ENABLE_MPI found CombBLAS
# and MPI (tools/CMakeLists.txt).
if(SPGRAPH_HAVE_MPI)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  foreach(np 1 2 3 4)
    set(_quick "--quick")
    if(np EQUAL 4)
      set(_quick --corpus ${CMAKE_CURRENT_SOURCE_DIR}/data/bad)
    endif()
    add_test(NAME spgraph_mpi.ranks_${np}
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/mpi/check_spgraph_mpi.py
              --spgraph $<TARGET_FILE:spgraph_cli> --spgraph-mpi $<TARGET_FILE:spgraph_mpi>
              --mpirun ${MPIEXEC_EXECUTABLE} --np ${np} --data ${PROJECT_SOURCE_DIR}/data
              --shared-data ${SPGRAPH_SHARED_DATA} ${_quick})
    # Root may run the ranks (CI does); one OpenMP thread per rank, the ranks share the cores.
    set_tests_properties(spgraph_mpi.ranks_${np} PROPERTIES LABELS mpi TIMEOUT 900
      ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMP_NUM_THREADS=1;OMPI_MCA_mpi_yield_when_idle=1")
    # The longest tests of the suite (1 to 4 minutes each): a cost makes ctest -j start them
    # first, beside the short ones, instead of last in file order, where the 4-rank run alone
    # ended CI's test step (a fresh build has no timings for ctest to order by).
    set_tests_properties(spgraph_mpi.ranks_${np} PROPERTIES COST ${np}000)
  endforeach()
endif()
