# SPDX-License-Identifier: Apache-2.0
# Label "hostile" (no crash, hang, silent garbage or half-written file on bad input): every spgraph
# subcommand on every hostile input of tests/data/bad, checked against tests/hostile/HOSTILE.tsv
# (exit code, message, no signal, no hang, no raw control bytes, no output file left behind). Runs
# the real binary, so it depends on spgraph_cli; fast enough for every CI build (release and ASan).
# tests/hostile/make_corpus.py regenerates the files it owns in tests/data/bad.
# hostile/silent_accepts_test.cpp: inputs once accepted in silence or with an unclear message, one
# flag or file at a time.
# Under ASan the table starts the CLI some 7,000 times, and LeakSanitizer's scan of the binary's
# 120 MB of sanitizer data at each exit was a third of each run: the CLI runs of this program
# (the table's and silent_accepts_test.cpp's) check memory errors and UBSan only; the options
# are otherwise the asan test preset's (CMakePresets.json), kept in step by hand. Leaks on these
# inputs stay checked where they would outlive a process: in-process by the loaders' tests and
# the fuzz step (both with leak detection), and in the server's and the store's tests.
set(_hostile_env "")
if(SPGRAPH_SANITIZE STREQUAL "address")
  set(_hostile_env ENV "ASAN_OPTIONS=abort_on_error=1:detect_leaks=0:strict_string_checks=1")
endif()
spgraph_test(hostile_tests SOURCES hostile/hostile_cli_test.cpp hostile/silent_accepts_test.cpp
             LABELS hostile ${_hostile_env})
target_compile_definitions(hostile_tests PRIVATE SPGRAPH_CLI="$<TARGET_FILE:spgraph_cli>")
if(SPGRAPH_HAVE_GRAPHBLAS)
  target_compile_definitions(hostile_tests PRIVATE SPGRAPH_HAVE_GRAPHBLAS)
endif()
add_dependencies(hostile_tests spgraph_cli)
