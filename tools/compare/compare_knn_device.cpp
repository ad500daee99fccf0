// SPDX-License-Identifier: Apache-2.0
// `spgraph compare knn ... --backend cuda`: see compare_knn_device.hpp. Runners: ours is the
// device call (upload, kernel, download: what a user waits for), theirs the CPU kernel; the
// verification is algorithms/knn/knn_verify.hpp's compare_knn with exact answers; the report
// adds the device's transfers and peak memory of the last device run.
#include "tools/compare/compare_knn_device.hpp"

#include <memory>
#include <optional>
#include <vector>

#include "algorithms/knn/knn_device.hpp"
#include "algorithms/knn/knn_verify.hpp"
#include "tools/common/stats.hpp"

namespace spgraph::cli {

namespace {

/// The two answers, the last device run's counters, and how ids are named.
struct DeviceAnswers {
  KnnResult cuda, cpu;
  KnnDeviceRun last;
  const IdSpace* query_ids = nullptr;
  const IdSpace* answer_ids = nullptr;

  void check(const KnnResult& a, const KnnResult& b) const {
    const KnnComparison c = compare_knn(
        a, b, true, [this](Vertex v) { return query_ids->name(v); },
        [this](Vertex v) { return answer_ids->name(v); }, AnswerNames{"cuda", "cpu"});
    if (!c.error.empty()) throw VerificationFailed("compare knn --backend cuda: " + c.error);
  }
};

/// Runners for `on_device` (returns a KnnDeviceRun) and `on_cpu` (a KnnResult).
template <class Device, class Cpu>
void plan_runs(ComparePlan& p, const std::shared_ptr<DeviceAnswers>& s, std::uint64_t bytes,
               Device on_device, Cpu on_cpu) {
  p.ours = {bytes,
            [s, on_device] {
              s->last = on_device();
              s->cuda = s->last.result;
            },
            [s, on_device] {
              std::optional<KnnDeviceRun> run;
              const double sec = timed([&] { run = on_device(); });
              s->check(run->result, s->cpu);
              s->last = std::move(*run);
              return sec;
            }};
  p.theirs = {bytes, [s, on_cpu] { s->cpu = on_cpu(); },
              [s, on_cpu] {
                KnnResult x;
                const double sec = timed([&] { x = on_cpu(); });
                s->check(s->cuda, x);
                return sec;
              }};
  p.theirs_name = "cpu";
  p.quiet_layout = "{median_ratio_cpu}\n";
  p.verify = [s] { s->check(s->cuda, s->cpu); };
}

void add_device_fields(Report& rep, const DeviceAnswers& s, const Measured& m) {
  const double q = double(s.cuda.num_queries());
  const double mo = tools::median(m.times.ours), mt = tools::median(m.times.theirs);
  rep.add("backend", report::str("cuda"));
  rep.add("threads", report::count(m.threads));
  rep.add("queries", report::count(s.cuda.num_queries()));
  rep.add("answers_identical", report::flag(true));
  rep.add("answer_count", report::count(s.cuda.ids.size()));
  rep.add("device_h2d_bytes", report::bytes(s.last.h2d_bytes));
  rep.add("device_d2h_bytes", report::bytes(s.last.d2h_bytes));
  rep.add("device_peak_bytes", report::bytes(s.last.peak_bytes));
  rep.add("cuda_rows_per_second", report::real(mo > 0 ? q / mo : 0, "%.1f", "%.0f"));
  rep.add("cpu_rows_per_second", report::real(mt > 0 ? q / mt : 0, "%.1f", "%.0f"));
}

const char* const kDeviceLayout =
    "spgraph:   --backend cuda (fused product row + block top-k per query, one block per "
    "row), against spgraph --backend cpu ({threads} threads)\n"
    "answers: identical ({answer_count} answers; ids and scores bit for bit)\n"
    "device: {device_h2d_bytes} to it, {device_d2h_bytes} back, peak {device_peak_bytes} "
    "(last run)\n"
    "throughput: cuda {cuda_rows_per_second} queries/s, cpu {cpu_rows_per_second} queries/s "
    "(medians)\n";

}  // namespace

ComparePlan plan_knn_on_device(const CompareFlags& f, KnnJob& job, const KnnFlags& knn,
                               const std::string& file) {
  auto s = std::make_shared<DeviceAnswers>();
  ComparePlan p;
  if (job.kind == KnnJob::Kind::Features) {
    auto features = std::make_shared<decltype(load_features(knn, f.load, f.g))>(
        load_features(knn, f.load, f.g));
    auto& [x, q] = *features;
    auto x_ids = std::make_shared<const IdSpace>(x.info);
    auto q_ids = std::make_shared<const IdSpace>(q ? q->info : x.info);
    s->query_ids = q_ids.get();
    s->answer_ids = x_ids.get();
    const FeatureKnnOptions o = job.features;
    plan_runs(
        p, s, x.m.memory_bytes() + (q ? q->m.memory_bytes() : 0),
        [features, o] {
          const auto& [xf, qf] = *features;
          return feature_knn_cuda(xf.m, qf ? &qf->m : nullptr, o);
        },
        [features, o] {
          const auto& [xf, qf] = *features;
          return feature_knn(xf.m, qf ? &qf->m : nullptr, o);
        });
    p.add_fields = [features, x_ids, q_ids, s, job](Report& rep, const Measured& m) {
      rep.add("job", report::str("knn-features"));
      rep.add("file", report::str(std::get<0>(*features).path));
      rep.add("measure", report::str(job.measure));
      rep.add("k", job.k == kAllNeighbors ? report::null() : report::count(job.k));
      add_device_fields(rep, *s, m);
    };
    p.layout =
        std::string("compare knn: --features {file}, top-k {measure}, {queries} query rows\n") +
        kDeviceLayout;
    return p;
  }
  if (job.kind == KnnJob::Kind::Distance)
    throw InvalidArgument(
        "compare knn --backend cuda covers the similarity measures and "
        "--features; --measure " +
        job.measure + " has no device kernel");
  auto graph = std::make_shared<CliGraph>(load_for_cli(file, f.load, f.g, true));
  const Matrix<bool>& a = std::get<Matrix<bool>>(graph->loaded.matrix);
  if (a.nrows() != a.ncols())
    throw InvalidArgument("compare knn: " + file + " holds a " + std::to_string(a.nrows()) + " x " +
                          std::to_string(a.ncols()) + " matrix; a graph must be square");
  auto ids = std::make_shared<const IdSpace>(graph->loaded.info);
  s->query_ids = s->answer_ids = ids.get();
  std::vector<Vertex> queries = knn_queries(knn, *ids, a.nrows());
  if (knn.all) {
    queries.resize(a.nrows());
    for (Vertex v = 0; v < a.nrows(); ++v) queries[v] = v;
  }
  job.similarity.undirected = graph->undirected;
  const SimilarityKnnOptions o = job.similarity;
  plan_runs(
      p, s, a.memory_bytes(),
      [graph, queries, o] {
        return similarity_knn_cuda(std::get<Matrix<bool>>(graph->loaded.matrix), queries, o);
      },
      [graph, queries, o] {
        return similarity_knn(std::get<Matrix<bool>>(graph->loaded.matrix),
                              std::span<const Vertex>(queries), o);
      });
  p.add_fields = [graph, ids, s, job, file](Report& rep, const Measured& m) {
    const Matrix<bool>& g = std::get<Matrix<bool>>(graph->loaded.matrix);
    rep.add("job", report::str("knn"));
    rep.add("file", report::str(file));
    rep.add("n", report::count(g.nrows()));
    rep.add("arcs", report::count(g.nvals()));
    rep.add("measure", report::str(job.measure));
    rep.add("k", report::count(job.k));
    add_device_fields(rep, *s, m);
  };
  p.layout = std::string(
                 "compare knn: {file}, {n} vertices, {arcs} arcs, top-k {measure}, "
                 "{queries} queries\n") +
             kDeviceLayout;
  return p;
}

}  // namespace spgraph::cli
