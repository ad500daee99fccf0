// Shared subcommand plumbing (see cli_common.hpp).
#include "tools/spgraph/cli_common.hpp"

#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <random>
#include <unordered_set>

#include "engine/context.hpp"
#include "loaders/output_file.hpp"

namespace spgraph::cli {

namespace {

int g_requested_exit = kExitOk;

std::string quoted_value(const std::string& s) {
  std::string t = printable(s.substr(0, 60));
  return "'" + t + (s.size() > 60 ? "...'" : "'");
}

/// parse_decimal_id, then strips leading zeros from `s` so that CLI11's own conversion (strtoull
/// with base 0) cannot read it as octal.
bool parse_decimal(std::string& s, std::uint64_t& out) {
  if (!parse_decimal_id(s, out)) return false;
  const std::size_t nz = s.find_first_not_of('0');
  s = nz == std::string::npos ? "0" : s.substr(nz);
  return true;
}

}  // namespace

bool parse_decimal_id(std::string_view s, std::uint64_t& out) {
  if (s.empty() || s.size() > 64) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t d = std::uint64_t(c - '0');
    if (out > (UINT64_MAX - d) / 10) return false;
    out = out * 10 + d;
  }
  return true;
}

void request_exit_code(int code) {
  g_requested_exit = code;
}

int requested_exit_code() {
  return g_requested_exit;
}

CLI::Validator integer_flag(const std::string& name, std::uint64_t lo, std::uint64_t hi,
                            const std::string& what) {
  std::string rule;
  if (hi == UINT64_MAX && lo == 1)
    rule = "a positive integer";
  else if (hi == UINT64_MAX && lo == 0)
    rule = "a non-negative integer";
  else
    rule = "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
  const std::string message = name + " must be " + rule + what + ", got ";
  return CLI::Validator(
      [message, lo, hi](std::string& s) -> std::string {
        const std::string given = s;
        std::uint64_t x = 0;
        if (!parse_decimal(s, x) || x < lo || x > hi) return message + quoted_value(given);
        return {};
      },
      rule);
}

CLI::Validator thread_count_flag(const std::string& name) {
  return CLI::Validator(
      [name](std::string& s) -> std::string {
        const bool negative = !s.empty() && s[0] == '-';
        std::string digits = negative ? s.substr(1) : s;
        std::uint64_t x = 0;
        if (!parse_decimal(digits, x))
          return name + " must be a thread count (an integer, 0 = all cores), got " +
                 quoted_value(s);
        // The range and its message are engine/core/resources.hpp's, as for the library's callers.
        const long long threads =
            x > std::uint64_t(INT64_MAX) ? INT64_MAX : static_cast<long long>(x);
        try {
          check_thread_count(negative ? -threads : threads, name);
        } catch (const Error& e) {
          return e.what();
        }
        s = negative ? "-" + digits : digits;
        return {};
      },
      "0 (all cores) to " + std::to_string(max_thread_count()));
}

CLI::Validator real_flag(const std::string& name, double lo, double hi) {
  char range[96];
  std::snprintf(range, sizeof range, "a number from %g to %g", lo, hi);
  const std::string description = range;
  return CLI::Validator(
      [name, lo, hi, description](std::string& s) -> std::string {
        char* end = nullptr;
        const double x = s.empty() ? NAN : std::strtod(s.c_str(), &end);
        if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(x) || x < lo || x > hi)
          return name + " must be " + description + ", got " + quoted_value(s);
        return {};
      },
      description);
}

CLI::Validator memory_gb_flag(const std::string& name) {
  return CLI::Validator(
      [name](std::string& s) -> std::string {
        char* end = nullptr;
        const double x = s.empty() ? NAN : std::strtod(s.c_str(), &end);
        if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(x) || x < kMinMemoryGb ||
            x > 1e9)
          return name + " must be a memory size in GB, a number of at least 0.001 (1 MB), got " +
                 quoted_value(s);
        return {};
      },
      "GB, at least 0.001");
}

void add_global_flags(CLI::App* cmd, GlobalOptions& g) {
  cmd->add_option("--threads,-t", g.threads,
                  "Threads for spgraph and GraphBLAS (0 = all cores; at most " +
                      std::to_string(max_thread_count()) + ")")
      ->transform(thread_count_flag("--threads"));
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
                      bool pattern_only, ValueType exact_type) {
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
  o.exact_type = pattern_only ? ValueType::Pattern : exact_type;
  const bool show_progress = !g.quiet && isatty(STDERR_FILENO);
  if (show_progress)
    o.progress = [&path](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rloading %s: %3.0f%%", path.c_str(),
                   total ? 100.0 * double(done) / double(total) : 100.0);
      std::fflush(stderr);
    };
  auto t0 = std::chrono::steady_clock::now();
  CliGraph out;
  try {
    out.loaded = load_matrix(path, o);  // pattern_only: a Matrix<bool> pattern in every format
  } catch (const std::bad_alloc&) {
    if (show_progress) std::fprintf(stderr, "\r\033[K");
    struct stat st {};
    const std::string size = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)
                                 ? " (" + human_bytes(double(st.st_size)) + " on disk)"
                                 : "";
    throw OutOfMemory("ran out of memory while loading " + path + size +
                      (pattern_only ? " as a graph (structure only)" : "") +
                      ": an allocation failed with " + human_bytes(double(available_memory())) +
                      " of memory available on this machine (a process limit such as ulimit -v "
                      "may be lower); use a smaller input or more memory");
  }
  out.load_seconds = seconds_since(t0);
  if (show_progress) std::fprintf(stderr, "\r\033[K");
  out.undirected = f.undirected || out.loaded.info.symmetric_storage;
  return out;
}

void check_output_path(const std::string& output, const std::vector<std::string>& inputs) {
  if (output.empty()) throw InvalidArgument("the output path is empty");
  refuse_overwriting_input(output, inputs);
  struct stat st {};
  if (::stat(output.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      throw InvalidArgument("output " + output + " is a directory; give the path of a file");
    if (!S_ISREG(st.st_mode))
      throw InvalidArgument("output " + output +
                            " is not a regular file (a device, pipe or socket): spgraph writes "
                            "each output to a temporary file and renames it over the target, "
                            "which would replace it; give the path of a file");
  }
  const std::filesystem::path target(output);
  const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw IoError("cannot write " + output + ": directory " + dir + ": " + std::strerror(errno));
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
  if (n == 0)
    throw InvalidArgument("vertex " + std::to_string(external) +
                          " is out of range: the graph has no vertices");
  if (external < std::uint64_t(base_) || external - base_ >= n)
    throw InvalidArgument("vertex " + std::to_string(external) + " is out of range: ids run from " +
                          std::to_string(base_) + " to " +
                          std::to_string(std::uint64_t(n) - 1 + base_) +
                          " in this file's numbering");
  return Vertex(external - base_);
}

}  // namespace spgraph::cli
