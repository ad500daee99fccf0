// SPDX-License-Identifier: Apache-2.0
// `spgraph compare kcore FILE`: the core number of every vertex in spgraph (the parallel peel of
// algorithms/cores/kcore.hpp) and in igraph (igraph_coreness, mode IGRAPH_ALL, serial), both on the
// same simple undirected graph: A ∪ A' without self-loops, prepared once and not timed (for a
// directed file, the cores of its undirected version). The numbers must be identical, vertex by
// vertex, before times are printed (algorithms/cores/cores_verify.hpp); the first differing
// vertex is named as the file names it.
#include "algorithms/cores/cores.hpp"
#include "algorithms/cores/cores_verify.hpp"
#include "algorithms/triangles/triangles.hpp"
#include "tools/compare/compare_driver.hpp"
#include "tools/compare/peers/igraph_cores.hpp"

namespace spgraph::cli {

namespace {

/// What one run holds: the input, igraph's copy and both answers.
struct KcoreState {
  explicit KcoreState(const LoadInfo& info) : ids(info) {}
  Matrix<bool> a;
  IdSpace ids;
  double prepare_s = 0;
  std::unique_ptr<peers::IgraphGraph> ig;
  CoreOptions o;
  KcoreResult ours;
  peers::IgraphCoreResult theirs;
};

/// The vertices whose core number is the largest (the innermost core's size).
std::uint64_t innermost(const KcoreResult& r) {
  std::uint64_t count = 0;
  for (Vertex c : r.core) count += c == r.max_core;
  return count;
}

struct KcoreJob {
  std::string file;

  void add_flags(CLI::App* cmd, CompareFlags&) {
    cmd->add_option("file", file, "Graph file (a directed graph is taken as undirected)")
        ->required();
  }

  ComparePlan plan(const CompareFlags& f, int threads);
};

ComparePlan KcoreJob::plan(const CompareFlags& f, int threads) {
  CliGraph graph = load_for_cli(file, f.load, f.g, true);
  auto s = std::make_shared<KcoreState>(graph.loaded.info);
  const auto tp = std::chrono::steady_clock::now();
  s->a = simple_undirected_pattern(std::get<Matrix<bool>>(graph.loaded.matrix));
  s->prepare_s = seconds_since(tp);
  s->ig = std::make_unique<peers::IgraphGraph>(s->a.csr(), true, peers::IgraphSelfLoops::Drop);
  s->o.undirected = true;

  ComparePlan p;
  p.theirs_name = "igraph";
  p.ours = {s->a.memory_bytes(), [s] { s->ours = kcore(s->a, s->o); },
            [s] {
              KcoreResult r;
              const double sec = timed([&] { r = kcore(s->a, s->o); });
              require_verified(check_same_core_numbers(r.core, s->ours.core, file_names(s->ids),
                                                       {"spgraph", "spgraph's first run"}));
              return sec;
            }};
  p.theirs = {s->ig->memory_bytes(), [s] { s->theirs = peers::igraph_core_numbers(*s->ig); },
              [s] {
                const auto r = peers::igraph_core_numbers(*s->ig);
                require_verified(check_same_core_numbers(s->ours.core, r.core, file_names(s->ids),
                                                         kIgraphEngines));
                return r.seconds;
              }};
  p.verify = [s] {
    require_verified(
        check_same_core_numbers(s->ours.core, s->theirs.core, file_names(s->ids), kIgraphEngines));
  };
  p.add_fields = [this, s, threads](Report& r, const Measured&) {
    add_job_fields(r, "kcore", file, threads);
    r.add("n", report::count(s->a.nrows()));
    r.add("edges", report::count(s->a.nvals() / 2));
    r.add("max_core", report::count(s->ours.max_core));
    r.add("max_core_vertices", report::count(innermost(s->ours)));
    r.add("verified", report::flag(true));
    r.add("spgraph_levels", report::count(s->ours.levels));
    r.add("spgraph_parallel_levels", report::count(s->ours.parallel_levels));
    r.add("igraph_version", report::text(peers::igraph_version_text()));
    r.add("prepare_s", report::seconds(s->prepare_s));
    r.add("igraph_build_s", report::seconds(s->ig->build_seconds()));
  };
  p.layout =
      "compare kcore: {file}\n"
      "graph: {n} vertices, {edges} undirected edges (simple: A + A', no self-loops; "
      "prepared in {prepare_s} s, not timed)\n"
      "threads: {threads} (spgraph; igraph runs serially)\n"
      "spgraph: parallel peel by levels, {spgraph_levels} levels ({spgraph_parallel_levels} on "
      "several threads)\n"
      "igraph:  igraph {igraph_version}, igraph_coreness (mode all)\n"
      "not timed: igraph build {igraph_build_s} s\n"
      "verified: identical core numbers; the largest is {max_core}, held by "
      "{max_core_vertices} vertices\n";
  p.quiet_layout = "{median_ratio_igraph}\n";
  return p;
}

}  // namespace

void register_compare_kcore(CLI::App* compare) {
  register_compare_job<KcoreJob>(
      compare, "kcore",
      "Core numbers in spgraph and igraph (igraph_coreness), verified vertex by vertex, timed");
}

}  // namespace spgraph::cli
