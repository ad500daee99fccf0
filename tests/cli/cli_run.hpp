// Running the spgraph binary from a test: its exit code and its output (stdout and stderr
// together), and temporary files named for the test process. The binary's path comes from CMake
// (SPGRAPH_CLI).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace spgraph::testing {

struct CliRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

/// Runs a shell command line, collecting what it writes to stdout; exit_code is -1 when the
/// shell could not start or did not exit normally.
inline CliRun run_shell(const std::string& cmd) {
  CliRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  std::size_t got;
  while ((got = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), got);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Runs `spgraph ARGS` through the shell.
inline CliRun run(const std::string& args) {
  return run_shell(std::string(SPGRAPH_CLI) + " " + args + " 2>&1");
}

/// A path in the temporary directory, unique to this process; written when `content` is given.
inline std::filesystem::path temp_file(const std::string& name, const std::string& content = "") {
  std::filesystem::path p = std::filesystem::temp_directory_path() /
                            ("spgraph_cli_test_" + std::to_string(getpid()) + "_" + name);
  if (!content.empty()) std::ofstream(p) << content;
  return p;
}

}  // namespace spgraph::testing
