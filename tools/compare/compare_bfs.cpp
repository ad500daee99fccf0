// `spgraph compare bfs FILE`: the same BFS in spgraph and in SuiteSparse:GraphBLAS, answers
// verified, times and peak memory side by side, following docs/BENCHMARKING.md: one load,
// each engine in its native form (GraphBLAS build time reported apart), same threads, one
// untimed warm-up each, then per-source A/B pairs; levels must be identical and every parent
// valid before any time is printed. --compute levels|parents|both makes both engines do the same
// work (LAGraph's BFS also takes either output alone); parents alone are checked against the
// levels of an untimed GraphBLAS search.
#include <memory>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "engine/context.hpp"
#include "tools/common/stats.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/cli/report.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_peer.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareBfsArgs {
  GlobalOptions g;
  LoadFlags load;
  std::string file;
  std::size_t random_sources = 16;
  std::vector<std::string> sources;
  std::uint64_t seed = 1;
  int runs = 1;
  std::string compute = "both";  ///< levels | parents | both
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// Checks one source's answers: levels identical (when computed), and every parent array a
/// valid BFS tree for the levels (GraphBLAS's, or for parents alone those of an untimed
/// GraphBLAS levels-only search).
void verify(const Csr<bool>& a, Vertex s, const BfsResult& ours,
            const peers::GraphBlasBfsResult& theirs, const peers::GraphBlasGraph& grb,
            const IdSpace& ids) {
  const std::string where = "source " + ids.name(s) + ": ";
  const std::vector<std::int64_t> ours_level = signed_copy(ours.level);
  if (!ours.level.empty() && ours_level != theirs.level) {
    for (Vertex v = 0; v < ours_level.size(); ++v)
      if (ours_level[v] != theirs.level[v])
        throw VerificationFailed(where + "level of vertex " + ids.name(v) + " is " +
                                 std::to_string(ours_level[v]) + " in spgraph but " +
                                 std::to_string(theirs.level[v]) + " in GraphBLAS");
  }
  if (ours.parent.empty()) return;
  const std::vector<std::int64_t> level =
      theirs.level.empty() ? peers::graphblas_bfs(grb, s, true, false).level : theirs.level;
  if (std::string e = check_bfs_tree(a, s, level, signed_copy(ours.parent)); !e.empty())
    throw VerificationFailed(where + "spgraph parents: " + e);
  if (std::string e = check_bfs_tree(a, s, level, theirs.parent); !e.empty())
    throw VerificationFailed(where + "GraphBLAS parents: " + e);
}

std::size_t graphblas_bytes_estimate(const Csr<bool>& a, bool undirected) {
  // GraphBLAS 7.4 stores 64-bit pointers and indices; iso-valued bool stores one value.
  const std::size_t one = (std::size_t(a.nrows) + 1) * 8 + a.nnz() * 8;
  return (undirected ? one : 2 * one) + std::size_t(a.nrows) * 8;
}

void run_compare_bfs(const CompareBfsArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare bfs needs a square matrix");
  const IdSpace ids(graph.loaded.info);
  std::vector<Vertex> sources;
  for (const std::string& s : args.sources) sources.push_back(ids.to_internal(s, a.nrows()));
  if (sources.empty()) sources = pick_sources(a.csr(), args.random_sources, args.seed);

  BfsOptions o;
  set_bfs_outputs(args.compute, o);
  o.undirected = graph.undirected;
  peers::GraphBlasGraph grb(a.csr(), graph.undirected);

  // Warm-up runs, one per engine, each with its own peak-memory window.
  BfsResult warm;
  const std::uint64_t ours_peak =
      a.memory_bytes() + peak_rise([&] { warm = bfs(a, sources[0], o); });
  peers::GraphBlasBfsResult warm_grb;
  const std::uint64_t theirs_peak =
      graphblas_bytes_estimate(a.csr(), graph.undirected) +
      peak_rise([&] { warm_grb = peers::graphblas_bfs(grb, sources[0], o.levels, o.parents); });
  verify(a.csr(), sources[0], warm, warm_grb, grb, ids);

  // Timed A/B pairs, alternating which engine goes first.
  std::vector<Report> rows;
  std::vector<double> ratios, ours_t, theirs_t;
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const Vertex s = sources[k];
    BfsResult ours;
    peers::GraphBlasBfsResult theirs;
    // --runs A/B pairs per source, alternating which engine goes first; each engine's time for
    // the source is the median of its runs.
    std::vector<double> ours_runs, theirs_runs;
    for (int run = 0; run < args.runs; ++run) {
      double ours_run = 0;
      auto run_ours = [&] {
        auto t0 = std::chrono::steady_clock::now();
        ours = bfs(a, s, o);
        ours_run = seconds_since(t0);
      };
      if ((k + std::size_t(run)) % 2 == 0) {
        run_ours();
        theirs = peers::graphblas_bfs(grb, s, o.levels, o.parents);
      } else {
        theirs = peers::graphblas_bfs(grb, s, o.levels, o.parents);
        run_ours();
      }
      ours_runs.push_back(ours_run);
      theirs_runs.push_back(theirs.seconds);
    }
    const double ours_s = tools::median(ours_runs);
    theirs.seconds = tools::median(theirs_runs);
    verify(a.csr(), s, ours, theirs, grb, ids);
    Report row;
    row.add("source", vertex_value(ids, s));
    row.add("depth", report::count(ours.depth));
    row.add("reached", report::count(ours.reached));
    row.add("spgraph_s", report::seconds_as_ms(ours_s));
    row.add("graphblas_s", report::seconds_as_ms(theirs.seconds));
    row.add("ratio", report::text_only(report::real(ours_s / theirs.seconds, "%.4f", "%.3f")));
    rows.push_back(row);
    ratios.push_back(ours_s / theirs.seconds);
    ours_t.push_back(ours_s);
    theirs_t.push_back(theirs.seconds);
  }

  Report r;
  r.add("job", report::str("bfs"));
  r.add("file", report::str(args.file));
  r.add("threads", report::count(threads));
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  r.add("load_seconds", report::text_only(report::seconds(graph.load_seconds)));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("verified", report::flag(true));
  r.add("computes", report::str(args.compute));
  r.add("computes_text", report::text(bfs_outputs_name(o)));
  r.add("verified_text",
        report::text(args.compute == "levels"    ? "levels identical"
                     : args.compute == "parents" ? "parents valid"
                                                 : "levels identical, parents valid"));
  r.add("rows", report::list(rows,
                             "{source:12} {depth:7} {reached:10} {spgraph_s:14} "
                             "{graphblas_s:14} {ratio:8}\n"));
  r.add("sources", report::text(std::to_string(rows.size())));
  r.add("median_spgraph_s", report::seconds_as_ms(tools::median(ours_t)));
  r.add("min_spgraph_s", report::text_only(report::seconds_as_ms(tools::min_of(ours_t))));
  r.add("max_spgraph_s", report::text_only(report::seconds_as_ms(tools::max_of(ours_t))));
  r.add("median_graphblas_s", report::seconds_as_ms(tools::median(theirs_t)));
  r.add("min_graphblas_s", report::text_only(report::seconds_as_ms(tools::min_of(theirs_t))));
  r.add("max_graphblas_s", report::text_only(report::seconds_as_ms(tools::max_of(theirs_t))));
  r.add("median_ratio", report::real(tools::median(ratios), "%.4f", "%.3f"));
  r.add("runs", report::count(args.runs));
  r.add("spgraph_peak_bytes", report::bytes(ours_peak));
  r.add("graphblas_peak_bytes", report::bytes(theirs_peak));
  r.add("graphblas_build_s", report::seconds(grb.build_seconds() + grb.properties_seconds()));
  r.add("graphblas_matrix_s", report::text_only(report::seconds(grb.build_seconds())));
  r.add("graphblas_properties_s", report::text_only(report::seconds(grb.properties_seconds())));
  if (args.g.json) return print_json(r);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(r, "{median_ratio}\n");
  print_text(r,
             "compare bfs: {file}\n"
             "graph: {n} vertices, {arcs} arcs, {kind}; loaded in {load_seconds} s\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "spgraph:   direction-optimizing BFS, {computes_text} (fused push/pull kernel)\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, LAGraph-style push/pull "
             "(any_secondi, complemented structural mask), {computes_text}\n"
             "GraphBLAS build (GrB_Matrix_build + wait): {graphblas_matrix_s} s; cached A' and "
             "degrees: {graphblas_properties_s} s (not timed below)\n"
             "      source   depth    reached   spgraph (ms) GraphBLAS (ms)    ratio\n"
             "{rows}"
             "verified: {verified_text}, {sources} sources\n"
             "median time: spgraph {median_spgraph_s} ms [{min_spgraph_s}-{max_spgraph_s}], "
             "GraphBLAS {median_graphblas_s} ms [{min_graphblas_s}-{max_graphblas_s}]\n"
             "median ratio spgraph/GraphBLAS: {median_ratio} (lower is better)\n"
             "peak memory (graph + BFS workspace): spgraph {spgraph_peak_bytes}, GraphBLAS "
             "{graphblas_peak_bytes}\n");
}

#endif

}  // namespace

void register_compare_bfs(CLI::App* compare) {
  auto args = std::make_shared<CompareBfsArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "bfs",
      "BFS levels and/or parents from the same sources in spgraph and GraphBLAS (LAGraph's "
      "push/pull method), verified, timed per source");
  cmd->add_option("file", args->file, "Graph file")->required();
  auto* n = cmd->add_option("--sources", args->random_sources,
                            "Number of random sources with out-arcs (default 16)")
                ->transform(integer_flag("--sources", 1, UINT64_MAX));
  cmd->add_option("--source,-s", args->sources,
                  "Source vertex in the file's numbering (1-based for .mtx); one per flag, "
                  "repeatable")
      ->allow_extra_args(false)
      ->check(vertex_flag("--source"))
      ->excludes(n);
  cmd->add_option("--runs", args->runs,
                  "Timed A/B pairs per source after one untimed warm-up (default 1); a source's "
                  "time is the median of its runs")
      ->transform(integer_flag("--runs", 1, 1000));
  cmd->add_option("--compute", args->compute,
                  "What both engines compute: levels, parents (like GAPBS's bfs) or both (the "
                  "default)")
      ->check(CLI::IsMember(kBfsOutputs));
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
