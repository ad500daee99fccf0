// SPDX-License-Identifier: Apache-2.0
// Boundary cases of the Dynamic CSR format: empty matrices and batches, conversion round trips,
// the paper's blank initialization, a row growing from 0 to 10^6 entries, buffer growth,
// segment exhaustion, bad updates (nothing changes), dimension growth, snapshot isolation
// across updates, defragmentation and growth, and the automatic defragmentation threshold.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "formats/dcsr/dcsr.hpp"

namespace spgraph {
namespace {

/// The entries of a CSR as sorted (row, col) pairs.
template <class T>
std::vector<std::pair<Vertex, Vertex>> pairs_of(const Csr<T>& c) {
  std::vector<std::pair<Vertex, Vertex>> p;
  for (Vertex r = 0; r < c.nrows; ++r)
    for (Offset k = c.row_ptr[r]; k < c.row_ptr[r + 1]; ++k) p.push_back({r, c.col[k]});
  return p;
}

Csr<double> random_csr(std::mt19937_64& rng, Vertex n, Offset m) {
  std::set<std::pair<Vertex, Vertex>> s;
  while (s.size() < m) s.insert({Vertex(rng() % n), Vertex(rng() % n)});
  Csr<double> c = Csr<double>::empty(n, n, false);
  for (const auto& [r, col] : s) {
    ++c.row_ptr[r + 1];
    c.col.push_back(col);
    c.val.push_back(double(rng() % 100));
  }
  for (Vertex r = 0; r < n; ++r) c.row_ptr[r + 1] += c.row_ptr[r];
  return c;
}

TEST(DcsrBoundary, EmptyMatricesTakeEmptyBatchesAndConvertToEmptyCsr) {
  for (Vertex n : {0u, 5u}) {
    Dcsr<double> d(n, n, false);
    const DcsrBatchResult r = d.insert({}, {}, {});
    EXPECT_EQ(r.inserted, 0u);
    EXPECT_EQ(d.version(), 1u);
    const Csr<double> c = d.view().to_csr();
    EXPECT_EQ(c.nrows, n);
    EXPECT_EQ(c.nnz(), 0u);
    d.defragment(true);
    EXPECT_EQ(d.nvals(), 0u);
  }
}

TEST(DcsrBoundary, CsrRoundTripsThroughDcsrAndDefragmentation) {
  std::mt19937_64 rng(5);
  const Csr<double> c = random_csr(rng, 500, 4000);
  Dcsr<double> d = Dcsr<double>::from_csr(c);
  const Csr<double> back = d.view().to_csr();
  EXPECT_EQ(back.row_ptr, c.row_ptr);
  EXPECT_EQ(back.col, c.col);
  EXPECT_EQ(back.val, c.val);
  // From CSR every row is one full, sorted segment: an insert into a row allocates.
  const std::vector<Vertex> r{7}, col{499};
  const std::vector<double> v{1.5};
  EXPECT_EQ(d.insert(r, col, v).new_segments + d.stats().multi_segment_rows > 0, true);
  d.defragment();
  EXPECT_EQ(d.stats().multi_segment_rows, 0u);
  EXPECT_EQ(d.stats().allocated, d.nvals());
}

TEST(DcsrBoundary, BlankMatrixGivesEveryRowInitialWidthSlots) {
  DcsrParams p;
  p.initial_width = 4;
  Dcsr<bool> d(100, 100, true, p);
  EXPECT_EQ(d.stats().allocated, 400u);
  std::vector<Vertex> r, c;
  for (Vertex i = 0; i < 100; ++i)
    for (Vertex j = 0; j < 4; ++j) {
      r.push_back(i);
      c.push_back((i + j) % 100);
    }
  const DcsrBatchResult res = d.insert(r, c);
  EXPECT_EQ(res.inserted, 400u);
  EXPECT_EQ(res.new_segments, 0u);
  EXPECT_EQ(d.stats().allocated, 400u);
  for (Vertex i = 0; i < 100; ++i) EXPECT_EQ(d.view().degree(i), 4u);
}

TEST(DcsrBoundary, OneRowGrowsFromZeroToAMillionEntries) {
  const Vertex ncols = 3'000'000;
  Dcsr<bool> d(1, ncols, true, DcsrParams{.duplicates = DuplicatePolicy::IgnoreIfPresent});
  std::mt19937_64 rng(8);
  std::vector<std::uint8_t> want(ncols, 0);
  Offset count = 0;
  while (count < 1'000'000) {
    std::vector<Vertex> r(60'000, 0), c(60'000);
    for (Vertex& x : c) x = Vertex(rng() % ncols);
    const DcsrBatchResult res = d.insert(r, c);
    Offset fresh = 0;
    for (Vertex x : c) fresh += !want[x], want[x] = 1;
    count += fresh;
    ASSERT_EQ(res.inserted, fresh);
    ASSERT_EQ(res.inserted + res.ignored, c.size());
  }
  EXPECT_EQ(d.view().degree(0), count);
  const Csr<bool> csr = d.view().to_csr();
  ASSERT_EQ(csr.nnz(), count);
  Offset k = 0;
  for (Vertex x = 0; x < ncols; ++x)
    if (want[x]) {
      ASSERT_EQ(csr.col[k++], x);
    }
}

TEST(DcsrBoundary, BuffersGrowWithoutLosingEntries) {
  std::mt19937_64 rng(9);
  DcsrParams p;
  p.growth = 1.0;  // grow as little as possible, so growth happens often
  Dcsr<double> d(2000, 2000, false, p);
  std::multiset<std::tuple<Vertex, Vertex, double>> want;
  Offset grew = 0;
  for (int b = 0; b < 20; ++b) {
    std::vector<Vertex> r, c;
    std::vector<double> v;
    for (int k = 0; k < 5000; ++k) {
      r.push_back(Vertex(rng() % 2000));
      c.push_back(Vertex(rng() % 2000));
      v.push_back(double(k));
      want.insert({r.back(), c.back(), v.back()});
    }
    grew += d.insert(r, c, v).grew;
  }
  EXPECT_GT(grew, 0u);
  std::multiset<std::tuple<Vertex, Vertex, double>> got;
  const auto view = d.view();
  for (Vertex r = 0; r < 2000; ++r)
    view.for_each(r, [&](Vertex c, Offset s) { got.insert({r, c, view.value(s)}); });
  EXPECT_EQ(got, want);
}

TEST(DcsrBoundary, ARowOutOfSegmentsIsRelocatedIntoOne) {
  DcsrParams p;
  p.max_segments = 2;
  p.slack = 1;
  p.space_threshold = 100;  // no whole-matrix defragmentation: the row must relocate itself
  Dcsr<bool> d(3, 1000, true, p);
  Offset relocated = 0, segments = 0;
  for (Vertex b = 0; b < 8; ++b) {
    std::vector<Vertex> r(5, 1), c;
    for (Vertex k = 0; k < 5; ++k) c.push_back(b * 5 + k);
    const DcsrBatchResult res = d.insert(r, c);
    relocated += res.relocated;
    segments += res.new_segments;
  }
  EXPECT_GT(relocated, 0u);
  EXPECT_GT(segments, 0u);
  EXPECT_EQ(d.view().degree(1), 40u);
  const Csr<bool> c = d.view().to_csr();
  for (Vertex k = 0; k < 40; ++k) EXPECT_EQ(c.col[k], k);
}

TEST(DcsrBoundary, BadUpdatesThrowAndChangeNothing) {
  Dcsr<double> d(4, 4, false);
  const std::vector<Vertex> r{0, 1}, c{1, 2};
  const std::vector<double> v{1, 2};
  d.insert(r, c, v);
  const auto before = pairs_of(d.view().to_csr());
  const std::uint64_t version = d.version();
  const std::vector<Vertex> bad_r{0, 4}, bad_c{3, 0};
  EXPECT_THROW(d.insert(bad_r, bad_c, v), IndexOutOfBounds);
  EXPECT_THROW(d.erase(std::vector<Vertex>{0}, std::vector<Vertex>{9}), IndexOutOfBounds);
  EXPECT_THROW(d.insert(r, c, std::vector<double>{1}), InvalidArgument);
  EXPECT_THROW(d.insert(r, std::vector<Vertex>{1}, v), InvalidArgument);
  const std::vector<UpdateKind> one_kind{UpdateKind::Erase};
  EXPECT_THROW(d.apply(one_kind, r, c, v), InvalidArgument);
  const std::vector<UpdateKind> erase_bad{UpdateKind::Erase, UpdateKind::Erase};
  EXPECT_THROW(d.apply(erase_bad, bad_r, bad_c, v), IndexOutOfBounds);
  EXPECT_EQ(pairs_of(d.view().to_csr()), before);
  EXPECT_EQ(d.version(), version);
  Dcsr<bool> pat(4, 4, true);
  const bool two[2] = {true, true};
  EXPECT_THROW(pat.insert(r, c, std::span<const bool>(two, 2)), InvalidArgument);
  const std::vector<EdgeUpdate<bool>> assign{{UpdateKind::Assign, 0, 1, true}};
  EXPECT_THROW(pat.apply(assign), InvalidArgument);
}

TEST(DcsrBoundary, ResizeGrowsAndRefusesToShrink) {
  Dcsr<bool> d(2, 2, true);
  EXPECT_THROW(d.insert(std::vector<Vertex>{5}, std::vector<Vertex>{5}), IndexOutOfBounds);
  d.resize(10, 10);
  d.insert(std::vector<Vertex>{5, 9}, std::vector<Vertex>{5, 0});
  EXPECT_EQ(d.nvals(), 2u);
  EXPECT_TRUE(d.view().contains(9, 0));
  EXPECT_THROW(d.resize(9, 10), InvalidArgument);
}

TEST(DcsrBoundary, SnapshotsSurviveUpdatesDefragmentationAndGrowth) {
  std::mt19937_64 rng(10);
  const Csr<double> c = random_csr(rng, 300, 3000);
  DcsrParams p;
  p.growth = 1.0;
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  Dcsr<double> d = Dcsr<double>::from_csr(c, p);
  const DcsrView<double> snap = d.freeze();
  const Csr<double> snap_csr = snap.to_csr();
  for (int b = 0; b < 10; ++b) {
    std::vector<Vertex> r, col;
    std::vector<double> v;
    for (int k = 0; k < 2000; ++k) {
      r.push_back(Vertex(rng() % 300));
      col.push_back(Vertex(rng() % 300));
      v.push_back(-1.0);
    }
    d.insert(r, col, v);
    d.erase(std::span(r).first(500), std::span(col).first(500));
    const std::vector<EdgeUpdate<double>> assign{{UpdateKind::Assign, r[600], col[600], 42.0}};
    d.apply(assign);
    if (b % 3 == 0) d.defragment(b % 2);
  }
  EXPECT_GT(d.stats().generation, 0u);
  const Csr<double> again = snap.to_csr();
  EXPECT_EQ(again.row_ptr, snap_csr.row_ptr);
  EXPECT_EQ(again.col, snap_csr.col);
  EXPECT_EQ(again.val, snap_csr.val);
  EXPECT_EQ(snap.nvals(), c.nnz());
  EXPECT_EQ(snap.version(), 0u);
}

TEST(DcsrBoundary, TombstonesPastTheThresholdTriggerADefragmentation) {
  std::mt19937_64 rng(12);
  const Csr<double> c = random_csr(rng, 200, 2000);
  DcsrParams p;
  p.tombstone_threshold = 0.2;
  Dcsr<double> d = Dcsr<double>::from_csr(c, p);
  std::vector<Vertex> r, col;
  for (Vertex row = 0; row < 200; ++row)
    for (Offset k = c.row_ptr[row]; k < c.row_ptr[row + 1]; k += 3) {
      r.push_back(row);
      col.push_back(c.col[k]);
    }
  const DcsrBatchResult small = d.erase(std::span(r).first(100), std::span(col).first(100));
  EXPECT_FALSE(small.defragmented);
  EXPECT_GT(d.stats().tombstones, 0u);
  const DcsrBatchResult big = d.erase(r, col);
  EXPECT_TRUE(big.defragmented);
  EXPECT_EQ(d.stats().tombstones, 0u);
  EXPECT_EQ(d.nvals(), c.nnz() - r.size());
}

}  // namespace
}  // namespace spgraph

namespace spgraph {
namespace {

// A long sorted row searched for few columns at a time takes the galloping lookup
// (dcsr_row_lookup.hpp); many columns take the merge walk. Both against a set model, with
// columns before, between, after and equal to the stored ones, and erases that find them.
TEST(DcsrBoundary, LongSortedRowLookupsGallopAndMergeLikeASet) {
  std::mt19937_64 rng(99);
  const Vertex n = 40000;
  Coo<bool> coo{1, n, true, {}, {}, {}};
  std::set<Vertex> model;
  for (Vertex c = 0; c < n; c += 2) {
    coo.row.push_back(0);
    coo.col.push_back(c);
    model.insert(c);
  }
  DcsrParams p = streaming_dcsr_params();
  p.duplicates = DuplicatePolicy::IgnoreIfPresent;
  Dcsr<bool> d = Dcsr<bool>::from_csr(
      build_csr<bool, FirstOp<bool>>(std::move(coo), DuplicatePolicy::Combine), p);
  for (int round = 0; round < 60; ++round) {
    const std::size_t q = round % 3 == 0 ? 2000 : 1 + rng() % 12;  // merge walk, or gallop
    std::vector<Vertex> rows(q, 0), cols(q);
    for (auto& c : cols) c = round % 5 == 4 ? n - 1 - Vertex(rng() % 8) : Vertex(rng() % n);
    const bool erase = round % 4 == 1;
    const DcsrBatchResult r = erase ? d.erase(rows, cols) : d.insert(rows, cols);
    Offset changed = 0;
    std::set<Vertex> seen;
    for (Vertex c : cols) {
      if (!seen.insert(c).second) continue;
      changed += erase ? model.erase(c) : model.insert(c).second;
    }
    EXPECT_EQ(erase ? r.erased : r.inserted, changed) << "round " << round;
    const Csr<bool> c = d.view().to_csr<FirstOp<bool>>();
    ASSERT_EQ(std::vector<Vertex>(c.col.begin(), c.col.end()),
              std::vector<Vertex>(model.begin(), model.end()))
        << "round " << round;
  }
}

}  // namespace
}  // namespace spgraph

namespace spgraph::testing {
namespace {

// The row entry readers share (dcsr_store.hpp): 16 bytes, the slot and the sorted prefix packed
// in one word without touching each other, a prefix past the cap recorded at the cap, and a
// store too large for the packed slot refused before anything is allocated.
TEST(DcsrBoundary, RowEntryPacksStartAndSortedPrefixInSixteenBytes) {
  static_assert(sizeof(DcsrRowInfo) == 16);
  DcsrRowInfo e;
  EXPECT_EQ(e.start(), 0u);
  EXPECT_EQ(e.sorted(), 0u);
  e.set_start(DcsrRowInfo::kMaxStart);
  e.set_sorted(12345);
  EXPECT_EQ(e.start(), DcsrRowInfo::kMaxStart);
  EXPECT_EQ(e.sorted(), 12345u);
  e.set_sorted(Offset(DcsrRowInfo::kMaxSorted) + 1000);
  EXPECT_EQ(e.sorted(), DcsrRowInfo::kMaxSorted);
  EXPECT_EQ(e.start(), DcsrRowInfo::kMaxStart);
  e.set_start(77);
  EXPECT_EQ(e.start(), 77u);
  EXPECT_EQ(e.sorted(), DcsrRowInfo::kMaxSorted);
  e.set_sorted(0);
  EXPECT_EQ(e.start(), 77u);
  EXPECT_EQ(e.sorted(), 0u);
  EXPECT_THROW(DcsrStore<double>(DcsrRowInfo::kMaxStart + 1, false, 4, 16), OutOfMemory);
}

}  // namespace
}  // namespace spgraph::testing
