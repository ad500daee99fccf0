// SPDX-License-Identifier: Apache-2.0
// tests/support/process.hpp, on /bin/sh and coreutils as the children: run_process() returns
// exit codes and signals apart, captures stdout and stderr apart or merged (or leaves stderr to
// the test), feeds stdin, sets the environment of the child alone, caps what it keeps while
// counting every byte, and kills a child that outlives its time limit (one that would sleep
// far longer than the limit, so no outcome depends on timing). spawn() runs a child beside the
// test: its pipes are read up to a text or a line, and its end is waited for.
#include "tests/support/process.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace spgraph::testing {
namespace {

RunResult sh(const std::string& script, const RunOptions& o = {}) {
  return run_process({"/bin/sh", "-c", script}, o);
}

TEST(RunProcess, ExitCodesAndSignalsAreToldApart) {
  const RunResult ok = sh("exit 0");
  EXPECT_TRUE(ok.started);
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_FALSE(ok.signalled || ok.timed_out);
  EXPECT_EQ(sh("exit 3").exit_code, 3);
  const RunResult killed = sh("kill -TERM $$");
  EXPECT_TRUE(killed.signalled);
  EXPECT_EQ(killed.signal, SIGTERM);
  EXPECT_EQ(killed.exit_code, -1);
  const RunResult missing = run_process({"/no/such/program"});
  EXPECT_TRUE(missing.started);
  EXPECT_EQ(missing.exit_code, 127) << "a failed exec";
}

TEST(RunProcess, StdoutAndStderrApartOrMerged) {
  const std::string script = "printf out1; printf err1 >&2; printf out2";
  const RunResult apart = sh(script);
  EXPECT_EQ(apart.out, "out1out2");
  EXPECT_EQ(apart.err, "err1");
  EXPECT_EQ(apart.out_bytes, 8u);
  EXPECT_EQ(apart.err_bytes, 4u);
  RunOptions merged;
  merged.stderr_to = Stderr::Merge;
  const RunResult m = sh(script, merged);
  EXPECT_EQ(m.out, "out1err1out2") << "one pipe keeps the order of the writes";
  EXPECT_EQ(m.err, "");
  RunOptions inherit;
  inherit.stderr_to = Stderr::Inherit;
  const RunResult i = sh("printf out; printf '(stderr of a process_test child)\\n' >&2", inherit);
  EXPECT_EQ(i.out, "out");
  EXPECT_EQ(i.err, "");
}

TEST(RunProcess, StdinIsFedOrEmpty) {
  RunOptions o;
  o.input = "line one\nline two\n";
  const RunResult cat = run_process({"/bin/cat"}, o);
  EXPECT_EQ(cat.exit_code, 0);
  EXPECT_EQ(cat.out, o.input);
  // Input far past a pipe's buffer while the child writes as much back: no deadlock.
  o.input = std::string(1 << 20, 'x');
  EXPECT_EQ(run_process({"/bin/cat"}, o).out, o.input);
  EXPECT_EQ(run_process({"/bin/cat"}).out, "") << "no input: stdin is /dev/null";
}

TEST(RunProcess, AChildThatStopsReadingDoesNotStopTheTest) {
  RunOptions o;
  o.input = std::string(1 << 20, 'x');
  const RunResult r = sh("head -c 10 > /dev/null; printf done", o);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "done");
}

TEST(RunProcess, EnvironmentIsSetInTheChildOnly) {
  RunOptions o;
  o.env = {{"SPGRAPH_PROCESS_TEST", "child value"}, {"HOME", "/nowhere"}};
  const RunResult r = sh("printf '%s|%s' \"$SPGRAPH_PROCESS_TEST\" \"$HOME\"", o);
  EXPECT_EQ(r.out, "child value|/nowhere");
  EXPECT_EQ(std::getenv("SPGRAPH_PROCESS_TEST"), nullptr);
}

TEST(RunProcess, KeepsAtMostKeepBytesAndCountsThemAll) {
  RunOptions o;
  o.keep_bytes = 1000;
  const RunResult r = sh("head -c 100000 /dev/zero", o);
  EXPECT_EQ(r.out.size(), 1000u);
  EXPECT_EQ(r.out_bytes, 100000u);
}

TEST(RunProcess, AChildPastItsTimeLimitIsKilledWithItsGroup) {
  RunOptions o;
  o.timeout_seconds = 1;
  // The shell's own child would keep the pipe open: killing the group ends both.
  const RunResult r = sh("sleep 600 & sleep 600; echo never", o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_FALSE(r.signalled);
  EXPECT_EQ(r.exit_code, -1);
  EXPECT_EQ(r.out, "");
}

TEST(Spawn, PipesAreReadUpToALineOrAText) {
  SpawnOptions o;
  o.pipe_stdin = true;
  o.pipe_stdout = true;
  Child c = spawn({"/bin/cat"}, o);
  ASSERT_GT(c.pid, 0);
  const std::string first = "first line\n";
  ASSERT_EQ(write(c.stdin_fd, first.data(), first.size()), ssize_t(first.size()));
  EXPECT_EQ(read_line(c, 600), "first line");
  const std::string more = "second\nthird\n";
  ASSERT_EQ(write(c.stdin_fd, more.data(), more.size()), ssize_t(more.size()));
  EXPECT_NE(read_until(c, "third").find("third"), std::string::npos);
  close(c.stdin_fd);
  c.stdin_fd = -1;
  EXPECT_TRUE(exited_ok(wait_child(c))) << "cat ends at the end of its input";
  EXPECT_EQ(c.stdout_fd, -1) << "wait_child closes the pipes";
}

TEST(Spawn, OutputGoesToFilesAndTheChildCanBeSignalled) {
  const TempDir dir;
  SpawnOptions o;
  o.stdout_file = dir.file("out.txt");
  o.stderr_file = dir.file("err.txt");
  Child done = spawn({"/bin/sh", "-c", "printf to-out; printf to-err >&2"}, o);
  ASSERT_GT(done.pid, 0);
  EXPECT_TRUE(exited_ok(wait_child(done)));
  EXPECT_EQ(read_file(o.stdout_file), "to-out");
  EXPECT_EQ(read_file(o.stderr_file), "to-err");

  Child sleeper = spawn({"/bin/sleep", "600"});
  ASSERT_GT(sleeper.pid, 0);
  kill(sleeper.pid, SIGTERM);
  const int status = wait_child(sleeper);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_FALSE(exited_ok(status));
}

TEST(Spawn, ReadLineGivesUpAtItsDeadline) {
  SpawnOptions o;
  o.pipe_stdout = true;
  Child c = spawn({"/bin/sh", "-c", "printf 'no newline'; exec sleep 600"}, o);
  ASSERT_GT(c.pid, 0);
  EXPECT_EQ(read_line(c, 0.5), "no newline") << "what came, without a newline";
  kill(c.pid, SIGKILL);
  wait_child(c);
}

}  // namespace
}  // namespace spgraph::testing
