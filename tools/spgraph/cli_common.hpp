// Pieces shared by the spgraph subcommands: global flags, loading with progress, output.
#pragma once

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/error.hpp"
#include "loaders/load.hpp"

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

/// Flags every subcommand accepts.
struct GlobalOptions {
  int threads = 0;
  bool json = false;
  bool quiet = false;
};

/// Flags for reading a graph file.
struct LoadFlags {
  std::string format = "auto";
  int index_base = -1;
  bool remap_ids = false;
  bool undirected = false;
};

/// Adds --threads, --json and --quiet to a subcommand.
void add_global_flags(CLI::App* cmd, GlobalOptions& g);
/// Adds --format, --base, --remap-ids and --undirected to a subcommand.
void add_load_flags(CLI::App* cmd, LoadFlags& f);
/// Applies --threads to OpenMP (and so to every kernel).
void apply_threads(const GlobalOptions& g);

/// Loads a file as the CLI does: progress on a TTY, timing, clear errors.
struct CliGraph {
  LoadedMatrix loaded;
  double load_seconds = 0;
  /// True when the graph is undirected (symmetric storage in the file, or --undirected).
  bool undirected = false;
};
CliGraph load_for_cli(const std::string& path, const LoadFlags& f, const GlobalOptions& g,
                      bool pattern_only);

/// Seconds elapsed since t0 on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Formats a byte count as "12.3 MB".
std::string human_bytes(std::uint64_t bytes);

/// Escapes a string for a JSON literal (quotes included).
std::string json_string(const std::string& s);

/// Picks `count` distinct sources with at least one out-arc, deterministically from `seed`
/// (as GAP's benchmark does); throws InvalidArgument when the graph has no such vertex.
std::vector<Vertex> pick_sources(const Csr<bool>& a, std::size_t count, std::uint64_t seed);

}  // namespace spgraph::cli

namespace spgraph::cli {

/// Translates between the file's vertex numbering (what users type and read: 1-based for
/// Matrix Market and METIS, the original ids of a remapped edge list) and dense 0-based ids.
class IdSpace {
 public:
  explicit IdSpace(const LoadInfo& info);
  /// The dense id of a vertex named in the file's numbering; throws InvalidArgument if none.
  Vertex to_internal(std::uint64_t external, Vertex n) const;
  /// The file's name for dense id v.
  std::uint64_t to_external(Vertex v) const {
    return external_ids_ ? (*external_ids_)[v] : std::uint64_t(v) + base_;
  }
  int base() const { return base_; }

 private:
  const std::vector<std::uint64_t>* external_ids_ = nullptr;
  int base_ = 0;
};

}  // namespace spgraph::cli
