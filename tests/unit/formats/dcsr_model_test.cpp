// SPDX-License-Identifier: Apache-2.0
// Randomized model test of the Dynamic CSR format: long random sequences of inserts (with
// repeats inside a batch and of stored entries), erases (of present and missing entries), value
// assignments, mixed batches, defragmentations, growth and snapshots, checked after every step
// against a std::map model, for every duplicate policy, pattern and valued, and several segment
// limits. Frozen snapshots are re-checked against the model of their version after later steps,
// which pins snapshot isolation. Seeds are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "formats/dcsr/dcsr.hpp"
#include "tests/unit/formats/dcsr_model_reference.hpp"

namespace spgraph {
namespace {

using dcsr_model::apply_model;
using dcsr_model::Expect;
using dcsr_model::Key;
using dcsr_model::Model;
using dcsr_model::model_tuples;

template <class T>
std::vector<std::tuple<Vertex, Vertex, double>> view_tuples(const DcsrView<T>& v) {
  std::vector<std::tuple<Vertex, Vertex, double>> t;
  for (Vertex r = 0; r < v.nrows(); ++r)
    v.for_each(r, [&](Vertex c, Offset s) { t.emplace_back(r, c, double(v.value(s))); });
  std::sort(t.begin(), t.end());
  return t;
}

/// Checks every read path of `v` against the model.
template <class T>
void check_view(const DcsrView<T>& v, const Model& m, Vertex nrows, std::mt19937_64& rng) {
  const auto want = model_tuples(m);
  ASSERT_EQ(view_tuples(v), want);
  ASSERT_EQ(v.nvals(), want.size());
  std::vector<Offset> deg(nrows, 0);
  for (const auto& t : want) ++deg[std::get<0>(t)];
  for (Vertex r = 0; r < nrows; ++r) ASSERT_EQ(v.degree(r), deg[r]) << "row " << r;
  // Point lookups: present keys (every one, or a sample of 2000 on big models) and random ones.
  const std::size_t stride = std::max<std::size_t>(1, m.size() / 2000);
  std::size_t index = 0;
  for (const auto& [k, vs] : m) {
    if (index++ % stride != rng() % stride) continue;
    const auto got = v.get(k.first, k.second);
    ASSERT_TRUE(got.has_value()) << k.first << "," << k.second;
    ASSERT_NE(std::find(vs.begin(), vs.end(), double(*got)), vs.end());
  }
  for (int probe = 0; probe < 50 && nrows > 0; ++probe) {
    const Vertex r = Vertex(rng() % nrows), c = Vertex(rng() % v.ncols());
    ASSERT_EQ(v.contains(r, c), m.count({r, c}) > 0) << r << "," << c;
  }
  // CSR conversion: sorted rows, copies summed.
  const Csr<T> csr = v.template to_csr<PlusOp<T>>();
  EXPECT_NO_THROW(validate_csr(csr));
  std::map<Key, double> sums;
  for (const auto& [k, vs] : m)
    for (double x : vs) sums[k] += x;
  ASSERT_EQ(csr.nnz(), sums.size());
  for (Vertex r = 0; r < nrows; ++r)
    for (Offset p = csr.row_ptr[r]; p < csr.row_ptr[r + 1]; ++p) {
      auto it = sums.find({r, csr.col[p]});
      ASSERT_NE(it, sums.end());
      if (!csr.pattern) {
        ASSERT_EQ(double(csr.value(p)), it->second);
      }
    }
}

struct ModelCase {
  DuplicatePolicy dup;
  bool pattern;
  unsigned k;
  Offset slack;
  double ratio;
};

class DcsrModel : public ::testing::TestWithParam<ModelCase> {};

/// How often each code path ran, so the test fails if a path stops being exercised.
struct Coverage {
  Offset grew = 0, relocated = 0, new_segments = 0, defragmented = 0, tombstones = 0;
  void add(const DcsrBatchResult& r) {
    grew += r.grew;
    relocated += r.relocated;
    new_segments += r.new_segments;
    defragmented += r.defragmented;
  }
};

/// Runs `steps` random steps on a rows x cols matrix with batches of up to `max_batch` updates.
void run_model(const ModelCase& c, std::uint64_t s, Vertex nrows, Vertex ncols, int steps,
               std::size_t max_batch, Offset initial_width, double tomb_threshold, Coverage& cov) {
  SCOPED_TRACE("seed " + std::to_string(s));
  std::mt19937_64 rng(s);
  {
    DcsrParams params;
    params.max_segments = c.k;
    params.slack = c.slack;
    params.slack_ratio = c.ratio;
    params.duplicates = c.dup;
    params.initial_width = initial_width;
    params.tombstone_threshold = tomb_threshold;
    // Small reservations, so that buffers grow; the space trigger is exercised by the runs with
    // a low tombstone threshold and left out of the others, so tombstones stay around.
    params.growth = 1.0;
    params.space_threshold = tomb_threshold < 0.1 ? 0.3 : 100.0;
    Dcsr<double> d(nrows, ncols, c.pattern, params);
    Model model;
    struct Snap {
      DcsrView<double> view;
      Model model;
      Vertex nrows;
    };
    std::vector<Snap> snaps;
    for (int step = 0; step < steps; ++step) {
      SCOPED_TRACE("step " + std::to_string(step));
      const int what = int(rng() % 100);
      if (what < 4) {
        d.defragment(rng() % 2);
      } else if (what < 6) {
        nrows += Vertex(rng() % 5);
        ncols += Vertex(rng() % 5);
        d.resize(nrows, ncols);
      } else if (what < 12) {
        snaps.push_back({d.freeze(), model, nrows});
        if (snaps.size() > 3) snaps.erase(snaps.begin());
      } else {
        // A batch: mostly inserts, or erases, or a mix with assignments. Rows are skewed so a
        // few rows take most updates (segment exhaustion, relocation, long tails).
        const std::vector<EdgeUpdate<double>> ops =
            dcsr_model::random_ops(rng, model, nrows, ncols, max_batch, c.pattern);
        Model before = model;
        const Expect e = apply_model(model, ops, c.dup, c.pattern);
        DcsrChangeLog log;
        DcsrBatchResult got;
        const bool all_inserts = std::all_of(
            ops.begin(), ops.end(), [](const auto& o) { return o.kind == UpdateKind::Insert; });
        // The same batch through each entry point: insert (inserts only), apply on parallel
        // arrays, apply on EdgeUpdate records.
        const unsigned route = unsigned(rng() % 3);
        if (route < 2 && (route == 1 || all_inserts)) {
          std::vector<Vertex> rs, cs;
          std::vector<double> vs;
          std::vector<UpdateKind> ks;
          for (const auto& o : ops) {
            rs.push_back(o.u);
            cs.push_back(o.v);
            ks.push_back(o.kind);
            if (!c.pattern) vs.push_back(o.w);
          }
          got = route == 0 ? d.insert(rs, cs, vs, &log) : d.apply(ks, rs, cs, vs, &log);
        } else {
          got = d.apply(ops, &log);
        }
        cov.add(got);
        cov.tombstones += d.stats().tombstones;
        EXPECT_EQ(got.inserted, e.inserted);
        EXPECT_EQ(got.erased, e.erased);
        EXPECT_EQ(got.missing, e.missing);
        EXPECT_EQ(got.ignored, e.ignored);
        EXPECT_EQ(got.combined, e.combined);
        EXPECT_EQ(got.assigned, e.assigned);
        std::sort(log.added.begin(), log.added.end());
        std::sort(log.removed.begin(), log.removed.end());
        auto ea = e.added, er = e.removed;
        std::sort(ea.begin(), ea.end());
        std::sort(er.begin(), er.end());
        EXPECT_EQ(log.added, ea);
        EXPECT_EQ(log.removed, er);
      }
      check_view(d.view(), model, nrows, rng);
      const DcsrStats st = d.stats();
      ASSERT_EQ(st.live, d.nvals());
      ASSERT_LE(st.allocated, st.capacity);
      for (const Snap& sn : snaps) check_view(sn.view, sn.model, sn.nrows, rng);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST_P(DcsrModel, RandomUpdateSequencesMatchAMapModel) {
  const ModelCase c = GetParam();
  Coverage cov;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const std::uint64_t s = seed * 7919 + c.k * 31 + unsigned(c.dup) * 7 + c.pattern;
    run_model(c, s, 40, 48, 160, 400, seed == 2 ? 3 : 0, seed == 3 ? 0.05 : 0.3, cov);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(cov.grew, 0u);
  EXPECT_GT(cov.relocated, 0u);
  EXPECT_GT(cov.defragmented, 0u);
  EXPECT_GT(cov.tombstones, 0u);
  if (c.k > 1) {
    EXPECT_GT(cov.new_segments, 0u);
  }
}

TEST_P(DcsrModel, LargeBatchesTakeTheParallelPathAndMatchTheModel) {
  const ModelCase c = GetParam();
  Coverage cov;
  const std::uint64_t s = 104729 + c.k * 31 + unsigned(c.dup) * 7 + c.pattern;
  run_model(c, s, 3000, 3000, 24, 30000, 0, 0.3, cov);
  EXPECT_GT(cov.new_segments + cov.relocated, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Policies, DcsrModel,
    ::testing::Values(ModelCase{DuplicatePolicy::IgnoreIfPresent, true, 4, 0, 0},
                      ModelCase{DuplicatePolicy::IgnoreIfPresent, false, 4, 1, 0},
                      ModelCase{DuplicatePolicy::IgnoreIfPresent, true, 1, 2, 0.5},
                      ModelCase{DuplicatePolicy::Combine, false, 2, 0, 0.25},
                      ModelCase{DuplicatePolicy::Combine, true, 4, 1, 0},
                      ModelCase{DuplicatePolicy::Keep, false, 4, 0, 0},
                      ModelCase{DuplicatePolicy::Keep, true, 2, 1, 0},
                      ModelCase{DuplicatePolicy::Keep, false, 1, 3, 0}),
    [](const auto& info) {
      const ModelCase& c = info.param;
      return duplicate_policy_name(c.dup) + (c.pattern ? "_pattern" : "_valued") + "_k" +
             std::to_string(c.k) + "_slack" + std::to_string(c.slack);
    });

}  // namespace
}  // namespace spgraph
