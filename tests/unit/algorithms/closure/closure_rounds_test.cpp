// SPDX-License-Identifier: Apache-2.0
// The device closure's logic on the CPU: the front end of transitive_closure_cuda.hpp
// (condensation, host memory guard, expansion to vertex rows) with the host emulation of the
// device rounds (closure_rounds_emulated.hpp: the device SpGEMM's emulation, masked by ¬T, and
// the merge lanes) against the CPU closure (transitive_closure.hpp, checked against DFS in
// closure_test.cpp): R+ and R*, counts only, on random directed graphs with cycles, self-loops
// and isolated vertices, a long path (many rounds), the empty graph, and the product's bins
// forced. Also the refusal of transitive_closure_cuda without a device.
#include <gtest/gtest.h>

#include <string>

#include "algorithms/closure/closure_rounds_emulated.hpp"
#include "algorithms/closure/transitive_closure_cuda.hpp"
#include "engine/backend.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

namespace spgraph::testing {
namespace {

void expect_same_closure(const Matrix<bool>& g, const std::string& what, int min_bin = 0) {
  auto rounds = [&](const Csr<bool>& dag, double, Vertex& r) {
    return dag_closure_emulated(dag, r, min_bin);
  };
  for (bool reflexive : {false, true}) {
    ClosureOptions o;
    o.reflexive = reflexive;
    const ClosureResult want = transitive_closure(g, o);
    const ClosureResult got = transitive_closure_by_rounds(g, o, rounds);
    EXPECT_EQ(got.pairs, want.pairs) << what;
    EXPECT_EQ(got.closure.csr().row_ptr, want.closure.csr().row_ptr) << what;
    EXPECT_EQ(got.closure.csr().col, want.closure.csr().col) << what;
    EXPECT_EQ(got.components, want.components) << what;
    o.count_only = true;
    EXPECT_EQ(transitive_closure_by_rounds(g, o, rounds).pairs, want.pairs) << what;
  }
}

TEST(ClosureRoundsEmulated, RandomDirectedGraphsMatchTheCpuClosure) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Vertex n = Vertex(15 + 29 * seed);
    const Offset m = Offset(n) * (seed % 3) / 2 + n / 3;  // from sparse DAG-like to cyclic
    const Matrix<bool> g = random_pattern_graph(n, m, 3600 + seed, false, seed % 4 == 0 ? 5 : 0);
    expect_same_closure(g, "seed " + std::to_string(seed));
  }
}

TEST(ClosureRoundsEmulated, EveryBinOfTheMaskedProductGivesTheSameClosure) {
  const Matrix<bool> g = random_pattern_graph(120, 150, 3620, false);
  for (int min_bin = 0; min_bin < kSpgemmDeviceBinCount; ++min_bin)
    expect_same_closure(g, "bins from " + std::to_string(min_bin), min_bin);
}

TEST(ClosureRoundsEmulated, EdgeCasesMatchTheCpuClosure) {
  expect_same_closure(Matrix<bool>(0, 0, true), "empty");
  expect_same_closure(Matrix<bool>(5, 5, true), "no arcs");
  std::vector<Vertex> r, c;
  for (Vertex v = 0; v + 1 < 60; ++v) {  // a path: 59 rounds
    r.push_back(v);
    c.push_back(v + 1);
  }
  r.push_back(30);  // a self-loop in the middle
  c.push_back(30);
  expect_same_closure(Matrix<bool>::build_pattern(60, 60, r, c), "path with a self-loop");
}

TEST(TransitiveClosureCuda, RefusesClearlyWithoutADevice) {
  if (backend_status(Backend::Cuda).find("cuda: not built") == std::string::npos &&
      backend_status(Backend::Cuda).find("no usable") == std::string::npos)
    GTEST_SKIP() << "a device is present: " << backend_status(Backend::Cuda);
  try {
    (void)transitive_closure_cuda(random_pattern_graph(10, 30, 1, false));
    FAIL() << "transitive_closure_cuda ran without a device";
  } catch (const BackendUnavailable& e) {
    EXPECT_EQ(std::string(e.what()), backend_status(Backend::Cuda));
  }
}

}  // namespace
}  // namespace spgraph::testing
