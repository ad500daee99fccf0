// SPDX-License-Identifier: Apache-2.0
// The fork, pipe and wait of run_in_child (see child_process.hpp).
#include "tools/common/child_process.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <exception>

namespace spgraph::tools::detail {

ChildRun run_in_child(void* result, std::size_t size, const std::function<void()>& body) {
  ChildRun run;
  int fds[2];
  if (pipe(fds) != 0) return run;
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return run;
  }
  if (pid == 0) {
    close(fds[0]);
    try {
      body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child failed: %s\n", e.what());
      _exit(2);
    }
    _exit(write(fds[1], result, size) == ssize_t(size) ? 0 : 3);
  }
  run.started = true;
  close(fds[1]);
  std::size_t got = 0;
  char* p = static_cast<char*>(result);
  while (got < size) {
    const ssize_t k = read(fds[0], p + got, size - got);
    if (k <= 0) break;
    got += std::size_t(k);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  run.reported = got == size;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace spgraph::tools::detail
