// SPDX-License-Identifier: Apache-2.0
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
#include "tools/cli/knn_common.hpp"
#include "tools/common/stats.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/compare_knn_device.hpp"
#include "tools/compare/peers/graphblas_knn.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

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
        [this](Vertex v) { return answer_ids->name(v); }, kEngines);
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

/// What both engines answered, and how the answers are compared.
struct KnnAnswers {
  explicit KnnAnswers(Verifier verifier) : v(verifier) {}
  Verifier v;
  KnnResult ours;
  peers::GraphBlasKnnResult theirs;
  std::size_t near_ties = 0;
};

/// The plan's runners and verification for two engine calls whose answers `answers` keeps.
template <class Ours, class Theirs>
void plan_runs(ComparePlan& p, const std::shared_ptr<KnnAnswers>& answers, std::uint64_t ours_bytes,
               std::uint64_t theirs_bytes, Ours ours, Theirs theirs) {
  const auto& s = answers;
  p.ours = {ours_bytes, [s, ours] { s->ours = ours(); },
            [s, ours] {
              KnnResult x;
              const double sec = timed([&] { x = ours(); });
              s->v.check(x, s->theirs);
              return sec;
            }};
  p.theirs = {theirs_bytes, [s, theirs] { s->theirs = theirs(); },
              [s, theirs] {
                const peers::GraphBlasKnnResult x = theirs();
                s->v.check(s->ours, x);
                return x.seconds;
              }};
  p.verify = [s] { s->near_ties = s->v.check(s->ours, s->theirs); };
}

/// The report's verdict and throughput fields, shared by both kinds of input.
void add_verdict_fields(Report& rep, const KnnAnswers& s, const Measured& m) {
  const bool exact = s.v.exact;
  rep.add("threads", report::count(m.threads));
  rep.add("answers_identical", report::flag(true));
  rep.add("answer_count", report::count(s.ours.ids.size()));
  rep.add("exact", report::flag(exact));
  rep.add("near_ties", report::count(s.near_ties));
  rep.add("rule",
          report::text(exact ? "ids and scores bit for bit"
                             : "scores within 1e-12 relative; " + std::to_string(s.near_ties) +
                                   " near-tie answers in another order tolerated"));
  rep.add("graphblas_blocks", report::count(s.theirs.blocks));
  rep.add("graphblas_version", report::text(peers::graphblas_version()));
  const double q = double(s.ours.num_queries());
  const double mo = tools::median(m.times.ours), mt = tools::median(m.times.theirs);
  rep.add("spgraph_rows_per_second", report::real(mo > 0 ? q / mo : 0, "%.1f", "%.0f"));
  rep.add("graphblas_rows_per_second", report::real(mt > 0 ? q / mt : 0, "%.1f", "%.0f"));
}

struct KnnCompareJob {
  std::string file;
  KnnFlags knn;

  void add_flags(CLI::App* cmd, CompareFlags& f) {
    f.g.runs_on_cuda = true;  // --backend cuda: the device against the CPU (compare_knn_device)
    cmd->add_option("file", file, "Graph file (omit with --features)");
    add_knn_flags(cmd, knn);
    cmd->footer(knn_help_footer());
  }

  ComparePlan plan(const CompareFlags& f, int) {
    KnnJob job = knn_job(knn, file, f.load);
    if (backend_of(f.g) == Backend::Cuda) return plan_knn_on_device(f, job, knn, file);
    if (job.kind == KnnJob::Kind::Features) return plan_features(f, job);
    return plan_graph(f, job);
  }

  ComparePlan plan_graph(const CompareFlags& f, KnnJob& job) const;
  ComparePlan plan_features(const CompareFlags& f, const KnnJob& job) const;
};

ComparePlan KnnCompareJob::plan_graph(const CompareFlags& f, KnnJob& job) const {
  if (job.kind == KnnJob::Kind::Distance)
    throw InvalidArgument("compare knn covers the similarity measures and --features; --measure " +
                          job.measure +
                          " has no GraphBLAS peer here (compare bfs and compare "
                          "sssp check the traversals it uses)");
  auto graph = std::make_shared<CliGraph>(load_for_cli(file, f.load, f.g, true));
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph->loaded.matrix);
  if (a.nrows() != a.ncols())
    throw InvalidArgument("compare knn: " + file + " holds a " + std::to_string(a.nrows()) + " x " +
                          std::to_string(a.ncols()) + " matrix; a graph must be square");
  auto ids = std::make_shared<const IdSpace>(graph->loaded.info);
  const std::vector<Vertex> queries = knn_queries(knn, *ids, a.nrows());
  job.similarity.undirected = graph->undirected;
  const peers::GraphBlasNeighborhood nb =
      job.similarity.neighborhood == Neighborhood::In     ? peers::GraphBlasNeighborhood::In
      : job.similarity.neighborhood == Neighborhood::Both ? peers::GraphBlasNeighborhood::Both
                                                          : peers::GraphBlasNeighborhood::Out;
  auto grb = std::make_shared<peers::GraphBlasGraph>(
      nb == peers::GraphBlasNeighborhood::Both && !graph->undirected
          ? peers::GraphBlasGraph::symmetrized(a.csr())
          : peers::GraphBlasGraph(a.csr(), peers::GraphBlasGraph::kind_of(graph->undirected)));
  grb->cache_transpose();
  grb->cache_out_degree();
  grb->cache_in_degree();
  peers::GraphBlasSimilarityOptions po;
  po.k = job.k;
  po.measure = peer_measure(job.similarity.measure);
  po.include_neighbors = job.similarity.include_neighbors;
  po.include_self = job.similarity.include_self;
  po.neighborhood = nb;
  const bool weighted = job.similarity.measure == SimilarityMeasure::AdamicAdar ||
                        job.similarity.measure == SimilarityMeasure::ResourceAllocation;
  auto answers = std::make_shared<KnnAnswers>(Verifier{!weighted, ids.get(), ids.get()});
  const std::vector<std::uint32_t> peer_queries(queries.begin(), queries.end());

  ComparePlan p;
  plan_runs(
      p, answers, a.memory_bytes(), grb->memory_bytes(),
      [graph, queries, all = knn.all, sim = job.similarity] {
        const Matrix<bool>& g = std::get<Matrix<bool>>(graph->loaded.matrix);
        return all ? similarity_knn_all(g, sim) : similarity_knn(g, queries, sim);
      },
      [grb, peer_queries, all = knn.all, po] {
        return peers::graphblas_similarity_knn(*grb, all ? nullptr : &peer_queries, po);
      });
  p.add_fields = [this, graph, ids, grb, answers, job, weighted](Report& rep, const Measured& m) {
    const Matrix<bool>& a = std::get<Matrix<bool>>(graph->loaded.matrix);
    rep.add("job", report::str("knn"));
    rep.add("file", report::str(file));
    rep.add("n", report::count(a.nrows()));
    rep.add("arcs", report::count(a.nvals()));
    rep.add("kind", report::text(graph->undirected ? "undirected" : "directed"));
    rep.add("measure", report::str(job.measure));
    rep.add("neighborhood", graph->undirected ? report::null() : report::str(knn.neighborhood));
    rep.add("neighborhood_text",
            report::text(graph->undirected ? std::string()
                                           : ", " + knn.neighborhood + "-neighbourhoods"));
    rep.add("k", report::count(job.k));
    rep.add("k_text", report::text(knn_k_text(job.k)));
    rep.add("excluded", report::text(knn_exclusions(job)));
    rep.add("queries", report::count(answers->ours.num_queries()));
    rep.add("graphblas_method",
            report::text(weighted ? "C<!M,struct> = (B plus_times diag(w)) plus_times B'"
                                  : "C<!M,struct> = B plus_pair B'"));
    rep.add("graphblas_build_s", report::seconds(grb->build_seconds() + grb->properties_seconds()));
    add_verdict_fields(rep, *answers, m);
  };
  p.layout =
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
      "{graphblas_rows_per_second} queries/s (medians)\n";
  return p;
}

ComparePlan KnnCompareJob::plan_features(const CompareFlags& f, const KnnJob& job) const {
  auto features =
      std::make_shared<decltype(load_features(knn, f.load, f.g))>(load_features(knn, f.load, f.g));
  auto& [x, q] = *features;
  auto x_ids = std::make_shared<const IdSpace>(x.info);
  auto q_ids = std::make_shared<const IdSpace>(q ? q->info : x.info);
  auto grb = std::make_shared<const peers::GraphBlasFeatures>(x.m.csr(), q ? &q->m.csr() : nullptr);
  peers::GraphBlasFeatureOptions po;
  po.k = job.k;
  po.cosine = job.features.measure == FeatureMeasure::Cosine;
  po.threshold = job.features.threshold;
  po.include_self = job.features.include_self;
  auto answers = std::make_shared<KnnAnswers>(Verifier{false, q_ids.get(), x_ids.get()});

  ComparePlan p;
  plan_runs(
      p, answers, x.m.memory_bytes() + (q ? q->m.memory_bytes() : 0), grb->memory_bytes(),
      [features, x_ids, q_ids, options = job.features] {
        const auto& [xf, qf] = *features;
        return feature_knn(xf.m, qf ? &qf->m : nullptr, options);
      },
      [grb, po] { return peers::graphblas_feature_knn(*grb, po); });
  p.add_fields = [features, grb, answers, job](Report& rep, const Measured& m) {
    const auto& [xf, qf] = *features;
    rep.add("job", report::str("knn-features"));
    rep.add("file", report::str(xf.path));
    rep.add("rows", report::count(xf.m.nrows()));
    rep.add("cols", report::count(xf.m.ncols()));
    rep.add("entries", report::count(xf.m.nvals()));
    rep.add("queries_file", qf ? report::str(qf->path) : report::null());
    rep.add("measure", report::str(job.measure));
    rep.add("k", job.k == kAllNeighbors ? report::null() : report::count(job.k));
    rep.add("k_text", report::text(knn_k_text(job.k)));
    rep.add("threshold", std::isfinite(job.features.threshold)
                             ? report::real(job.features.threshold, "%.17g", "%g")
                             : report::null());
    rep.add("excluded", report::text(knn_exclusions(job)));
    rep.add("queries", report::count(answers->ours.num_queries()));
    rep.add("graphblas_build_s", report::seconds(grb->build_seconds()));
    add_verdict_fields(rep, *answers, m);
  };
  p.layout =
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
      "{graphblas_rows_per_second} rows/s (medians)\n";
  return p;
}

}  // namespace

void register_compare_knn(CLI::App* compare) {
  register_compare_job<KnnCompareJob>(
      compare, "knn",
      "Top-k similarity (or feature kNN) in spgraph and GraphBLAS (masked plus_pair mxm, "
      "extractTuples, per-row sort), answers verified, timed");
}

}  // namespace spgraph::cli
