// SPDX-License-Identifier: Apache-2.0
// `spgraph serve` throughput and latency (what HTTP costs over the in-process API). Starts the real
// server (the spgraph binary, a child process on a free port) on a graph file, then measures, in
// the same run:
//   1. updates/s through HTTP: random new edges posted in batches of each --batches size, one
//      client, in memory and with --store (durable: one fsync per commit group); against the
//      same batches applied in-process to a DynamicGraph built from the same file (the API the
//      server wraps), and the ratio;
//   2. query latency p50/p99 of GET /degree and GET /bfs, alone and under a concurrent update
//      load (one client posting 1K batches back to back).
// Each figure is the median of --runs runs (a fresh server per run). Usage:
//   serve_bench [GRAPH] [--spgraph PATH] [--store-dir DIR] [--batches 1000,100000] [--runs 3]
//               [--queries 300]
// GRAPH is served --undirected (default: a Kronecker graph of --scale 16 made with `spgraph
// generate` in a temporary directory); the spgraph binary is --spgraph, else the one next to
// this program's directory (build/release/spgraph for build/release/bench/serve_bench).
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/dynamic_graph.hpp"
#include "loaders/load.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

double median(std::vector<double> xs) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  return xs[xs.size() / 2];
}
double percentile(std::vector<double> xs, double p) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  return xs[std::min(xs.size() - 1, std::size_t(p * double(xs.size() - 1) + 0.5))];
}

struct Server {
  pid_t pid = -1;
  int port = 0;
};

/// Starts `spgraph serve ARGS --port 0 --quiet` and reads its port from the first line.
Server start(const std::string& bin, const std::vector<std::string>& args) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  std::vector<std::string> a{bin, "serve"};
  a.insert(a.end(), args.begin(), args.end());
  a.insert(a.end(), {"--port", "0", "--quiet"});
  std::vector<char*> argv;
  for (auto& s : a) argv.push_back(s.data());
  argv.push_back(nullptr);
  Server s;
  s.pid = fork();
  if (s.pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  std::string line;
  char c;
  while (read(fds[0], &c, 1) == 1 && c != '\n') line += c;
  close(fds[0]);
  const auto colon = line.rfind(':');
  if (colon != std::string::npos) s.port = std::atoi(line.c_str() + colon + 1);
  return s;
}

/// The server's peak resident memory (VmHWM), in MB.
double peak_mb(const Server& s) {
  std::ifstream in("/proc/" + std::to_string(s.pid) + "/status");
  std::string key;
  double kb = 0;
  while (in >> key)
    if (key == "VmHWM:") {
      in >> kb;
      break;
    }
  return kb / 1024;
}

void stop(Server& s) {
  if (s.pid <= 0) return;
  kill(s.pid, SIGTERM);
  int status = 0;
  waitpid(s.pid, &status, 0);
}

/// Batches of random edges (text bodies and the same updates for the in-process graph).
struct Batches {
  std::vector<std::string> bodies;
  std::vector<spgraph::UpdateBatch<bool>> updates;
};

Batches make_batches(spgraph::Vertex n, std::size_t size, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Batches b;
  for (std::size_t k = 0; k < count; ++k) {
    std::string body;
    spgraph::UpdateBatch<bool> u;
    for (std::size_t j = 0; j < size; ++j) {
      const spgraph::Vertex x = spgraph::Vertex(rng() % n), y = spgraph::Vertex(rng() % n);
      body += "+ " + std::to_string(x) + " " + std::to_string(y) + "\n";
      u.insert(x, y);
    }
    b.bodies.push_back(std::move(body));
    b.updates.push_back(std::move(u));
  }
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("spgraph serve: updates/s through HTTP and query latency under load");
  std::string bin, graph, store_dir = std::filesystem::temp_directory_path().string();
  std::vector<std::size_t> sizes{1000, 100000};
  int runs = 3, queries = 300, scale = 16;
  app.add_option("graph", graph,
                 "graph file, served --undirected (default: a generated Kronecker "
                 "graph of --scale)");
  app.add_option("--spgraph", bin, "the spgraph binary (default: ../spgraph from this program)");
  app.add_option("--scale", scale, "Kronecker scale when no graph is given");
  app.add_option("--store-dir", store_dir, "where the --store runs keep their store");
  app.add_option("--batches", sizes, "batch sizes")->delimiter(',');
  app.add_option("--runs", runs, "runs per figure (median)");
  app.add_option("--queries", queries, "queries per latency figure");
  CLI11_PARSE(app, argc, argv);
  if (bin.empty())
    bin = (std::filesystem::absolute(argv[0]).parent_path().parent_path() / "spgraph").string();
  if (!std::filesystem::exists(bin)) {
    std::fprintf(stderr, "serve_bench: no spgraph binary at %s (give --spgraph)\n", bin.c_str());
    return 1;
  }
  std::filesystem::path generated;
  if (graph.empty()) {
    generated = std::filesystem::temp_directory_path() /
                ("serve_bench_kron_" + std::to_string(getpid()) + ".bin");
    const std::string cmd = bin + " generate kron --scale " + std::to_string(scale) + " -o " +
                            generated.string() + " --quiet";
    if (std::system(cmd.c_str()) != 0) {
      std::fprintf(stderr, "serve_bench: '%s' failed\n", cmd.c_str());
      return 1;
    }
    graph = generated.string();
  }
  spgraph::LoadOptions lo;
  lo.undirected = true;
  const spgraph::Matrix<bool> base = spgraph::load_graph(graph, lo);
  const spgraph::Vertex n = base.nrows();
  std::printf("# serve_bench on %s: %u vertices, %llu arcs; %d runs per figure (median)\n",
              graph.c_str(), n, (unsigned long long)base.nvals(), runs);
  const std::string store =
      (std::filesystem::path(store_dir) / ("serve_bench_store_" + std::to_string(getpid())))
          .string();

  std::printf("\n%-8s %-7s %7s %14s %16s %10s %13s %10s\n", "batch", "mode", "clients",
              "HTTP upd/s", "in-process upd/s", "HTTP/API", "groups/posts", "peak MB");
  for (std::size_t size : sizes) {
    const std::size_t count = std::max<std::size_t>(3, std::min<std::size_t>(200, 2000000 / size));
    const Batches b = make_batches(n, size, count, size);
    // In-process: the same batches into a DynamicGraph built from the same graph.
    std::vector<double> api;
    for (int r = 0; r < runs; ++r) {
      spgraph::DynamicGraph<bool> dg(base, {});
      const auto t0 = Clock::now();
      for (const auto& u : b.updates) dg.apply(u);
      api.push_back(double(size * count) / since(t0));
    }
    // In memory with one client; with --store, one client (an fsync per batch) and 4 clients
    // posting at once (the writer commits what is queued as one group: one fsync per group).
    for (const auto& [durable, clients] :
         {std::pair{false, 1}, std::pair{true, 1}, std::pair{true, 4}}) {
      std::vector<double> rates, peaks, groups;
      for (int r = 0; r < runs; ++r) {
        std::filesystem::remove_all(store);
        std::vector<std::string> args{graph, "--undirected"};
        if (durable) args.insert(args.end(), {"--store", store});
        Server s = start(bin, args);
        std::atomic<bool> ok{true};
        const auto t0 = Clock::now();
        std::vector<std::thread> posters;
        for (int t = 0; t < clients; ++t)
          posters.emplace_back([&, t] {
            httplib::Client c("127.0.0.1", s.port);
            c.set_read_timeout(600, 0);
            for (std::size_t k = std::size_t(t); k < b.bodies.size(); k += std::size_t(clients)) {
              auto res = c.Post("/updates", b.bodies[k], "text/plain");
              if (!res || res->status != 200) ok = false;
            }
          });
        for (auto& t : posters) t.join();
        const double secs = since(t0);
        if (!ok) std::printf("  (a POST failed)\n");
        rates.push_back(double(size * count) / secs);
        peaks.push_back(peak_mb(s));
        httplib::Client c("127.0.0.1", s.port);
        auto st = c.Get("/stats");
        groups.push_back(st && st->status == 200
                             ? double(nlohmann::json::parse(st->body)["commit_groups"].get<long>())
                             : 0);
        stop(s);
      }
      const double http = median(rates), in = median(api);
      std::printf("%-8zu %-7s %7d %14.4g %16.4g %10.2f %8.0f/%-4zu %10.1f\n", size,
                  durable ? "store" : "memory", clients, http, in, http / in, median(groups), count,
                  median(peaks));
    }
  }

  std::printf("\n%-22s %-9s %10s %10s %12s\n", "query", "load", "p50 ms", "p99 ms", "updates/s");
  const Batches load = make_batches(n, 1000, 200, 7);
  for (const char* path : {"/degree?vertex=", "/bfs?source="}) {
    for (const bool loaded : {false, true}) {
      std::vector<double> p50, p99, upd;
      for (int r = 0; r < runs; ++r) {
        Server s = start(bin, {graph, "--undirected"});
        std::atomic<bool> done{false};
        std::atomic<std::uint64_t> posted{0};
        std::thread writer;
        if (loaded)
          writer = std::thread([&] {
            httplib::Client w("127.0.0.1", s.port);
            for (std::size_t k = 0; !done.load(); k = (k + 1) % load.bodies.size()) {
              auto res = w.Post("/updates", load.bodies[k], "text/plain");
              if (res && res->status == 200) posted += 1000;
            }
          });
        httplib::Client c("127.0.0.1", s.port);
        std::mt19937_64 rng(r);
        std::vector<double> lat;
        const auto t0 = Clock::now();
        for (int q = 0; q < queries; ++q) {
          const std::string p = path + std::to_string(rng() % n);
          const auto tq = Clock::now();
          auto res = c.Get(p.c_str());
          if (res && res->status == 200) lat.push_back(1e3 * since(tq));
        }
        const double secs = since(t0);
        done = true;
        if (writer.joinable()) writer.join();
        p50.push_back(percentile(lat, 0.5));
        p99.push_back(percentile(lat, 0.99));
        upd.push_back(double(posted.load()) / secs);
        stop(s);
      }
      std::printf("%-22s %-9s %10.3f %10.3f %12.4g\n", path, loaded ? "1K posts" : "idle",
                  median(p50), median(p99), median(upd));
    }
  }
  std::filesystem::remove_all(store);
  if (!generated.empty()) std::filesystem::remove(generated);
  return 0;
}
