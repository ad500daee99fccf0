// SPDX-License-Identifier: Apache-2.0
// Running the spgraph binary from a test, on the runners of tests/support/process.hpp. run()
// takes the arguments as one shell string (so a test may quote, redirect and pipe as a user
// would) and returns the exit code with stdout and stderr together; run_spgraph() takes an
// argument vector with no shell and returns everything run_process() tells; spawn_spgraph()
// starts one that runs beside the test. The binary's path comes from CMake (SPGRAPH_CLI), set
// on each test target that runs it.
#pragma once

#include <string>
#include <vector>

#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"

namespace spgraph::testing {

struct CliRun {
  int exit_code = -1;  ///< -1 when the shell could not start or did not exit normally
  std::string output;  ///< what the command line wrote to stdout
};

/// Runs a shell command line and collects its stdout; its stderr goes to the test's own.
inline CliRun run_shell(const std::string& cmd) {
  RunOptions o;
  o.stderr_to = Stderr::Inherit;
  const RunResult r = run_shell_command(cmd, o);
  return {r.started && !r.signalled ? r.exit_code : -1, r.out};
}

/// Runs `spgraph ARGS` through the shell, stdout and stderr together in `output`.
inline CliRun run(const std::string& args) {
  return run_shell(std::string(SPGRAPH_CLI) + " " + args + " 2>&1");
}

/// Runs `spgraph ARGS` with no shell; see run_process().
inline RunResult run_spgraph(const std::vector<std::string>& args, const RunOptions& options = {}) {
  std::vector<std::string> argv{SPGRAPH_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, options);
}

/// Starts `spgraph ARGS` beside the test. stdout goes to a pipe (pipe_stdout) or to `out_path`;
/// stderr to `err_path`; stdin comes from a pipe (pipe_stdin); "" paths are /dev/null.
inline Child spawn_spgraph(const std::vector<std::string>& args, const std::string& out_path,
                           const std::string& err_path, bool pipe_stdout = false,
                           bool pipe_stdin = false) {
  std::vector<std::string> argv{SPGRAPH_CLI};
  argv.insert(argv.end(), args.begin(), args.end());
  SpawnOptions o;
  o.pipe_stdout = pipe_stdout;
  o.pipe_stdin = pipe_stdin;
  o.stdout_file = out_path;
  o.stderr_file = err_path;
  return spawn(argv, o);
}

/// `text` single-quoted for the shell of run(), whatever it holds.
inline std::string shell_quote(const std::string& text) {
  std::string quoted(1, '\'');  // appends: GCC 12 misreports "'" + string (-Wrestrict)
  for (const char c : text) {
    if (c == '\'')
      quoted.append("'\\''");
    else
      quoted.push_back(c);
  }
  quoted.push_back('\'');
  return quoted;
}

}  // namespace spgraph::testing
