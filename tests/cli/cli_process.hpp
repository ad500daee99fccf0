// Running the spgraph binary as a child process that a test can signal: fork + exec with an
// argument vector (no shell), stdout and stderr to files or pipes, and the raw wait status.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace spgraph::testing {

/// A started child: its pid and, when asked for, the read ends of its stdout and stdin pipes.
struct Child {
  pid_t pid = -1;
  int stdout_fd = -1;  ///< read end of the child's stdout (pipe_stdout), else -1
  int stdin_fd = -1;   ///< write end of the child's stdin (pipe_stdin), else -1
};

/// Starts `spgraph ARGS`. stdout goes to a pipe (pipe_stdout) or to `out_path`; stderr to
/// `err_path` (or /dev/null when empty); stdin from a pipe (pipe_stdin) or /dev/null.
inline Child spawn_spgraph(const std::vector<std::string>& args, const std::string& out_path,
                           const std::string& err_path, bool pipe_stdout = false,
                           bool pipe_stdin = false) {
  int out_pipe[2] = {-1, -1}, in_pipe[2] = {-1, -1};
  if (pipe_stdout && pipe(out_pipe) != 0) return {};
  if (pipe_stdin && pipe(in_pipe) != 0) return {};
  std::vector<std::string> argv_s{SPGRAPH_CLI};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec.
    const int null_fd = open("/dev/null", O_RDWR);
    int out = pipe_stdout ? out_pipe[1]
                          : open(out_path.empty() ? "/dev/null" : out_path.c_str(),
                                 O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err =
        err_path.empty() ? null_fd : open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(pipe_stdin ? in_pipe[0] : null_fd, STDIN_FILENO);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    for (int fd : {out_pipe[0], out_pipe[1], in_pipe[0], in_pipe[1]})
      if (fd > 2) close(fd);
    // Default signal dispositions, whatever the test runner set.
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    execv(argv[0], argv.data());
    _exit(127);
  }
  Child c;
  c.pid = pid;
  if (pipe_stdout) {
    close(out_pipe[1]);
    c.stdout_fd = out_pipe[0];
  }
  if (pipe_stdin) {
    close(in_pipe[0]);
    c.stdin_fd = in_pipe[1];
  }
  return c;
}

/// Waits for the child; returns the raw wait status.
inline int wait_child(Child& c) {
  int status = 0;
  while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (c.stdout_fd >= 0) close(c.stdout_fd);
  if (c.stdin_fd >= 0) close(c.stdin_fd);
  c.stdout_fd = c.stdin_fd = -1;
  return status;
}

/// Reads the child's stdout pipe until `text` has appeared (or the pipe ends); returns all read.
inline std::string read_until(const Child& c, const std::string& text) {
  std::string got;
  char buf[4096];
  while (got.find(text) == std::string::npos) {
    const ssize_t k = read(c.stdout_fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got.append(buf, std::size_t(k));
  }
  return got;
}

/// The whole content of a file ("" if it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace spgraph::testing
