// SPDX-License-Identifier: Apache-2.0
// What `spgraph stream --store` says about failed checkpoints (a full disk, a read-only
// directory): GraphStore keeps a failed automatic checkpoint's reason (checkpoint_error) and the
// batch stays in the log; the final checkpoint on close would swallow its error. CheckpointWatch
// says each new failure on stderr, takes the final checkpoint itself so that its failure is
// seen, and gives the counts for the summary (text and --json).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "engine/core/error.hpp"
#include "store/graph_store.hpp"

namespace spgraph::cli {

struct CheckpointWatch {
  std::uint64_t failures = 0;
  std::string last_error;  ///< the latest failure's reason (empty: none failed)

  /// After each applied batch: a new automatic-checkpoint failure is counted and said.
  template <class T>
  void after_batch(const GraphStore<T>& store) {
    const std::string e = store.checkpoint_error();
    if (e.empty() || e == seen_) {
      seen_ = e;
      return;
    }
    seen_ = e;
    fail(store.directory(), e);
  }

  /// At the end of the stream: the checkpoint a clean close would take, taken here so that a
  /// failure is reported (`pending`: batches were applied since the last checkpoint).
  template <class T>
  void at_end(GraphStore<T>& store, bool pending) {
    if (!pending) return;
    try {
      store.checkpoint();
    } catch (const Error& e) {
      fail(store.directory(), e.what());
    }
  }

 private:
  std::string seen_;

  void fail(const std::string& dir, const std::string& why) {
    ++failures;
    last_error = why;
    std::fflush(stdout);
    std::fprintf(stderr,
                 "spgraph: warning: store %s: a checkpoint failed: %s; every batch is still in "
                 "the log (which grows until a checkpoint succeeds), and the next open replays "
                 "it\n",
                 printable(dir).c_str(), printable(why).c_str());
  }
};

}  // namespace spgraph::cli
