// SPDX-License-Identifier: Apache-2.0
// Tests of the synthetic graph generators (loaders/generators.hpp): sizes, ranges, symmetry,
// determinism for a seed independent of the thread count, the Kronecker initiator's bit logic
// and label permutation, grid degrees, and argument errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "engine/context.hpp"
#include "engine/core/error.hpp"
#include "engine/matrix.hpp"
#include "loaders/generators.hpp"

namespace spgraph {
namespace {

/// Restores the kernel thread count when a test that changes it ends.
class ThreadCountGuard {
 public:
  ThreadCountGuard() : saved_(num_threads()) {}
  ~ThreadCountGuard() { set_num_threads(saved_); }
  ThreadCountGuard(const ThreadCountGuard&) = delete;
  ThreadCountGuard& operator=(const ThreadCountGuard&) = delete;

 private:
  int saved_;
};

void expect_same_tuples(const Coo<bool>& x, const Coo<bool>& y) {
  EXPECT_EQ(x.nrows, y.nrows);
  EXPECT_EQ(x.ncols, y.ncols);
  EXPECT_EQ(x.row, y.row);
  EXPECT_EQ(x.col, y.col);
}

/// Checks the shape of a generated pattern: n x n, `arcs` tuples, no values, ids below n.
void expect_pattern_shape(const Coo<bool>& coo, Vertex n, Offset arcs) {
  EXPECT_EQ(coo.nrows, n);
  EXPECT_EQ(coo.ncols, n);
  EXPECT_TRUE(coo.pattern);
  EXPECT_TRUE(coo.val.empty());
  ASSERT_EQ(coo.size(), arcs);
  ASSERT_EQ(coo.col.size(), arcs);
  EXPECT_TRUE(std::all_of(coo.row.begin(), coo.row.end(), [n](Vertex v) { return v < n; }));
  EXPECT_TRUE(std::all_of(coo.col.begin(), coo.col.end(), [n](Vertex v) { return v < n; }));
}

/// Checks that tuples 2e and 2e+1 are the two directions of one edge.
void expect_mirrored_pairs(const Coo<bool>& coo) {
  ASSERT_EQ(coo.size() % 2, 0u);
  for (Offset k = 0; k < coo.size(); k += 2) {
    ASSERT_EQ(coo.row[k], coo.col[k + 1]) << "arc " << k;
    ASSERT_EQ(coo.col[k], coo.row[k + 1]) << "arc " << k;
  }
}

struct SeededGenerator {
  std::string name;
  std::function<Coo<bool>(std::uint64_t seed)> generate;
};

/// Prints a generator case by name in GoogleTest output.
void PrintTo(const SeededGenerator& g, std::ostream* os) {
  *os << g.name;
}

class SeededGeneratorTest : public ::testing::TestWithParam<SeededGenerator> {};

TEST_P(SeededGeneratorTest, SameSeedGivesSameGraphAndOtherSeedDiffers) {
  const auto& g = GetParam().generate;
  expect_same_tuples(g(42), g(42));
  const Coo<bool> other = g(43);
  EXPECT_NE(g(42).col, other.col);
}

TEST_P(SeededGeneratorTest, ResultIsIndependentOfThreadCount) {
  ThreadCountGuard guard;
  set_num_threads(1);
  const Coo<bool> serial = GetParam().generate(7);
  set_num_threads(2);
  expect_same_tuples(serial, GetParam().generate(7));
  set_num_threads(3);
  expect_same_tuples(serial, GetParam().generate(7));
}

INSTANTIATE_TEST_SUITE_P(
    Generators, SeededGeneratorTest,
    ::testing::Values(
        SeededGenerator{"kronecker_directed",
                        [](std::uint64_t s) { return generate_kronecker(12, 16, s, false); }},
        SeededGenerator{"kronecker_undirected",
                        [](std::uint64_t s) { return generate_kronecker(11, 8, s, true); }},
        SeededGenerator{"uniform_directed",
                        [](std::uint64_t s) { return generate_uniform(5000, 60000, s, false); }},
        SeededGenerator{"uniform_undirected",
                        [](std::uint64_t s) { return generate_uniform(5000, 30000, s, true); }}),
    [](const auto& info) { return info.param.name; });

TEST(GenerateKronecker, Has2ToScaleVerticesAndEdgeFactorEdgesEach) {
  expect_pattern_shape(generate_kronecker(10, 16, 1, false), 1024, 16 * 1024);
  expect_pattern_shape(generate_kronecker(10, 16, 1, true), 1024, 2 * 16 * 1024);
  expect_pattern_shape(generate_kronecker(0, 3, 1, false), 1, 3);
  expect_pattern_shape(generate_kronecker(5, 0, 1, true), 32, 0);
}

TEST(GenerateKronecker, UndirectedListsBothDirectionsAndBuildsSymmetric) {
  Coo<bool> coo = generate_kronecker(9, 8, 5, true);
  expect_mirrored_pairs(coo);
  const Matrix<bool> a = Matrix<bool>::from_coo(std::move(coo));
  EXPECT_EQ(a.csr().row_ptr, a.transposed().row_ptr);
  EXPECT_EQ(a.csr().col, a.transposed().col);
}

TEST(GenerateKronecker, InitiatorAOnePutsEveryEdgeOnOneSelfLoop) {
  const Coo<bool> coo = generate_kronecker(8, 4, 3, false, 1.0, 0.0, 0.0);
  ASSERT_EQ(coo.size(), 4u * 256);
  for (Offset k = 0; k < coo.size(); ++k) {
    ASSERT_EQ(coo.row[k], coo.row[0]);
    ASSERT_EQ(coo.col[k], coo.row[0]);
  }
}

TEST(GenerateKronecker, InitiatorBOneLinksTwoFixedDistinctVertices) {
  const Coo<bool> coo = generate_kronecker(8, 4, 3, false, 0.0, 1.0, 0.0);
  EXPECT_NE(coo.row[0], coo.col[0]);
  for (Offset k = 0; k < coo.size(); ++k) {
    ASSERT_EQ(coo.row[k], coo.row[0]);
    ASSERT_EQ(coo.col[k], coo.col[0]);
  }
}

TEST(GenerateKronecker, DegreesAreSkewedButNotCorrelatedWithId) {
  const Vertex n = 1 << 12;
  const Coo<bool> coo = generate_kronecker(12, 16, 9, false);
  std::vector<Offset> degree(n, 0);
  for (Vertex u : coo.row) ++degree[u];
  const Offset max_degree = *std::max_element(degree.begin(), degree.end());
  EXPECT_GT(max_degree, 20u * 16) << "R-MAT degrees should be heavy-tailed";
  // Without the permutation the low half of ids would get P(row bit 0) = a + b = 76% of arcs.
  const auto low =
      std::count_if(coo.row.begin(), coo.row.end(), [n](Vertex u) { return u < n / 2; });
  const double low_share = double(low) / double(coo.size());
  EXPECT_GT(low_share, 0.25);
  EXPECT_LT(low_share, 0.75);
}

TEST(GenerateKronecker, RejectsBadScaleEdgeFactorAndInitiator) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(generate_kronecker(32, 16, 1, false), InvalidArgument);
  EXPECT_THROW(generate_kronecker(-1, 16, 1, false), InvalidArgument);
  EXPECT_THROW(generate_kronecker(4, -1, 1, false), InvalidArgument);
  EXPECT_THROW(generate_kronecker(4, 4, 1, false, -0.1, 0.2, 0.2), InvalidArgument);
  EXPECT_THROW(generate_kronecker(4, 4, 1, false, 1.5, 0.0, 0.0), InvalidArgument);
  EXPECT_THROW(generate_kronecker(4, 4, 1, false, 0.5, 0.3, 0.3), InvalidArgument);
  EXPECT_THROW(generate_kronecker(4, 4, 1, false, nan, 0.1, 0.1), InvalidArgument);
  EXPECT_NO_THROW(generate_kronecker(4, 4, 1, false, 0.25, 0.25, 0.25));
}

TEST(GenerateUniform, HasMArcsWithinRange) {
  expect_pattern_shape(generate_uniform(1000, 5000, 1, false), 1000, 5000);
  expect_pattern_shape(generate_uniform(1000, 5000, 1, true), 1000, 10000);
  expect_pattern_shape(generate_uniform(0, 0, 1, false), 0, 0);
  expect_pattern_shape(generate_uniform(1, 10, 1, false), 1, 10);
}

TEST(GenerateUniform, UndirectedListsBothDirections) {
  expect_mirrored_pairs(generate_uniform(100, 1000, 4, true));
}

TEST(GenerateUniform, EndpointsCoverTheVertexRangeEvenly) {
  const Vertex n = 64;
  const Coo<bool> coo = generate_uniform(n, 64000, 8, false);
  std::vector<Offset> hits(n, 0);
  for (Offset k = 0; k < coo.size(); ++k) {
    ++hits[coo.row[k]];
    ++hits[coo.col[k]];
  }
  // Each vertex expects 2000 endpoint hits (sd about 44); 1600..2400 is a 9-sigma band.
  for (Vertex v = 0; v < n; ++v) {
    EXPECT_GT(hits[v], 1600u) << "vertex " << v;
    EXPECT_LT(hits[v], 2400u) << "vertex " << v;
  }
}

TEST(GenerateUniform, RejectsArcsWithoutVerticesAndOversizedN) {
  EXPECT_THROW(generate_uniform(0, 1, 1, false), InvalidArgument);
  EXPECT_THROW(generate_uniform(kNoVertex, 0, 1, false), InvalidArgument);
}

TEST(GenerateGrid2d, DegreesAreTwoAtCornersThreeOnSidesFourInside) {
  const Vertex rows = 7, cols = 5;
  const Coo<bool> coo = generate_grid2d(rows, cols);
  const Offset edges = Offset(rows) * (cols - 1) + Offset(cols) * (rows - 1);
  expect_pattern_shape(coo, rows * cols, 2 * edges);
  expect_mirrored_pairs(coo);
  const Matrix<bool> a = Matrix<bool>::from_coo(Coo<bool>(coo), DuplicatePolicy::Reject);
  for (Vertex r = 0; r < rows; ++r)
    for (Vertex c = 0; c < cols; ++c) {
      const int borders = (r == 0) + (r == rows - 1) + (c == 0) + (c == cols - 1);
      EXPECT_EQ(a.csr().degree(r * cols + c), Offset(4 - borders)) << "cell " << r << "," << c;
    }
  EXPECT_TRUE(a.get(0, 1).has_value());
  EXPECT_TRUE(a.get(0, cols).has_value());
  EXPECT_FALSE(a.get(cols - 1, cols).has_value()) << "rows must not wrap around";
}

TEST(GenerateGrid2d, DegenerateShapes) {
  expect_pattern_shape(generate_grid2d(0, 10), 0, 0);
  expect_pattern_shape(generate_grid2d(1, 1), 1, 0);
  expect_pattern_shape(generate_grid2d(1, 6), 6, 10);
  expect_pattern_shape(generate_grid2d(6, 1), 6, 10);
}

TEST(GenerateGrid2d, RejectsMoreCellsThanVertexIds) {
  EXPECT_THROW(generate_grid2d(70000, 70000), InvalidArgument);
}

}  // namespace
}  // namespace spgraph

namespace spgraph {
namespace {

TEST(GenerateGrid3d, SevenPointStencilByBruteForce) {
  const Vertex nx = 4, ny = 3, nz = 5;
  const Coo<bool> coo = generate_grid3d(nx, ny, nz);
  ASSERT_EQ(coo.nrows, nx * ny * nz);
  std::vector<std::pair<Vertex, Vertex>> got, want;
  for (Offset k = 0; k < coo.size(); ++k) got.emplace_back(coo.row[k], coo.col[k]);
  for (Vertex z = 0; z < nz; ++z)
    for (Vertex y = 0; y < ny; ++y)
      for (Vertex x = 0; x < nx; ++x)
        for (Vertex z2 = 0; z2 < nz; ++z2)
          for (Vertex y2 = 0; y2 < ny; ++y2)
            for (Vertex x2 = 0; x2 < nx; ++x2) {
              const int d = std::abs(int(x) - int(x2)) + std::abs(int(y) - int(y2)) +
                            std::abs(int(z) - int(z2));
              if (d <= 1) want.emplace_back((z * ny + y) * nx + x, (z2 * ny + y2) * nx + x2);
            }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
  EXPECT_EQ(generate_grid3d(0, 3, 3).size(), 0u);
  EXPECT_THROW(generate_grid3d(70000, 70000, 70000), InvalidArgument);
}

TEST(GenerateWeights, SymmetricInRangeAndSeeded) {
  const Coo<bool> base = generate_kronecker(8, 8, 3, true);
  const Coo<double> w = with_weights(Coo<bool>(base), 255, 9);
  const Coo<double> w2 = with_weights(Coo<bool>(base), 255, 9);
  const Coo<double> other = with_weights(Coo<bool>(base), 255, 10);
  ASSERT_EQ(w.size(), base.size());
  EXPECT_FALSE(w.pattern);
  std::map<std::pair<Vertex, Vertex>, double> seen;
  bool differs = false;
  for (Offset k = 0; k < w.size(); ++k) {
    EXPECT_GE(w.val[k], 1.0);
    EXPECT_LE(w.val[k], 255.0);
    EXPECT_EQ(w.val[k], std::floor(w.val[k]));
    EXPECT_EQ(w.val[k], w2.val[k]);
    differs = differs || w.val[k] != other.val[k];
    const auto key = std::minmax(w.row[k], w.col[k]);
    const auto [it, fresh] = seen.emplace(key, w.val[k]);
    if (!fresh) {
      EXPECT_EQ(it->second, w.val[k]) << "arcs of one edge differ in weight";
    }
  }
  EXPECT_TRUE(differs);
  EXPECT_THROW(with_weights(Coo<bool>(base), 0, 1), InvalidArgument);
}

}  // namespace
}  // namespace spgraph
