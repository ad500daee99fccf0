# SPDX-License-Identifier: Apache-2.0
# Label "support": the tests of tests/support/, the one temp directory, gzip writer, process
# runner and data locator that every other test uses.
spgraph_test(support_tests ENGINE_ONLY
  SOURCES
    support/temp_dir_test.cpp
    support/gzip_test.cpp
    support/process_test.cpp
    support/test_data_test.cpp
  LIBS ZLIB::ZLIB
  LABELS unit support)
