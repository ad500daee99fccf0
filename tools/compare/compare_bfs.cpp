// SPDX-License-Identifier: Apache-2.0
// `spgraph compare bfs FILE`: the same BFS in spgraph and in SuiteSparse:GraphBLAS, answers
// verified, times and peak memory side by side, following docs/BENCHMARKING.md: one load,
// each engine in its native form (GraphBLAS build time reported apart), same threads, one
// untimed warm-up each, then per-source A/B pairs; levels must be identical and every parent
// valid before any time is printed. --compute levels|parents|both makes both engines do the same
// work (LAGraph's BFS also takes either output alone); parents alone are checked against the
// levels of an untimed GraphBLAS search. With --backend cuda the peer is spgraph's CPU backend
// and spgraph runs on the device (compare_bfs_cuda.cpp).
#include <memory>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/cli/vertex_list.hpp"
#include "tools/common/stats.hpp"
#include "tools/compare/compare_cuda_plans.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/graphblas_peer.hpp"

namespace spgraph::cli {

namespace {

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

/// What one run holds: the graph, the sources, GraphBLAS's copy and the warm-up answers.
struct BfsState {
  explicit BfsState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  IdSpace ids;
  std::vector<Vertex> sources;
  BfsOptions o;
  std::unique_ptr<peers::GraphBlasGraph> grb;
  BfsResult warm;
  peers::GraphBlasBfsResult warm_grb;
  const Matrix<bool>& a() const { return std::get<Matrix<bool>>(graph.loaded.matrix); }
};

/// Each engine's time per source (the median of its --runs), and the report row of each source.
struct PerSourceTimes {
  std::vector<Report> rows;
  std::vector<double> ratios, ours, theirs;
};

struct BfsJob {
  /// --runs is the job's own: pairs per source, default 1.
  static constexpr bool kOwnRunsFlag = true;
  std::string file;
  std::size_t random_sources = 16;
  std::vector<std::string> sources;
  std::uint64_t seed = 1;
  std::string compute = "both";  ///< levels | parents | both

  void add_flags(CLI::App* cmd, CompareFlags& f);
  ComparePlan plan(const CompareFlags& f, int threads);
  PerSourceTimes time_sources(const BfsState& s, int runs) const;
  std::string add_fields(Report& r, const BfsState& s, const PerSourceTimes& t, const Measured& m,
                         int runs) const;
};

void BfsJob::add_flags(CLI::App* cmd, CompareFlags& f) {
  f.runs = 1;
  f.g.runs_on_cuda = true;  // --backend cuda: the device against the CPU (compare_bfs_cuda.cpp)
  cmd->add_option("file", file, "Graph file")->required();
  auto* n = cmd->add_option("--sources", random_sources,
                            "Number of random sources with out-arcs (default 16)")
                ->transform(integer_flag("--sources", 1, UINT64_MAX));
  cmd->add_option("--source,-s", sources,
                  "Source vertices in the file's ids (1-based for .mtx; names with "
                  "--remap-ids), comma-separated, quoting a name that holds a comma; repeatable")
      ->allow_extra_args(false)
      ->check(vertex_list_flag("--source"))
      ->excludes(n);
  cmd->add_option("--runs", f.runs,
                  "Timed A/B pairs per source after one untimed warm-up (default 1); a source's "
                  "time is the median of its runs")
      ->transform(integer_flag("--runs", 1, 1000));
  cmd->add_option("--compute", compute,
                  "What both engines compute: levels, parents (like GAPBS's bfs) or both (the "
                  "default)")
      ->check(CLI::IsMember(kBfsOutputs));
  cmd->add_option("--seed", seed, "Seed for choosing sources")
      ->transform(integer_flag("--seed", 0, UINT64_MAX));
}

ComparePlan BfsJob::plan(const CompareFlags& f, int) {
  auto s = std::make_shared<BfsState>(load_for_cli(file, f.load, f.g, true));
  const Matrix<bool>& a = s->a();
  if (a.nrows() != a.ncols()) throw InvalidArgument("compare bfs needs a square matrix");
  s->sources = flag_vertices("--source", sources, s->ids, a.nrows());
  if (s->sources.empty()) s->sources = pick_sources(a.csr(), random_sources, seed);
  set_bfs_outputs(compute, s->o);
  s->o.undirected = s->graph.undirected;
  if (backend_of(f.g) == Backend::Cuda)
    return plan_bfs_cuda(std::move(s->graph), file, s->sources, s->o, f.runs);
  s->grb = std::make_unique<peers::GraphBlasGraph>(
      a.csr(), peers::GraphBlasGraph::kind_of(s->graph.undirected));
  s->grb->cache_transpose();
  s->grb->cache_out_degree();

  // The warm-ups run from the first source; the timing runs every source (time_sources).
  ComparePlan p;
  p.ours = {a.memory_bytes(), [s] { s->warm = bfs(s->a(), s->sources[0], s->o); }, {}};
  p.theirs = {graphblas_bytes_estimate(a.csr(), s->graph.undirected),
              [s] {
                s->warm_grb =
                    peers::graphblas_bfs(*s->grb, s->sources[0], s->o.levels, s->o.parents);
              },
              {}};
  p.verify = [s] { verify(s->a().csr(), s->sources[0], s->warm, s->warm_grb, *s->grb, s->ids); };
  p.time_and_summarize = [this, s, runs = f.runs](Report& r, Measured& m) {
    return add_fields(r, *s, time_sources(*s, runs), m, runs);
  };
  p.layout =
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
      "verified: {verified_text}, {sources} sources\n";
  p.quiet_layout = "{median_ratio}\n";
  return p;
}

/// --runs A/B pairs per source, alternating which engine goes first (from source to source
/// too); each engine's time for a source is the median of its runs, and each source's answers
/// are verified.
PerSourceTimes BfsJob::time_sources(const BfsState& s, int runs) const {
  PerSourceTimes t;
  for (std::size_t k = 0; k < s.sources.size(); ++k) {
    const Vertex src = s.sources[k];
    BfsResult ours;
    peers::GraphBlasBfsResult theirs;
    std::vector<double> ours_runs, theirs_runs;
    for (int run = 0; run < runs; ++run) {
      double ours_run = 0;
      auto run_ours = [&] {
        auto t0 = std::chrono::steady_clock::now();
        ours = bfs(s.a(), src, s.o);
        ours_run = seconds_since(t0);
      };
      if ((k + std::size_t(run)) % 2 == 0) {
        run_ours();
        theirs = peers::graphblas_bfs(*s.grb, src, s.o.levels, s.o.parents);
      } else {
        theirs = peers::graphblas_bfs(*s.grb, src, s.o.levels, s.o.parents);
        run_ours();
      }
      ours_runs.push_back(ours_run);
      theirs_runs.push_back(theirs.seconds);
    }
    const double ours_s = tools::median(ours_runs);
    theirs.seconds = tools::median(theirs_runs);
    verify(s.a().csr(), src, ours, theirs, *s.grb, s.ids);
    Report row;
    row.add("source", vertex_value(s.ids, src));
    row.add("depth", report::count(ours.depth));
    row.add("reached", report::count(ours.reached));
    row.add("spgraph_s", report::seconds_as_ms(ours_s));
    row.add("graphblas_s", report::seconds_as_ms(theirs.seconds));
    row.add("ratio", report::text_only(report::real(ours_s / theirs.seconds, "%.4f", "%.3f")));
    t.rows.push_back(row);
    t.ratios.push_back(ours_s / theirs.seconds);
    t.ours.push_back(ours_s);
    t.theirs.push_back(theirs.seconds);
  }
  return t;
}

/// The report: the job's fields, the per-source rows and their summary. Returns the layout of
/// the summary.
std::string BfsJob::add_fields(Report& r, const BfsState& s, const PerSourceTimes& t,
                               const Measured& m, int runs) const {
  const Matrix<bool>& a = s.a();
  add_job_fields(r, "bfs", file, m.threads);
  r.add("n", report::count(a.nrows()));
  r.add("arcs", report::count(a.nvals()));
  r.add("kind", report::text(s.graph.undirected ? "undirected" : "directed"));
  r.add("load_seconds", report::text_only(report::seconds(s.graph.load_seconds)));
  r.add("graphblas_version", report::text(peers::graphblas_version()));
  r.add("verified", report::flag(true));
  r.add("computes", report::str(compute));
  r.add("computes_text", report::text(bfs_outputs_name(s.o)));
  r.add("verified_text", report::text(compute == "levels"    ? "levels identical"
                                      : compute == "parents" ? "parents valid"
                                                             : "levels identical, parents valid"));
  r.add("rows", report::list(t.rows,
                             "{source:12} {depth:7} {reached:10} {spgraph_s:14} "
                             "{graphblas_s:14} {ratio:8}\n"));
  r.add("sources", report::text(std::to_string(t.rows.size())));
  r.add("median_spgraph_s", report::seconds_as_ms(tools::median(t.ours)));
  r.add("min_spgraph_s", report::text_only(report::seconds_as_ms(tools::min_of(t.ours))));
  r.add("max_spgraph_s", report::text_only(report::seconds_as_ms(tools::max_of(t.ours))));
  r.add("median_graphblas_s", report::seconds_as_ms(tools::median(t.theirs)));
  r.add("min_graphblas_s", report::text_only(report::seconds_as_ms(tools::min_of(t.theirs))));
  r.add("max_graphblas_s", report::text_only(report::seconds_as_ms(tools::max_of(t.theirs))));
  r.add("median_ratio", report::real(tools::median(t.ratios), "%.4f", "%.3f"));
  r.add("runs", report::count(runs));
  r.add("spgraph_peak_bytes", report::bytes(m.ours_peak));
  r.add("graphblas_peak_bytes", report::bytes(m.theirs_peak));
  r.add("graphblas_build_s", report::seconds(s.grb->build_seconds() + s.grb->properties_seconds()));
  r.add("graphblas_matrix_s", report::text_only(report::seconds(s.grb->build_seconds())));
  r.add("graphblas_properties_s", report::text_only(report::seconds(s.grb->properties_seconds())));
  return "median time: spgraph {median_spgraph_s} ms [{min_spgraph_s}-{max_spgraph_s}], "
         "GraphBLAS {median_graphblas_s} ms [{min_graphblas_s}-{max_graphblas_s}]\n"
         "median ratio spgraph/GraphBLAS: {median_ratio} (lower is better)\n"
         "peak memory (graph + BFS workspace): spgraph {spgraph_peak_bytes}, GraphBLAS "
         "{graphblas_peak_bytes}\n";
}

}  // namespace

void register_compare_bfs(CLI::App* compare) {
  register_compare_job<BfsJob>(
      compare, "bfs",
      "BFS levels and/or parents from the same sources in spgraph and GraphBLAS (LAGraph's "
      "push/pull method), verified, timed per source");
}

}  // namespace spgraph::cli
