// SPDX-License-Identifier: Apache-2.0
// The device k-selection's logic (formats/topk/block_select_lanes.hpp), run by its host
// emulation (block_select_emulated.hpp), against independent oracles: std::partial_sort of
// (key, position) pairs (the CPU's tie rule: by key, then the smaller position), the keys of the
// CPU's batch_k_select (both methods), and std::sort of random 96-bit kNN keys. Lists of random
// floats of every length from empty to 5000 with k from 0 to past the length, heavy
// duplicates, all-equal lists, -0.0 beside 0.0, infinities and denormals; 1 to 256 emulated
// threads per block; the grid-wide select of one long list with several grid shapes; NaN and
// bad offsets refused. Also the rank images: monotone, -0.0 = 0.0,
// and the double image inverted exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <vector>

#include "engine/core/error.hpp"
#include "formats/topk/batch_select.hpp"
#include "formats/topk/batch_select_cuda.hpp"
#include "formats/topk/block_select_emulated.hpp"
#include "formats/topk/block_select_lanes.hpp"

namespace spgraph::testing {
namespace {

struct Lists {
  std::vector<float> keys;
  std::vector<Offset> ptr{0};
  void add(const std::vector<float>& list) {
    keys.insert(keys.end(), list.begin(), list.end());
    ptr.push_back(keys.size());
  }
};

/// The oracle: each list's (key, position) pairs by key then position, cut at k.
BatchSelectResult partial_sort_oracle(const Lists& l, std::size_t k) {
  BatchSelectResult r;
  for (std::size_t i = 0; i + 1 < l.ptr.size(); ++i) {
    std::vector<std::pair<float, std::uint32_t>> pairs;
    for (Offset e = l.ptr[i]; e < l.ptr[i + 1]; ++e)
      pairs.push_back({l.keys[e], std::uint32_t(e - l.ptr[i])});
    const std::size_t keep = std::min(k, pairs.size());
    std::partial_sort(pairs.begin(), pairs.begin() + std::ptrdiff_t(keep), pairs.end(),
                      [](const auto& a, const auto& b) {
                        return a.first < b.first || (a.first == b.first && a.second < b.second);
                      });
    for (std::size_t j = 0; j < keep; ++j) {
      r.keys.push_back(pairs[j].first);
      r.positions.push_back(pairs[j].second);
    }
    r.ptr.push_back(r.keys.size());
  }
  return r;
}

/// Keys compared bit for bit (so -0.0 and 0.0 differ, as the input's keys are returned).
void expect_same(const BatchSelectResult& got, const BatchSelectResult& want) {
  ASSERT_EQ(got.ptr, want.ptr);
  ASSERT_EQ(got.positions, want.positions);
  for (std::size_t j = 0; j < got.keys.size(); ++j)
    ASSERT_EQ(std::signbit(got.keys[j]), std::signbit(want.keys[j])) << "slot " << j;
  ASSERT_EQ(got.keys, want.keys);
}

/// Random lists: lengths 0..max_len, keys from a small alphabet (ties) or spread reals.
Lists random_lists(std::size_t count, std::size_t max_len, std::uint64_t seed) {
  std::cout << "random_lists seed " << seed << "\n";
  std::mt19937_64 rng(seed);
  const float specials[] = {0.0f,
                            -0.0f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::denorm_min(),
                            -1e38f,
                            1e38f};
  Lists l;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t len = rng() % (max_len + 1);
    std::vector<float> list(len);
    const int kind = int(rng() % 3);
    for (float& x : list) {
      if (kind == 0)
        x = float(int(rng() % 7) - 3);  // heavy ties
      else if (rng() % 20 == 0)
        x = specials[rng() % 7];
      else
        x = std::ldexp(float(rng() % 100000) - 50000.0f, int(rng() % 40) - 20);
    }
    l.add(list);
  }
  return l;
}

TEST(BlockSelectEmulated, RandomListsEqualPartialSort) {
  const Lists l = random_lists(60, 700, 1);
  for (std::size_t k : {0, 1, 2, 10, 100, 255, 256, 257, 699, 700, 5000})
    for (int nthreads : {1, 32}) {
      SCOPED_TRACE("k " + std::to_string(k) + ", " + std::to_string(nthreads) + " threads");
      expect_same(batch_k_select_emulated(l.keys, l.ptr, k, nthreads), partial_sort_oracle(l, k));
    }
}

TEST(BlockSelectEmulated, KeysEqualTheCpuBatchSelect) {
  Lists l = random_lists(40, 3000, 2);
  l.add(std::vector<float>(5000, 1.5f));  // one long list
  for (std::size_t k : {1, 10, 1000})
    for (BatchSelectMethod m : {BatchSelectMethod::AdHeap, BatchSelectMethod::Reservoir}) {
      std::vector<float> cpu;
      std::vector<Offset> cpu_ptr;
      batch_k_select<float>(l.keys, l.ptr, k, cpu, cpu_ptr, m);
      const BatchSelectResult got = batch_k_select_emulated(l.keys, l.ptr, k, 256);
      EXPECT_EQ(got.ptr, cpu_ptr);
      EXPECT_EQ(got.keys, cpu);  // -0.0 == 0.0: the CPU's equal keys are interchangeable
    }
}

TEST(BlockSelectEmulated, EdgeCases) {
  Lists l;
  l.add({});
  l.add({42.0f});
  l.add(std::vector<float>(300, 7.0f));  // all equal: the first k positions
  l.add({0.0f, -0.0f, 0.0f, -0.0f, -1.0f});
  l.add({std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(), 3.0f});
  for (std::size_t k : {0, 1, 2, 3, 299, 300, 301})
    for (int nthreads : {1, 5, 256}) {
      SCOPED_TRACE("k " + std::to_string(k) + ", " + std::to_string(nthreads) + " threads");
      expect_same(batch_k_select_emulated(l.keys, l.ptr, k, nthreads), partial_sort_oracle(l, k));
    }
  const BatchSelectResult none = batch_k_select_emulated({}, std::vector<Offset>{0}, 5);
  EXPECT_EQ(none.ptr, std::vector<Offset>{0});
  const BatchSelectResult no_lists = batch_k_select_emulated({}, std::vector<Offset>{}, 5);
  EXPECT_EQ(no_lists.ptr, std::vector<Offset>{0});
}

TEST(BlockSelectEmulated, LongListGridSelectEqualsPartialSort) {
  const Lists l = random_lists(1, 20000, 4);
  Lists one;
  for (std::size_t i = 0; i + 1 < 4; ++i) {  // several random lists end to end: one long list
    const Lists part = random_lists(1, 6000, 5 + i);
    one.keys.insert(one.keys.end(), part.keys.begin(), part.keys.end());
  }
  one.keys.insert(one.keys.end(), 3000, 2.0f);  // a run of ties
  one.ptr = {0, one.keys.size()};
  for (const Lists* list : {&l, static_cast<const Lists*>(&one)})
    for (std::size_t k : {0, 1, 10, 1000, 3001, 100000})
      for (auto [blocks, threads] : {std::pair{1, 1}, std::pair{4, 8}, std::pair{13, 32}}) {
        SCOPED_TRACE("k " + std::to_string(k) + ", " + std::to_string(blocks) + " x " +
                     std::to_string(threads));
        expect_same(long_k_select_emulated(list->keys, k, blocks, threads),
                    partial_sort_oracle(*list, k));
      }
  EXPECT_EQ(long_k_select_emulated({}, 5).ptr, (std::vector<Offset>{0, 0}));
}

TEST(BlockSelectEmulated, NaNAndBadOffsetsAreRefused) {
  const std::vector<float> keys = {1.0f, std::numeric_limits<float>::quiet_NaN(), 2.0f};
  EXPECT_THROW(batch_k_select_emulated(keys, std::vector<Offset>{0, 3}, 2), InvalidArgument);
  const std::vector<float> ok = {1.0f, 2.0f};
  EXPECT_THROW(batch_k_select_emulated(ok, std::vector<Offset>{0, 3}, 1), InvalidArgument);
  EXPECT_THROW(batch_k_select_emulated(ok, std::vector<Offset>{1, 2}, 1), InvalidArgument);
  EXPECT_THROW(batch_k_select_emulated(ok, std::vector<Offset>{0, 2, 1}, 1), InvalidArgument);
  EXPECT_THROW(long_k_select_emulated(keys, 1), InvalidArgument);
}

TEST(BlockSelectEmulated, KnnKeysEqualStdSort) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 30; ++round) {
    const std::uint32_t m = std::uint32_t(rng() % 3000);
    std::vector<RankKey<std::uint64_t>> items(m);
    for (std::uint32_t j = 0; j < m; ++j) {
      const double score = round % 2 ? double(rng() % 5) / 4.0 : double(rng()) / 1e19 - 0.5;
      items[j] = RankKey<std::uint64_t>{largest_first_bits(score), std::uint32_t(rng())};
    }
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());  // ids are distinct
    std::shuffle(items.begin(), items.end(), rng);
    std::vector<RankKey<std::uint64_t>> sorted = items;
    std::sort(sorted.begin(), sorted.end());
    const std::uint64_t k = rng() % 80 + (round == 5 ? 5000 : 0);
    sorted.resize(std::min<std::size_t>(k, sorted.size()));
    auto item = [&items](std::uint32_t j) { return items[j]; };
    const auto got = block_select_emulated<std::uint64_t>(item, std::uint32_t(items.size()), k,
                                                          int(1 + rng() % 64));
    ASSERT_EQ(got, sorted) << "round " << round;
  }
}

TEST(BlockSelectLanes, RankImagesKeepTheOrder) {
  const float f[] = {
      -std::numeric_limits<float>::infinity(), -1e30f, -1.0f, -1e-40f, 0.0f, 1e-40f, 1.0f, 1e30f,
      std::numeric_limits<float>::infinity()};
  for (std::size_t i = 0; i + 1 < std::size(f); ++i)
    EXPECT_LT(float_rank_bits(f[i]), float_rank_bits(f[i + 1])) << f[i];
  EXPECT_EQ(float_rank_bits(-0.0f), float_rank_bits(0.0f));
  const double d[] = {-std::numeric_limits<double>::infinity(), -3.5, -1e-310, 0.0, 1e-310, 2.0,
                      std::numeric_limits<double>::max()};
  for (std::size_t i = 0; i < std::size(d); ++i) {
    EXPECT_EQ(double_of_rank_bits(double_rank_bits(d[i])), d[i]);
    if (i + 1 < std::size(d)) {
      EXPECT_LT(double_rank_bits(d[i]), double_rank_bits(d[i + 1]));
    }
    EXPECT_EQ(score_of_largest_first_bits(largest_first_bits(d[i])), d[i]);
  }
  EXPECT_EQ(double_rank_bits(-0.0), double_rank_bits(0.0));
  EXPECT_FALSE(std::signbit(score_of_largest_first_bits(largest_first_bits(-0.0))));
  EXPECT_LT(largest_first_bits(2.0), largest_first_bits(1.0));  // larger scores first
}

}  // namespace
}  // namespace spgraph::testing
