// `spgraph compare tc FILE`: the triangle count in spgraph (fused degree-oriented count) and in
// SuiteSparse:GraphBLAS (LAGraph's SandiaDot method, sum((L*U') .* L) with AutoSort), on the
// same simple undirected graph (A ∪ A' without self-loops, prepared once and not timed, as
// LAGraph requires of its input). Counts must be equal before times are printed.
#include <cstdio>
#include <memory>

#include "algorithms/triangles/triangles.hpp"
#include "engine/context.hpp"
#include "tools/spgraph/compare_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/peers/graphblas_peer.hpp"
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
  apply_threads(args.g);
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
  if (ours.triangles != theirs.triangles)
    throw VerificationFailed("spgraph counts " + std::to_string(ours.triangles) +
                             " triangles but GraphBLAS counts " + std::to_string(theirs.triangles));
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
  if (args.g.json) {
    std::printf(
        "{\"job\": \"tc\", \"file\": %s, \"threads\": %d, \"n\": %u, \"edges\": %llu, "
        "\"triangles\": %llu, \"verified\": true, \"spgraph_method\": %s, "
        "\"graphblas_presorted\": %s, \"prepare_s\": %.6f, \"graphblas_build_s\": %.6f, "
        "%s}\n",
        json_string(args.file).c_str(), threads, a.nrows(), (unsigned long long)(a.nvals() / 2),
        (unsigned long long)ours.triangles, json_string(triangle_method_name(ours.method)).c_str(),
        theirs.presorted ? "true" : "false", prepare_s, grb.build_seconds(),
        json_summary(us, {peer}).c_str());
    return;
  }
  std::printf("compare tc: %s\n", args.file.c_str());
  std::printf(
      "graph: %u vertices, %llu undirected edges (simple: A + A', no self-loops; "
      "prepared in %.3f s, not timed)\n",
      a.nrows(), (unsigned long long)(a.nvals() / 2), prepare_s);
  std::printf("threads: %d (spgraph and GraphBLAS)\n", threads);
  std::printf("spgraph:   fused count over the degree orientation (method %s)\n",
              triangle_method_name(ours.method).c_str());
  std::printf(
      "GraphBLAS: SuiteSparse:GraphBLAS %s, LAGraph SandiaDot sum((L*U').*L), AutoSort "
      "(%s)\n",
      peers::graphblas_version().c_str(), theirs.presorted ? "sorted by degree" : "not sorted");
  std::printf("not timed: GraphBLAS build + cached degrees %.3f s\n", grb.build_seconds());
  std::printf("verified: both count %llu triangles\n", (unsigned long long)ours.triangles);
  std::printf("%5s %14s %14s %8s\n", "run", "spgraph (ms)", "GraphBLAS (ms)", "ratio");
  for (std::size_t r = 0; r < t.ours.size(); ++r)
    std::printf("%5zu %14.3f %14.3f %8.3f\n", r + 1, t.ours[r] * 1e3, t.theirs[r] * 1e3,
                t.ours[r] / t.theirs[r]);
  print_summary(us, {peer});
}

#endif

}  // namespace

void register_compare_tc(CLI::App* compare) {
  auto args = std::make_shared<CompareTcArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "tc", "Triangle count in spgraph and GraphBLAS (LAGraph's SandiaDot), verified, timed");
  cmd->add_option("file", args->file, "Graph file")->required();
  cmd->add_option("--method", args->method, "spgraph's method (default auto)")
      ->check(CLI::IsMember({"auto", "merge", "hash", "sandia-ll", "sandia-uu"}));
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
