# Format tests: the ELL and HYB benchmark baselines (formats/ell, formats/hyb) against the
# textbook's arrays, the dense oracle, and models of streaming inserts.
spgraph_test(ell_hyb_tests SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/unit/formats/ell_hyb_test.cpp LABELS unit formats)
