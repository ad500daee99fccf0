// SPDX-License-Identifier: Apache-2.0
// Runs a contender in a forked child that hands a fixed-size result back through a pipe, so its
// peak memory (VmHWM) and any limit set on it are its own (docs/BENCHMARKING.md, "run
// each contender in a child process"). Used by Boost.Graph's closure peer, load_bench and
// stream_bench.
#pragma once

#include <cstddef>
#include <functional>
#include <type_traits>

namespace spgraph::tools {

/// How a child run ended.
struct ChildRun {
  bool started = false;   ///< the pipe and the fork succeeded
  bool reported = false;  ///< the child wrote its whole result
  int exit_code = -1;     ///< the child's exit status, or -1 if a signal ended it
  int signal = 0;         ///< the signal that ended the child, or 0
  /// The result came back and the child exited normally.
  bool ok() const { return reported && exit_code == 0; }
};

namespace detail {
/// Forks; the child runs `body` (which fills the `size` bytes at `result` in its own copy of
/// memory), writes them to the pipe and exits; the parent reads them into `result`.
ChildRun run_in_child(void* result, std::size_t size, const std::function<void()>& body);
}  // namespace detail

/// Runs `body(result)` in a forked child, starting from a value-initialised R, and copies the
/// child's `result` back. Standard output is flushed before the fork. An exception escaping
/// `body` is printed on stderr and ends the child with exit code 2 (no result). The child never
/// returns into the caller's code: it leaves with _exit.
template <class R, class F>
ChildRun run_in_child(R& result, F&& body) {
  static_assert(std::is_trivially_copyable_v<R>, "the result crosses a pipe as bytes");
  return detail::run_in_child(&result, sizeof result, [&] {
    result = R{};
    body(result);
  });
}

}  // namespace spgraph::tools
