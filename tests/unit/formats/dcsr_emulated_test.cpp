// SPDX-License-Identifier: Apache-2.0
// The device Dynamic CSR's host emulation (formats/dcsr/dcsr_device_emulated.hpp: the merge,
// placement, defragmentation, SpMV and BFS lane functions the CUDA kernels run, called on the
// CPU) against the Dynamic CSR model test's reference (dcsr_device_model.hpp), for every case
// of the CPU model test; and a few fixed cases whose answers are worked by hand.
#include <gtest/gtest.h>

#include "formats/dcsr/dcsr_device_emulated.hpp"
#include "tests/unit/formats/dcsr_device_model.hpp"

namespace spgraph {
namespace {

using dcsr_model::DeviceModelCase;

class DcsrEmulatedModel : public ::testing::TestWithParam<DeviceModelCase> {};

TEST_P(DcsrEmulatedModel, RandomBatchesMatchTheMapModel) {
  dcsr_model::run_device_model_case<DcsrEmulated<double>>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Policies, DcsrEmulatedModel,
                         ::testing::ValuesIn(dcsr_model::device_model_cases()),
                         [](const auto& info) { return dcsr_model::device_case_name(info.param); });

DcsrParams two_segments() {
  DcsrParams p;
  p.max_segments = 2;
  p.slack = 1;
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  p.growth = 1.0;
  p.space_threshold = 100;
  return p;
}

TEST(DcsrEmulated, AFullRowTakesASegmentThenMovesWhenOutOfSegments) {
  Csr<double> a = Csr<double>::empty(2, 8, false);
  a.row_ptr = {0, 2, 2};
  a.col = {1, 3};
  a.val = {1, 2};
  DcsrParams p = two_segments();
  p.growth = 8;  // a pool of 16 slots: nothing here makes it grow
  auto d = DcsrEmulated<double>::from_csr(a, p);
  const std::vector<UpdateKind> ins(1, UpdateKind::Insert);
  // Row 0 is full (no slack): the insert takes a second segment of 1 + slack 1 slots.
  auto r = d.apply(ins, std::vector<Vertex>{0}, std::vector<Vertex>{5}, std::vector<double>{3});
  EXPECT_EQ(r.counts.inserted, 1u);
  EXPECT_EQ(r.counts.new_segments, 1u);
  EXPECT_FALSE(r.counts.grew);
  // One slot of slack left: the next insert fits in place.
  r = d.apply(ins, std::vector<Vertex>{0}, std::vector<Vertex>{6}, std::vector<double>{4});
  EXPECT_EQ(r.counts.new_segments + r.counts.relocated, 0u);
  // Full again with k = 2 segments: the row moves into one segment.
  r = d.apply(ins, std::vector<Vertex>{0}, std::vector<Vertex>{7}, std::vector<double>{5});
  EXPECT_EQ(r.counts.relocated, 1u);
  const auto c = d.download();
  EXPECT_EQ(c.row_ptr, (std::vector<Offset>{0, 5, 5}));
  EXPECT_EQ(c.col, (std::vector<Vertex>{1, 3, 5, 6, 7}));
  EXPECT_EQ(c.val, (std::vector<double>{1, 2, 3, 4, 5}));
  EXPECT_EQ(d.stats().multi_segment_rows, 0u);
}

TEST(DcsrEmulated, EraseCompactsTheRowInPlaceAndAssignKeepsItsSlot) {
  Csr<double> a = Csr<double>::empty(1, 8, false);
  a.row_ptr = {0, 4};
  a.col = {0, 2, 4, 6};
  a.val = {1, 2, 3, 4};
  auto d = DcsrEmulated<double>::from_csr(a, two_segments());
  const std::vector<UpdateKind> k{UpdateKind::Erase, UpdateKind::Assign, UpdateKind::Erase};
  const auto r = d.apply(k, std::vector<Vertex>{0, 0, 0}, std::vector<Vertex>{2, 6, 5},
                         std::vector<double>{0, 9, 0});
  EXPECT_EQ(r.counts.erased, 1u);
  EXPECT_EQ(r.counts.assigned, 1u);
  EXPECT_EQ(r.counts.missing, 1u);
  EXPECT_FALSE(r.counts.grew);
  const auto c = d.download();
  // 2 erased; 6's old copy killed and its new value appended after the kept ones.
  EXPECT_EQ(c.col, (std::vector<Vertex>{0, 4, 6}));
  EXPECT_EQ(c.val, (std::vector<double>{1, 3, 9}));
}

TEST(DcsrEmulated, ASnapshotIsNotChangedByLaterBatches) {
  DcsrEmulated<double> d(3, 3, true, two_segments());
  const std::vector<UpdateKind> ins(2, UpdateKind::Insert);
  d.apply(ins, std::vector<Vertex>{0, 1}, std::vector<Vertex>{1, 2}, {});
  const DcsrEmulated<double> snap = d.freeze();
  d.apply(std::vector<UpdateKind>(1, UpdateKind::Erase), std::vector<Vertex>{0},
          std::vector<Vertex>{1}, {});
  EXPECT_EQ(snap.nvals(), 2u);
  EXPECT_EQ(d.nvals(), 1u);
  EXPECT_EQ(snap.bfs_levels(0), (std::vector<Vertex>{0, 1, 2}));
  EXPECT_EQ(d.bfs_levels(0), (std::vector<Vertex>{0, kNoVertex, kNoVertex}));
}

}  // namespace
}  // namespace spgraph
