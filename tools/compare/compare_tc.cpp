// `spgraph compare tc FILE`: the triangle count in spgraph (fused degree-oriented count) and in
// SuiteSparse:GraphBLAS (LAGraph's SandiaDot method, sum((L*U') .* L) with AutoSort), on the
// same simple undirected graph (A ∪ A' without self-loops, prepared once and not timed, as
// LAGraph requires of its input). Counts must be equal before times are printed
// (algorithms/triangles/triangles_verify.hpp).
#include <memory>

#include "algorithms/triangles/triangles.hpp"
#include "algorithms/triangles/triangles_verify.hpp"
#include "engine/context.hpp"
#include "tools/compare/compare_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareTcArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file, method = "auto";
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

void run_compare_tc(const CompareTcArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& loaded = std::get<Matrix<bool>>(graph.loaded.matrix);
  const auto tp = std::chrono::steady_clock::now();
  const Matrix<bool> a = simple_undirected_pattern(loaded);
  const double prepare_s = seconds_since(tp);
  const peers::GraphBlasTriangleGraph grb(a.csr());

  TriangleOptions o;
  o.method = parse_triangle_method(args.method);
  o.undirected = true;
  TriangleResult ours;
  peers::GraphBlasTriangleResult theirs;
  const std::uint64_t ours_peak =
      a.memory_bytes() + peak_rise([&] { ours = triangle_count(a, o); });
  const std::uint64_t theirs_peak =
      grb.memory_bytes() + peak_rise([&] { theirs = peers::graphblas_triangle_count(grb); });
  if (std::string e =
          check_same_triangle_count(ours.triangles, theirs.triangles, {"spgraph", "GraphBLAS"});
      !e.empty())
    throw VerificationFailed(e);
  const PairTimes t = time_pairs(
      args.runs,
      [&] {
        return timed([&] {
          if (triangle_count(a, o).triangles != ours.triangles)
            throw VerificationFailed("spgraph's count changed between runs");
        });
      },
      [&] {
        const auto r = peers::graphblas_triangle_count(grb);
        if (r.triangles != ours.triangles)
          throw VerificationFailed("GraphBLAS's count changed between runs");
        return r.seconds;
      });
  const Contender us{"spgraph", t.ours, ours_peak, ""};
  const Contender peer{"GraphBLAS", t.theirs, theirs_peak, ""};
  Report r;
  r.add("job", report::str("tc"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("edges", report::count(a.nvals() / 2));
  r.add("triangles", report::count(ours.triangles));
  r.add("verified", report::flag(true));
  r.add("spgraph_method", report::str(triangle_method_name(ours.method)));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("graphblas_presorted", report::flag(theirs.presorted, "sorted by degree", "not sorted"));
  r.add("prepare_s", report::seconds(prepare_s));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = add_timing_summary(r, us, {peer});
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio_graphblas}\n");
  print_text(r,
             "compare tc: {file}\n"
             "graph: {n} vertices, {edges} undirected edges (simple: A + A', no self-loops; "
             "prepared in {prepare_s} s, not timed)\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "spgraph:   fused count over the degree orientation (method {spgraph_method})\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph SandiaDot "
             "sum((L*U').*L), AutoSort ({graphblas_presorted})\n"
             "not timed: GraphBLAS build + cached degrees {graphblas_build_s} s\n"
             "verified: both count {triangles} triangles\n" +
                 summary);
}

#endif

}  // namespace

void register_compare_tc(CLI::App* compare) {
  auto args = std::make_shared<CompareTcArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "tc", "Triangle count in spgraph and GraphBLAS (LAGraph's SandiaDot), verified, timed");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--method", args->method, "spgraph's method (default auto)")
      ->check(CLI::IsMember({"auto", "merge", "hash", "sandia-ll", "sandia-uu", "wedge"}));
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_tc(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
