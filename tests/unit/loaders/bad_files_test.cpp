// Every file in tests/data/bad (one defect each) is rejected with the message fragment and
// line listed in tests/data/bad/EXPECTED.tsv, and nothing is returned.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "loaders/load.hpp"
#include "tests/test_data.hpp"
#include "tests/unit/loaders/loader_test_util.hpp"

namespace spgraph::testing {
namespace {

TEST(BadFiles, EachIsRejectedWithItsMessageAndLine) {
  std::ifstream in(test_data("bad/EXPECTED.tsv"));
  ASSERT_TRUE(in) << "tests/data/bad/EXPECTED.tsv missing";
  std::string line;
  std::set<std::string> listed;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.starts_with("file\t")) continue;
    std::istringstream fields(line);
    std::string file, fragment;
    long long lineno = 0;
    std::getline(fields, file, '\t');
    fields >> lineno;
    fields.ignore(1);
    std::getline(fields, fragment);
    listed.insert(file);
    SCOPED_TRACE(file);
    const std::string path = test_data("bad/" + file).string();
    const std::string msg = expect_parse_error([&] { load_matrix(path); }, fragment, lineno);
    EXPECT_NE(msg.find(file), std::string::npos) << "the message names the file: " << msg;
  }
  // Every bad file is listed, so none goes untested.
  for (const auto& e : std::filesystem::directory_iterator(test_data("bad")))
    if (e.path().filename() != "EXPECTED.tsv") {
      EXPECT_TRUE(listed.count(e.path().filename().string()))
          << e.path() << " has no EXPECTED.tsv line";
    }
  EXPECT_GE(listed.size(), 25u);
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
