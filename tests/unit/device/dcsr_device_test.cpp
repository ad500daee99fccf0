// SPDX-License-Identifier: Apache-2.0
// The device Dynamic CSR (formats/dcsr/dcsr_cuda.hpp) on a CUDA device, skipping with the
// probe's reason where there is none:
//   - the Dynamic CSR model test (tests/unit/formats/dcsr_device_model.hpp: the CPU model
//     test's random batches and map reference), every case;
//   - identical answers to the host emulation (dcsr_device_emulated.hpp) on the same batches:
//     every row's entries in storage order, the counts, SpMV and BFS (where the pool grew
//     during a batch, which rows waited for it depends on the order of the device's atomics,
//     so the placement counts are compared only for batches that did not grow it);
//   - SpMV on the fragmented form (rows of several segments, after rounds of inserts) against a
//     fold over the CPU Dynamic CSR (formats/dcsr/dcsr.hpp) given the same batches, and the
//     device graph's snapshot unchanged by later batches.
// Inputs are generated here: the test is carried to a device machine without data files.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "engine/dynamic_graph_cuda.hpp"
#include "formats/dcsr/dcsr.hpp"
#include "formats/dcsr/dcsr_cuda.hpp"
#include "formats/dcsr/dcsr_device_emulated.hpp"
#include "formats/device/cuda_runtime.hpp"
#include "tests/unit/formats/dcsr_device_model.hpp"

namespace spgraph {
namespace {

#define SKIP_WITHOUT_DEVICE()                                                   \
  do {                                                                          \
    if (cuda_device_info().count == 0)                                          \
      GTEST_SKIP() << "skipped: no CUDA device: " << cuda_device_info().reason; \
  } while (0)

using dcsr_model::DeviceModelCase;

class DcsrDeviceModel : public ::testing::TestWithParam<DeviceModelCase> {};

TEST_P(DcsrDeviceModel, RandomBatchesMatchTheMapModel) {
  SKIP_WITHOUT_DEVICE();
  dcsr_model::run_device_model_case<DcsrDevice<double>>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Policies, DcsrDeviceModel,
                         ::testing::ValuesIn(dcsr_model::device_model_cases()),
                         [](const auto& info) { return dcsr_model::device_case_name(info.param); });

/// A random batch of n updates over an nrows-square matrix (a third erases or assigns).
struct RandomBatch {
  std::vector<UpdateKind> kinds;
  std::vector<Vertex> rows, cols;
  std::vector<double> vals;
};
RandomBatch random_batch(std::mt19937_64& rng, Vertex nrows, std::size_t n, bool inserts_only) {
  RandomBatch b;
  for (std::size_t i = 0; i < n; ++i) {
    const int k = int(rng() % 6);
    b.kinds.push_back(inserts_only || k < 4 ? UpdateKind::Insert
                      : k == 4              ? UpdateKind::Erase
                                            : UpdateKind::Assign);
    b.rows.push_back(rng() % 8 == 0 ? Vertex(rng() % 4) : Vertex(rng() % nrows));  // hot rows
    b.cols.push_back(Vertex(rng() % nrows));
    b.vals.push_back(double(rng() % 5 + 1));
  }
  return b;
}

TEST(DcsrDevice, AnswersExactlyAsTheHostEmulation) {
  SKIP_WITHOUT_DEVICE();
  for (const DuplicatePolicy dup :
       {DuplicatePolicy::Keep, DuplicatePolicy::Combine, DuplicatePolicy::IgnoreIfPresent}) {
    DcsrParams p = streaming_dcsr_params();
    p.duplicates = dup;
    p.growth = 1.2;
    const Vertex n = 5000;
    DcsrDevice<double> d(n, n, false, p);
    DcsrEmulated<double> e(n, n, false, p);
    std::mt19937_64 rng(42 + unsigned(dup));
    for (int round = 0; round < 12; ++round) {
      const RandomBatch b = random_batch(rng, n, 20000, round < 4);
      const DcsrDeviceResult rd = d.apply(b.kinds, b.rows, b.cols, b.vals);
      const DcsrDeviceResult re = e.apply(b.kinds, b.rows, b.cols, b.vals);
      EXPECT_EQ(rd.counts.inserted, re.counts.inserted);
      EXPECT_EQ(rd.counts.erased, re.counts.erased);
      EXPECT_EQ(rd.counts.missing, re.counts.missing);
      if (!rd.counts.grew && !re.counts.grew) {  // else which rows waited for the growth
        EXPECT_EQ(rd.counts.relocated, re.counts.relocated);  // depends on the atomics' order
        EXPECT_EQ(rd.counts.new_segments, re.counts.new_segments);
      }
      const auto cd = d.download(), ce = e.download();
      ASSERT_EQ(cd.row_ptr, ce.row_ptr) << "round " << round;
      ASSERT_EQ(cd.col, ce.col) << "round " << round;
      ASSERT_EQ(cd.val, ce.val) << "round " << round;
    }
    std::vector<double> x(n), yd(n), ye(n);
    for (Vertex i = 0; i < n; ++i) x[i] = double(i % 7) - 3;
    d.spmv<PlusTimes<double>>(x.data(), yd.data());
    e.spmv<PlusTimes<double>>(x.data(), ye.data());
    EXPECT_EQ(yd, ye);  // small integers: exact in any order
    d.spmv<MinPlus<double>>(x.data(), yd.data());
    e.spmv<MinPlus<double>>(x.data(), ye.data());
    EXPECT_EQ(yd, ye);
    EXPECT_EQ(d.bfs_levels(0), e.bfs_levels(0));
  }
}

TEST(DcsrDevice, SpmvOnTheFragmentedFormMatchesTheCpuFormat) {
  SKIP_WITHOUT_DEVICE();
  DcsrParams p = streaming_dcsr_params();
  p.space_threshold = 100;  // keep it fragmented
  const Vertex n = 20000;
  std::mt19937_64 rng(3);
  Csr<double> base = Csr<double>::empty(n, n, false);
  for (Vertex r = 0; r < n; ++r) {
    const Vertex deg = r < 8 ? 3000 : Vertex(rng() % 12);  // a few huge rows
    std::vector<Vertex> cs;
    for (Vertex k = 0; k < deg; ++k) cs.push_back(Vertex(rng() % n));
    std::sort(cs.begin(), cs.end());
    cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
    for (const Vertex c : cs) {
      base.col.push_back(c);
      base.val.push_back(double(rng() % 4 + 1));
    }
    base.row_ptr[r + 1] = base.col.size();
  }
  DcsrDevice<double> d = DcsrDevice<double>::from_csr(base, p);
  Dcsr<double> cpu = Dcsr<double>::from_csr(base, p);
  for (int round = 0; round < 10; ++round) {
    const RandomBatch b = random_batch(rng, n, base.nnz() / 50, true);  // 2% inserts
    d.apply({}, b.rows, b.cols, b.vals);
    cpu.insert(b.rows, b.cols, b.vals);
  }
  EXPECT_GT(d.stats().multi_segment_rows, 0u);
  ASSERT_EQ(d.nvals(), cpu.nvals());
  std::vector<double> x(n), y(n), want(n, 0);
  for (Vertex i = 0; i < n; ++i) x[i] = double(i % 5) - 2;
  const auto v = cpu.view();
  for (Vertex r = 0; r < n; ++r)
    v.for_each(r, [&](Vertex c, Offset s) { want[r] += v.value(s) * x[c]; });
  d.spmv<PlusTimes<double>>(x.data(), y.data());
  EXPECT_EQ(y, want);
}

TEST(DcsrDevice, AGraphSnapshotIsUnchangedByLaterBatches) {
  SKIP_WITHOUT_DEVICE();
  Csr<double> ring = Csr<double>::empty(6, 6, true);
  for (Vertex r = 0; r < 6; ++r) {
    ring.col.push_back((r + 1) % 6);
    ring.row_ptr[r + 1] = r + 1;
  }
  DynamicGraphOptions o;
  o.directed = false;
  DeviceDynamicGraph<double> g(Matrix<double>(std::move(ring)), o);
  EXPECT_EQ(g.num_edges(), 6u);
  const DeviceGraphSnapshot<double> before = g.freeze();
  UpdateBatch<double> b;
  b.erase(0, 1);
  b.insert(2, 2);
  const BatchSummary s = g.apply(b);
  EXPECT_EQ(s.erased, 1u);
  EXPECT_EQ(s.inserted, 1u);
  EXPECT_EQ(g.num_edges(), 6u);  // 5 ring edges and a self-loop
  EXPECT_EQ(g.bfs(0).depth, 5u);
  EXPECT_EQ(before.num_edges(), 6u);
  EXPECT_EQ(before.arcs.bfs_levels(0), (std::vector<Vertex>{0, 1, 2, 3, 2, 1}));
}

}  // namespace
}  // namespace spgraph
