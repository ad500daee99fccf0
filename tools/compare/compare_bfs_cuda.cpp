// SPDX-License-Identifier: Apache-2.0
// `compare bfs --backend cuda` (compare_cuda_plans.hpp): device BFS against the CPU BFS, per
// source, with the graph uploaded once before the timing.
#include <memory>

#include "algorithms/bfs/bfs_cuda.hpp"
#include "algorithms/bfs/bfs_verify.hpp"
#include "tools/cli/bfs_outputs.hpp"
#include "tools/cli/device_run_report.hpp"
#include "tools/common/stats.hpp"
#include "tools/compare/compare_cuda_plans.hpp"

namespace spgraph::cli {

namespace {

struct BfsCudaState {
  explicit BfsCudaState(CliGraph g) : graph(std::move(g)), ids(graph.loaded.info) {}
  CliGraph graph;
  IdSpace ids;
  std::vector<Vertex> sources;
  BfsOptions o;
  std::unique_ptr<DeviceBfs> device;
  BfsResult warm_device, warm_cpu;
  DeviceRun cost;  ///< of the last device search
  const Matrix<bool>& a() const { return std::get<Matrix<bool>>(graph.loaded.matrix); }
};

/// Levels identical (when computed) and both parent arrays valid BFS trees for the CPU's levels
/// (or, for parents alone, those of an untimed CPU levels-only search).
void verify(const BfsCudaState& s, Vertex src, const BfsResult& device, const BfsResult& cpu) {
  const std::string where = "source " + s.ids.name(src) + ": ";
  if (device.level != cpu.level)
    for (Vertex v = 0; v < device.level.size(); ++v)
      if (device.level[v] != cpu.level[v])
        throw VerificationFailed(
            where + "level of vertex " + s.ids.name(v) + " is " +
            std::to_string(std::int64_t(signed_copy(device.level)[v])) + " on the device but " +
            std::to_string(std::int64_t(signed_copy(cpu.level)[v])) + " on the CPU");
  if (device.reached != cpu.reached || device.depth != cpu.depth)
    throw VerificationFailed(where + "the device reached " + std::to_string(device.reached) +
                             " vertices in " + std::to_string(device.depth) + " levels, the CPU " +
                             std::to_string(cpu.reached) + " in " + std::to_string(cpu.depth));
  if (device.parent.empty()) return;
  BfsOptions levels_only = s.o;
  levels_only.parents = false;
  levels_only.levels = true;
  const std::vector<Vertex> level =
      cpu.level.empty() ? bfs(s.a(), src, levels_only).level : cpu.level;
  if (std::string e = check_bfs_tree(s.a().csr(), src, level, device.parent); !e.empty())
    throw VerificationFailed(where + "device parents: " + e);
  if (std::string e = check_bfs_tree(s.a().csr(), src, level, cpu.parent); !e.empty())
    throw VerificationFailed(where + "CPU parents: " + e);
}

/// Per source, `runs` pairs alternating which backend goes first; each backend's time is the
/// median of its runs.
std::string time_sources(const BfsCudaState& s, int runs, Report& r) {
  std::vector<Report> rows;
  std::vector<double> ratios, dev_all, cpu_all;
  DeviceRun last;
  for (std::size_t k = 0; k < s.sources.size(); ++k) {
    const Vertex src = s.sources[k];
    BfsResult dev, cpu;
    std::vector<double> dev_runs, cpu_runs;
    for (int run = 0; run < runs; ++run) {
      auto run_dev = [&] {
        last = DeviceRun{};
        dev_runs.push_back(timed([&] { dev = s.device->run(src, s.o, &last); }));
      };
      auto run_cpu = [&] { cpu_runs.push_back(timed([&] { cpu = bfs(s.a(), src, s.o); })); };
      if ((k + std::size_t(run)) % 2 == 0) {
        run_dev();
        run_cpu();
      } else {
        run_cpu();
        run_dev();
      }
    }
    verify(s, src, dev, cpu);
    const double d = tools::median(dev_runs), c = tools::median(cpu_runs);
    Report row;
    row.add("source", vertex_value(s.ids, src));
    row.add("depth", report::count(dev.depth));
    row.add("reached", report::count(dev.reached));
    row.add("push_steps", report::count(dev.push_steps));
    row.add("pull_steps", report::count(dev.pull_steps));
    row.add("cuda_s", report::seconds_as_ms(d));
    row.add("cpu_s", report::seconds_as_ms(c));
    row.add("ratio", report::text_only(report::real(d / c, "%.4f", "%.3f")));
    rows.push_back(row);
    ratios.push_back(d / c);
    dev_all.push_back(d);
    cpu_all.push_back(c);
  }
  r.add("rows", report::list(rows,
                             "{source:12} {depth:7} {reached:10} {push_steps:5} "
                             "{pull_steps:5} {cuda_s:12} {cpu_s:12} {ratio:8}\n"));
  r.add("sources", report::count(rows.size()));
  r.add("median_cuda_s", report::seconds_as_ms(tools::median(dev_all)));
  r.add("median_cpu_s", report::seconds_as_ms(tools::median(cpu_all)));
  r.add("median_ratio", report::real(tools::median(ratios), "%.4f", "%.3f"));
  r.add("runs", report::count(runs));
  add_device_transfer_fields(r, last);
  return "median time: cuda {median_cuda_s} ms, cpu {median_cpu_s} ms\n"
         "median ratio cuda/cpu: {median_ratio} (lower is better)\n"
         "last device search: {device_d2h_bytes} back, peak device memory {device_peak_bytes}\n";
}

}  // namespace

ComparePlan plan_bfs_cuda(CliGraph graph, const std::string& file, std::vector<Vertex> sources,
                          BfsOptions o, int runs) {
  auto s = std::make_shared<BfsCudaState>(std::move(graph));
  s->sources = std::move(sources);
  s->o = o;
  const Matrix<bool>& a = s->a();
  s->o.undirected = s->graph.undirected || a.structure_symmetric();
  s->device = std::make_unique<DeviceBfs>(adjacency_of(a.csr()), detail::pull_side(a, s->o));

  ComparePlan p;
  p.theirs_name = "cpu";
  p.ours = {0, [s] { s->warm_device = s->device->run(s->sources[0], s->o); }, {}};
  p.theirs = {a.memory_bytes(), [s] { s->warm_cpu = bfs(s->a(), s->sources[0], s->o); }, {}};
  p.verify = [s] { verify(*s, s->sources[0], s->warm_device, s->warm_cpu); };
  p.time_and_summarize = [s, file, runs](Report& r, Measured& m) {
    add_job_fields(r, "bfs", file, m.threads);
    r.add("backend", report::str("cuda"));
    r.add("n", report::count(s->a().nrows()));
    r.add("arcs", report::count(s->a().nvals()));
    r.add("kind", report::text(s->o.undirected ? "undirected" : "directed"));
    r.add("computes_text", report::text(bfs_outputs_name(s->o)));
    r.add("verified", report::flag(true));
    r.add("device_upload_seconds", report::seconds(s->device->upload().upload_seconds));
    r.add("device_upload_bytes", report::bytes(s->device->upload().h2d_bytes));
    return time_sources(*s, runs, r);
  };
  p.layout =
      "compare bfs --backend cuda: {file}\n"
      "graph: {n} vertices, {arcs} arcs, {kind}; computes {computes_text}\n"
      "cuda: direction-optimizing BFS on the device (graph uploaded once in "
      "{device_upload_seconds} s, {device_upload_bytes}; times below are the search and its "
      "download)\n"
      "cpu:  the same BFS on {threads} threads (fused push/pull kernel)\n"
      "      source   depth    reached  push  pull    cuda (ms)     cpu (ms)    ratio\n"
      "{rows}"
      "verified: levels identical, parents valid, {sources} sources\n";
  p.quiet_layout = "{median_ratio}\n";
  return p;
}

}  // namespace spgraph::cli
