// SPDX-License-Identifier: Apache-2.0
// Shared subcommand plumbing (see cli_common.hpp).
#include "tools/cli/cli_common.hpp"

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
#include <optional>
#include <random>
#include <unordered_set>

#include "engine/backend.hpp"
#include "engine/context.hpp"
#include "loaders/output_file.hpp"
#include "tools/cli/plural.hpp"
#include "tools/cli/result_table.hpp"
#include "tools/common/progress.hpp"

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

/// --delimiter: a name (tab, comma, space) or one character that no id, weight or quoted
/// field can hold: not a digit, sign, '.', 'e'/'E' (parts of numbers), a quote or a newline.
CLI::Validator delimiter_flag() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        static const std::string kNames[] = {"tab", "\\t", "comma", "space", "whitespace"};
        for (const std::string& n : kNames)
          if (s == n) return {};
        if (s.size() != 1)
          return "--delimiter takes tab, comma, space or one character, got " + quoted_value(s);
        const char c = s[0];
        if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E' ||
            c == '"' || c == '\n' || c == '\r')
          return "--delimiter cannot be " + quoted_value(s) +
                 ": it can be part of a number or a quoted field (digits, signs, '.', 'e', '\"')";
        return {};
      },
      "tab|comma|space|CHAR");
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

CLI::Validator vertex_flag(const std::string& name) {
  return CLI::Validator(
      [name](std::string& s) -> std::string {
        if (s.empty()) return name + " needs a vertex id, got an empty value";
        const bool digits = s.find_first_not_of("0123456789") == std::string::npos;
        if (s.size() > 1 && s[0] == '-' &&
            s.find_first_not_of("0123456789", 1) == std::string::npos)
          return name + " must be a non-negative integer (or a vertex name), got '" + printable(s) +
                 "'";
        std::uint64_t x = 0;
        if (digits && !parse_decimal_id(s, x))
          return name + " must be a non-negative integer below 2^64 (or a vertex name), got " +
                 (s.size() <= 24 ? "'" + s + "'"
                                 : "a " + std::to_string(s.size()) + "-digit number");
        return {};
      },
      "VERTEX");
}

void add_repeat_flag(CLI::App* cmd, int& repeat) {
  cmd->add_option("--repeat", repeat,
                  "Run the kernel N times in this process and report the median time (as "
                  "GAPBS's -n trials; default 1); the answer is the last run's")
      ->transform(integer_flag("--repeat", 1, 1000));
}

void add_global_flags(CLI::App* cmd, GlobalOptions& g) {
  cmd->add_option("--threads,-t", g.threads,
                  "Threads for spgraph and GraphBLAS (0 = all cores; at most " +
                      std::to_string(max_thread_count()) + ")")
      ->transform(thread_count_flag("--threads"));
  cmd->add_flag("--json", g.json, "Print the result as JSON on stdout");
  cmd->add_flag("--quiet,-q", g.quiet, "Print only the result, no progress or notes");
  cmd->add_option("--backend", g.backend,
                  "Where kernels run: cpu, or cuda (built with SPGRAPH_ENABLE_CUDA, a device "
                  "present; docs/cuda.md lists the commands with a CUDA path)")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  // "bfs", or "compare bfs" for a job of a command group.
  const CLI::App* parent = cmd->get_parent();
  g.command =
      parent && parent->get_parent() ? parent->get_name() + " " + cmd->get_name() : cmd->get_name();
}

void add_load_flags(CLI::App* cmd, LoadFlags& f) {
  cmd->add_option("--format", f.format,
                  "Input format: auto, mtx, edgelist, metis, binary, graphalytics (a dataset's "
                  ".properties file; auto takes any file named *.properties as one)")
      ->check(CLI::IsMember({"auto", "mtx", "edgelist", "metis", "binary", "graphalytics"}));
  cmd->add_option("--base", f.index_base, "Edge lists: first vertex id, 0 or 1 (default: detect)")
      ->check(CLI::IsMember({0, 1}));  // -1 (the default) is "detect", not a value to give
  cmd->add_flag("--remap-ids", f.remap_ids,
                "Edge lists: number the ids that appear densely; ids may be any token (integers, "
                "strings such as GO:0048308, UUIDs); output keeps the originals");
  cmd->add_flag("--string-ids", f.string_ids,
                "With --remap-ids: keep every id as a string even when all are integers "
                "(so 007 and 7 stay two vertices)");
  cmd->add_flag_callback(
      "--header", [&f] { f.header = 1; },
      "Edge lists: the first line names the columns (default: detect: a first line whose fields "
      "are not numbers where the next line's are, or usual column names such as source,target)");
  cmd->add_flag_callback(
      "--no-header", [&f] { f.header = 0; }, "Edge lists: the first line is data, not names");
  cmd->add_option("--src", f.src_column, "Edge lists: source column, by number (1-based) or name");
  cmd->add_option("--dst", f.dst_column, "Edge lists: target column, by number or name");
  cmd->add_option("--weight", f.weight_column,
                  "Edge lists: weight column, by number or name (default: the third, if any)");
  cmd->add_option("--edge-type", f.edge_types,
                  "Edge lists: keep only edges of these types (NAME[,NAME]) from the type column")
      ->delimiter(',');
  cmd->add_option(
      "--type-column", f.type_column,
      "Edge lists: the column --edge-type reads, by number or name (default: the last)");
  cmd->add_option("--delimiter", f.delimiter,
                  "Edge lists: field separator: tab, comma, space or one character that cannot "
                  "be part of a number or a quoted field (default: detect)")
      ->check(delimiter_flag());
  cmd->add_flag("--undirected", f.undirected,
                "Treat every arc as an undirected edge (store both directions)");
}

void apply_global_flags(const GlobalOptions& g) {
  set_num_threads(g.threads);
  const Backend b = backend_of(g);
  if (b == Backend::Cpu) return;
  require_backend(b);
  if (!g.runs_on_cuda) no_kernel_on_backend(b, "spgraph " + g.command);
}

Backend backend_of(const GlobalOptions& g) {
  return parse_backend(g.backend);
}

LoadOptions load_options_for(const LoadFlags& f, const GlobalOptions& g, bool pattern_only,
                             ValueType exact_type) {
  LoadOptions o;
  if (f.format == "mtx")
    o.format = FileFormat::MatrixMarket;
  else if (f.format == "edgelist")
    o.format = FileFormat::EdgeList;
  else if (f.format == "metis")
    o.format = FileFormat::Metis;
  else if (f.format == "binary")
    o.format = FileFormat::Binary;
  else if (f.format == "graphalytics")
    o.format = FileFormat::Graphalytics;
  o.index_base = f.index_base;
  o.remap_ids = f.remap_ids || f.string_ids;
  o.string_ids = f.string_ids;
  o.header = f.header;
  o.src_column = f.src_column;
  o.dst_column = f.dst_column;
  o.weight_column = f.weight_column;
  o.type_column = f.type_column;
  o.edge_types = f.edge_types;
  if (f.delimiter == "tab" || f.delimiter == "\\t")
    o.delimiter = '\t';
  else if (f.delimiter == "comma")
    o.delimiter = ',';
  else if (f.delimiter == "space" || f.delimiter == "whitespace")
    o.delimiter = ' ';
  else if (f.delimiter.size() == 1)
    o.delimiter = f.delimiter[0];
  else if (!f.delimiter.empty())
    throw CLI::ValidationError("--delimiter",
                               "--delimiter takes tab, comma, space or one "
                               "character, got '" +
                                   printable(f.delimiter) + "'");
  o.undirected = f.undirected;
  o.pattern_only = pattern_only;
  o.threads = g.threads;
  o.exact_type = pattern_only ? ValueType::Pattern : exact_type;
  return o;
}

CliGraph load_for_cli(const std::string& path, const LoadFlags& f, const GlobalOptions& g,
                      bool pattern_only, ValueType exact_type) {
  LoadOptions o = load_options_for(f, g, pattern_only, exact_type);
  // Every command loads through here: the place to decide, once, whether progress lines may
  // be drawn (a terminal on stderr, no --quiet); later phases (compare's timed pairs, streams)
  // follow the same decision.
  const bool show_progress = tools::allow_progress_on_terminal(g.quiet);
  // The bar's clock starts with the load (not at the first report, whose tiny elapsed time gave
  // absurd rates). Two stages: the bytes parsed, then the graph built from them, which follows
  // the report of the last byte (LoadOptions::progress) and may take as long again.
  std::optional<tools::Progress> bar;
  bool building = false;
  if (show_progress) {
    bar.emplace("loading " + printable(path), 0, "B");
    bar->update(0);
    o.progress = [&bar, &building](std::uint64_t done, std::uint64_t total) {
      if (building) return;
      bar->set_total(total);
      if (total > 0 && done >= total) {
        building = true;
        bar->stage("building the graph");
        return;
      }
      bar->update(done);
    };
  }
  auto t0 = std::chrono::steady_clock::now();
  CliGraph out;
  try {
    out.loaded = load_matrix(path, o);  // pattern_only: a Matrix<bool> pattern in every format
  } catch (const std::bad_alloc&) {
    bar.reset();
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
  bar.reset();
  out.undirected = f.undirected || out.loaded.info.symmetric_storage;
  const LoadInfo& info = out.loaded.info;
  const Vertex n = info.ids ? info.ids->size() : 0;
  if (!g.quiet && n && double(info.phantom_vertices) > kPhantomWarnFraction * double(n)) {
    std::fprintf(stderr,
                 "spgraph: warning: %s: %llu of %llu vertices (%.1f%%) are ids that appear on no "
                 "line (sparse ids); use --remap-ids to number only the ids that appear\n",
                 printable(path).c_str(), (unsigned long long)info.phantom_vertices,
                 (unsigned long long)n, 100.0 * double(info.phantom_vertices) / double(n));
  }
  // The duplicate rule (LoadOptions::duplicates, Combine): a repeated arc keeps the weight of
  // its first line. Said when weights are kept, since a later, different weight is dropped.
  if (!g.quiet && !g.json && info.duplicates_merged > 0 && info.field != "pattern")
    std::fprintf(
        stderr,
        "spgraph: note: %s: %s merged, each keeping the weight of its first line "
        "(later weights of the same arc are ignored; spgraph info counts them)\n",
        printable(path).c_str(),
        count_of(info.duplicates_merged, "repeated arc was", "repeated arcs were").c_str());
  return out;
}

void check_output_path(const std::string& output, const std::vector<std::string>& inputs) {
  if (output.empty()) throw InvalidArgument("the output path is empty");
  refuse_overwriting_input(output, inputs);
  refuse_unwritable_table(output);
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
  // Checked now rather than after the computation: no file system takes a longer name.
  if (const std::string name = target.filename().string(); name.size() > 255)
    throw InvalidArgument("cannot write " + printable(output) + ": its file name is " +
                          std::to_string(name.size()) + " bytes, and file names hold at most 255");
  const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
  if (::access(dir.c_str(), W_OK | X_OK) != 0)
    throw IoError("cannot write " + output + ": directory " + dir + ": " + std::strerror(errno));
}

std::vector<Vertex> pick_sources(const Csr<bool>& a, std::size_t count, std::uint64_t seed) {
  std::vector<Vertex> candidates;
  for (Vertex v = 0; v < a.nrows; ++v)
    if (a.degree(v) > 0) candidates.push_back(v);
  return pick_sources(std::move(candidates), count, seed);
}

std::vector<Vertex> pick_sources(std::vector<Vertex> candidates, std::size_t count,
                                 std::uint64_t seed) {
  if (candidates.empty())
    throw InvalidArgument("the graph has no vertex with an out-arc to start a search from");
  std::mt19937_64 rng(seed);
  std::shuffle(candidates.begin(), candidates.end(), rng);
  candidates.resize(std::min(count, candidates.size()));
  return candidates;
}

}  // namespace spgraph::cli

namespace spgraph::cli {

IdSpace::IdSpace(const LoadInfo& info)
    : ids_(info.ids), file_(info.path.empty() ? "the file" : printable(info.path)) {
  if (!ids_) ids_ = std::make_shared<const VertexIds>(VertexIds::offset(info.index_base, 0));
}

Vertex IdSpace::to_internal(std::uint64_t external, Vertex n) const {
  if (ids_->remapped()) {
    if (auto v = ids_->find_integer(external); v && *v < n) return *v;
    throw InvalidArgument("vertex " + std::to_string(external) + " is not in " + file_);
  }
  const std::uint64_t base = std::uint64_t(ids_->base());
  if (n == 0)
    throw InvalidArgument("vertex " + std::to_string(external) +
                          " is out of range: the graph has no vertices (" + file_ + ")");
  if (external < base || external - base >= n)
    throw InvalidArgument("vertex " + std::to_string(external) + " is out of range: ids run from " +
                          std::to_string(base) + " to " +
                          std::to_string(std::uint64_t(n) - 1 + base) + " in " + file_);
  return Vertex(external - base);
}

Vertex IdSpace::to_internal(std::string_view token, Vertex n) const {
  if (!named()) {
    std::uint64_t x = 0;
    if (!parse_decimal_id(token, x))  // a command-line error: exit code 2
      throw CLI::ValidationError("vertex '" + printable(token) +
                                 "' is not a vertex id: the ids of " + file_ +
                                 " are non-negative integers (string ids need --remap-ids)");
    return to_internal(x, n);
  }
  if (auto v = ids_->find(token); v && *v < n) return *v;
  throw InvalidArgument("vertex " + printable(token) + " is not in " + file_);
}

}  // namespace spgraph::cli
