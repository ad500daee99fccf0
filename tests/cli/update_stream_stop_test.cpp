// SPDX-License-Identifier: Apache-2.0
// The update stream reader's stop flag, which `spgraph stream` sets from its SIGINT/SIGTERM
// handler, so that a stopped stream leaves a complete output or none: a set flag ends the input,
// the complete lines already read are still returned, a line cut short is dropped, a blocked read
// returns (interrupted by the signal, or at the latest at the reader's next 100 ms wake-up), and a
// gzip stream stopped mid-member is not an error. Also bytes_read(), which the stream's growth
// guard uses, and a UTF-8 byte order mark before the first line, which is skipped.
#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <string>
#include <thread>

#include "engine/core/error.hpp"
#include "loaders/update_stream.hpp"
#include "tests/support/gzip.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using spgraph::UpdateRecord;
using spgraph::UpdateStreamOptions;
using spgraph::UpdateStreamReader;

volatile std::sig_atomic_t g_flag = 0;

/// A pipe whose read end replaces stdin for one reader ("-"), restored afterwards.
struct StdinPipe {
  int write_fd = -1;
  int saved_stdin = -1;
  StdinPipe() {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    saved_stdin = dup(STDIN_FILENO);
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
    write_fd = fds[1];
  }
  ~StdinPipe() {
    if (write_fd >= 0) close(write_fd);
    dup2(saved_stdin, STDIN_FILENO);
    close(saved_stdin);
  }
  void write_all(const std::string& s) const {
    ASSERT_EQ(::write(write_fd, s.data(), s.size()), ssize_t(s.size()));
  }
};

UpdateStreamOptions stoppable() {
  g_flag = 0;
  UpdateStreamOptions o;
  o.strict = true;
  o.stop = &g_flag;
  return o;
}

TEST(UpdateStreamStop, AStopEndsTheInputAndDropsACutLine) {
  StdinPipe p;
  UpdateStreamReader r("-", stoppable());
  p.write_all("+ 1 2\n# comment\n+ 3 ");
  UpdateRecord rec;
  ASSERT_TRUE(r.next(rec));
  EXPECT_EQ(rec.u, 1u);
  EXPECT_EQ(r.bytes_read(), 6u);
  g_flag = SIGTERM;
  // The comment is read; "+ 3 " is cut short by the stop: not a record, not an error.
  EXPECT_FALSE(r.next(rec));
  EXPECT_TRUE(r.stopped());
  EXPECT_EQ(r.lines_read(), 2u);
  EXPECT_EQ(r.bytes_read(), 16u);
}

TEST(UpdateStreamStop, CompleteLinesReadBeforeTheStopAreReturned) {
  StdinPipe p;
  UpdateStreamReader r("-", stoppable());
  p.write_all("+ 1 2\n+ 3 4\n+ 5 6\n");
  UpdateRecord rec;
  ASSERT_TRUE(r.next(rec));
  g_flag = SIGINT;  // the other two lines are already in the reader's buffer
  ASSERT_TRUE(r.next(rec));
  EXPECT_EQ(rec.u, 3u);
  ASSERT_TRUE(r.next(rec));
  EXPECT_EQ(rec.u, 5u);
  EXPECT_FALSE(r.next(rec));
  EXPECT_TRUE(r.stopped());
}

extern "C" void set_flag(int signo) {
  g_flag = signo;
}

TEST(UpdateStreamStop, ASignalEndsABlockedRead) {
  StdinPipe p;
  struct sigaction sa {
  }, old{};
  sa.sa_handler = set_flag;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: read(2) and poll(2) return EINTR
  ASSERT_EQ(sigaction(SIGUSR1, &sa, &old), 0);
  UpdateStreamReader r("-", stoppable());
  p.write_all("+ 7 8\n");
  std::atomic<bool> first{false}, done{false};
  bool got_first = false, got_second = true;
  std::thread reader([&] {
    UpdateRecord rec;
    got_first = r.next(rec);
    first = true;
    got_second = r.next(rec);  // blocks: the pipe stays open and empty
    done = true;
  });
  const pthread_t handle = reader.native_handle();
  while (!first) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // Signal the reading thread until it returns (a signal may come before it blocks).
  while (!done) {
    pthread_kill(handle, SIGUSR1);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  reader.join();
  sigaction(SIGUSR1, &old, nullptr);
  EXPECT_TRUE(got_first);
  EXPECT_FALSE(got_second);
  EXPECT_TRUE(r.stopped());
  EXPECT_EQ(r.lines_read(), 1u);
}

TEST(UpdateStreamStop, AFlagSetWithoutASignalIsSeenWhileWaiting) {
  StdinPipe p;
  UpdateStreamReader r("-", stoppable());
  std::thread setter([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    g_flag = SIGTERM;
  });
  UpdateRecord rec;
  EXPECT_FALSE(r.next(rec));  // returns within about 100 ms of the flag
  setter.join();
  EXPECT_TRUE(r.stopped());
}

TEST(UpdateStreamStop, AGzipStreamStoppedMidMemberIsNotAnError) {
  std::string text;
  for (int k = 0; k < 2000; ++k) text += "+ " + std::to_string(k) + " 1\n";
  const std::string gz = spgraph::testing::gzip_bytes(text);
  StdinPipe p;
  UpdateStreamOptions o = stoppable();
  o.read_chunk = 64;
  UpdateStreamReader r("-", o);
  p.write_all(gz.substr(0, gz.size() / 2));  // half of the member
  UpdateRecord rec;
  std::uint64_t records = 0;
  ASSERT_TRUE(r.next(rec));
  ++records;
  g_flag = SIGTERM;
  EXPECT_NO_THROW({
    while (r.next(rec)) ++records;
  });
  EXPECT_TRUE(r.stopped());
  EXPECT_LT(records, 2000u);
  // Without a stop, the same cut stream is a truncated gzip stream.
  {
    StdinPipe q;
    UpdateStreamReader plain("-", stoppable());
    q.write_all(gz.substr(0, gz.size() / 2));
    close(q.write_fd);
    q.write_fd = -1;
    EXPECT_THROW(
        {
          while (plain.next(rec)) {
          }
        },
        spgraph::ParseError);
  }
}

TEST(UpdateStreamStop, WithoutAStopACutLastLineIsStillARecord) {
  const std::string path = spgraph::testing::temp_file("cut.txt", "+ 1 2\n+ 3 4").string();
  UpdateStreamReader r(path, stoppable());
  UpdateRecord rec;
  ASSERT_TRUE(r.next(rec));
  ASSERT_TRUE(r.next(rec));
  EXPECT_EQ(rec.v, 4u);
  EXPECT_FALSE(r.next(rec));
  EXPECT_FALSE(r.stopped());
  EXPECT_EQ(r.bytes_read(), 11u);
  std::remove(path.c_str());
}

TEST(UpdateStreamStop, AByteOrderMarkBeforeTheFirstLineIsSkipped) {
  const std::string path =
      spgraph::testing::temp_file("bom.txt", "\xEF\xBB\xBF+ 1 2\n\xEF\xBB\xBF+ 3 4\n").string();
  UpdateStreamOptions o = stoppable();
  o.strict = false;
  UpdateStreamReader r(path, o);
  UpdateRecord rec;
  ASSERT_TRUE(r.next(rec));
  EXPECT_EQ(rec.u, 1u);
  EXPECT_FALSE(r.next(rec));  // only the first line may start with one
  ASSERT_EQ(r.errors().size(), 1u);
  EXPECT_EQ(r.errors()[0].line, 2u);
  std::remove(path.c_str());
}

}  // namespace
