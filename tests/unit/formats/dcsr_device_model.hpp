// SPDX-License-Identifier: Apache-2.0
// The Dynamic CSR model test (dcsr_model_test.cpp's random batches and its map reference,
// dcsr_model_reference.hpp) run against the device format: a template over the implementation,
// so that the host emulation (formats/dcsr/dcsr_device_emulated.hpp, label unit) and the CUDA
// format (formats/dcsr/dcsr_cuda.hpp, label cuda, on a device) answer the same steps and are
// held to the same oracle. After every step: the entries (every copy, with its value), the
// entry count, row degrees, the batch's counts and self-loop change; every few steps, SpMV on
// the fragmented form against a fold of the model and BFS levels against a BFS of the model.
// Frozen copies are re-checked against the model of their version after later steps.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/semiring.hpp"
#include "formats/dcsr/dcsr_params.hpp"
#include "tests/unit/formats/dcsr_model_reference.hpp"

namespace spgraph::dcsr_model {

struct DeviceModelCase {
  DuplicatePolicy dup;
  bool pattern;
  unsigned k;
  Offset slack;
  double ratio;
};

inline std::string device_case_name(const DeviceModelCase& c) {
  return duplicate_policy_name(c.dup) + (c.pattern ? "_pattern" : "_valued") + "_k" +
         std::to_string(c.k) + "_slack" + std::to_string(c.slack);
}

/// The cases of the CPU model test.
inline std::vector<DeviceModelCase> device_model_cases() {
  return {{DuplicatePolicy::IgnoreIfPresent, true, 4, 0, 0},
          {DuplicatePolicy::IgnoreIfPresent, false, 4, 1, 0},
          {DuplicatePolicy::IgnoreIfPresent, true, 1, 2, 0.5},
          {DuplicatePolicy::Combine, false, 2, 0, 0.25},
          {DuplicatePolicy::Combine, true, 4, 1, 0},
          {DuplicatePolicy::Keep, false, 4, 0, 0},
          {DuplicatePolicy::Keep, true, 2, 1, 0},
          {DuplicatePolicy::Keep, false, 1, 3, 0}};
}

/// How often each path ran, so that a test fails when one stops being exercised.
struct DeviceCoverage {
  Offset grew = 0, relocated = 0, new_segments = 0, defragmented = 0, multi_segment = 0;
};

template <class Impl>
std::vector<std::tuple<Vertex, Vertex, double>> device_tuples(const Impl& d, bool pattern) {
  const auto c = d.download();
  std::vector<std::tuple<Vertex, Vertex, double>> t;
  for (Vertex r = 0; r + 1 < c.row_ptr.size(); ++r)
    for (Offset p = c.row_ptr[r]; p < c.row_ptr[r + 1]; ++p)
      t.emplace_back(r, c.col[p], pattern ? 1.0 : double(c.val[p]));
  std::sort(t.begin(), t.end());
  return t;
}

/// Entries, count and degrees of `d` against the model.
template <class Impl>
void check_device_contents(const Impl& d, const Model& m, Vertex nrows, bool pattern) {
  const auto want = model_tuples(m);
  ASSERT_EQ(device_tuples(d, pattern), want);
  ASSERT_EQ(d.nvals(), want.size());
  ASSERT_EQ(d.nrows(), nrows);
  std::vector<Offset> deg(nrows, 0);
  for (const auto& t : want) ++deg[std::get<0>(t)];
  for (Vertex r = 0; r < nrows; r += 1 + nrows / 16) ASSERT_EQ(d.degree(r), deg[r]) << "row " << r;
}

/// SpMV (plus-times, small integer x: exact sums) and BFS from vertex 0 against the model.
template <class Impl>
void check_device_kernels(const Impl& d, const Model& m, Vertex nrows, Vertex ncols,
                          std::mt19937_64& rng) {
  std::vector<double> x(ncols), y(nrows, -1), want(nrows, 0);
  for (double& v : x) v = double(rng() % 7) - 3;
  for (const auto& [k, vs] : m)
    for (double v : vs) want[k.first] += v * x[k.second];
  d.template spmv<PlusTimes<double>>(x.data(), y.data());
  ASSERT_EQ(y, want);
  if (nrows == 0 || nrows != ncols) return;
  std::vector<std::vector<Vertex>> adj(nrows);
  for (const auto& [k, vs] : m) adj[k.first].push_back(k.second);
  std::vector<Vertex> level(nrows, kNoVertex);
  std::deque<Vertex> queue{0};
  level[0] = 0;
  while (!queue.empty()) {
    const Vertex u = queue.front();
    queue.pop_front();
    for (Vertex v : adj[u])
      if (level[v] == kNoVertex) {
        level[v] = level[u] + 1;
        queue.push_back(v);
      }
  }
  ASSERT_EQ(d.bfs_levels(0), level);
}

/// `steps` random steps (defragment, resize, freeze, or a batch) on an nrows x ncols matrix,
/// each checked against the model.
template <class Impl>
void run_device_model(const DeviceModelCase& c, std::uint64_t seed, Vertex nrows, Vertex ncols,
                      int steps, std::size_t max_batch, double space_threshold,
                      DeviceCoverage& cov) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  DcsrParams params;
  params.max_segments = c.k;
  params.slack = c.slack;
  params.slack_ratio = c.ratio;
  params.duplicates = c.dup;
  params.growth = 1.0;  // small pools, so that batches run out and the pool grows
  params.space_threshold = space_threshold;
  Impl d(nrows, ncols, c.pattern, params);
  Model model;
  struct Snap {
    Impl copy;
    Model model;
    Vertex nrows;
  };
  std::vector<Snap> snaps;
  for (int step = 0; step < steps; ++step) {
    SCOPED_TRACE("step " + std::to_string(step));
    const int what = int(rng() % 100);
    if (what < 4) {
      d.defragment();
    } else if (what < 6) {
      nrows += Vertex(rng() % 5);
      ncols += Vertex(rng() % 5);
      d.resize(nrows, ncols);
    } else if (what < 12) {
      snaps.push_back({d.freeze(), model, nrows});
      if (snaps.size() > 3) snaps.erase(snaps.begin());
    } else {
      const std::vector<EdgeUpdate<double>> ops =
          random_ops(rng, model, nrows, ncols, max_batch, c.pattern);
      const Expect e = apply_model(model, ops, c.dup, c.pattern);
      std::vector<Vertex> rs, cs;
      std::vector<double> vs;
      std::vector<UpdateKind> ks;
      for (const auto& o : ops) {
        rs.push_back(o.u);
        cs.push_back(o.v);
        ks.push_back(o.kind);
        if (!c.pattern) vs.push_back(o.w);
      }
      const auto got = d.apply(ks, rs, cs, vs);
      const DcsrBatchResult& r = got.counts;
      cov.grew += r.grew;
      cov.relocated += r.relocated;
      cov.new_segments += r.new_segments;
      cov.defragmented += r.defragmented;
      cov.multi_segment += d.stats().multi_segment_rows;
      EXPECT_EQ(r.inserted, e.inserted);
      EXPECT_EQ(r.erased, e.erased);
      EXPECT_EQ(r.missing, e.missing);
      EXPECT_EQ(r.ignored, e.ignored);
      EXPECT_EQ(r.combined, e.combined);
      EXPECT_EQ(r.assigned, e.assigned);
      if (c.dup != DuplicatePolicy::Keep) {  // Keep skips lookups for insert-only batches
        std::int64_t loops = 0;
        for (const Key& k : e.added) loops += k.first == k.second;
        for (const Key& k : e.removed) loops -= k.first == k.second;
        EXPECT_EQ(got.self_loop_delta, loops);
      }
    }
    check_device_contents(d, model, nrows, c.pattern);
    if (step % 8 == 0) check_device_kernels(d, model, nrows, ncols, rng);
    const DcsrStats st = d.stats();
    ASSERT_LE(st.allocated, st.capacity);
    for (const Snap& sn : snaps) check_device_contents(sn.copy, sn.model, sn.nrows, c.pattern);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

/// The CPU model test's two runs: small matrices with many short batches (three seeds, one
/// with a low space threshold), then large batches.
template <class Impl>
void run_device_model_case(const DeviceModelCase& c) {
  DeviceCoverage cov;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const std::uint64_t s = seed * 7919 + c.k * 31 + unsigned(c.dup) * 7 + c.pattern;
    run_device_model<Impl>(c, s, 40, 48, 160, 400, seed == 3 ? 0.3 : 100.0, cov);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(cov.grew, 0u);
  EXPECT_GT(cov.defragmented, 0u);
  if (c.k <= 2) {  // with k = 4, the defragmentations come first
    EXPECT_GT(cov.relocated, 0u);
  }
  if (c.k > 1) {
    EXPECT_GT(cov.new_segments, 0u);
    EXPECT_GT(cov.multi_segment, 0u);
  }
  DeviceCoverage large;
  run_device_model<Impl>(c, 104729 + c.k * 31 + unsigned(c.dup) * 7 + c.pattern, 3000, 3000, 24,
                         30000, 0.5, large);
  EXPECT_GT(large.new_segments + large.relocated, 0u);
}

}  // namespace spgraph::dcsr_model
