// SPDX-License-Identifier: Apache-2.0
// knn_query_bench: single-vertex kNN query latency (the target: on a graph of 1M edges or more, a
// median under 2 ms for top-10 Jaccard, with p99 reported). Each query is one call of
// similarity_knn (or distance_knn for hops/distance) on one vertex, as the CLI and
// `spgraph stream`'s `? knn` run it, on neighbourhoods prepared once (SimilarityGraph: the
// transpose, or the symmetric union for --neighborhood both on a directed graph), after one
// warm-up query.
// Query vertices are drawn uniformly (fixed seed) among the vertices with at least one arc.
// Prints the median, p90, p99 and max latency, and the peak resident memory; --all-runs N also
// times the all-vertices query (similarity_knn_all, SimilarityGraph built inside each run).
// Usage: knn_query_bench FILE [--queries N] [--k 10] [--measure jaccard] [--neighborhood both]
//        [--threads T] [--seed S]
#include <omp.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include "algorithms/knn/knn.hpp"
#include "loaders/load.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"

namespace {

using namespace spgraph;
using namespace spgraph::tools;

double percentile(std::vector<double> xs, double p) {
  std::sort(xs.begin(), xs.end());
  const std::size_t i = std::min(xs.size() - 1, std::size_t(p * double(xs.size() - 1) + 0.5));
  return xs[i];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Single-vertex kNN query latency");
  std::string file, measure = "jaccard", neighborhood = "both";
  int queries = 1000, threads = 0, all_runs = 0;
  std::size_t k = 10;
  unsigned seed = 1;
  app.add_option("file", file, "Graph file")->required();
  app.add_option("--queries", queries, "Number of single-vertex queries (default 1000)");
  app.add_option("--k", k, "Answers per query (default 10)");
  app.add_option("--measure", measure,
                 "common|jaccard|cosine|overlap|adamic-adar|resource-allocation|hops|distance");
  app.add_option("--neighborhood", neighborhood, "out|in|both (default both)");
  app.add_option("--threads", threads, "Threads (default: all)");
  app.add_option("--seed", seed, "Seed of the query sample (default 1)");
  app.add_option("--all-runs", all_runs,
                 "Also time N runs of the all-vertices query (similarity only), median");
  CLI11_PARSE(app, argc, argv);
  if (threads > 0) omp_set_num_threads(threads);

  const std::map<std::string, SimilarityMeasure> measures = {
      {"common", SimilarityMeasure::CommonNeighbors},
      {"jaccard", SimilarityMeasure::Jaccard},
      {"cosine", SimilarityMeasure::Cosine},
      {"overlap", SimilarityMeasure::Overlap},
      {"adamic-adar", SimilarityMeasure::AdamicAdar},
      {"resource-allocation", SimilarityMeasure::ResourceAllocation}};
  const std::map<std::string, Neighborhood> kinds = {
      {"out", Neighborhood::Out}, {"in", Neighborhood::In}, {"both", Neighborhood::Both}};
  const bool distance = measure == "hops" || measure == "distance";
  if ((!distance && !measures.count(measure)) || !kinds.count(neighborhood)) {
    std::fprintf(stderr, "knn_query_bench: unknown --measure or --neighborhood\n");
    return 2;
  }
  LoadOptions lo;
  lo.pattern_only = measure != "distance";
  LoadedMatrix loaded = load_matrix(file, lo);
  return std::visit(
      [&](const auto& a) -> int {
        std::vector<Vertex> candidates;
        for (Vertex v = 0; v < a.nrows(); ++v)
          if (a.csr().degree(v) > 0) candidates.push_back(v);
        if (candidates.empty()) {
          std::fprintf(stderr, "knn_query_bench: the graph has no arcs\n");
          return 1;
        }
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<std::size_t> pick(0, candidates.size() - 1);
        SimilarityKnnOptions so;
        so.k = k;
        if (!distance) so.measure = measures.at(measure);
        so.neighborhood = kinds.at(neighborhood);
        DistanceKnnOptions dopt;
        dopt.k = k;
        dopt.kind = measure == "hops" ? DistanceKind::Hops : DistanceKind::Weighted;
        // Prepared once, as a service answering many queries on one graph would.
        const SimilarityGraph g(a, so.neighborhood, so.undirected);
        auto run = [&](Vertex v) {
          const Vertex q[1] = {v};
          return distance ? distance_knn(a, q, dopt) : similarity_knn(g, q, so);
        };
        run(candidates[0]);  // warm-up: builds the cached transpose
        std::vector<double> ms;
        std::size_t answers = 0;
        for (int i = 0; i < queries; ++i) {
          const Vertex v = candidates[pick(rng)];
          const auto t0 = std::chrono::steady_clock::now();
          const KnnResult r = run(v);
          ms.push_back(
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                  .count());
          answers += r.ids.size();
        }
        std::printf(
            "graph %s: %u vertices, %llu arcs; %d queries, k %zu, measure %s, "
            "neighborhood %s, threads %d, seed %u\n",
            file.c_str(), a.nrows(), (unsigned long long)a.nvals(), queries, k, measure.c_str(),
            neighborhood.c_str(), omp_get_max_threads(), seed);
        std::printf("latency ms: median %.3f  p90 %.3f  p99 %.3f  max %.3f  (answers %zu)\n",
                    median(ms), percentile(ms, 0.90), percentile(ms, 0.99), max_of(ms), answers);
        if (all_runs > 0 && !distance) {
          std::vector<double> all_s;
          std::size_t all_answers = 0;
          for (int i = 0; i < all_runs; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            const KnnResult r = similarity_knn_all(a, so);
            all_s.push_back(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            all_answers = r.ids.size();
          }
          std::printf("all vertices: median %.3f s over %d runs (answers %zu)\n", median(all_s),
                      all_runs, all_answers);
        }
        std::printf("peak memory: %.1f MiB\n", double(peak_rss_bytes()) / (1 << 20));
        return 0;
      },
      loaded.matrix);
}
