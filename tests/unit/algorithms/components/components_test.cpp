// SPDX-License-Identifier: Apache-2.0
// Connected components against independent oracles: a serial union-find written here and
// Boost.Graph's connected_components on the undirected version (when built with Boost), on
// random directed and undirected graphs; LAGraph's component counts and the LDBC Graphalytics
// WCC outputs; a directed graph built so that Afforest's skip of the largest component loses
// arcs unless in-arcs are handled; every method, every SpMV format, with and without the
// symmetric hint and a cached transpose; snapshots against their matrix; edge cases. Every
// answer also passes the verifier `spgraph compare cc` uses (components_verify.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "algorithms/components/components.hpp"
#include "algorithms/components/components_verify.hpp"
#include "engine/dynamic_graph.hpp"
#include "loaders/load.hpp"
#include "tests/support/test_data.hpp"
#include "tests/unit/algorithms/ldbc_reference.hpp"
#include "tests/unit/algorithms/random_graphs.hpp"

#ifdef SPGRAPH_HAVE_BOOST
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#endif

namespace spgraph::testing {
namespace {

const CcMethod kMethods[] = {CcMethod::Auto, CcMethod::LabelProp, CcMethod::FastSV,
                             CcMethod::Afforest};

std::string name_of(CcMethod m) {
  switch (m) {
    case CcMethod::Auto:
      return "auto";
    case CcMethod::LabelProp:
      return "labelprop";
    case CcMethod::FastSV:
      return "fastsv";
    case CcMethod::Afforest:
      return "afforest";
  }
  return "?";
}

/// Smallest vertex id of each vertex's weak component, by a serial union-find.
std::vector<Vertex> oracle_labels(const Matrix<bool>& a) {
  const Vertex n = a.nrows();
  std::vector<Vertex> p(n);
  std::iota(p.begin(), p.end(), Vertex(0));
  auto find = [&](Vertex x) {
    while (p[x] != x) x = p[x] = p[p[x]];
    return x;
  };
  for (Vertex u = 0; u < n; ++u)
    for (Offset k = a.csr().row_begin(u); k < a.csr().row_end(u); ++k) {
      const Vertex x = find(u), y = find(a.csr().col[k]);
      if (x != y) p[std::max(x, y)] = std::min(x, y);
    }
  std::vector<Vertex> label(n);
  for (Vertex v = 0; v < n; ++v) label[v] = find(v);
  return label;
}

Vertex count_of(const std::vector<Vertex>& label) {
  Vertex k = 0;
  for (Vertex v = 0; v < label.size(); ++v) k += label[v] == v;
  return k;
}

Matrix<bool> graph_of(Vertex n, const std::vector<Vertex>& r, const std::vector<Vertex>& c) {
  return Matrix<bool>::build_pattern(n, n, r, c);
}

/// The shared random graph (random_graphs.hpp), the last n/8 vertices isolated.
Matrix<bool> random_graph(Vertex n, Offset m, std::uint64_t seed, bool undirected) {
  return random_pattern_graph(n, m, seed, undirected, 8);
}

/// Runs every method in every configuration that applies and checks the labels.
void expect_all_methods(const Matrix<bool>& a, const std::vector<Vertex>& want, bool symmetric) {
  for (CcMethod m : kMethods)
    for (bool hint : {false, true}) {
      if (hint && !symmetric) continue;
      for (bool transpose_cached : {false, true}) {
        SCOPED_TRACE(name_of(m) + (hint ? " undirected hint" : "") +
                     (transpose_cached ? " transpose cached" : ""));
        Matrix<bool> b = a;  // a copy carries no cached transpose
        if (transpose_cached) b.transposed();
        CcOptions o;
        o.method = m;
        o.undirected = hint;
        const CcResult r = connected_components(b, o);
        EXPECT_EQ(r.label, want);
        EXPECT_EQ(check_components(b.csr(), r.label), "");
        EXPECT_EQ(r.components, count_of(want));
        EXPECT_EQ(r.method, m == CcMethod::Auto ? CcMethod::Afforest : m);
      }
    }
}

TEST(ConnectedComponents, RandomGraphsMatchUnionFindAndBoost) {
  const std::uint64_t seed = 61;
  RecordProperty("seed", std::to_string(seed));
  for (Vertex n : {1u, 2u, 50u, 700u, 6000u})
    for (bool undirected : {false, true})
      for (double degree : {0.3, 0.9, 3.0}) {
        SCOPED_TRACE("n " + std::to_string(n) + (undirected ? " undirected" : " directed") +
                     " degree " + std::to_string(degree));
        const Matrix<bool> a = random_graph(n, Offset(degree * n), seed + n, undirected);
        const std::vector<Vertex> want = oracle_labels(a);
#ifdef SPGRAPH_HAVE_BOOST
        using G = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
        G g(n);
        for (Vertex u = 0; u < n; ++u)
          for (Offset k = a.csr().row_begin(u); k < a.csr().row_end(u); ++k)
            boost::add_edge(u, a.csr().col[k], g);
        std::vector<int> comp(n);
        const int k = boost::connected_components(g, comp.data());
        ASSERT_EQ(Vertex(k), count_of(want));
        ASSERT_EQ(check_same_components(want, comp, dense_vertex_name, {"oracle", "Boost"}), "");
#endif
        expect_all_methods(a, want, undirected);
      }
}

TEST(ConnectedComponents, AfforestLinksArcsLeavingTheLargestComponent) {
  // A directed ring 0..999 with chords i -> i+2, i -> i+3 (sampled first: rows are sorted),
  // then i -> 5000 + i for i < 300: vertices 5000.. have no out-arcs, so only in-arcs from the
  // big component reach them, beyond the sampled neighbours.
  const Vertex n = 6000;
  std::vector<Vertex> r, c;
  for (Vertex i = 0; i < 1000; ++i)
    for (Vertex step : {1u, 2u, 3u}) {
      r.push_back(i);
      c.push_back((i + step) % 1000);
    }
  for (Vertex i = 0; i < 300; ++i) {
    r.push_back(i);
    c.push_back(5000 + i);
  }
  const Matrix<bool> a = graph_of(n, r, c);
  const std::vector<Vertex> want = oracle_labels(a);
  EXPECT_EQ(count_of(want), n - 1000 - 300 + 1);
  expect_all_methods(a, want, false);
  // The same graph in a directed Dynamic CSR, the leaving arcs inserted last.
  DynamicGraphOptions go;
  go.directed = true;
  DynamicGraph<bool> g(n, go);
  std::vector<EdgeUpdate<bool>> ups;
  for (std::size_t k = 0; k < r.size(); ++k) ups.push_back({UpdateKind::Insert, r[k], c[k], true});
  g.insert_edges(ups);
  for (CcMethod m : kMethods) {
    CcOptions o;
    o.method = m;
    const CcResult r = connected_components(g.snapshot(), o);
    EXPECT_EQ(r.label, want) << name_of(m);
    EXPECT_EQ(check_components(a.csr(), r.label), "") << name_of(m);
  }
}

TEST(ConnectedComponents, EdgeCases) {
  for (CcMethod m : kMethods) {
    SCOPED_TRACE(name_of(m));
    CcOptions o;
    o.method = m;
    const CcResult empty = connected_components(Matrix<bool>(0, 0), o);
    EXPECT_TRUE(empty.label.empty());
    EXPECT_EQ(empty.components, 0u);
    EXPECT_EQ(check_components(Matrix<bool>(0, 0).csr(), empty.label), "");
    const CcResult none = connected_components(Matrix<bool>(5, 5), o);
    EXPECT_EQ(none.label, (std::vector<Vertex>{0, 1, 2, 3, 4}));
    EXPECT_EQ(none.components, 5u);
    const std::vector<Vertex> ids{0, 1, 2};
    const Matrix<bool> loops = graph_of(3, ids, ids);
    const CcResult looped = connected_components(loops, o);
    EXPECT_EQ(looped.components, 3u);
    EXPECT_EQ(check_components(loops.csr(), looped.label), "");
    // A single huge row: a star out of the last vertex; and a long path (diameter 3000).
    std::vector<Vertex> hub, leaf;
    for (Vertex v = 0; v < 40000; ++v) {
      hub.push_back(40000);
      leaf.push_back(v);
    }
    const Matrix<bool> star_graph = graph_of(40001, hub, leaf);
    const CcResult star = connected_components(star_graph, o);
    EXPECT_EQ(star.components, 1u);
    EXPECT_EQ(star.label, std::vector<Vertex>(40001, 0));
    EXPECT_EQ(check_components(star_graph.csr(), star.label), "");
    std::vector<Vertex> from, to;
    for (Vertex v = 0; v + 1 < 3000; ++v) {
      from.push_back(3000 - v - 1);
      to.push_back(3000 - v - 2);
    }
    EXPECT_EQ(connected_components(graph_of(3000, from, to), o).label,
              std::vector<Vertex>(3000, 0));
  }
  EXPECT_THROW(connected_components(Matrix<bool>(2, 3)), DimensionMismatch);
}

TEST(ConnectedComponents, SpmvFormatsAndValueTypesAgree) {
  const Matrix<bool> a = random_graph(5000, 4000, 3, false);
  const std::vector<Vertex> want = oracle_labels(a);
  for (SpmvFormat f : {SpmvFormat::Auto, SpmvFormat::Csr, SpmvFormat::Csr5}) {
    CcOptions o;
    o.method = CcMethod::LabelProp;
    o.spmv = f;
    const CcResult r = connected_components(a, o);
    EXPECT_EQ(r.label, want);
    EXPECT_EQ(check_components(a.csr(), r.label), "");
  }
  std::vector<Vertex> rows, cols;
  for (Vertex u = 0; u < a.nrows(); ++u)
    for (Offset k = a.csr().row_begin(u); k < a.csr().row_end(u); ++k) {
      rows.push_back(u);
      cols.push_back(a.csr().col[k]);
    }
  const std::vector<double> dv(rows.size(), -1e300);  // values are ignored
  const std::vector<std::int64_t> iv(rows.size(), -7);
  for (CcMethod m : kMethods) {
    CcOptions o;
    o.method = m;
    EXPECT_EQ(connected_components(Matrix<double>::build(5000, 5000, rows, cols, dv), o).label,
              want);
    EXPECT_EQ(
        connected_components(Matrix<std::int64_t>::build(5000, 5000, rows, cols, iv), o).label,
        want);
  }
}

TEST(ConnectedComponents, SnapshotsMatchTheirMatrix) {
  for (bool directed : {false, true}) {
    std::mt19937_64 rng(71 + directed);
    DynamicGraphOptions go;
    go.directed = directed;
    DynamicGraph<bool> g(4000, go);
    for (int b = 0; b < 4; ++b) {
      UpdateBatch<bool> batch;
      for (int k = 0; k < 1200; ++k) batch.insert(Vertex(rng() % 4000), Vertex(rng() % 4000));
      for (int k = 0; k < 400; ++k) batch.erase(Vertex(rng() % 4000), Vertex(rng() % 4000));
      g.apply(batch);
    }
    const GraphSnapshot<bool> s = g.snapshot();
    const std::vector<Vertex> want = oracle_labels(s.matrix());
    for (CcMethod m : kMethods) {
      CcOptions o;
      o.method = m;
      const CcResult r = connected_components(s, o);
      EXPECT_EQ(r.label, want) << name_of(m) << (directed ? " directed" : "");
      EXPECT_EQ(r.components, count_of(want));
      EXPECT_EQ(check_components(s.matrix().csr(), r.label), "") << name_of(m);
    }
  }
}

// ---- LAGraph and LDBC Graphalytics answers ----------------------------------------------------

TEST(ConnectedComponentsLagraph, CountsEqualLagraphAnswers) {
  SPGRAPH_REQUIRE_SHARED(answers, "lagraph/answers/connected_components.tsv");
  const auto rows = read_rows(answers);
  int checked = 0;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const std::filesystem::path mtx = shared_data("lagraph/" + rows[k].at(0));
    if (mtx.empty()) continue;  // LFAT5_hypersparse lives among the format edge cases
    const Matrix<bool> a = load_graph(mtx.string());
    for (CcMethod m : kMethods) {
      CcOptions o;
      o.method = m;
      const CcResult r = connected_components(a, o);
      EXPECT_EQ(r.components, std::stoul(rows[k].at(1))) << rows[k][0] << " " << name_of(m);
      EXPECT_EQ(check_components(a.csr(), r.label), "") << rows[k][0] << " " << name_of(m);
    }
    ++checked;
  }
  EXPECT_GE(checked, 9);
}

TEST(ConnectedComponentsGraphalytics, PartitionsEqualTheValidationOutputs) {
  struct Case {
    const char *input, *vertices, *output;
    bool mirror;
  };
  const Case cases[] = {
      {"wcc/dir-input", "", "wcc/dir-output", false},
      {"wcc/undir-input", "", "wcc/undir-output", true},
      {"example/example-directed-input", "example/example-directed.v",
       "example/example-directed-WCC", false},
      {"example/example-undirected-input", "example/example-undirected.v",
       "example/example-undirected-WCC", false},
  };
  for (const Case& c : cases) {
    SPGRAPH_REQUIRE_SHARED(input, std::string("ldbc_graphalytics/") + c.input);
    const auto at = [](const std::string& rel) {
      return rel.empty() ? std::filesystem::path() : shared_data("ldbc_graphalytics/" + rel);
    };
    const LdbcGraph g = load_ldbc_graph_at(input, at(c.vertices), {at(c.output)}, c.mirror);
    const std::vector<double> want = read_ldbc_values(at(c.output), g.dense);
    std::vector<std::int64_t> theirs(want.size());
    for (std::size_t v = 0; v < want.size(); ++v) {
      ASSERT_EQ(std::floor(want[v]), want[v]) << c.input << ": label of " << v << " not an integer";
      theirs[v] = std::int64_t(want[v]);
    }
    for (CcMethod m : kMethods) {
      CcOptions o;
      o.method = m;
      const CcResult r = connected_components(g.graph, o);
      // Equivalence of partitions: the same classes whatever the labels (integer vertex ids).
      EXPECT_EQ(check_same_components(r.label, theirs), "") << c.input << " " << name_of(m);
      EXPECT_EQ(check_components(g.graph.csr(), r.label), "") << c.input << " " << name_of(m);
    }
  }
}

}  // namespace
}  // namespace spgraph::testing
