// SPDX-License-Identifier: Apache-2.0
// Tests of the k-selection structures (formats/topk/): AdHeap for every key type, arity and
// instruction set against a full sort; TopKSelector (heap and reservoir) against a sort by
// (rank, id) with shuffled offers and many ties; batch_k_select against per-list sorts, for
// every method and several thread counts. Randomized tests print their seeds.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "formats/topk/ad_heap.hpp"
#include "formats/topk/batch_select.hpp"
#include "formats/topk/topk_isa.hpp"
#include "formats/topk/topk_selector.hpp"

namespace spgraph {
namespace {

constexpr TopkIsa kIsas[] = {TopkIsa::Scalar, TopkIsa::Avx2, TopkIsa::Avx512};

std::mt19937_64 seeded(std::uint64_t seed, const char* what) {
  std::cout << what << ": seed " << seed << "\n";
  return std::mt19937_64(seed);
}

/// A key with no vector kernel: ordered pairs, compared lexicographically.
struct PairKey {
  std::uint32_t a;
  std::uint32_t b;
  friend bool operator<(const PairKey& x, const PairKey& y) {
    return x.a < y.a || (x.a == y.a && x.b < y.b);
  }
  friend bool operator==(const PairKey& x, const PairKey& y) { return x.a == y.a && x.b == y.b; }
};

template <class Key>
Key make_key(std::uint64_t r, std::uint64_t range) {
  const std::uint64_t v = r % range;
  if constexpr (std::is_same_v<Key, PairKey>)
    return PairKey{static_cast<std::uint32_t>(v / 7), static_cast<std::uint32_t>(v % 7)};
  else if constexpr (std::is_floating_point_v<Key>)
    return static_cast<Key>(static_cast<double>(v) - static_cast<double>(range) / 2) / Key(3);
  else if constexpr (std::is_signed_v<Key>)
    return static_cast<Key>(static_cast<std::int64_t>(v) - static_cast<std::int64_t>(range / 2));
  else
    return static_cast<Key>(v);
}

/// The input shapes every heap test runs: name and keys.
template <class Key>
std::vector<std::pair<std::string, std::vector<Key>>> shapes(std::mt19937_64& rng) {
  std::vector<std::pair<std::string, std::vector<Key>>> s;
  const auto random = [&](std::size_t n, std::uint64_t range) {
    std::vector<Key> v(n);
    for (auto& x : v) x = make_key<Key>(rng(), range);
    return v;
  };
  s.emplace_back("empty", std::vector<Key>{});
  s.emplace_back("one", random(1, 100));
  s.emplace_back("random", random(2000, std::uint64_t{1} << 40));
  s.emplace_back("duplicates", random(1500, 9));
  s.emplace_back("all-equal", std::vector<Key>(700, make_key<Key>(5, 100)));
  auto asc = random(1200, 1000);
  std::sort(asc.begin(), asc.end());
  s.emplace_back("ascending", asc);
  std::reverse(asc.begin(), asc.end());
  s.emplace_back("descending", asc);
  if constexpr (std::is_arithmetic_v<Key>) {
    // Extreme keys: the smallest and largest values (the pad key itself, -inf for floats).
    std::vector<Key> e = random(300, 50);
    for (std::size_t i = 0; i < e.size(); i += 3) e[i] = topk_detail::pad_key<Key>();
    for (std::size_t i = 1; i < e.size(); i += 5) e[i] = std::numeric_limits<Key>::max();
    s.emplace_back("extremes", e);
  }
  return s;
}

/// Every way of filling an AdHeap<Key, D> under `isa` keeps exactly the sorted prefix.
template <class Key, unsigned D>
void check_heap(TopkIsa isa, std::uint64_t seed) {
  auto rng = seeded(seed, "check_heap");
  AdHeap<Key, D> heap;  // reused across cases, as batch_k_select reuses it
  heap.set_isa(isa);
  for (const auto& [name, keys] : shapes<Key>(rng)) {
    const std::size_t n = keys.size();
    for (std::size_t k : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{D},
                          std::size_t{D + 1}, std::size_t{37}, n / 2, n, n + 5}) {
      auto expect = keys;
      std::sort(expect.begin(), expect.end());
      expect.resize(std::min(k, n));
      SCOPED_TRACE(name + " n=" + std::to_string(n) + " k=" + std::to_string(k) +
                   " isa=" + topk_isa_name(heap.isa()));
      for (int how = 0; how < 3; ++how) {
        heap.reset(k);
        if (how == 0) {
          for (const Key& x : keys) heap.offer(x);
        } else if (how == 1) {
          heap.heapify(keys);
        } else {
          // offer_range on a partly filled heap.
          const std::size_t half = n / 3;
          for (std::size_t i = 0; i < half; ++i) heap.offer(keys[i]);
          heap.offer_range(std::span<const Key>(keys).subspan(half));
        }
        ASSERT_EQ(heap.size(), std::min(k, n));
        ASSERT_EQ(heap.full(), heap.size() == k);
        if (heap.size() > 0) {
          ASSERT_FALSE(heap.top() < expect.back());
          ASSERT_FALSE(expect.back() < heap.top());
        }
        std::vector<Key> got{make_key<Key>(3, 100)};  // extract_sorted appends
        heap.extract_sorted(got);
        ASSERT_EQ(heap.size(), 0u);
        got.erase(got.begin());
        ASSERT_EQ(got, expect) << "fill method " << how;
      }
    }
  }
}

template <class Key, unsigned D>
void check_heap_every_isa(std::uint64_t seed) {
  for (TopkIsa isa : kIsas) {
    if (topk_clamp_isa(isa) != isa) {
      std::cout << "CPU lacks " << topk_isa_name(isa) << "; that path is not run\n";
      continue;
    }
    check_heap<Key, D>(isa, seed);
  }
}

TEST(AdHeap, Uint32EveryArityAndIsaMatchesSort) {
  check_heap_every_isa<std::uint32_t, 2>(11);
  check_heap_every_isa<std::uint32_t, 4>(12);
  check_heap_every_isa<std::uint32_t, 8>(13);
  check_heap_every_isa<std::uint32_t, 16>(14);
  check_heap_every_isa<std::uint32_t, 32>(15);
  check_heap_every_isa<std::uint32_t, ad_heap_default_arity<std::uint32_t>()>(16);
}

TEST(AdHeap, SignedAndFloatingThirtyTwoBitKeysMatchSort) {
  check_heap_every_isa<std::int32_t, 8>(21);
  check_heap_every_isa<std::int32_t, 16>(22);
  check_heap_every_isa<float, 8>(23);
  check_heap_every_isa<float, 16>(24);
}

TEST(AdHeap, SixtyFourBitKeysMatchSort) {
  check_heap_every_isa<std::uint64_t, 4>(31);
  check_heap_every_isa<std::uint64_t, 8>(32);
  check_heap_every_isa<std::uint64_t, 16>(33);
  check_heap_every_isa<std::int64_t, 8>(34);
  check_heap_every_isa<double, 4>(35);
  check_heap_every_isa<double, 8>(36);
  check_heap_every_isa<double, 16>(37);
}

TEST(AdHeap, PairKeysTakeTheScalarPathAndMatchSort) {
  AdHeap<PairKey> h;
  h.set_isa(TopkIsa::Avx512);
  EXPECT_EQ(h.isa(), TopkIsa::Scalar);
  check_heap<PairKey, ad_heap_default_arity<PairKey>()>(TopkIsa::Scalar, 41);
  check_heap<PairKey, 3>(TopkIsa::Scalar, 42);
}

TEST(AdHeap, PopGivesDescendingOrder) {
  auto rng = seeded(51, "pop");
  for (TopkIsa isa : kIsas) {
    AdHeap<std::uint32_t, 16> h;
    h.set_isa(isa);
    std::vector<std::uint32_t> keys(500);
    for (auto& x : keys) x = static_cast<std::uint32_t>(rng() % 200);
    h.reset(keys.size());
    h.heapify(keys);
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = keys.size(); i-- > 0;) {
      ASSERT_EQ(h.top(), keys[i]);
      h.pop();
    }
    EXPECT_EQ(h.size(), 0u);
    // The emptied heap is reusable, with pad slots restored.
    h.offer(7);
    h.offer(3);
    EXPECT_EQ(h.top(), 7u);
  }
}

TEST(AdHeap, ChildGroupsStartOnAlignedBlocks) {
  // The root's children are nodes 1..d at array index d: with a 64-byte-aligned array the
  // group starts on a min(64, d·sizeof(Key))-byte boundary.
  AdHeap<std::uint32_t, 16> a;
  a.reset(100);
  a.offer(1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&a.top() + 1) % 64, 0u);
  AdHeap<std::uint32_t, 8> b;
  b.reset(3);
  b.offer(1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&b.top() + 1) % 32, 0u);
  AdHeap<double, 8> c;
  c.reset(1000);
  c.offer(1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&c.top() + 1) % 64, 0u);
}

TEST(AdHeap, CapacityZeroRejectsEverything) {
  AdHeap<float> h;
  h.reset(0);
  EXPECT_TRUE(h.full());
  EXPECT_FALSE(h.offer(1.0f));
  const std::vector<float> keys{3, 2, 1};
  h.heapify(keys);
  std::vector<float> out;
  h.extract_sorted(out);
  EXPECT_TRUE(out.empty());
}

// ---- TopKSelector ----

/// The brute-force answer: all pairs sorted by (rank, id), the first k, -0.0 reported as 0.0.
std::vector<ScoredId> brute_top(std::vector<ScoredId> pairs, std::size_t k, TopKOrder order) {
  std::sort(pairs.begin(), pairs.end(), [order](const ScoredId& a, const ScoredId& b) {
    if (a.score != b.score)
      return order == TopKOrder::Largest ? a.score > b.score : a.score < b.score;
    return a.id < b.id;
  });
  pairs.resize(std::min(k, pairs.size()));
  for (auto& p : pairs)
    if (p.score == 0.0) p.score = 0.0;
  return pairs;
}

void expect_same(const std::vector<ScoredId>& got, const std::vector<ScoredId>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i].id, want[i].id) << "position " << i;
    ASSERT_EQ(got[i].score, want[i].score) << "position " << i;
    ASSERT_FALSE(std::signbit(got[i].score) && got[i].score == 0.0) << "-0.0 reported";
  }
}

TEST(TopKSelector, MatchesSortByScoreThenIdWhateverTheOfferOrder) {
  auto rng = seeded(61, "selector");
  TopKSelector sel;  // one selector reused across every query, as kNN uses it
  std::vector<ScoredId> got;
  const std::size_t ks[] = {0,
                            1,
                            2,
                            5,
                            64,
                            kTopKHeapMaxK,
                            kTopKHeapMaxK + 1,
                            2500,
                            std::numeric_limits<std::size_t>::max()};
  for (std::size_t n : {0, 1, 7, 300, 5000}) {
    for (int values : {3, 50, 1000000}) {  // few distinct scores means many ties
      std::vector<ScoredId> pairs(n);
      for (std::size_t i = 0; i < n; ++i)
        pairs[i] = {static_cast<double>(static_cast<int>(rng() % values) - values / 2) / 4,
                    static_cast<Vertex>(rng() % 4000000000u)};
      // Distinct ids (a query never offers one id twice).
      for (std::size_t i = 0; i < n; ++i) pairs[i].id = static_cast<Vertex>(i * 7919 % 100003);
      for (TopKOrder order : {TopKOrder::Largest, TopKOrder::Smallest}) {
        for (std::size_t k : ks) {
          const auto want = brute_top(pairs, k, order);
          for (TopKMethod method : {TopKMethod::Auto, TopKMethod::Heap, TopKMethod::Reservoir}) {
            if (method == TopKMethod::Heap && k > 100000) continue;  // Heap reserves k slots
            SCOPED_TRACE("n=" + std::to_string(n) + " values=" + std::to_string(values) +
                         " k=" + std::to_string(k) + " method=" + std::to_string(int(method)) +
                         " order=" + std::to_string(int(order)));
            for (int trial = 0; trial < 2; ++trial) {
              std::shuffle(pairs.begin(), pairs.end(), rng);
              sel.start(k, order, method);
              for (const auto& p : pairs) sel.offer(p.id, p.score);
              EXPECT_EQ(sel.size(), std::min(k, n));
              got.assign(1, ScoredId{42.0, 42});  // finish appends
              sel.finish(got);
              ASSERT_EQ(got.front().id, 42u);
              got.erase(got.begin());
              expect_same(got, want);
            }
          }
        }
      }
    }
  }
}

TEST(TopKSelector, NegativeZeroEqualsZero) {
  for (TopKOrder order : {TopKOrder::Largest, TopKOrder::Smallest}) {
    for (TopKMethod method : {TopKMethod::Heap, TopKMethod::Reservoir}) {
      TopKSelector sel;
      sel.start(3, order, method);
      sel.offer(9, -0.0);
      sel.offer(4, 0.0);
      sel.offer(7, -0.0);
      sel.offer(2, 0.0);
      sel.offer(8, 0.0);
      std::vector<ScoredId> out;
      sel.finish(out);
      expect_same(out, {{0.0, 2}, {0.0, 4}, {0.0, 7}});
    }
  }
}

TEST(TopKSelector, BoundIsTheWorstKeptAndPruningByItChangesNothing) {
  auto rng = seeded(71, "bound");
  for (TopKMethod method : {TopKMethod::Heap, TopKMethod::Reservoir}) {
    for (TopKOrder order : {TopKOrder::Largest, TopKOrder::Smallest}) {
      const std::size_t k = 20;
      std::vector<ScoredId> pairs(3000);
      for (std::size_t i = 0; i < pairs.size(); ++i)
        pairs[i] = {static_cast<double>(rng() % 500), static_cast<Vertex>(i)};
      std::shuffle(pairs.begin(), pairs.end(), rng);
      TopKSelector sel;
      TopKSelector pruned;
      sel.start(k, order, method);
      pruned.start(k, order, method);
      EXPECT_FALSE(sel.full());
      std::vector<ScoredId> seen;
      for (const auto& p : pairs) {
        sel.offer(p.id, p.score);
        seen.push_back(p);
        if (method == TopKMethod::Heap && seen.size() >= k && seen.size() % 37 == 0) {
          ASSERT_TRUE(sel.full());
          ASSERT_EQ(sel.bound(), brute_top(seen, k, order).back().score);
        }
        // A caller that skips offers strictly worse than the bound.
        const bool worse =
            pruned.full() &&
            (order == TopKOrder::Largest ? p.score < pruned.bound() : p.score > pruned.bound());
        if (!worse) pruned.offer(p.id, p.score);
      }
      std::vector<ScoredId> a;
      std::vector<ScoredId> b;
      sel.finish(a);
      pruned.finish(b);
      expect_same(a, brute_top(pairs, k, order));
      expect_same(b, a);
    }
  }
}

TEST(TopKSelector, ExtremeScoresRankAndComeBackExactly) {
  const double inf = std::numeric_limits<double>::infinity();
  const double tiny = std::numeric_limits<double>::denorm_min();
  const std::vector<ScoredId> pairs{{inf, 1},  {-inf, 2},  {1e308, 3}, {-1e308, 4},
                                    {tiny, 5}, {-tiny, 6}, {0.0, 7},   {-0.0, 8},
                                    {-2.5, 9}, {2.5, 10},  {inf, 0},   {-inf, 11}};
  for (TopKOrder order : {TopKOrder::Largest, TopKOrder::Smallest}) {
    for (TopKMethod method : {TopKMethod::Heap, TopKMethod::Reservoir}) {
      for (std::size_t k : {std::size_t{3}, std::size_t{12}}) {
        TopKSelector sel;
        sel.start(k, order, method);
        for (const auto& p : pairs) sel.offer(p.id, p.score);
        std::vector<ScoredId> out;
        sel.finish(out);
        expect_same(out, brute_top(pairs, k, order));
      }
    }
  }
}

TEST(TopKSelector, ZeroKKeepsNothing) {
  TopKSelector sel;
  sel.start(0, TopKOrder::Largest);
  sel.offer(1, 5.0);
  EXPECT_TRUE(sel.full());
  EXPECT_EQ(sel.bound(), std::numeric_limits<double>::infinity());
  std::vector<ScoredId> out;
  sel.finish(out);
  EXPECT_TRUE(out.empty());
}

// ---- batch_k_select ----

template <class Key>
void check_batch(const std::vector<Key>& keys, const std::vector<Offset>& list_ptr, std::size_t k) {
  std::vector<Key> want;
  std::vector<Offset> want_ptr{0};
  for (std::size_t i = 0; i + 1 < list_ptr.size(); ++i) {
    std::vector<Key> l(keys.begin() + static_cast<std::ptrdiff_t>(list_ptr[i]),
                       keys.begin() + static_cast<std::ptrdiff_t>(list_ptr[i + 1]));
    std::sort(l.begin(), l.end());
    l.resize(std::min(k, l.size()));
    want.insert(want.end(), l.begin(), l.end());
    want_ptr.push_back(want.size());
  }
  if (list_ptr.empty()) want_ptr = {0};
  for (auto method :
       {BatchSelectMethod::Auto, BatchSelectMethod::AdHeap, BatchSelectMethod::Reservoir}) {
    for (int threads : {1, 2, 3}) {
      SCOPED_TRACE("k=" + std::to_string(k) + " method=" + std::to_string(int(method)) +
                   " threads=" + std::to_string(threads));
      omp_set_num_threads(threads);
      std::vector<Key> out{make_key<Key>(1, 10)};  // overwritten
      std::vector<Offset> out_ptr{99};
      batch_k_select<Key>(keys, list_ptr, k, out, out_ptr, method);
      ASSERT_EQ(out_ptr, want_ptr);
      ASSERT_EQ(out, want);
    }
  }
}

template <class Key>
void check_batch_shapes(std::uint64_t seed) {
  auto rng = seeded(seed, "batch");
  // Many lists of random lengths, with empty ones among them.
  std::vector<Offset> ptr{0};
  for (int i = 0; i < 200; ++i) ptr.push_back(ptr.back() + (i % 5 == 0 ? 0 : rng() % 300));
  std::vector<Key> keys(ptr.back());
  for (auto& x : keys) x = make_key<Key>(rng(), 1000);
  for (std::size_t k : {0, 1, 10, 64, 250, 1000}) check_batch(keys, ptr, k);
  // One huge list.
  std::vector<Key> big(60000);
  for (auto& x : big) x = make_key<Key>(rng(), std::uint64_t{1} << 32);
  for (std::size_t k : {1, 100, 5000, 60000}) check_batch(big, {0, Offset{big.size()}}, k);
}

TEST(BatchKSelect, ManyListsAndOneHugeListMatchSortForEveryMethodAndThreadCount) {
  const int before = omp_get_max_threads();
  check_batch_shapes<std::uint32_t>(81);
  check_batch_shapes<float>(82);
  check_batch_shapes<std::uint64_t>(83);
  check_batch_shapes<double>(84);
  omp_set_num_threads(before);
}

TEST(BatchKSelect, NoListsAndOnlyEmptyLists) {
  const std::vector<std::uint32_t> none;
  std::vector<std::uint32_t> out{1, 2};
  std::vector<Offset> out_ptr{5};
  batch_k_select<std::uint32_t>(none, {}, 3, out, out_ptr);
  EXPECT_EQ(out_ptr, std::vector<Offset>{0});
  EXPECT_TRUE(out.empty());
  const std::vector<Offset> empties{0, 0, 0, 0};
  batch_k_select<std::uint32_t>(none, empties, 3, out, out_ptr);
  EXPECT_EQ(out_ptr, (std::vector<Offset>{0, 0, 0, 0}));
  EXPECT_TRUE(out.empty());
}

}  // namespace
}  // namespace spgraph
