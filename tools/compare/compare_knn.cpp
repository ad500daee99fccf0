// `spgraph compare knn FILE --measure M --k K (--all | --vertex V ...)` and `spgraph compare knn
// --features X [--queries Q]`: top-k similarity or feature kNN in spgraph and in
// SuiteSparse:GraphBLAS (tools/compare/peers/graphblas_knn.hpp: masked plus_pair mxm, degree
// normalisation with diagonal matrices and eWiseMult, extractTuples, per-row sort), in the same
// process. Verified before any time is printed (algorithms/knn/knn_verify.hpp): the count measures
// (common, jaccard, cosine, overlap) derive their scores from integer counts with the same double
// formulas, so ids and scores must be identical bit for bit; Adamic-Adar, resource allocation, dot
// and cosine of features sum floating-point terms in another order, so each score must agree within
// a relative 1e-12 (of the larger of the two, or of the query's best score) and ids must agree rank
// by rank except among answers whose scores are that close (near-ties, counted).
#include <cmath>
#include <memory>

#include "algorithms/knn/knn_verify.hpp"
#include "engine/context.hpp"
#include "tools/common/stats.hpp"
#include "tools/compare/compare_common.hpp"
#include "tools/cli/knn_common.hpp"
#ifdef SPGRAPH_HAVE_GRAPHBLAS
#include "tools/compare/peers/graphblas_knn.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"
#endif

namespace spgraph::cli {

namespace {

struct CompareKnnArgs {
  GlobalOptions g;
  LoadFlags load;
  KnnFlags knn;
  std::string file;
  int runs = 5;
};

#ifdef SPGRAPH_HAVE_GRAPHBLAS

/// How answers are compared (compare_knn, algorithms/knn/knn_verify.hpp), and how their ids are
/// named in messages.
struct Verifier {
  bool exact = true;
  const IdSpace* query_ids = nullptr;
  const IdSpace* answer_ids = nullptr;

  /// Throws VerificationFailed at the first difference;
  /// returns the number of answers whose ids differ inside a tolerated near-tie.
  std::size_t check(const KnnResult& ours, const peers::GraphBlasKnnResult& theirs) const {
    const KnnComparison c = compare_knn(
        ours, theirs, exact, [this](Vertex v) { return query_ids->name(v); },
        [this](Vertex v) { return answer_ids->name(v); }, {"spgraph", "GraphBLAS"});
    // main prints the difference on stderr ("spgraph: MISMATCH: ..."), so stdout stays the
    // report alone (one JSON object with --json).
    if (!c.error.empty()) throw VerificationFailed("compare knn: " + c.error);
    return c.near_ties;
  }
};

peers::GraphBlasSimilarity peer_measure(SimilarityMeasure m) {
  switch (m) {
    case SimilarityMeasure::CommonNeighbors:
      return peers::GraphBlasSimilarity::CommonNeighbors;
    case SimilarityMeasure::Jaccard:
      return peers::GraphBlasSimilarity::Jaccard;
    case SimilarityMeasure::Cosine:
      return peers::GraphBlasSimilarity::Cosine;
    case SimilarityMeasure::Overlap:
      return peers::GraphBlasSimilarity::Overlap;
    case SimilarityMeasure::AdamicAdar:
      return peers::GraphBlasSimilarity::AdamicAdar;
    case SimilarityMeasure::ResourceAllocation:
      break;
  }
  return peers::GraphBlasSimilarity::ResourceAllocation;
}

/// What both engines ran, for the report.
struct Run {
  KnnResult ours;
  peers::GraphBlasKnnResult theirs;
  std::uint64_t ours_peak = 0, theirs_peak = 0;
  PairTimes t;
  std::size_t near_ties = 0;
};

/// Warm-up runs (each with its peak-memory window), verification, then the timed pairs.
template <class Ours, class Theirs>
Run run_both(int runs, std::uint64_t ours_base, std::uint64_t theirs_base, const Verifier& v,
             Ours&& ours, Theirs&& theirs) {
  Run r;
  r.ours_peak = ours_base + peak_rise([&] { r.ours = ours(); });
  r.theirs_peak = theirs_base + peak_rise([&] { r.theirs = theirs(); });
  r.near_ties = v.check(r.ours, r.theirs);
  r.t = time_pairs(
      runs,
      [&] {
        KnnResult x;
        const double s = timed([&] { x = ours(); });
        v.check(x, r.theirs);
        return s;
      },
      [&] {
        const peers::GraphBlasKnnResult x = theirs();
        v.check(r.ours, x);
        return x.seconds;
      });
  return r;
}

/// The report's verdict and timing lines, shared by both kinds of input.
std::string finish_report(Report& rep, const Run& run, bool exact, int threads) {
  rep.add("threads", report::count(threads));
  rep.add("answers_identical", report::flag(true));
  rep.add("answer_count", report::count(run.ours.ids.size()));
  rep.add("exact", report::flag(exact));
  rep.add("near_ties", report::count(run.near_ties));
  rep.add("rule",
          report::text(exact ? "ids and scores bit for bit"
                             : "scores within 1e-12 relative; " + std::to_string(run.near_ties) +
                                   " near-tie answers in another order tolerated"));
  rep.add("graphblas_blocks", report::count(run.theirs.blocks));
  rep.add("graphblas_version", report::text(peers::graphblas_version()));
  const Contender us{"spgraph", run.t.ours, run.ours_peak, ""};
  const Contender peer{"GraphBLAS", run.t.theirs, run.theirs_peak, ""};
  const double q = double(run.ours.num_queries());
  const double mo = tools::median(run.t.ours), mt = tools::median(run.t.theirs);
  rep.add("spgraph_rows_per_second", report::real(mo > 0 ? q / mo : 0, "%.1f", "%.0f"));
  rep.add("graphblas_rows_per_second", report::real(mt > 0 ? q / mt : 0, "%.1f", "%.0f"));
  return add_timing_summary(rep, us, {peer});
}

void run_compare_graph(const CompareKnnArgs& args, KnnJob& job, int threads) {
  if (job.kind == KnnJob::Kind::Distance)
    throw InvalidArgument("compare knn covers the similarity measures and --features; --measure " +
                          job.measure +
                          " has no GraphBLAS peer here (compare bfs and compare "
                          "sssp check the traversals it uses)");
  CliGraph graph = load_for_cli(args.file, args.load, args.g, true);
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph.loaded.matrix);
  if (a.nrows() != a.ncols())
    throw InvalidArgument("compare knn: " + args.file + " holds a " + std::to_string(a.nrows()) +
                          " x " + std::to_string(a.ncols()) + " matrix; a graph must be square");
  const IdSpace ids(graph.loaded.info);
  const std::vector<Vertex> queries = knn_queries(args.knn, ids, a.nrows());
  job.similarity.undirected = graph.undirected;
  const peers::GraphBlasNeighborhood nb =
      job.similarity.neighborhood == Neighborhood::In     ? peers::GraphBlasNeighborhood::In
      : job.similarity.neighborhood == Neighborhood::Both ? peers::GraphBlasNeighborhood::Both
                                                          : peers::GraphBlasNeighborhood::Out;
  const peers::GraphBlasKnnGraph grb(a.csr(), graph.undirected, nb);
  peers::GraphBlasSimilarityOptions po;
  po.k = job.k;
  po.measure = peer_measure(job.similarity.measure);
  po.include_neighbors = job.similarity.include_neighbors;
  po.include_self = job.similarity.include_self;
  const bool weighted = job.similarity.measure == SimilarityMeasure::AdamicAdar ||
                        job.similarity.measure == SimilarityMeasure::ResourceAllocation;
  const Verifier v{!weighted, &ids, &ids};
  const std::vector<std::uint32_t> peer_queries(queries.begin(), queries.end());
  const Run run = run_both(
      args.runs, a.memory_bytes(), grb.memory_bytes(), v,
      [&] {
        return args.knn.all ? similarity_knn_all(a, job.similarity)
                            : similarity_knn(a, queries, job.similarity);
      },
      [&] {
        return peers::graphblas_similarity_knn(grb, args.knn.all ? nullptr : &peer_queries, po);
      });
  Report rep;
  rep.add("job", report::str("knn"));
  rep.add("file", report::str(args.file));
  rep.add("n", report::count(a.nrows()));
  rep.add("arcs", report::count(a.nvals()));
  rep.add("kind", report::text(graph.undirected ? "undirected" : "directed"));
  rep.add("measure", report::str(job.measure));
  rep.add("neighborhood", graph.undirected ? report::null() : report::str(args.knn.neighborhood));
  rep.add("neighborhood_text",
          report::text(graph.undirected ? std::string()
                                        : ", " + args.knn.neighborhood + "-neighbourhoods"));
  rep.add("k", report::count(job.k));
  rep.add("k_text", report::text(knn_k_text(job.k)));
  rep.add("excluded", report::text(knn_exclusions(job)));
  rep.add("queries", report::count(run.ours.num_queries()));
  rep.add("graphblas_method",
          report::text(weighted ? "C<!M,struct> = (B plus_times diag(w)) plus_times B'"
                                : "C<!M,struct> = B plus_pair B'"));
  rep.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = finish_report(rep, run, !weighted, threads);
  if (args.g.json) return print_json(rep);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(rep, "{median_ratio_graphblas}\n");
  print_text(rep,
             "compare knn: {file}\n"
             "graph: {n} vertices, {arcs} arcs, {kind}\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "job: top-k {measure}{neighborhood_text}, {queries} queries ({k_text}; {excluded})\n"
             "spgraph:   hash SpGEMM row of B B' fused with a top-k selector per query\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, {graphblas_method}, "
             "degree normalisation by GrB_mxm/GrB_eWiseMult, extractTuples + per-row sort, "
             "{graphblas_blocks} row blocks\n"
             "not timed: GraphBLAS build + cached B', degrees {graphblas_build_s} s\n"
             "answers: identical ({answer_count} answers; {rule})\n"
             "throughput: spgraph {spgraph_rows_per_second} queries/s, GraphBLAS "
             "{graphblas_rows_per_second} queries/s (medians)\n" +
                 summary);
}

void run_compare_features(const CompareKnnArgs& args, const KnnJob& job, int threads) {
  auto [x, q] = load_features(args.knn, args.load, args.g);
  const IdSpace x_ids(x.info);
  const IdSpace q_ids(q ? q->info : x.info);
  const peers::GraphBlasFeatures grb(x.m.csr(), q ? &q->m.csr() : nullptr);
  peers::GraphBlasFeatureOptions po;
  po.k = job.k;
  po.cosine = job.features.measure == FeatureMeasure::Cosine;
  po.threshold = job.features.threshold;
  po.include_self = job.features.include_self;
  const Verifier v{false, &q_ids, &x_ids};
  const std::uint64_t ours_base = x.m.memory_bytes() + (q ? q->m.memory_bytes() : 0);
  const Run run = run_both(
      args.runs, ours_base, grb.memory_bytes(), v,
      [&] { return feature_knn(x.m, q ? &q->m : nullptr, job.features); },
      [&] { return peers::graphblas_feature_knn(grb, po); });
  Report rep;
  rep.add("job", report::str("knn-features"));
  rep.add("file", report::str(x.path));
  rep.add("rows", report::count(x.m.nrows()));
  rep.add("cols", report::count(x.m.ncols()));
  rep.add("entries", report::count(x.m.nvals()));
  rep.add("queries_file", q ? report::str(q->path) : report::null());
  rep.add("measure", report::str(job.measure));
  rep.add("k", job.k == kAllNeighbors ? report::null() : report::count(job.k));
  rep.add("k_text", report::text(knn_k_text(job.k)));
  rep.add("threshold", std::isfinite(job.features.threshold)
                           ? report::real(job.features.threshold, "%.17g", "%g")
                           : report::null());
  rep.add("excluded", report::text(knn_exclusions(job)));
  rep.add("queries", report::count(run.ours.num_queries()));
  rep.add("graphblas_build_s", report::seconds(grb.build_seconds()));
  const std::string summary = finish_report(rep, run, false, threads);
  if (args.g.json) return print_json(rep);
  // --quiet: the result alone (verified, or exit code 3 before this), the median ratio.
  if (args.g.quiet) return print_text(rep, "{median_ratio_graphblas}\n");
  print_text(rep,
             "compare knn: --features {file}\n"
             "features: {rows} rows x {cols} columns, {entries} entries\n"
             "threads: {threads} (spgraph and GraphBLAS)\n"
             "job: top-k {measure}, {queries} query rows ({k_text}; {excluded})\n"
             "spgraph:   hash SpGEMM row of Q X' fused with a top-k selector per row\n"
             "GraphBLAS: SuiteSparse:GraphBLAS {graphblas_version}, rows normalised by "
             "diag(1/norm) (cosine), S<!I,struct> = Q plus_times X', extractTuples + per-row "
             "sort, {graphblas_blocks} row blocks\n"
             "not timed: GraphBLAS build + X' {graphblas_build_s} s\n"
             "answers: identical ({answer_count} answers; {rule})\n"
             "throughput: spgraph {spgraph_rows_per_second} rows/s, GraphBLAS "
             "{graphblas_rows_per_second} rows/s (medians)\n" +
                 summary);
}

void run_compare_knn(const CompareKnnArgs& args) {
  apply_global_flags(args.g);
  const int threads = num_threads();
  peers::graphblas_init(threads);
  KnnJob job = knn_job(args.knn, args.file, args.load);
  if (job.kind == KnnJob::Kind::Features) return run_compare_features(args, job, threads);
  run_compare_graph(args, job, threads);
}

#endif

}  // namespace

void register_compare_knn(CLI::App* compare) {
  auto args = std::make_shared<CompareKnnArgs>();
  CLI::App* cmd = compare->add_subcommand(
      "knn",
      "Top-k similarity (or feature kNN) in spgraph and GraphBLAS (masked plus_pair mxm, "
      "extractTuples, per-row sort), answers verified, timed");
  cmd->add_option("file", args->file, "Graph file (omit with --features)");
  add_knn_flags(cmd, args->knn);
  add_runs_flag(cmd, args->runs);
  add_global_flags(cmd, args->g);
  add_load_flags(cmd, args->load);
  cmd->footer(knn_help_footer());
  cmd->callback([args] {
#ifdef SPGRAPH_HAVE_GRAPHBLAS
    run_compare_knn(*args);
#else
    graphblas_unavailable();
#endif
  });
}

}  // namespace spgraph::cli
