// SPDX-License-Identifier: Apache-2.0
// `compare pagerank --backend cuda` (compare_cuda_plans.hpp): the device power iteration against
// the CPU one, A/B pairs, each device run end to end (upload, steps, download).
#include <memory>

#include "algorithms/pagerank/pagerank_cuda.hpp"
#include "algorithms/pagerank/pagerank_verify.hpp"
#include "tools/cli/device_run_report.hpp"
#include "tools/compare/compare_cuda_plans.hpp"

namespace spgraph::cli {

namespace {

inline constexpr AnswerNames kBackends{"the CUDA backend", "the CPU backend"};

struct PageRankCudaState {
  explicit PageRankCudaState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  IdSpace ids;
  PageRankOptions o;
  PageRankResult device, cpu;
  DeviceRun cost;  ///< of the last device run
  RankComparison check;
  const Matrix<bool>& a() const { return std::get<Matrix<bool>>(graph.loaded.matrix); }
};

RankComparison verify(const PageRankResult& device, const PageRankResult& cpu, const IdSpace& ids) {
  RankComparison c = compare_ranks(rank_run(device), rank_run(cpu), file_names(ids), kBackends);
  require_verified(c.error);
  return c;
}

}  // namespace

ComparePlan plan_pagerank_cuda(CliGraph graph, const std::string& file, PageRankOptions o,
                               const std::string& variant, int threads) {
  auto s = std::make_shared<PageRankCudaState>(std::move(graph));
  s->o = o;
  detail::refuse_pagerank_cuda_options(s->o);
  if (!s->o.undirected) s->a().transposed();  // the CPU's in-arcs, built before the timing

  ComparePlan p;
  p.theirs_name = "cpu";
  p.ours = {0, [s] { s->device = pagerank_cuda(s->a(), s->o, &s->cost); },
            [s] {
              PageRankResult r;
              DeviceRun cost;
              const double sec = timed([&] { r = pagerank_cuda(s->a(), s->o, &cost); });
              s->cost = cost;
              verify(r, s->cpu, s->ids);
              return sec;
            }};
  p.theirs = {s->a().memory_bytes(), [s] { s->cpu = pagerank(s->a(), s->o); },
              [s] {
                PageRankResult r;
                const double sec = timed([&] { r = pagerank(s->a(), s->o); });
                verify(s->device, r, s->ids);
                return sec;
              }};
  p.verify = [s] { s->check = verify(s->device, s->cpu, s->ids); };
  p.add_fields = [s, file, variant, threads](Report& r, const Measured&) {
    add_job_fields(r, "pagerank", file, threads);
    r.add("backend", report::str("cuda"));
    r.add("n", report::count(s->a().nrows()));
    r.add("arcs", report::count(s->a().nvals()));
    r.add("kind", report::text(s->graph.undirected ? "undirected" : "directed"));
    r.add("variant", report::str(variant));
    r.add("damping", report::real(s->o.damping, "%.17g", "%g"));
    r.add("tolerance", report::real(s->o.tolerance, "%.17g", "%g"));
    r.add("cuda_iterations", report::count(s->device.iterations));
    r.add("cpu_iterations", report::count(s->cpu.iterations));
    r.add("verified", report::flag(true));
    r.add("max_abs_diff", report::real(s->check.max_diff, "%.3g", "%.3g"));
    r.add("bound", report::real(s->check.bound, "%.3g", "%.3g"));
    add_device_phase_fields(r, s->cost);
    add_device_transfer_fields(r, s->cost);
  };
  p.layout =
      "compare pagerank --backend cuda: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind}\n"
      "pagerank: {variant} variant, damping {damping}, tolerance {tolerance}\n"
      "spgraph:     the CUDA backend, end to end (upload, power steps, download)\n"
      "cpu:         the CPU backend on {threads} threads (fused CSR kernel)\n"
      "verified: steps {cuda_iterations} (cuda) and {cpu_iterations} (cpu), max |rank "
      "difference| {max_abs_diff} <= {bound}\n" +
      device_run_layout();
  p.quiet_layout = "{median_ratio_cpu}\n";
  return p;
}

}  // namespace spgraph::cli
