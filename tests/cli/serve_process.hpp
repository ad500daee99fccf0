// Starting and stopping a real `spgraph serve` for the tests (tests/cli/serve_*_test.cpp): the
// server runs on a free port (--port 0), read from its first line with a deadline.
#pragma once

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <vector>

#include "tests/cli/cli_process.hpp"
#include "tests/cli/cli_run.hpp"

namespace spgraph::testing {

/// A running server: its process, port and stderr file.
struct Server {
  Child child;
  int port = 0;
  std::string first_line, log;
};

/// Reads the child's stdout up to the first newline, for at most `seconds`.
inline std::string first_line(const Child& c, double seconds) {
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

inline Server start_server(const std::vector<std::string>& args) {
  static int started = 0;
  Server s;
  std::vector<std::string> a{"serve"};
  a.insert(a.end(), args.begin(), args.end());
  a.insert(a.end(), {"--port", "0", "--workers", "8"});
  s.log = temp_file("serve_err_" + std::to_string(++started) + ".txt").string();
  s.child = spawn_spgraph(a, "", s.log, true, false);
  s.first_line = first_line(s.child, 60);
  const std::string prefix = "listening on http://127.0.0.1:";
  if (s.first_line.rfind(prefix, 0) == 0) s.port = std::stoi(s.first_line.substr(prefix.size()));
  if (s.port == 0) {  // it failed to start: do not leave it running
    kill(s.child.pid, SIGKILL);
    wait_child(s.child);
  }
  return s;
}

/// Signals the server and returns its wait status.
inline int stop_server(Server& s, int sig = SIGTERM) {
  kill(s.child.pid, sig);
  return wait_child(s.child);
}

inline bool exited_ok(int status) {
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace spgraph::testing
