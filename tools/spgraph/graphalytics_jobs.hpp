// SPDX-License-Identifier: Apache-2.0
// The algorithms `spgraph graphalytics` runs, one table entry each (graphalytics_jobs.cpp,
// kJobs): the name --algorithm takes (Graphalytics' acronym, lower-case, as a dataset's
// graph.NAME.algorithms lists it), whether it reads the weight property, the .properties keys of
// its parameters (each also a flag: --source, --iterations, --damping), and the function that
// runs it. The command resolves the parameters (flag, else key) and loads the dataset; a job runs
// its kernel through run_kernel_timed (the time is the kernel's alone), adds its parameters and
// findings to the report, and hands back the writer of its output in Graphalytics' form
// (loaders/graphalytics_output.hpp). Definitions: LDBC Graphalytics benchmark specification
// v1.0, §2.3.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "loaders/graphalytics.hpp"
#include "tools/cli/cli_common.hpp"
#include "tools/cli/report.hpp"

namespace spgraph::cli {

/// A job's parameters, resolved from the flags or the dataset's keys (those it has keys for).
struct GraphalyticsParameters {
  Vertex source = 0;  ///< dense id of the source vertex
  int iterations = 0;
  double damping = 0;
};

/// What a job reads.
struct GraphalyticsJobInput {
  const GraphalyticsDataset& data;
  const IdSpace& ids;
  const GraphalyticsParameters& params;
  int repeat = 1;  ///< --repeat: kernel runs (the median time is reported)
};

/// What a job hands back.
struct GraphalyticsJobRun {
  double seconds = 0;  ///< the kernel's time (median over the runs)
  int runs = 1;
  std::string layout;  ///< text lines naming the fields the job added to the report
  std::function<void(const std::string& path)> write_output;
};

/// One algorithm. A key left null means the job has no such parameter (and refuses its flag).
struct GraphalyticsJob {
  const char* name;            ///< --algorithm value: "bfs", "pr", ...
  const char* title;           ///< "breadth-first search", ...
  bool weighted;               ///< reads the weight property (SSSP)
  const char* source_key;      ///< e.g. "bfs.source-vertex" (flag --source)
  const char* iterations_key;  ///< e.g. "pr.num-iterations" (flag --iterations)
  const char* damping_key;     ///< e.g. "pr.damping-factor" (flag --damping)
  GraphalyticsJobRun (*run)(const GraphalyticsJobInput& in, Report& report);
};

/// Every job, in the order --help lists them.
const std::vector<GraphalyticsJob>& graphalytics_jobs();

/// The job named `name`, or null.
const GraphalyticsJob* find_graphalytics_job(std::string_view name);

}  // namespace spgraph::cli
