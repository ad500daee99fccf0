// SPDX-License-Identifier: Apache-2.0
// The store's crash test (no acknowledged batch lost to a crash): a child process
// (store_crash_child.cpp) streams random batches into a store and acknowledges each on stdout once
// apply() returns; the parent kills it with SIGKILL at random moments (after a random number of
// acknowledgements plus a random delay, so kills land in appends, fsyncs, checkpoints and
// recovery), 50 times per graph kind. After each kill the parent reopens the store: it must hold
// exactly the batches 1..V, where V is the last acknowledged version or the one after it (the batch
// in flight), and equal a map model of those batches. The child then goes on from the recovered
// store.
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "store/graph_store.hpp"
#include "tests/support/process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/unit/store/store_test_model.hpp"

namespace spgraph {
namespace {

struct Run {
  std::uint64_t last_ack = 0;
  bool saw_ack = false;
};

/// Starts the child, waits for `acks` acknowledgements (or its exit), sleeps `delay_us`, kills
/// it with SIGKILL and returns the last version it acknowledged.
Run run_and_kill(const std::string& dir, std::uint64_t seed, bool weighted, int acks,
                 int delay_us) {
  testing::SpawnOptions so;
  so.pipe_stdout = true;
  so.inherit_stderr = true;  // the child reports its errors there
  testing::Child child =
      testing::spawn({STORE_CRASH_CHILD, dir, std::to_string(seed), weighted ? "1" : "0"}, so);
  if (child.pid < 0) ADD_FAILURE() << "could not start " << STORE_CRASH_CHILD;
  Run r;
  std::string pending;
  auto consume = [&](bool until_eof, int want) {
    int seen = 0;
    char buf[4096];
    while (until_eof || seen < want) {
      const ssize_t n = read(child.stdout_fd, buf, sizeof buf);
      if (n <= 0) return false;  // the child exited (an error: it reports on stderr)
      pending.append(buf, std::size_t(n));
      std::size_t nl;
      while ((nl = pending.find('\n')) != std::string::npos) {
        r.last_ack = std::stoull(pending.substr(0, nl));
        r.saw_ack = true;
        pending.erase(0, nl + 1);
        ++seen;
      }
    }
    return true;
  };
  const bool alive = acks == 0 || consume(false, acks);
  if (alive && delay_us > 0) usleep(useconds_t(delay_us));
  kill(child.pid, SIGKILL);
  consume(true, 0);  // acknowledgements written before the kill
  const int status = testing::wait_child(child);
  EXPECT_TRUE(WIFSIGNALED(status)) << "the child exited on its own (status " << status << ")";
  return r;
}

template <class T>
void crash_test(bool weighted, std::uint64_t seed) {
  const testing::TempDir scratch;
  const std::string dir = scratch.file("store");
  testing::StoreModel model;
  model.n = 64;
  std::uint64_t model_version = 0;
  std::uint64_t acked = 0;
  std::mt19937 rng{unsigned(seed)};
  int torn = 0, in_flight = 0;
  for (int round = 0; round < 50; ++round) {
    const int acks = int(rng() % 8);
    const int delay = int(rng() % 3000);
    const Run r = run_and_kill(dir, seed, weighted, acks, delay);
    if (r.saw_ack) acked = std::max(acked, r.last_ack);
    if (!GraphStore<T>::exists(dir)) {
      ASSERT_FALSE(r.saw_ack) << "a batch was acknowledged but the store does not exist";
      continue;  // killed while creating: the next child creates it again
    }
    StoreOptions o;
    o.checkpoint_on_close = false;
    auto store = GraphStore<T>::open(dir, o);
    const std::uint64_t v = store->version();
    ASSERT_GE(v, acked) << "round " << round << ": an acknowledged batch was lost";
    ASSERT_LE(v, acked + 1) << "round " << round << ": more batches than were sent";
    ASSERT_GE(v, model_version);
    for (; model_version < v; ++model_version)
      model.apply(testing::store_test_batch<T>(seed, model_version + 1, weighted));
    torn += store->recovery().torn_bytes > 0;
    in_flight += v == acked + 1;
    const GraphSnapshot<T> s = store->snapshot();
    std::map<std::pair<Vertex, Vertex>, double> got;
    ASSERT_TRUE(testing::snapshot_edges(s, got)) << "round " << round;
    ASSERT_EQ(got, model.edges) << "round " << round << ", version " << v;
    ASSERT_EQ(s.num_vertices(), model.n) << "round " << round;
    acked = v;  // the recovered state is what the next child starts from
  }
  EXPECT_GT(model_version, 0u) << "no batch was ever applied";
  std::printf(
      "crash test: %llu batches over 50 kills; %d recoveries dropped a torn tail, %d "
      "kept the batch in flight\n",
      (unsigned long long)model_version, torn, in_flight);
  std::filesystem::remove_all(dir);
}

TEST(StoreCrash, PatternGraphSurvives50Kills) {
  crash_test<bool>(false, 11);
}
TEST(StoreCrash, WeightedGraphSurvives50Kills) {
  crash_test<double>(true, 12);
}

}  // namespace
}  // namespace spgraph
