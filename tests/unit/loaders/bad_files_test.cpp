// SPDX-License-Identifier: Apache-2.0
// Every file in tests/data/bad (one defect each) is rejected with the message fragment and
// line listed in tests/data/bad/EXPECTED.tsv, and nothing is returned. Files named updates_*
// are update streams: strict reading throws at the listed line, lenient reading reports that
// line alone and goes on.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "loaders/load.hpp"
#include "loaders/update_stream.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

/// One row of tests/data/bad/EXPECTED.tsv.
struct Expected {
  std::string file;
  long long line = 0;
  std::string fragment;
};

std::vector<Expected> expected_rows() {
  std::ifstream in(test_data("bad/EXPECTED.tsv"));
  EXPECT_TRUE(in) << "tests/data/bad/EXPECTED.tsv missing";
  std::vector<Expected> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("file\t")) continue;
    std::istringstream fields(line);
    Expected e;
    std::getline(fields, e.file, '\t');
    fields >> e.line;
    fields.ignore(1);
    std::getline(fields, e.fragment);
    rows.push_back(e);
  }
  return rows;
}

bool is_update_stream(const std::string& file) {
  return file.starts_with("updates_");
}

TEST(BadFiles, EachIsRejectedWithItsMessageAndLine) {
  std::set<std::string> listed;
  for (const Expected& e : expected_rows()) {
    listed.insert(e.file);
    SCOPED_TRACE(e.file);
    const std::string path = test_data("bad/" + e.file).string();
    const std::string msg = expect_parse_error(
        [&] {
          if (!is_update_stream(e.file)) {
            LoadOptions small_machine;  // the gzip bombs expand past half of 64 MB
            small_machine.memory_limit = 64'000'000;
            load_matrix(path, small_machine);
            return;
          }
          UpdateStreamReader reader(path);
          UpdateRecord r;
          while (reader.next(r)) {
          }
        },
        e.fragment, e.line);
    EXPECT_NE(msg.find(e.file), std::string::npos) << "the message names the file: " << msg;
  }
  // Every bad file is listed, so none goes untested.
  for (const auto& e : std::filesystem::directory_iterator(test_data("bad")))
    if (e.path().filename() != "EXPECTED.tsv") {
      EXPECT_TRUE(listed.count(e.path().filename().string()))
          << e.path() << " has no EXPECTED.tsv line";
    }
  EXPECT_GE(listed.size(), 25u);
}

TEST(BadFiles, LenientUpdateStreamsReportOnlyTheDefectLineAndGoOn) {
  std::size_t streams = 0;
  for (const Expected& e : expected_rows()) {
    if (!is_update_stream(e.file)) continue;
    ++streams;
    SCOPED_TRACE(e.file);
    UpdateStreamOptions o;
    o.strict = false;
    UpdateStreamReader reader(test_data("bad/" + e.file).string(), o);
    UpdateRecord r;
    std::uint64_t records = 0;
    while (reader.next(r)) {
      EXPECT_NE(r.line, std::uint64_t(e.line));
      ++records;
    }
    ASSERT_EQ(reader.errors().size(), 1u);
    EXPECT_EQ(reader.errors()[0].line, std::uint64_t(e.line));
    EXPECT_NE(reader.errors()[0].message.find(e.fragment), std::string::npos)
        << reader.errors()[0].message;
    EXPECT_GE(records, 2u) << "the lines before the defect are records";
  }
  EXPECT_GE(streams, 15u);
}

TEST(BadFiles, MissingFileIsAnIoErrorNamingIt) {
  try {
    load_matrix("/nonexistent/dir/graph.mtx");
    FAIL() << "loading a missing file succeeded";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/graph.mtx"), std::string::npos);
  }
}

}  // namespace
}  // namespace spgraph::testing
