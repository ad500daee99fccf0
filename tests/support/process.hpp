// SPDX-License-Identifier: Apache-2.0
// Running child processes from a test, with no shell between (fork + exec of an argument
// vector). run_process() runs one to its end: its stdin fed from a string (or /dev/null), its
// stdout and stderr captured apart or together (or stderr left on the test's own), its exit code
// told apart from the signal that ended it, and an optional time limit after which its whole
// process group is killed, so that a hang fails the test instead of stalling the suite. spawn()
// starts one that runs beside the test (a server, a stream the test signals): a Child with its
// pid and pipes to its stdin and stdout, read up to a text or a line, and wait_child() for its
// status. The child starts with SIGINT, SIGTERM, SIGHUP and SIGPIPE at their defaults and no
// signal blocked, whatever the test runner set.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

extern char** environ;

namespace spgraph::testing {

namespace process_detail {

/// argv as exec takes it, pointing into `storage` (built before fork: the child only execs).
inline std::vector<char*> c_strings(std::vector<std::string>& storage) {
  std::vector<char*> out;
  for (std::string& s : storage) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

/// This process's environment with each NAME=value of `set` added or replaced.
inline std::vector<std::string> environment_with(
    const std::vector<std::pair<std::string, std::string>>& set) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    bool replaced = false;
    for (const auto& [name, value] : set) replaced |= entry.rfind(name + "=", 0) == 0;
    if (!replaced) env.push_back(entry);
  }
  for (const auto& [name, value] : set) env.push_back(name + "=" + value);
  return env;
}

/// In the child, before exec: default dispositions and an empty signal mask.
inline void reset_signals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

inline void close_all(std::initializer_list<int> fds) {
  for (int fd : fds)
    if (fd >= 0) close(fd);
}

}  // namespace process_detail

/// Where a child's stderr goes in run_process().
enum class Stderr {
  Capture,  ///< into RunResult::err
  Merge,    ///< into the same pipe as stdout (RunResult::out holds both, interleaved)
  Inherit,  ///< the test's own stderr (shown in the test log)
};

struct RunOptions {
  std::string input;  ///< written to the child's stdin, then closed; "": /dev/null
  Stderr stderr_to = Stderr::Capture;
  int timeout_seconds = 0;  ///< 0: none; else the child's process group is killed then
  std::vector<std::pair<std::string, std::string>> env;  ///< NAME, value set in the child only
  std::size_t keep_bytes = std::numeric_limits<std::size_t>::max();  ///< most kept of out, err
};

struct RunResult {
  bool started = false;    ///< the pipes and fork succeeded (a failed exec is exit code 127)
  bool timed_out = false;  ///< killed at the time limit (exit_code and signal then unset)
  bool signalled = false;  ///< ended by a signal
  int exit_code = -1;      ///< when it exited
  int signal = 0;          ///< when signalled
  std::string out, err;    ///< what it wrote, up to keep_bytes each
  std::size_t out_bytes = 0, err_bytes = 0;  ///< all it wrote, kept or not
};

/// Runs `argv` (argv[0] is the program's path) to its end; see RunOptions.
inline RunResult run_process(const std::vector<std::string>& argv, const RunOptions& options = {}) {
  using process_detail::close_all;
  RunResult r;
  std::vector<std::string> args = argv;
  std::vector<char*> c_args = process_detail::c_strings(args);
  std::vector<std::string> env = process_detail::environment_with(options.env);
  std::vector<char*> c_env = process_detail::c_strings(env);
  const bool capture_err = options.stderr_to == Stderr::Capture;
  const bool feed = !options.input.empty();
  int out[2] = {-1, -1}, err[2] = {-1, -1}, in[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) != 0 || (capture_err && pipe2(err, O_CLOEXEC) != 0) ||
      (feed && pipe2(in, O_CLOEXEC) != 0)) {
    close_all({out[0], out[1], err[0], err[1], in[0], in[1]});
    return r;
  }
  const int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  const bool group = options.timeout_seconds > 0;
  const pid_t pid = fork();
  if (pid < 0) {
    close_all({out[0], out[1], err[0], err[1], in[0], in[1], null_fd});
    return r;
  }
  if (pid == 0) {  // only async-signal-safe calls until exec
    if (group) setpgid(0, 0);
    process_detail::reset_signals();
    dup2(feed ? in[0] : null_fd, STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    if (options.stderr_to == Stderr::Capture) dup2(err[1], STDERR_FILENO);
    if (options.stderr_to == Stderr::Merge) dup2(out[1], STDERR_FILENO);
    execve(c_args[0], c_args.data(), c_env.data());
    _exit(127);
  }
  if (group) setpgid(pid, pid);  // as the child does: no race with the kill below
  close_all({out[1], err[1], in[0], null_fd});
  r.started = true;

  // Writes to a child that has gone must not raise SIGPIPE in the test: block it around the
  // writes and take any pending one away.
  sigset_t pipe_set, old_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  if (feed) {
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old_set);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
  }
  std::size_t written = 0;
  int in_fd = feed ? in[1] : -1, out_fd = out[0], err_fd = err[0];
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(options.timeout_seconds);
  char buf[65536];
  auto drain = [&](int& fd, std::string& text, std::size_t& bytes) {
    const ssize_t got = read(fd, buf, sizeof buf);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (got <= 0) {  // EOF: every writer closed
      close(fd);
      fd = -1;
      return;
    }
    bytes += std::size_t(got);
    if (text.size() < options.keep_bytes)
      text.append(buf, std::min(std::size_t(got), options.keep_bytes - text.size()));
  };
  while (out_fd >= 0 || err_fd >= 0) {
    int wait_ms = -1;
    if (group) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) {
        r.timed_out = true;
        break;
      }
      wait_ms = int(std::min<long long>(left, 1000));
    }
    pollfd p[3] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}, {in_fd, POLLOUT, 0}};
    const int k = poll(p, 3, wait_ms);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) continue;
    if (out_fd >= 0 && p[0].revents) drain(out_fd, r.out, r.out_bytes);
    if (err_fd >= 0 && p[1].revents) drain(err_fd, r.err, r.err_bytes);
    if (in_fd >= 0 && p[2].revents) {
      const ssize_t put =
          write(in_fd, options.input.data() + written, options.input.size() - written);
      if (put > 0) written += std::size_t(put);
      if ((put < 0 && errno != EINTR && errno != EAGAIN) || written == options.input.size()) {
        close(in_fd);  // all of it, or the child stopped reading: it sees EOF
        in_fd = -1;
      }
    }
  }
  close_all({out_fd, err_fd, in_fd});
  if (feed) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) > 0) {
    }
    pthread_sigmask(SIG_SETMASK, &old_set, nullptr);
  }
  if (r.timed_out) kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (r.timed_out) {
    kill(-pid, SIGKILL);  // a grandchild may still hold the group: nothing outlives the test
  } else if (WIFSIGNALED(status)) {
    r.signalled = true;
    r.signal = WTERMSIG(status);
  } else if (WIFEXITED(status)) {
    r.exit_code = WEXITSTATUS(status);
  }
  return r;
}

/// Runs a shell command line (`/bin/sh -c`); see run_process().
inline RunResult run_shell_command(const std::string& command, const RunOptions& options = {}) {
  return run_process({"/bin/sh", "-c", command}, options);
}

/// How spawn() connects a child's standard streams.
struct SpawnOptions {
  bool pipe_stdin = false;      ///< a pipe the test writes (Child::stdin_fd); else /dev/null
  bool pipe_stdout = false;     ///< a pipe the test reads (Child::stdout_fd); else stdout_file
  std::string stdout_file;      ///< when not piped; "": /dev/null
  std::string stderr_file;      ///< "": /dev/null, unless inherit_stderr
  bool inherit_stderr = false;  ///< the test's own stderr (shown in the test log)
};

/// A started child: its pid and, when asked for, the test's ends of its stdout and stdin pipes.
struct Child {
  pid_t pid = -1;      ///< -1 when it could not be started
  int stdout_fd = -1;  ///< read end of the child's stdout (pipe_stdout), else -1
  int stdin_fd = -1;   ///< write end of the child's stdin (pipe_stdin), else -1
};

/// Starts `argv` (argv[0] is the program's path) beside the test; see SpawnOptions.
inline Child spawn(const std::vector<std::string>& argv, const SpawnOptions& options = {}) {
  using process_detail::close_all;
  std::vector<std::string> args = argv;
  std::vector<char*> c_args = process_detail::c_strings(args);
  int out_pipe[2] = {-1, -1}, in_pipe[2] = {-1, -1};
  if (options.pipe_stdout && pipe2(out_pipe, O_CLOEXEC) != 0) return {};
  if (options.pipe_stdin && pipe2(in_pipe, O_CLOEXEC) != 0) {
    close_all({out_pipe[0], out_pipe[1]});
    return {};
  }
  const int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  const int out_fd =
      options.pipe_stdout
          ? out_pipe[1]
          : (options.stdout_file.empty() ? null_fd
                                         : open(options.stdout_file.c_str(),
                                                O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  const int err_fd =
      options.inherit_stderr
          ? STDERR_FILENO
          : (options.stderr_file.empty() ? null_fd
                                         : open(options.stderr_file.c_str(),
                                                O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  const pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    process_detail::reset_signals();
    dup2(options.pipe_stdin ? in_pipe[0] : null_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    if (err_fd != STDERR_FILENO) dup2(err_fd, STDERR_FILENO);
    execv(c_args[0], c_args.data());
    _exit(127);
  }
  close_all({out_pipe[1], in_pipe[0], null_fd});
  if (out_fd != out_pipe[1] && out_fd != null_fd) close(out_fd);
  if (err_fd != STDERR_FILENO && err_fd != null_fd) close(err_fd);
  if (pid < 0) {
    close_all({out_pipe[0], in_pipe[1]});
    return {};
  }
  Child c;
  c.pid = pid;
  c.stdout_fd = out_pipe[0];
  c.stdin_fd = in_pipe[1];
  return c;
}

/// Waits for the child to end, closes the test's pipe ends and returns the raw wait status.
inline int wait_child(Child& c) {
  int status = 0;
  while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  process_detail::close_all({c.stdout_fd, c.stdin_fd});
  c.stdout_fd = c.stdin_fd = -1;
  return status;
}

/// True when a wait status says the child exited with code 0.
inline bool exited_ok(int status) {
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
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

/// The child's first line of stdout (without its newline), read for at most `seconds`; what
/// came by then when no newline did. Bytes after the newline that arrived with it are dropped.
inline std::string read_line(const Child& c, double seconds) {
  std::string got;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(long(seconds * 1000));
  while (got.find('\n') == std::string::npos) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{c.stdout_fd, POLLIN, 0};
    const int r = poll(&p, 1, int(left.count()));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    char buf[256];
    const ssize_t k = read(c.stdout_fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got.append(buf, std::size_t(k));
  }
  return got.substr(0, got.find('\n'));
}

}  // namespace spgraph::testing
