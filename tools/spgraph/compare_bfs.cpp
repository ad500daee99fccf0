// `spgraph compare bfs FILE`: the same BFS in spgraph and in SuiteSparse:GraphBLAS, answers
// verified, times and peak memory side by side, following docs/BENCHMARKING.md: one load,
// each engine in its native form (GraphBLAS build time reported apart), same threads, one
// untimed warm-up each, then per-source A/B pairs; levels must be identical and every parent
// valid before any time is printed.
#include <cstdio>
#include <memory>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "engine/context.hpp"
#include "tools/common/stats.hpp"
#include "tools/spgraph/compare_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/peers/graphblas_peer.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareBfsArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file;
  std::size_t random_sources = 16;
  std::vector<std::uint64_t> sources;
  std::uint64_t seed = 1;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

struct Row {
  std::uint64_t source;
  Vertex depth, reached;
  double ours, theirs;
};

void verify(const Csr<bool>& a, Vertex s, const BfsResult& ours,
            const peers::GraphBlasBfsResult& theirs, const IdSpace& ids) {
  const std::string where = "source " + std::to_string(ids.to_external(s)) + ": ";
  if (ours.level != theirs.level) {
    for (Vertex v = 0; v < ours.level.size(); ++v)
      if (ours.level[v] != theirs.level[v])
        throw VerificationFailed(where + "level of vertex " + std::to_string(ids.to_external(v)) +
                                 " is " + std::to_string(ours.level[v]) + " in spgraph but " +
                                 std::to_string(theirs.level[v]) + " in GraphBLAS");
  }
  if (std::string e = check_bfs_tree(a, s, ours.level, ours.parent); !e.empty())
    throw VerificationFailed(where + "spgraph parents: " + e);
  if (std::string e = check_bfs_tree(a, s, theirs.level, theirs.parent); !e.empty())
    throw VerificationFailed(where + "GraphBLAS parents: " + e);
}

std::size_t graphblas_bytes_estimate(const Csr<bool>& a, bool undirected) {
  // GraphBLAS 7.4 stores 64-bit pointers and indices; iso-valued bool stores one value.
  const std::size_t one = (std::size_t(a.nrows) + 1) * 8 + a.nnz() * 8;
  return (undirected ? one : 2 * one) + std::size_t(a.nrows) * 8;
}

void run_compare_bfs(const CompareBfsArgs& args) {
  apply_threads(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare bfs needs a square matrix");
  const IdSpace ids(graph.loaded.info);
  std::vector<Vertex> sources;
  for (std::uint64_t s : args.sources) sources.push_back(ids.to_internal(s, a.nrows()));
  if (sources.empty()) sources = pick_sources(a.csr(), args.random_sources, args.seed);

  BfsOptions o;
  o.parents = true;
  o.undirected = graph.undirected;
  peers::GraphBlasGraph grb(a.csr(), graph.undirected);

  // Warm-up runs, one per engine, each with its own peak-memory window.
  BfsResult warm;
  const std::uint64_t ours_peak =
      a.memory_bytes() + peak_rise([&] { warm = bfs(a, sources[0], o); });
  peers::GraphBlasBfsResult warm_grb;
  const std::uint64_t theirs_peak =
      graphblas_bytes_estimate(a.csr(), graph.undirected) +
      peak_rise([&] { warm_grb = peers::graphblas_bfs(grb, sources[0], true); });
  verify(a.csr(), sources[0], warm, warm_grb, ids);

  // Timed A/B pairs, alternating which engine goes first.
  std::vector<Row> rows;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const Vertex s = sources[k];
    BfsResult ours;
    peers::GraphBlasBfsResult theirs;
    double ours_s = 0;
    auto run_ours = [&] {
      auto t0 = std::chrono::steady_clock::now();
      ours = bfs(a, s, o);
      ours_s = seconds_since(t0);
    };
    if (k % 2 == 0) {
      run_ours();
      theirs = peers::graphblas_bfs(grb, s, true);
    } else {
      theirs = peers::graphblas_bfs(grb, s, true);
      run_ours();
    }
    verify(a.csr(), s, ours, theirs, ids);
    rows.push_back({ids.to_external(s), ours.depth, ours.reached, ours_s, theirs.seconds});
  }

  std::vector<double> ratios, ours_t, theirs_t;
  for (const Row& r : rows) {
    ratios.push_back(r.ours / r.theirs);
    ours_t.push_back(r.ours);
    theirs_t.push_back(r.theirs);
  }
  const double med = tools::median(ratios);
  if (args.g.json) {
    std::printf(
        "{\"algorithm\": \"bfs\", \"file\": %s, \"threads\": %d, \"n\": %u, \"arcs\": %llu, "
        "\"verified\": true, \"rows\": [",
        json_string(args.file).c_str(), threads, a.nrows(), (unsigned long long)a.nvals());
    for (std::size_t k = 0; k < rows.size(); ++k)
      std::printf(
          "%s{\"source\": %llu, \"depth\": %u, \"reached\": %u, \"spgraph_s\": %.6f, "
          "\"graphblas_s\": %.6f}",
          k ? ", " : "", (unsigned long long)rows[k].source, rows[k].depth, rows[k].reached,
          rows[k].ours, rows[k].theirs);
    std::printf(
        "], \"median_spgraph_s\": %.6f, \"median_graphblas_s\": %.6f, "
        "\"median_ratio\": %.4f, \"spgraph_peak_bytes\": %llu, "
        "\"graphblas_peak_bytes\": %llu, \"graphblas_build_s\": %.6f}\n",
        tools::median(ours_t), tools::median(theirs_t), med, (unsigned long long)ours_peak,
        (unsigned long long)theirs_peak, grb.build_seconds() + grb.properties_seconds());
    return;
  }
  std::printf("compare bfs: %s\n", args.file.c_str());
  std::printf("graph: %u vertices, %llu arcs, %s; loaded in %.3f s\n", a.nrows(),
              (unsigned long long)a.nvals(), graph.undirected ? "undirected" : "directed",
              graph.load_seconds);
  std::printf("threads: %d (spgraph and GraphBLAS)\n", threads);
  std::printf("spgraph:   direction-optimizing BFS, levels + parents (fused push/pull kernel)\n");
  std::printf(
      "GraphBLAS: SuiteSparse:GraphBLAS %s, LAGraph-style push/pull "
      "(any_secondi, complemented structural mask), levels + parents\n",
      peers::graphblas_version().c_str());
  std::printf(
      "GraphBLAS build (GrB_Matrix_build + wait): %.3f s; cached A' and degrees: %.3f s "
      "(not timed below)\n",
      grb.build_seconds(), grb.properties_seconds());
  std::printf("%12s %7s %10s %14s %14s %8s\n", "source", "depth", "reached", "spgraph (ms)",
              "GraphBLAS (ms)", "ratio");
  for (const Row& r : rows)
    std::printf("%12llu %7u %10u %14.3f %14.3f %8.3f\n", (unsigned long long)r.source, r.depth,
                r.reached, r.ours * 1e3, r.theirs * 1e3, r.ours / r.theirs);
  std::printf("verified: levels identical, parents valid, %zu sources\n", rows.size());
  std::printf("median time: spgraph %.3f ms [%.3f-%.3f], GraphBLAS %.3f ms [%.3f-%.3f]\n",
              tools::median(ours_t) * 1e3, tools::min_of(ours_t) * 1e3, tools::max_of(ours_t) * 1e3,
              tools::median(theirs_t) * 1e3, tools::min_of(theirs_t) * 1e3,
              tools::max_of(theirs_t) * 1e3);
  std::printf("median ratio spgraph/GraphBLAS: %.3f (lower is better)\n", med);
  std::printf("peak memory (graph + BFS workspace): spgraph %s, GraphBLAS %s\n",
              human_bytes(ours_peak).c_str(), human_bytes(theirs_peak).c_str());
}

#endif

}  // namespace

void register_compare_bfs(CLI::App* compare) {
  auto args = std::make_shared<CompareBfsArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "bfs",
      "BFS levels and parents from the same sources in spgraph and GraphBLAS (LAGraph's "
      "push/pull method), verified, timed per source");
  cmd->add_option("file", args->file, "Graph file")->required();
  auto* n = cmd->add_option("--sources", args->random_sources,
                            "Number of random sources with out-arcs (default 16)")
                ->transform(integer_flag("--sources", 1, UINT64_MAX));
  cmd->add_option("--source,-s", args->sources,
                  "Source vertex in the file's numbering (1-based for .mtx); one per flag, "
                  "repeatable")
      ->allow_extra_args(false)
      ->transform(integer_flag("--source", 0, UINT64_MAX, " (a vertex id in the file's numbering)"))
      ->excludes(n);
  cmd->add_option("--seed", args->seed, "Seed for choosing sources")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_bfs(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
