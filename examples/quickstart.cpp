// SPDX-License-Identifier: Apache-2.0
// quickstart: the installed spgraph library in one page. Loads a graph (the file named on the
// command line, or a generated Kronecker graph), runs BFS and triangle counting, then streams a
// batch of updates through a DynamicGraph and queries a snapshot of the result. Prints one
// "key value" line per result (scripts/check_install.sh reads them) and exits 1 on any error or
// when the incrementally maintained triangle count disagrees with a recount.
//
//   quickstart [GRAPH_FILE]     e.g. quickstart tests/data/karate.mtx
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <string>

#include <spgraph/spgraph.hpp>

namespace {

// The graph of the file `path`, or, without one, an undirected Kronecker graph of 2^10 vertices.
spgraph::Matrix<bool> input_graph(int argc, char** argv) {
  if (argc > 1) return spgraph::load_graph(argv[1]);
  spgraph::Coo<bool> coo = spgraph::generate_kronecker(10, 8, /*seed=*/1, /*undirected=*/true);
  return spgraph::Matrix<bool>::from_coo<spgraph::FirstOp<bool>>(std::move(coo));
}

int run(int argc, char** argv) {
  using namespace spgraph;
  const Matrix<bool> g = input_graph(argc, argv);
  const Vertex n = g.nrows();
  std::cout << "vertices " << n << "\narcs " << g.nvals() << "\n";
  if (n < 3) {
    std::cerr << "quickstart: the graph needs at least 3 vertices\n";
    return 1;
  }

  // BFS from vertex 0 (levels and parents; direction-optimizing).
  const BfsResult b = bfs(g, 0);
  std::cout << "bfs_reached " << b.reached << "\nbfs_depth " << b.depth << "\n";

  // Triangles of the undirected graph (a directed input is symmetrized first).
  const TriangleResult t = triangle_count(g);
  std::cout << "triangles " << t.triangles << "\n";

  // Streaming: an undirected DynamicGraph that maintains its triangle count batch by batch.
  DynamicGraphOptions options;
  options.triangle_counter = std::make_shared<IncrementalTriangles>();
  DynamicGraph<bool> dg(g, options);
  UpdateBatch<bool> batch;
  const Vertex fresh = n;  // a new vertex: the graph grows to hold it
  batch.insert(fresh, 0);
  batch.insert(fresh, 1);
  batch.insert(fresh, 2);
  batch.erase(0, 1);
  const BatchSummary s = dg.apply(batch);  // applied whole, then published

  const GraphSnapshot<bool> snap = dg.snapshot();  // O(1); readers may use it on any thread
  const std::int64_t maintained = snap.triangles().value_or(-1);
  const std::uint64_t recount = triangle_count(snap.matrix()).triangles;
  std::cout << "stream_version " << snap.version() << "\nstream_inserted " << s.inserted
            << "\nstream_erased " << s.erased << "\nstream_vertices " << snap.num_vertices()
            << "\nstream_edges " << snap.num_edges() << "\nstream_degree_new " << snap.degree(fresh)
            << "\nstream_has_0_1 " << snap.has_edge(0, 1) << "\nstream_triangles " << maintained
            << "\nstream_triangles_recount " << recount << "\nstream_bfs_reached "
            << bfs(snap, fresh).reached << "\n";
  if (maintained < 0 || std::uint64_t(maintained) != recount) {
    std::cerr << "quickstart: maintained triangle count " << maintained << " != recount " << recount
              << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const spgraph::Error& e) {  // ParseError carries file and line in its message
    std::cerr << "quickstart: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "quickstart: unexpected error: " << e.what() << "\n";
  }
  return 1;
}
