// SPDX-License-Identifier: Apache-2.0
// Pieces shared by the spgraph subcommands: global flags, loading with progress, vertex ids.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/backend.hpp"
#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "loaders/load.hpp"
#include "loaders/vertex_ids.hpp"
#include "tools/cli/report.hpp"
#include "tools/common/stats.hpp"
#include "tools/common/timing.hpp"

namespace spgraph::cli {

/// Exit codes of the spgraph binary (documented in docs/cli.md and `spgraph --help`).
enum ExitCode : int {
  kExitOk = 0,
  kExitError = 1,     ///< bad input, unreadable file, invalid argument, resource limit
  kExitUsage = 2,     ///< bad command line
  kExitMismatch = 3,  ///< compare: the engines' answers differ
};

/// Thrown by compare when answers differ; maps to kExitMismatch.
class VerificationFailed : public Error {
 public:
  using Error::Error;
};

/// Asks main to exit with `code` after the subcommand returns normally (stream stopped by a
/// signal exits with 128 + the signal's number).
void request_exit_code(int code);
/// The code asked for with request_exit_code, or kExitOk.
int requested_exit_code();

/// Flags every subcommand accepts.
struct GlobalOptions {
  int threads = 0;
  bool json = false;
  bool quiet = false;
  std::string backend = "cpu";  ///< --backend: cpu or cuda
  std::string command;          ///< the subcommand's name, for messages
  bool runs_on_cuda = false;    ///< set by subcommands that have a CUDA path (mxv)
};

/// Flags for reading a graph file.
struct LoadFlags {
  std::string format = "auto";
  int index_base = -1;
  bool remap_ids = false;
  bool string_ids = false;
  bool undirected = false;
  int header = -1;  ///< --header 1, --no-header 0, else detect
  std::string src_column, dst_column, weight_column, type_column;
  std::vector<std::string> edge_types;
  std::string delimiter;  ///< "", "tab", "comma", "space" or one character
};

/// Share of phantom vertices (ids that appear on no line of a sparse-id edge list) above
/// which every command warns and suggests --remap-ids.
inline constexpr double kPhantomWarnFraction = 0.02;

// Validators for flag values. A bad value is a usage error (exit code 2) whose message names the
// flag and says what it takes, e.g. "--batch must be a positive integer, got '0'". Integers are
// decimal digits only (no sign, no 0x, leading zeros ignored).

/// An integer from lo to hi ("a positive integer" / "a non-negative integer" when hi is the
/// largest uint64 and lo is 1 / 0). `what` is appended to the message, e.g. " (a vertex id)".
CLI::Validator integer_flag(const std::string& name, std::uint64_t lo, std::uint64_t hi,
                            const std::string& what = "");
/// A vertex as users name it in the file's numbering: digits, or any token for string ids
/// (--remap-ids); refuses an empty value and negative numbers ("-1").
CLI::Validator vertex_flag(const std::string& name);
/// A thread count: 0 (all cores) to max_thread_count() (engine/core/resources.hpp).
CLI::Validator thread_count_flag(const std::string& name);
/// A finite real number from lo to hi (e.g. a probability).
CLI::Validator real_flag(const std::string& name, double lo, double hi);
/// A memory size in GB: a finite number, at least 0.001 (1 MB).
CLI::Validator memory_gb_flag(const std::string& name);
/// The smallest memory limit accepted, in GB.
inline constexpr double kMinMemoryGb = 0.001;

/// Adds --threads, --json, --quiet and --backend to a subcommand.
void add_global_flags(CLI::App* cmd, GlobalOptions& g);
/// Adds --format, --base, --remap-ids, --string-ids, --undirected and the table flags
/// (--header/--no-header, --src, --dst, --weight, --edge-type, --type-column, --delimiter).
void add_load_flags(CLI::App* cmd, LoadFlags& f);
/// Applies --threads to OpenMP (and so to every kernel), and checks --backend: cuda is refused
/// (BackendUnavailable, naming why) unless it is built, has a device, and the subcommand has a
/// CUDA path.
void apply_global_flags(const GlobalOptions& g);
/// The backend --backend names.
Backend backend_of(const GlobalOptions& g);

/// The loader's options that the flags ask for (load_for_cli's, without progress).
LoadOptions load_options_for(const LoadFlags& f, const GlobalOptions& g, bool pattern_only,
                             ValueType exact_type = ValueType::Pattern);

/// Loads a file as the CLI does: progress on a TTY, timing, clear errors.
struct CliGraph {
  LoadedMatrix loaded;
  double load_seconds = 0;
  /// True when the graph is undirected (symmetric storage in the file, or --undirected).
  bool undirected = false;
};
/// With `pattern_only` the matrix is always a Matrix<bool> pattern (values dropped, whatever
/// type the file holds). `exact_type` (not Pattern): every value in the file must convert to it
/// without loss, else ParseError at its line (LoadOptions::exact_type). Running out of memory
/// while loading is an OutOfMemory error naming the file and its size.
CliGraph load_for_cli(const std::string& path, const LoadFlags& f, const GlobalOptions& g,
                      bool pattern_only, ValueType exact_type = ValueType::Pattern);

/// Checks an output path before anything is loaded: it must not be one of `inputs` (same
/// device and inode), and an existing target must be a regular file (outputs replace the file
/// atomically, which a device or pipe cannot take). Throws InvalidArgument.
void check_output_path(const std::string& output, const std::vector<std::string>& inputs);

/// True when `s` is decimal digits only (no sign, no 0x) with a value below 2^64, put in `out`.
bool parse_decimal_id(std::string_view s, std::uint64_t& out);

/// Escapes control bytes in messages (engine/core/error.hpp).
using spgraph::printable;

/// Seconds elapsed since t0 on the steady clock (tools/common/timing.hpp).
using tools::kernel_clock_start;
using tools::seconds_since;

/// --repeat N: how many times a kernel command runs its kernel in one process.
void add_repeat_flag(CLI::App* cmd, int& repeat);

/// A kernel's answer and its time: the median over the runs (a single run's time for one).
template <class R>
struct TimedKernel {
  R result;
  double seconds = 0;
  int runs = 1;
};

/// Runs `kernel` `repeat` times (at least once), each after kernel_clock_start, and keeps the
/// last answer (the earlier ones are freed before the next run starts) and the median time:
/// GAPBS's -n trials, for comparing like with like. The first run of a process pays for the
/// first touch of its memory, which the median of several runs leaves out.
template <class F>
auto run_kernel_timed(int repeat, F&& kernel) -> TimedKernel<decltype(kernel())> {
  using R = decltype(kernel());
  std::vector<double> times;
  std::optional<R> result;
  for (int i = 0; i < std::max(repeat, 1); ++i) {
    result.reset();
    const auto t0 = kernel_clock_start();
    result.emplace(kernel());
    times.push_back(seconds_since(t0));
  }
  return {std::move(*result), tools::median(times), int(times.size())};
}

/// Builds A's cached transpose (the in-arcs) of a directed graph before a kernel's clock starts,
/// as GAPBS's builder makes its in-arcs while loading; returns the seconds it took (0 when
/// `directed` is false or the transpose exists). PageRank, CC and BC read it.
template <class T>
double build_in_arcs(const Matrix<T>& a, bool directed) {
  if (!directed || a.has_cached_transpose()) return 0;
  const auto t0 = std::chrono::steady_clock::now();
  a.transposed();
  return seconds_since(t0);
}

/// The first line of a kernel command's text report: the graph, its load time and, for a
/// directed graph, the time build_in_arcs took.
inline std::string graph_line_layout(bool directed) {
  return directed ? "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s, "
                    "in-arcs built in {in_arcs_seconds} s)\n"
                  : "graph: {n} vertices, {arcs} arcs, {kind} (loaded in {load_seconds} s)\n";
}

/// Formats a byte count as "12.3 MB" (engine/core/resources.hpp).
using spgraph::human_bytes;

/// Picks `count` distinct sources with at least one out-arc, deterministically from `seed`
/// (as GAP's benchmark does); throws InvalidArgument when the graph has no such vertex.
std::vector<Vertex> pick_sources(const Csr<bool>& a, std::size_t count, std::uint64_t seed);
/// The same from the vertices that have an out-arc, in increasing order (spgraph-mpi gathers
/// them): the same seed picks the same sources.
std::vector<Vertex> pick_sources(std::vector<Vertex> candidates, std::size_t count,
                                 std::uint64_t seed);

}  // namespace spgraph::cli

namespace spgraph::cli {

/// The CLI's view of a loaded file's vertex names (LoadInfo::ids, the one id map:
/// loaders/vertex_ids.hpp): what users type and read is the file's numbering (1-based for
/// Matrix Market and METIS, the original ids or names of a remapped edge list); the engine
/// works on dense 0-based ids. Holds no table of its own.
class IdSpace {
 public:
  explicit IdSpace(const LoadInfo& info);
  /// The dense id of a vertex the user named by number; throws InvalidArgument naming the vertex
  /// and the file if the file has none.
  Vertex to_internal(std::uint64_t external, Vertex n) const;
  /// The dense id of a vertex the user named by any token (string ids, or digits).
  Vertex to_internal(std::string_view token, Vertex n) const;
  /// The file's integer for dense id v (not for string ids: use name()).
  std::uint64_t to_external(Vertex v) const { return ids_->integer_id(v); }
  /// The file's name for dense id v, as text.
  std::string name(Vertex v) const { return ids_->name(v); }
  /// True when the names are strings (a JSON string rather than a number).
  bool named() const { return ids_->kind() == VertexIds::Kind::String; }
  int base() const { return ids_->base(); }
  /// The map itself (to write it back with an output file).
  const std::shared_ptr<const VertexIds>& ids() const { return ids_; }

 private:
  std::shared_ptr<const VertexIds> ids_;
  std::string file_;  ///< the file's path, for messages ("vertex X is not in FILE")
};

/// A vertex's name as a report value: a JSON number for integer ids, a string for names.
inline ReportValue vertex_value(const IdSpace& ids, Vertex v) {
  return ids.named() ? report::str(ids.name(v)) : report::count(ids.to_external(v));
}

/// The id users see for dense vertex 0 in a file loaded without remapping: 1 for Matrix Market
/// and METIS, an edge list's detected or declared base, 0 for binary files without one. (A
/// LoadInfo's index_base is only an edge list's; the id map knows every format's.)
inline int numbering_base(const LoadInfo& info) {
  return info.ids ? info.ids->base() : info.index_base;
}

/// `m` with its values as doubles (1 for a pattern).
template <class T>
Matrix<double> to_double_matrix(const Matrix<T>& m) {
  const Csr<T>& a = m.csr();
  Csr<double> d;
  d.nrows = a.nrows;
  d.ncols = a.ncols;
  d.row_ptr = a.row_ptr;
  d.col = a.col;
  d.val.resize(a.nnz());
  for (Offset k = 0; k < a.nnz(); ++k) d.val[k] = double(a.value(k));
  return Matrix<double>::trusted(std::move(d));
}

}  // namespace spgraph::cli
