// SPDX-License-Identifier: Apache-2.0
// Signal handlers of the spgraph binary (see signals.hpp). The handlers only call
// async-signal-safe functions: remove_uncommitted_outputs (unlink), sigaction, raise.
#include "tools/spgraph/signals.hpp"

#include <csignal>
#include <cstring>

#include "loaders/output_file.hpp"

namespace spgraph::cli {

namespace {

volatile std::sig_atomic_t g_stop = 0;

void die_by(int signo) {
  remove_uncommitted_outputs();
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sigemptyset(&sa.sa_mask);
  sigaction(signo, &sa, nullptr);
  // The signal is blocked while its handler runs: unblock it so that it is delivered now.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signo);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  raise(signo);
}

extern "C" void on_fatal_signal(int signo) {
  die_by(signo);
}

extern "C" void on_stop_signal(int signo) {
  if (g_stop != 0) {
    die_by(signo);
    return;
  }
  g_stop = signo;
}

void install(int signo, void (*handler)(int), bool restart) {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = restart ? SA_RESTART : 0;
  sigaction(signo, &sa, nullptr);
}

}  // namespace

void install_signal_handlers() {
  for (int signo : {SIGINT, SIGTERM, SIGHUP}) {
    // A signal ignored when spgraph started (nohup, a background job) stays ignored.
    struct sigaction old;
    if (sigaction(signo, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    install(signo, on_fatal_signal, true);
  }
}

void enable_graceful_stop() {
  for (int signo : {SIGINT, SIGTERM}) {
    struct sigaction old;
    if (sigaction(signo, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    install(signo, on_stop_signal, false);
  }
}

const volatile std::sig_atomic_t* stop_flag() {
  return &g_stop;
}

std::string signal_name(int signo) {
  switch (signo) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "signal " + std::to_string(signo);
  }
}

}  // namespace spgraph::cli
