# SPDX-License-Identifier: Apache-2.0
# Label "hostile" (no crash, hang, silent garbage or half-written file on bad input): every spgraph
# subcommand on every hostile input of tests/data/bad, checked against tests/hostile/HOSTILE.tsv
# (exit code, message, no signal, no hang, no raw control bytes, no output file left behind). Runs
# the real binary, so it depends on spgraph_cli; fast enough for every CI build (release and ASan).
# tests/hostile/make_corpus.py regenerates the files it owns in tests/data/bad.
# hostile/silent_accepts_test.cpp: inputs once accepted in silence or with an unclear message, one
# flag or file at a time.
spgraph_test(hostile_tests SOURCES hostile/hostile_cli_test.cpp hostile/silent_accepts_test.cpp
             LABELS hostile)
target_compile_definitions(hostile_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(hostile_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
add_dependencies(hostile_tests spgraph_cli)
