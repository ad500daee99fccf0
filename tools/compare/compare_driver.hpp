// SPDX-License-Identifier: Apache-2.0
// The one driver of the `spgraph compare` jobs. A job declares its flags and, once they are
// parsed, a plan: its two runners (spgraph's and the peer's), its verifier, its report fields
// and its text layout. The driver owns the rest, in the order docs/BENCHMARKING.md sets: the
// global flags and thread count, GraphBLAS's start, the job's set-up (load, each engine's own
// copy; not timed), one untimed warm-up per engine in its own peak-memory window, the
// verification, the timed A/B pairs (alternating which engine goes first), the timing summary,
// and the output as JSON, --quiet or text.
//
// To add a job: a file compare_JOB.cpp with a struct holding its flags, `add_flags` and `plan`,
// and one line in cmd_compare.cpp: `register_compare_job<JobStruct>(cmd, "name", "summary")`.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/verify_common.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"
#include "tools/compare/compare_common.hpp"

namespace spgraph::cli {

/// The flags every compare job has; the driver adds them after the job's own.
struct CompareFlags {
  GlobalOptions g;
  LoadFlags load;
  int runs = 5;
};

/// One engine's side of a job.
struct Runner {
  /// Bytes of the engine's own copy of the input, counted in its peak memory.
  std::uint64_t input_bytes = 0;
  /// The untimed warm-up run; it keeps its answer for the verification.
  std::function<void()> warm_up;
  /// One timed run whose answer is checked against the verified one; returns its seconds.
  std::function<double()> timed_run;
};

/// What the driver measured, for the job's report fields.
struct Measured {
  int threads = 0;
  std::uint64_t ours_peak = 0, theirs_peak = 0;
  PairTimes times;
};

/// A job's plan for one run, made once its flags are parsed.
struct ComparePlan {
  Runner ours, theirs;
  /// The peer's name in the timing summary and its report keys ("igraph": igraph_median_s, ...).
  std::string theirs_name = "GraphBLAS";
  /// Checks the warm-up answers; throws VerificationFailed at the first difference.
  std::function<void()> verify;
  /// Peers timed outside the A/B pairs, after the verification (Boost.Graph for the closure);
  /// may be empty.
  std::function<std::vector<Contender>()> other_peers;
  /// The job's report fields, in order; the driver's timing summary follows them.
  std::function<void(Report&, const Measured&)> add_fields;
  /// Replaces the A/B pairs and the timing summary for a job timed otherwise (BFS: per source);
  /// returns the text layout of what it added. May be empty.
  std::function<std::string(Report&, Measured&)> time_and_summarize;
  /// The text layout of the fields; the summary's layout is appended.
  std::string layout;
  /// The layout under --quiet: the result alone (verified, or exit code 3 before this).
  std::string quiet_layout = "{median_ratio_graphblas}\n";
};

/// What the verifiers (algorithms/<family>/<family>_verify.hpp) call the two answers.
inline constexpr AnswerNames kEngines{"spgraph", "GraphBLAS"};
/// The same for the jobs whose peer is igraph.
inline constexpr AnswerNames kIgraphEngines{"spgraph", "igraph"};

/// The verifiers' names for vertices: the file's (its numbering or string ids). `ids` must
/// outlive the namer.
inline VertexNamer file_names(const IdSpace& ids) {
  return [&ids](Vertex v) { return ids.name(v); };
}

/// Throws VerificationFailed with a verifier's description of the first difference, if any.
inline void require_verified(const std::string& failure) {
  if (!failure.empty()) throw VerificationFailed(failure);
}

/// Adds the fields every job's report starts with: the job's name, its input and the threads.
void add_job_fields(Report& r, const char* job, const std::string& file, int threads);

/// Runs a plan's job from start to output (the order above).
void run_compare_plan(const CompareFlags& flags,
                      const std::function<ComparePlan(const CompareFlags&, int)>& make_plan);

/// Registers Job as `compare NAME`: the job's flags (Job::add_flags), then --runs unless the job
/// declares its own (Job::kOwnRunsFlag), the global and the load flags.
template <class Job>
void register_compare_job(CLI::App* compare, const char* name, const char* description) {
  auto job = std::make_shared<Job>();
  auto flags = std::make_shared<CompareFlags>();
  CLI::App* cmd = compare->add_subcommand(name, description);
  job->add_flags(cmd, *flags);
  if constexpr (!requires { Job::kOwnRunsFlag; }) add_runs_flag(cmd, flags->runs);
  add_global_flags(cmd, flags->g);
  add_load_flags(cmd, flags->load);
  cmd->callback([job, flags] {
    run_compare_plan(*flags,
                     [&job](const CompareFlags& f, int threads) { return job->plan(f, threads); });
  });
}

}  // namespace spgraph::cli
