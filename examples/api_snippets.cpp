// SPDX-License-Identifier: Apache-2.0
// api_snippets: every C++ snippet of docs/api.md, compiled and run against the installed
// library on Zachary's karate club (34 vertices, 78 edges, 45 triangles, connected), with
// checks on the results. Each snippet sits between "// [doc:NAME]" and "// [/doc]" markers;
// scripts/check_install.sh checks that every ```cpp block of docs/api.md appears here verbatim
// (indentation aside), so the page cannot drift from code that compiles.
//
//   api_snippets KARATE_MTX     e.g. api_snippets tests/data/karate.mtx
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <spgraph/spgraph.hpp>

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  std::cout << (ok ? "ok   " : "FAIL ") << what << "\n";
  if (!ok) ++failures;
}

void load_a_file(const std::string& path) {
  // [doc:load]
  // The structure only, as a pattern matrix (format detected; .gz is unpacked).
  spgraph::Matrix<bool> g = spgraph::load_graph(path);
  // Values kept: an AnyMatrix (a std::variant of Matrix<T>) and what the file said.
  spgraph::LoadedMatrix m = spgraph::load_matrix(path);
  std::cout << spgraph::nrows_of(m.matrix) << " vertices, " << spgraph::format_name(m.info.format)
            << "\n";
  // Edge lists: options say how to read them.
  spgraph::LoadOptions options;
  options.undirected = true;  // store each edge both ways
  options.index_base = 0;     // ids start at 0 (default: detected)
  // [/doc]
  expect(g.nrows() == 34 && g.nvals() == 156, "load: karate has 34 vertices and 156 arcs");
  expect(m.info.format == spgraph::FileFormat::MatrixMarket, "load: detected Matrix Market");
  (void)options;
}

void remapped_ids(const std::string& path) {
  // [doc:ids]
  spgraph::LoadOptions options;
  options.remap_ids = true;  // any token names a vertex: "GO:0048308", UUIDs, big numbers
  options.header = 1;        // the first line names the columns (-1: detect, 0: none)
  spgraph::GraphFile file = spgraph::load_graph_file(path, options);
  const spgraph::VertexIds& ids = *file.info.ids;            // always set after a load
  std::optional<spgraph::Vertex> alice = ids.find("alice");  // file name -> dense id
  if (alice) std::cout << "alice is vertex " << *alice << ", named " << ids.name(*alice) << "\n";
  // [/doc]
  expect(file.graph.nrows() == 3 && ids.remapped(), "ids: three remapped vertices");
  expect(alice.has_value() && ids.name(*alice) == "alice", "ids: alice round-trips");
}

void build_from_coo() {
  // [doc:build]
  std::vector<spgraph::Vertex> rows{0, 0, 1, 2, 2}, cols{1, 2, 2, 0, 0};
  std::vector<double> vals{1.0, 2.0, 3.0, 4.0, 0.5};
  // Repeated (i, j) are summed by default (DupOp = PlusOp); DuplicatePolicy::Reject throws.
  auto a = spgraph::Matrix<double>::build(3, 3, rows, cols, vals);
  auto p = spgraph::Matrix<bool>::build_pattern(3, 3, rows, cols);  // structure only
  std::optional<double> x = a.get(2, 0);                            // 4.5
  // [/doc]
  expect(a.nvals() == 4 && p.nvals() == 4 && x == 4.5, "build: duplicates folded");
}

void operations() {
  std::vector<spgraph::Vertex> rows{0, 0, 1, 2}, cols{1, 2, 2, 0};
  std::vector<double> vals{1.0, 2.0, 3.0, 4.0};
  auto a = spgraph::Matrix<double>::build(3, 3, rows, cols, vals);
  auto p = spgraph::Matrix<bool>::build_pattern(3, 3, rows, cols);
  // [doc:ops]
  using namespace spgraph;
  Matrix<double> c(3, 3);
  mxm(c, nullptr, NoAccum{}, PlusTimes<double>{}, a, a);  // C = A * A (no mask, no accumulator)
  mxm(c, &p, PlusOp<double>{}, MinPlus<double>{}, a, a);  // C<P> += A min.+ A
  Descriptor d;
  d.mask_complement = true;  // C<!P>: only where P has no entry
  d.mask_structural = true;  // a mask entry counts by presence, not value
  d.replace = true;          // clear C outside the mask
  mxm(c, &p, NoAccum{}, PlusTimes<double>{}, a, a, d);

  Vector<double> u = Vector<double>::full(3, 1.0), w(3), dist(3);
  mxv(w, nullptr, NoAccum{}, PlusTimes<double>{}, a, u);  // w = A u
  Vector<bool> seen(3);
  seen.set(0, true);
  Descriptor not_seen;
  not_seen.mask_complement = true;
  vxm(dist, &seen, NoAccum{}, MinPlus<double>{}, u, a, not_seen);  // dist<!seen> = u' min.+ A
  double total = reduce_scalar<PlusMonoid<double>>(a);             // 10
  // A semiring chosen at run time, by its CLI name:
  with_semiring<double>("max_plus", [&](auto sr) { mxm(c, nullptr, NoAccum{}, sr, a, a); });
  // [/doc]
  expect(total == 10.0, "ops: reduce_scalar");
  expect(c.get(0, 0) == 6.0 && c.get(2, 2) == 6.0 && c.nvals() == 5, "ops: max_plus product");
  expect(!dist.get(0) && dist.get(1) == 2.0 && dist.get(2) == 3.0, "ops: masked vxm");
  expect(w.get(0) == 3.0 && w.get(2) == 4.0, "ops: mxv");
}

void traversal(const std::string& path) {
  spgraph::Matrix<bool> g = spgraph::load_graph(path);
  // [doc:bfs]
  spgraph::BfsResult r = spgraph::bfs(g, /*source=*/0);
  std::cout << r.reached << " reached, depth " << r.depth << "\n";
  for (spgraph::Vertex v = 0; v < g.nrows(); ++v)
    if (r.level[v] != spgraph::kUnreached) std::cout << v << " level " << r.level[v] << "\n";
  spgraph::BfsOptions fast;
  fast.parents = false;  // levels only; levels = false gives parents only (GAPBS's output)
  fast.method = spgraph::BfsMethod::Push;
  // [/doc]
  expect(r.reached == 34 && r.level[0] == 0 && r.parent[0] == 0, "bfs: karate is connected");
  expect(spgraph::bfs(g, 0, fast).reached == 34, "bfs: push-only agrees");

  // [doc:triangles]
  spgraph::TriangleOptions topt;
  topt.per_vertex = true;  // triangles through each vertex and local clustering
  spgraph::TriangleResult t = spgraph::triangle_count(g, topt);
  std::cout << t.triangles << " triangles; vertex 0: " << t.per_vertex[0] << ", clustering "
            << t.clustering[0] << "\n";
  // [/doc]
  expect(t.triangles == 45, "triangles: karate has 45");

  // [doc:closure]
  spgraph::ClosureResult cl = spgraph::transitive_closure(g);  // R+ as a Matrix<bool>
  std::cout << cl.pairs << " pairs\n";
  spgraph::ClosureOptions count;
  count.count_only = true;              // the number of pairs without storing them
  count.reflexive = true;               // R* instead of R+
  spgraph::ReachabilityIndex reach(g);  // answers queries without listing the pairs
  bool yes = reach.reachable(0, 33);
  // [/doc]
  expect(cl.pairs == 34 * 34 && yes, "closure: every pair reachable");
  expect(spgraph::transitive_closure(g, count).pairs == 34 * 34, "closure: count only");

  // [doc:more]
  spgraph::PageRankResult pr = spgraph::pagerank(g);        // pr.rank[v], pr.iterations
  spgraph::CcResult cc = spgraph::connected_components(g);  // cc.label[v], cc.components
  spgraph::SsspResult sp = spgraph::sssp(g, 0);             // pattern: every arc weighs 1
  std::vector<spgraph::Vertex> queries{0, 33};
  spgraph::SimilarityKnnOptions kopt;
  kopt.k = 3;
  kopt.measure = spgraph::SimilarityMeasure::Jaccard;
  spgraph::KnnResult knn = spgraph::similarity_knn(g, queries, kopt);
  for (spgraph::Vertex v : knn.ids_of(1)) std::cout << "near 33: " << v << "\n";
  // [/doc]
  double sum = 0;
  for (double x : pr.rank) sum += x;
  expect(std::fabs(sum - 1.0) < 1e-3 && pr.converged, "pagerank: ranks sum to 1");
  expect(cc.components == 1, "cc: one component");
  expect(sp.distance[0] == 0 && sp.distance[33] == double(r.level[33]), "sssp: hops = BFS levels");
  expect(knn.num_queries() == 2 && knn.ids_of(1).size() == 3, "knn: 3 answers per query");
}

void maintained_views(spgraph::DynamicGraph<bool>& g);

void streaming(const std::string& path) {
  spgraph::Matrix<bool> base = spgraph::load_graph(path);
  // [doc:stream]
  spgraph::DynamicGraphOptions o;  // undirected, edges kept as a set
  o.triangle_counter = std::make_shared<spgraph::IncrementalTriangles>();
  spgraph::DynamicGraph<bool> g(base, o);  // or DynamicGraph<bool> g(n, o)

  spgraph::UpdateBatch<bool> batch;  // one writer thread
  batch.insert(0, 9);
  batch.erase(0, 1);
  g.apply(batch);  // applied whole, then published

  spgraph::GraphSnapshot<bool> s = g.snapshot();  // any reader thread, O(1), never blocks
  std::cout << s.num_edges() << " edges, degree(7) = " << s.degree(7) << "\n";
  std::int64_t maintained = s.triangles().value_or(-1);             // O(1): kept up to date
  spgraph::BfsResult r = spgraph::bfs(s, 0);                        // BFS on the snapshot
  spgraph::TriangleResult t = spgraph::triangle_count(s.matrix());  // any algorithm
  // [/doc]
  expect(s.num_edges() == 78 && s.has_edge(0, 9) && !s.has_edge(1, 0), "stream: edges updated");
  expect(maintained == std::int64_t(t.triangles), "stream: maintained triangles = recount");
  expect(r.reached == 34, "stream: BFS on the snapshot");
  maintained_views(g);
}

void maintained_views(spgraph::DynamicGraph<bool>& g) {
  // [doc:views]
  g.maintain(spgraph::make_components_view());  // computed now, then kept batch by batch
  g.maintain(spgraph::make_bfs_view(0));        // BFS levels from vertex 0

  spgraph::UpdateBatch<bool> batch;
  batch.erase(0, 9);
  g.apply(batch);  // the writer updates each view, then publishes it with the snapshot

  spgraph::GraphSnapshot<bool> s = g.snapshot();
  auto cc = s.maintained_as<spgraph::CcViewResult>("cc");  // O(1), as of s.version()
  auto levels = s.maintained_as<spgraph::DistanceViewResult>("bfs:0");
  std::cout << cc->components << " components; vertex 33 is " << levels->distance[33]
            << " hops from 0\n";
  // [/doc]
  expect(cc->labels() == spgraph::connected_components(s).label, "views: maintained cc");
  expect(levels->distance[33] == double(spgraph::bfs(s, 0).level[33]), "views: maintained bfs");
}

void errors(const std::string& dir) {
  const std::string bad = dir + "/bad.mtx";
  std::ofstream(bad) << "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 7\n";
  // [doc:errors]
  try {
    spgraph::Matrix<bool> g = spgraph::load_graph(bad);
    std::cout << g.nvals() << " arcs\n";
  } catch (const spgraph::ParseError& e) {  // bad content; also e.file(), e.line() (1-based)
    std::cerr << e.what() << "\n";          // "FILE:LINE: what is wrong"
  } catch (const spgraph::IoError& e) {     // missing or unreadable file
    std::cerr << e.what() << "\n";
  } catch (const spgraph::Error& e) {  // every spgraph error derives from Error
    std::cerr << e.what() << "\n";
  }
  // [/doc]
  bool parse_error = false;
  try {
    spgraph::load_graph(bad);
  } catch (const spgraph::ParseError& e) {
    parse_error = e.line() == 3;
  }
  expect(parse_error, "errors: ParseError names line 3");
  bool io_error = false;
  try {
    spgraph::load_graph(dir + "/no-such-file.mtx");
  } catch (const spgraph::IoError&) {
    io_error = true;
  }
  expect(io_error, "errors: IoError for a missing file");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: api_snippets KARATE_MTX SCRATCH_DIR\n";
    return 2;
  }
  const std::string karate = argv[1], dir = argv[2];
  const std::string names = dir + "/names.tsv";
  std::ofstream(names) << "from\tto\nalice\tbob\nbob\tcarol\n";
  try {
    spgraph::set_num_threads(2);
    load_a_file(karate);
    remapped_ids(names);
    build_from_coo();
    operations();
    traversal(karate);
    streaming(karate);
    errors(dir);
  } catch (const std::exception& e) {
    std::cerr << "api_snippets: " << e.what() << "\n";
    return 1;
  }
  std::cout << (failures ? "api_snippets: FAILED " : "api_snippets: all passed ") << failures
            << "\n";
  return failures ? 1 : 0;
}
