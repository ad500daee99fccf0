// SPDX-License-Identifier: Apache-2.0
// `spgraph compare tc FILE`: the triangle count in spgraph (fused degree-oriented count) and in
// SuiteSparse:GraphBLAS (LAGraph's SandiaDot method, sum((L*U') .* L) with AutoSort), on the
// same simple undirected graph (A ∪ A' without self-loops, prepared once and not timed, as
// LAGraph requires of its input). Counts must be equal before times are printed
// (algorithms/triangles/triangles_verify.hpp).
#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, both engines' copies and their answers.
struct TcState {
  Matrix<bool> a;
  double prepare_s = 0;
  std::unique_ptr<peers::GraphBlasGraph> grb;
  TriangleOptions o;
  TriangleResult ours;
  peers::GraphBlasTriangleResult theirs;
};

struct TcJob {
  std::string file, method = "auto";

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file")->required();
    cmd->add_option("--method", method, "spgraph's method (default auto)")
        ->check(CLI::IsMember({"auto", "merge", "hash", "sandia-ll", "sandia-uu", "wedge"}));
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan TcJob::plan(const CompareFlags& f, int threads) {
  auto s = std::make_shared<TcState>();
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  const auto tp = std::chrono::steady_clock::now();
  s->a = simple_undirected_pattern(std::get<Matrix<bool>>(graph.loaded.matrix));
  s->prepare_s = seconds_since(tp);
  s->grb =
      std::make_unique<peers::GraphBlasGraph>(s->a.csr(), peers::GraphBlasGraph::Kind::Undirected);
  s->grb->cache_out_degree();
  s->o.method = parse_triangle_method(method);
  s->o.undirected = true;

  ComparePlan p;
  p.ours = {s->a.memory_bytes(), [s] { s->ours = triangle_count(s->a, s->o); },
            [s] {
              return timed([&] {
                if (triangle_count(s->a, s->o).triangles != s->ours.triangles)
                  throw VerificationFailed("spgraph's count changed between runs");
              });
            }};
  p.theirs = {s->grb->memory_bytes(), [s] { s->theirs = peers::graphblas_triangle_count(*s->grb); },
              [s] {
                const auto r = peers::graphblas_triangle_count(*s->grb);
                if (r.triangles != s->ours.triangles)
                  throw VerificationFailed("GraphBLAS's count changed between runs");
                return r.seconds;
              }};
  p.verify = [s] {
    require_verified(check_same_triangle_count(s->ours.triangles, s->theirs.triangles, kEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "tc", file, threads);
    r.add("n", report::count(s->a.nrows()));
    r.add("edges", report::count(s->a.nvals() / 2));
    r.add("triangles", report::count(s->ours.triangles));
    r.add("verified", report::flag(true));
    r.add("spgraph_method", report::str(triangle_method_name(s->ours.method)));
    r.add("graphblas_version", report::text(peers::graphblas_version()));
    r.add("graphblas_presorted",
          report::flag(s->theirs.presorted, "sorted by degree", "not sorted"));
    r.add("prepare_s", report::seconds(s->prepare_s));
    r.add("graphblas_build_s",
          report::seconds(s->grb->build_seconds() + s->grb->properties_seconds()));
  };
  p.layout =
      "compare tc: {file}\n"
      "graph: {n} vertices, {edges} undirected edges (simple: A + A', no self-loops; "
      "prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph and GraphBLAS)\n"
      "spgraph:   fused count over the degree orientation (method {spgraph_method})\n"
      "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph SandiaDot "
      "sum((L*U').*L), AutoSort ({graphblas_presorted})\n"
      "not timed: GraphBLAS build + cached degrees {graphblas_build_s} s\n"
      "verified: both count {triangles} triangles\n";
  return p;
}

}  // namespace

void register_compare_tc(CLI::App* compare) {
  register_compare_job<TcJob>(
      compare, "tc",
      "Triangle count in spgraph and GraphBLAS (LAGraph's SandiaDot), verified, timed");
}

}  // namespace spgraph::cli
