// Shared subcommand plumbing (see cli_common.hpp).
#include "tools/spgraph/cli_common.hpp"

#include <omp.h>
#include <unistd.h>

#include <cstdio>
#include <random>
#include <unordered_set>

#include "engine/context.hpp"

namespace spgraph::cli {

void add_global_flags(CLI::App* cmd, GlobalOptions& g) {
  cmd->add_option("--threads,-t", g.threads, "Threads for spgraph and GraphBLAS (0 = all cores)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", g.json, "Print the result as JSON on stdout");
  cmd->add_flag("--quiet,-q", g.quiet, "Print only the result, no progress or notes");
}

void add_load_flags(CLI::App* cmd, LoadFlags& f) {
  cmd->add_option("--format", f.format, "Input format: auto, mtx, edgelist, metis, binary")
      ->check(CLI::IsMember({"auto", "mtx", "edgelist", "metis", "binary"}));
  cmd->add_option("--base", f.index_base, "Edge lists: first vertex id, 0 or 1 (default: detect)")
      ->check(CLI::IsMember({-1, 0, 1}));
  cmd->add_flag("--remap-ids", f.remap_ids,
                "Edge lists: map arbitrary 64-bit ids to dense ids (output keeps the originals)");
  cmd->add_flag("--undirected", f.undirected,
                "Treat every arc as an undirected edge (store both directions)");
}

void apply_threads(const GlobalOptions& g) {
  set_num_threads(g.threads);
}

CliGraph load_for_cli(const std::string& path, const LoadFlags& f, const GlobalOptions& g,
                      bool pattern_only) {
  LoadOptions o;
  if (f.format == "mtx")
    o.format = FileFormat::MatrixMarket;
  else if (f.format == "edgelist")
    o.format = FileFormat::EdgeList;
  else if (f.format == "metis")
    o.format = FileFormat::Metis;
  else if (f.format == "binary")
    o.format = FileFormat::Binary;
  o.index_base = f.index_base;
  o.remap_ids = f.remap_ids;
  o.undirected = f.undirected;
  o.pattern_only = pattern_only;
  o.threads = g.threads;
  const bool show_progress = !g.quiet && isatty(STDERR_FILENO);
  if (show_progress)
    o.progress = [&path](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rloading %s: %3.0f%%", path.c_str(),
                   total ? 100.0 * double(done) / double(total) : 100.0);
      std::fflush(stderr);
    };
  auto t0 = std::chrono::steady_clock::now();
  CliGraph out{load_matrix(path, o), 0, false};
  out.load_seconds = seconds_since(t0);
  if (show_progress) std::fprintf(stderr, "\r\033[K");
  out.undirected = f.undirected || out.loaded.info.symmetric_storage;
  return out;
}

std::string human_bytes(std::uint64_t bytes) {
  char buf[32];
  const double b = double(bytes);
  if (b >= 1e9)
    std::snprintf(buf, sizeof buf, "%.2f GB", b / 1e9);
  else if (b >= 1e6)
    std::snprintf(buf, sizeof buf, "%.1f MB", b / 1e6);
  else if (b >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1f KB", b / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f B", b);
  return buf;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += c;
  }
  return out + "\"";
}

std::vector<Vertex> pick_sources(const Csr<bool>& a, std::size_t count, std::uint64_t seed) {
  std::vector<Vertex> candidates;
  for (Vertex v = 0; v < a.nrows; ++v)
    if (a.degree(v) > 0) candidates.push_back(v);
  if (candidates.empty())
    throw InvalidArgument("the graph has no vertex with an out-arc to start a search from");
  std::mt19937_64 rng(seed);
  std::shuffle(candidates.begin(), candidates.end(), rng);
  candidates.resize(std::min(count, candidates.size()));
  return candidates;
}

}  // namespace spgraph::cli

namespace spgraph::cli {

IdSpace::IdSpace(const LoadInfo& info) {
  if (!info.external_ids.empty())
    external_ids_ = &info.external_ids;
  else if (info.format == FileFormat::MatrixMarket || info.format == FileFormat::Metis)
    base_ = 1;
  else
    base_ = info.index_base;
}

Vertex IdSpace::to_internal(std::uint64_t external, Vertex n) const {
  if (external_ids_) {
    auto it = std::find(external_ids_->begin(), external_ids_->end(), external);
    if (it == external_ids_->end())
      throw InvalidArgument("vertex " + std::to_string(external) + " does not occur in the file");
    return Vertex(it - external_ids_->begin());
  }
  if (external < std::uint64_t(base_) || external - base_ >= n)
    throw InvalidArgument("vertex " + std::to_string(external) + " is out of range: ids run from " +
                          std::to_string(base_) + " to " +
                          std::to_string(std::uint64_t(n) - 1 + base_) +
                          " in this file's numbering");
  return Vertex(external - base_);
}

}  // namespace spgraph::cli
