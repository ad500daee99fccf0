// SPDX-License-Identifier: Apache-2.0
// Starting and stopping a real `spgraph serve` for the serve tests (tests/cli/serve_*_test.cpp):
// the server runs on a free port (--port 0), read from its first line with a deadline, and its
// stderr goes to a file in the process's scratch directory.
#pragma once

#include <signal.h>

#include <string>
#include <vector>

#include "tests/support/spgraph_cli.hpp"

namespace spgraph::testing {

/// A running server: its process, port and stderr file.
struct Server {
  Child child;
  int port = 0;
  std::string first_line, log;
};

inline Server start_server(const std::vector<std::string>& args) {
  static int started = 0;
  Server s;
  std::vector<std::string> a{"serve"};
  a.insert(a.end(), args.begin(), args.end());
  a.insert(a.end(), {"--port", "0", "--workers", "8"});
  s.log = temp_file("serve_err_" + std::to_string(++started) + ".txt").string();
  s.child = spawn_spgraph(a, "", s.log, true, false);
  s.first_line = read_line(s.child, 60);
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

}  // namespace spgraph::testing
