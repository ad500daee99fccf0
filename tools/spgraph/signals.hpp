// SPDX-License-Identifier: Apache-2.0
// Signals in the spgraph binary. By default SIGINT, SIGTERM and SIGHUP remove every output not
// yet committed (loaders/output_file.hpp: only hidden temporary files; a target is never left
// half written) and then end the process by the same signal, with its default action. `stream`
// switches SIGINT and SIGTERM to a graceful stop: the first one only sets a flag that the update
// reader checks (its blocking read is interrupted, as the handler is installed without
// SA_RESTART), so that the command applies what it has read, writes --out and exits with
// 128 + the signal's number; a second one ends the process as above.
#pragma once

#include <csignal>
#include <string>

namespace spgraph::cli {

/// Installs the default handlers (remove uncommitted outputs, then die by the signal).
void install_signal_handlers();

/// Switches SIGINT and SIGTERM to the graceful stop described above.
void enable_graceful_stop();

/// The flag set by the first SIGINT/SIGTERM in graceful mode: 0, or the signal's number.
const volatile std::sig_atomic_t* stop_flag();

/// "SIGINT", "SIGTERM", "SIGHUP", or "signal N".
std::string signal_name(int signo);

}  // namespace spgraph::cli
