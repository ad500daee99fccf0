// SPDX-License-Identifier: Apache-2.0
// The Graphalytics output writers (loaders/graphalytics_output.hpp): one "id value" line per
// vertex in dense order, ids as the file names them, BFS's Long.MAX_VALUE for unreachable
// vertices, labels written as file ids, reals that read back as the same double, Infinity for
// +inf; files written atomically (nothing left beside them), in parallel blocks whose order must
// not depend on the thread count. Oracle: the lines parsed back and compared with the values.
#include <gtest/gtest.h>

#include <omp.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include "loaders/graphalytics_output.hpp"
#include "loaders/input_buffer.hpp"
#include "tests/support/temp_dir.hpp"

namespace spgraph::testing {
namespace {

TEST(GraphalyticsOutput, LevelsUseLongMaxForUnreachable) {
  const TempDir dir;
  const VertexIds ids = VertexIds::from_integers({3, 17, 40});
  write_graphalytics_levels(dir.file("bfs"), ids, {0, kNoVertex, 2});
  EXPECT_EQ(read_file(dir.path() / "bfs"), "3 0\n17 9223372036854775807\n40 2\n");
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"bfs"});  // no temporary left behind
}

TEST(GraphalyticsOutput, LabelsAreWrittenAsFileIds) {
  const TempDir dir;
  const VertexIds ids = VertexIds::offset(1, 4);
  write_graphalytics_labels(dir.file("wcc"), ids, {0, 0, 2, 2});
  EXPECT_EQ(read_file(dir.path() / "wcc"), "1 1\n2 1\n3 3\n4 3\n");
  EXPECT_THROW(write_graphalytics_labels(dir.file("bad"), ids, {0, 9, 0, 0}), std::logic_error);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"wcc"});
}

TEST(GraphalyticsOutput, RealsReadBackExactlyAndInfinityIsSpelledOut) {
  const TempDir dir;
  const VertexIds ids = VertexIds::offset(0, 6);
  const double inf = std::numeric_limits<double>::infinity();
  write_graphalytics_reals(dir.file("sssp"), ids, {0, 0.1, 1.0 / 3, 1e-300, inf, -inf});
  EXPECT_EQ(read_file(dir.path() / "sssp"),
            "0 0\n1 0.1\n2 0.3333333333333333\n3 1e-300\n4 Infinity\n5 -Infinity\n");
  std::string nan;
  append_graphalytics_real(nan, std::nan(""));
  EXPECT_EQ(nan, "NaN");
}

TEST(GraphalyticsOutput, ManyBlocksComeOutInOrderWhateverTheThreadCount) {
  const TempDir dir;
  const std::size_t n = 200000;  // several 32768-vertex blocks
  std::vector<std::uint64_t> names(n);
  for (std::size_t v = 0; v < n; ++v) names[v] = 7 * v + 5;
  const VertexIds ids = VertexIds::from_integers(names);
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> values(n);
  for (double& x : values) x = u(rng) * std::pow(10.0, double(rng() % 40) - 20);
  const int before = omp_get_max_threads();
  std::string first;
  for (int threads : {1, 3}) {
    omp_set_num_threads(threads);
    write_graphalytics_reals(dir.file("pr.gz"), ids, values);
    const std::string text = gunzip("pr.gz", read_file(dir.path() / "pr.gz"));
    if (first.empty()) first = text;
    EXPECT_EQ(text, first) << threads << " threads";
  }
  omp_set_num_threads(before);
  std::istringstream lines(first);
  std::string line;
  std::size_t v = 0;
  while (std::getline(lines, line)) {
    ASSERT_LT(v, n);
    const std::size_t space = line.find(' ');
    EXPECT_EQ(line.substr(0, space), std::to_string(names[v]));
    double x = 0;
    std::from_chars(line.data() + space + 1, line.data() + line.size(), x);
    EXPECT_EQ(x, values[v]) << line;
    ++v;
  }
  EXPECT_EQ(v, n);
}

}  // namespace
}  // namespace spgraph::testing
