// SPDX-License-Identifier: Apache-2.0
// topk_bench: k-selection (formats/topk/) against the usual alternatives.
//
// Contenders, each producing the k smallest keys of a list in ascending order:
//   adheap        AdHeap (formats/topk/ad_heap.hpp): heapify the first k, then the §4.6.4 loop
//                 (vector root compares, update-key on success), then a sort of the k kept;
//                 in batch setups batch_k_select(AdHeap), the library path itself
//   nth_element   copy, std::nth_element at k, std::sort of the first k (batch:
//                 batch_k_select(Reservoir))
//   partial_sort  copy, std::partial_sort of the first k
//   pq            std::priority_queue, bounded: push the first k, then pop + push when a key
//                 beats the top
//   faiss_heap    a binary max-heap written the way FAISS's faiss/utils/Heap.h does it: k slots
//                 filled with the neutral (largest) key, every key compared with the top, and
//                 heap_replace_top (1-based, sift down choosing the larger of two children)
//   sort          copy and std::sort the whole list
// Setups:
//   a       the thesis batch (Liu 2015 §4.6.4): 32-bit random keys, lists of l = 2^11..2^21,
//           k = 0.1·l, --total keys in all, lists in parallel (OpenMP dynamic), --threads
//   b       one list of n random keys (1e6, 1e7, 1e8), k = 1, 10, 100, 1000, one thread
//   bbatch  lists of l = 1e4 and 1e5 keys, 1e7 keys in all, k = 1..1000, --threads
//   arity   AdHeap arity and ISA sweep: 32-bit, 64-bit and (score, id) keys; random
//           (mostly rejects) and descending (every key updates) streams
//   ratio   batch_k_select AdHeap vs Reservoir over l and l / k, for kBatchHeapRatio
//   selector TopKSelector heap vs reservoir over k, for the switch point kTopKHeapMaxK
// Each cell is the median of --reps timed runs after one warm-up; peak RSS above the input
// (tools/common/process_memory.hpp) is reported per contender. Output: a markdown table on
// stdout and JSON (--json).
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "formats/topk/ad_heap.hpp"
#include "formats/topk/batch_select.hpp"
#include "formats/topk/topk_isa.hpp"
#include "formats/topk/topk_selector.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"
#include "tools/common/timing.hpp"

namespace {

using namespace spgraph;
using Key = std::uint32_t;

int g_reps = 5;
std::string g_json;

struct Cell {
  double ms = 0;
  double extra_mb = 0;  // peak RSS above the RSS before the contender ran
};

/// Median ms of g_reps runs after one warm-up, and the peak memory the runs added.
Cell measure(const std::function<void()>& f) {
  const std::uint64_t before = tools::current_rss_bytes();
  tools::reset_peak_rss();
  f();
  std::vector<double> t;
  for (int i = 0; i < g_reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(1e3 * tools::seconds_since(t0));
  }
  const std::uint64_t peak = tools::peak_rss_bytes();
  return Cell{tools::median(t), peak > before ? double(peak - before) / (1 << 20) : 0.0};
}

std::vector<Key> random_keys(std::size_t n, std::uint64_t seed) {
  std::vector<Key> v(n);
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    const std::size_t lo = n * t / nt;
    const std::size_t hi = n * (t + 1) / nt;
    std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + std::uint64_t(t) * 0xBF58476D1CE4E5B9ull;
    for (std::size_t i = lo; i < hi; ++i) {  // splitmix64
      std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      v[i] = Key((z ^ (z >> 31)) >> 32);
    }
  }
  return v;
}

// ---- the alternatives, on one list, writing the k smallest ascending to dst ----

struct Workspace {
  std::vector<Key> scratch;
  std::vector<Key> pq_buf;
  AdHeap<Key> heap;
};

void nth_element_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.scratch.assign(l.begin(), l.end());
  auto mid = ws.scratch.begin() + std::ptrdiff_t(k);
  if (k < l.size()) std::nth_element(ws.scratch.begin(), mid, ws.scratch.end());
  std::sort(ws.scratch.begin(), mid);
  std::copy(ws.scratch.begin(), mid, dst);
}

void partial_sort_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.scratch.assign(l.begin(), l.end());
  auto mid = ws.scratch.begin() + std::ptrdiff_t(k);
  std::partial_sort(ws.scratch.begin(), mid, ws.scratch.end());
  std::copy(ws.scratch.begin(), mid, dst);
}

void sort_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.scratch.assign(l.begin(), l.end());
  std::sort(ws.scratch.begin(), ws.scratch.end());
  std::copy(ws.scratch.begin(), ws.scratch.begin() + std::ptrdiff_t(k), dst);
}

void pq_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.pq_buf.clear();
  ws.pq_buf.reserve(k);
  std::priority_queue<Key, std::vector<Key>> pq(std::less<Key>(), std::move(ws.pq_buf));
  std::size_t i = 0;
  for (; i < k; ++i) pq.push(l[i]);
  for (; i < l.size(); ++i)
    if (l[i] < pq.top()) {
      pq.pop();
      pq.push(l[i]);
    }
  for (std::size_t j = k; j-- > 0;) {
    dst[j] = pq.top();
    pq.pop();
  }
}

/// FAISS-style heap_replace_top on a 1-based binary max-heap of k keys.
inline void faiss_replace_top(Key* h0, std::size_t k, Key v) {
  Key* h = h0 - 1;
  std::size_t i = 1;
  for (;;) {
    const std::size_t i1 = 2 * i;
    const std::size_t i2 = i1 + 1;
    if (i1 > k) break;
    if (i2 == k + 1 || h[i1] > h[i2]) {
      if (v > h[i1]) break;
      h[i] = h[i1];
      i = i1;
    } else {
      if (v > h[i2]) break;
      h[i] = h[i2];
      i = i2;
    }
  }
  h[i] = v;
}

void faiss_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.scratch.assign(k, std::numeric_limits<Key>::max());  // heap_heapify with the neutral key
  Key* h = ws.scratch.data();
  for (const Key x : l)
    if (x < h[0]) faiss_replace_top(h, k, x);
  std::sort(h, h + k);  // the neutral keys left sort last; k <= |l| here
  std::copy(h, h + k, dst);
}

void adheap_select(std::span<const Key> l, std::size_t k, Key* dst, Workspace& ws) {
  ws.heap.reset(k);
  ws.heap.heapify(l);
  ws.heap.extract_sorted_into(dst);
}

using SelectFn = void (*)(std::span<const Key>, std::size_t, Key*, Workspace&);

struct Contender {
  const char* name;
  SelectFn one;               // one list
  BatchSelectMethod library;  // batch: the library path when not Auto-less
  bool use_library;
};

const Contender kContenders[] = {
    {"adheap", adheap_select, BatchSelectMethod::AdHeap, true},
    {"nth_element", nth_element_select, BatchSelectMethod::Reservoir, true},
    {"partial_sort", partial_sort_select, BatchSelectMethod::Auto, false},
    {"pq", pq_select, BatchSelectMethod::Auto, false},
    {"faiss_heap", faiss_select, BatchSelectMethod::Auto, false},
    {"sort", sort_select, BatchSelectMethod::Auto, false},
};

/// All lists in parallel with `fn` (dynamic schedule, one workspace per thread).
void batch_with(SelectFn fn, std::span<const Key> keys, const std::vector<Offset>& ptr,
                std::size_t k, std::vector<Key>& out, std::vector<Offset>& out_ptr) {
  const std::size_t lists = ptr.size() - 1;
  out_ptr.assign(lists + 1, 0);
  for (std::size_t i = 0; i < lists; ++i)
    out_ptr[i + 1] = out_ptr[i] + std::min<std::size_t>(k, ptr[i + 1] - ptr[i]);
  out.resize(out_ptr[lists]);
#pragma omp parallel
  {
    Workspace ws;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t i = 0; i < std::int64_t(lists); ++i) {
      const auto l = keys.subspan(ptr[i], ptr[i + 1] - ptr[i]);
      const std::size_t keep = std::min(k, l.size());
      if (keep > 0) fn(l, keep, out.data() + out_ptr[i], ws);
    }
  }
}

// ---- reporting ----

std::string g_json_rows;

void json_row(const std::string& setup, const std::string& params, const std::string& name,
              const Cell& c) {
  if (!g_json_rows.empty()) g_json_rows += ",\n";
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "  {\"setup\": \"%s\", %s, \"contender\": \"%s\", \"median_ms\": %.4f, "
                "\"extra_peak_mb\": %.1f}",
                setup.c_str(), params.c_str(), name.c_str(), c.ms, c.extra_mb);
  g_json_rows += buf;
}

/// Runs every contender on (keys, ptr, k), checks all agree, prints one table row.
void run_row(const std::string& setup, const std::string& label, const std::string& params,
             std::span<const Key> keys, const std::vector<Offset>& ptr, std::size_t k, bool batch,
             bool with_sort) {
  std::vector<Key> ref;
  std::vector<Offset> ref_ptr;
  std::vector<Cell> cells;
  std::vector<std::string> names;
  for (const Contender& c : kContenders) {
    if (!with_sort && std::string(c.name) == "sort") continue;
    std::vector<Key> out;
    std::vector<Offset> out_ptr;
    Cell cell;
    if (batch && c.use_library)
      cell = measure([&] { batch_k_select<Key>(keys, ptr, k, out, out_ptr, c.library); });
    else if (batch)
      cell = measure([&] { batch_with(c.one, keys, ptr, k, out, out_ptr); });
    else
      cell = measure([&] {
        Workspace ws;
        out.resize(std::min(k, keys.size()));
        c.one(keys, out.size(), out.data(), ws);
      });
    if (names.empty()) {
      ref = out;
    } else if (out != ref) {
      std::fprintf(stderr, "MISMATCH: %s disagrees with adheap (%s)\n", c.name, label.c_str());
      std::exit(1);
    }
    names.push_back(c.name);
    cells.push_back(cell);
    json_row(setup, params, c.name, cell);
  }
  double best_alt = 1e300;
  std::string best_name;
  for (std::size_t i = 1; i < cells.size(); ++i)
    if (cells[i].ms < best_alt) {
      best_alt = cells[i].ms;
      best_name = names[i];
    }
  std::printf("| %s |", label.c_str());
  for (const Cell& c : cells) std::printf(" %.2f |", c.ms);
  if (!with_sort) std::printf(" (not run) |");
  std::printf(" %s | %.2f | %.0f / %.0f |\n", best_name.c_str(), best_alt / cells[0].ms,
              cells[0].extra_mb, cells[1].extra_mb);
  std::fflush(stdout);
}

void header(const char* first) {
  std::printf("| %s |", first);
  for (const Contender& c : kContenders) std::printf(" %s ms |", c.name);
  std::printf(" best alternative | best alt / adheap | extra MB adheap / nth |\n|---|");
  for (std::size_t i = 0; i < std::size(kContenders); ++i) std::printf("---:|");
  std::printf("---|---:|---:|\n");
}

std::vector<Offset> equal_lists(std::size_t total, std::size_t len) {
  std::vector<Offset> ptr{0};
  while (ptr.back() + len <= total) ptr.push_back(ptr.back() + len);
  return ptr;
}

/// One untimed pass over all keys with every thread, so the first timed row does not pay for
/// starting the thread team, first-touch page faults or clock ramp-up.
void warm_up(std::span<const Key> keys) {
  std::vector<Key> out;
  std::vector<Offset> out_ptr;
  for (int i = 0; i < 3; ++i)
    batch_k_select<Key>(keys, equal_lists(keys.size(), 4096), 400, out, out_ptr,
                        BatchSelectMethod::Reservoir);
}

void setup_a(std::size_t total, int lmin, int lmax) {
  const auto keys = random_keys(total, 1);
  std::printf("\nSetup a: batch k-selection, %zu 32-bit random keys, k = 0.1 l, %d threads\n\n",
              total, omp_get_max_threads());
  warm_up(keys);
  header("l");
  for (int e = lmin; e <= lmax; ++e) {
    const std::size_t l = std::size_t{1} << e;
    const std::size_t k = l / 10;
    const std::string params = "\"l\": " + std::to_string(l) + ", \"k\": " + std::to_string(k) +
                               ", \"total\": " + std::to_string(total) +
                               ", \"threads\": " + std::to_string(omp_get_max_threads());
    run_row("a", "2^" + std::to_string(e), params, keys, equal_lists(total, l), k, true, true);
  }
}

void setup_b(const std::vector<std::size_t>& ns) {
  std::printf("\nSetup b: one list of n 32-bit random keys, one thread\n\n");
  header("n, k");
  for (std::size_t n : ns) {
    const auto keys = random_keys(n, 2);
    const std::vector<Offset> ptr{0, Offset{n}};
    for (std::size_t k : {1, 10, 100, 1000}) {
      const std::string params = "\"n\": " + std::to_string(n) + ", \"k\": " + std::to_string(k);
      char label[64];
      std::snprintf(label, sizeof label, "%.0e, %zu", double(n), k);
      // A full sort of 1e8 keys takes seconds per run and is never close: left out there.
      run_row("b", label, params, keys, ptr, k, false, n <= 10000000);
    }
  }
}

void setup_bbatch(std::size_t total) {
  const auto keys = random_keys(total, 3);
  std::printf("\nSetup b (batch): %zu 32-bit random keys in lists of l, %d threads\n\n", total,
              omp_get_max_threads());
  warm_up(keys);
  header("l, k");
  for (std::size_t l : {10000, 100000}) {
    const auto ptr = equal_lists(total, l);
    for (std::size_t k : {1, 10, 100, 1000}) {
      const std::string params = "\"l\": " + std::to_string(l) + ", \"k\": " + std::to_string(k) +
                                 ", \"threads\": " + std::to_string(omp_get_max_threads());
      run_row("bbatch", std::to_string(l) + ", " + std::to_string(k), params, keys, ptr, k, true,
              true);
    }
  }
}

/// AdHeap vs Reservoir over list length and k / l, for batch_select_auto's kBatchHeapRatio.
void setup_ratio(std::size_t total) {
  const auto keys = random_keys(total, 6);
  std::printf("\nBatch method sweep: %zu keys, %d threads\n\n", total, omp_get_max_threads());
  std::printf("| l | l / k | k | adheap ms | reservoir ms | reservoir / adheap | auto picks |\n");
  std::printf("|---:|---:|---:|---:|---:|---:|---|\n");
  for (int e : {11, 14, 17, 20}) {
    const std::size_t l = std::size_t{1} << e;
    const auto ptr = equal_lists(total, l);
    for (std::size_t ratio : {4, 8, 16, 32, 64, 256}) {
      const std::size_t k = l / ratio;
      std::vector<Key> out;
      std::vector<Offset> out_ptr;
      const Cell h = measure(
          [&] { batch_k_select<Key>(keys, ptr, k, out, out_ptr, BatchSelectMethod::AdHeap); });
      const Cell r = measure(
          [&] { batch_k_select<Key>(keys, ptr, k, out, out_ptr, BatchSelectMethod::Reservoir); });
      const bool heap = batch_select_auto(k, l, sizeof(Key)) == BatchSelectMethod::AdHeap;
      std::printf("| 2^%d | %zu | %zu | %.2f | %.2f | %.2f | %s |\n", e, ratio, k, h.ms, r.ms,
                  r.ms / h.ms, heap ? "adheap" : "reservoir");
      const std::string params = "\"l\": " + std::to_string(l) + ", \"k\": " + std::to_string(k);
      json_row("ratio", params, "adheap", h);
      json_row("ratio", params, "reservoir", r);
      std::fflush(stdout);
    }
  }
}

// ---- arity and ISA sweep ----

template <class K, unsigned D>
void arity_cell(const char* key_name, const char* stream, const std::vector<K>& keys,
                std::size_t k) {
  for (TopkIsa isa : {TopkIsa::Scalar, TopkIsa::Avx2, TopkIsa::Avx512}) {
    AdHeap<K, D> heap;
    heap.set_isa(isa);
    if (heap.isa() != isa) continue;
    std::vector<K> out;
    const Cell c = measure([&] {
      heap.reset(k);
      heap.heapify(keys);
      out.clear();
      heap.extract_sorted(out);
    });
    std::printf("| %s | %s | %zu | %u | %s | %.2f |\n", key_name, stream, k, D, topk_isa_name(isa),
                c.ms);
    json_row("arity",
             std::string("\"key\": \"") + key_name + "\", \"stream\": \"" + stream +
                 "\", \"k\": " + std::to_string(k) + ", \"d\": " + std::to_string(D) +
                 ", \"isa\": \"" + topk_isa_name(isa) + "\"",
             "adheap", c);
    std::fflush(stdout);
  }
}

template <class K>
std::vector<K> converted(const std::vector<Key>& src) {
  std::vector<K> v(src.size());
  for (std::size_t i = 0; i < src.size(); ++i)
    v[i] = K(src[i]) * K(2654435761u % 1000003) + K(i & 7);
  return v;
}

void setup_arity(std::size_t n) {
  std::printf("\nArity sweep: AdHeap heapify + offers + extract on %zu keys, one thread\n\n", n);
  std::printf("| key | stream | k | d | isa | ms |\n|---|---|---:|---:|---|---:|\n");
  const auto base = random_keys(n, 4);
  std::vector<Key> sorted = base;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  const std::vector<Key> desc = std::move(sorted);
  for (const auto* pick : {&base, &desc}) {
    const char* stream = pick == &base ? "random" : "descending";
    const auto& k32 = *pick;
    for (std::size_t k : {100, 1000, 100000}) {
      if (pick == &desc && k == 100000) continue;
      arity_cell<Key, 4>("u32", stream, k32, k);
      arity_cell<Key, 8>("u32", stream, k32, k);
      arity_cell<Key, 16>("u32", stream, k32, k);
      arity_cell<Key, 32>("u32", stream, k32, k);
    }
    const auto k64 = converted<std::uint64_t>(k32);
    const auto f64 = converted<double>(k32);
    for (std::size_t k : {100, 1000, 100000}) {
      if (pick == &desc && k == 100000) continue;
      arity_cell<std::uint64_t, 4>("u64", stream, k64, k);
      arity_cell<std::uint64_t, 8>("u64", stream, k64, k);
      arity_cell<std::uint64_t, 16>("u64", stream, k64, k);
      arity_cell<double, 4>("f64", stream, f64, k);
      arity_cell<double, 8>("f64", stream, f64, k);
      arity_cell<double, 16>("f64", stream, f64, k);
    }
    std::vector<topk_detail::RankedId> pairs(k32.size());
    for (std::size_t i = 0; i < k32.size(); ++i)
      pairs[i] = topk_detail::RankedId::make(double(k32[i]), Vertex(i));
    for (std::size_t k : {100, 1000, 100000}) {
      if (pick == &desc && k == 100000) continue;
      arity_cell<topk_detail::RankedId, 2>("score,id", stream, pairs, k);
      arity_cell<topk_detail::RankedId, 4>("score,id", stream, pairs, k);
      arity_cell<topk_detail::RankedId, 8>("score,id", stream, pairs, k);
    }
  }
}

// ---- TopKSelector: heap vs reservoir ----

void setup_selector() {
  std::printf("\nTopKSelector: heap vs reservoir, (score, id) offers, one thread\n\n");
  std::printf("| offers | scores | k | heap ms | reservoir ms | reservoir / heap |\n");
  std::printf("|---:|---|---:|---:|---:|---:|\n");
  for (std::size_t n : {10000, 1000000}) {
    const auto raw = random_keys(n, 5);
    for (int distinct : {0, 100}) {  // 0: all distinct scores; 100: many ties
      std::vector<double> scores(n);
      for (std::size_t i = 0; i < n; ++i)
        scores[i] = distinct ? double(raw[i] % distinct) : double(raw[i]) / 4294967296.0;
      for (std::size_t k : {10, 100, 300, 1000, 3000, 10000, 100000}) {
        if (k > n) continue;
        TopKSelector sel;
        std::vector<ScoredId> out;
        Cell cells[2];
        int m = 0;
        for (TopKMethod method : {TopKMethod::Heap, TopKMethod::Reservoir}) {
          cells[m++] = measure([&] {
            // Many queries of n offers each would reuse the selector the same way.
            sel.start(k, TopKOrder::Largest, method);
            for (std::size_t i = 0; i < n; ++i) sel.offer(Vertex(i), scores[i]);
            out.clear();
            sel.finish(out);
          });
        }
        const char* kind = distinct ? "100 distinct" : "distinct";
        std::printf("| %zu | %s | %zu | %.3f | %.3f | %.2f |\n", n, kind, k, cells[0].ms,
                    cells[1].ms, cells[1].ms / cells[0].ms);
        const std::string params = "\"offers\": " + std::to_string(n) + ", \"scores\": \"" + kind +
                                   "\", \"k\": " + std::to_string(k);
        json_row("selector", params, "heap", cells[0]);
        json_row("selector", params, "reservoir", cells[1]);
        std::fflush(stdout);
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "k-selection: AdHeap against nth_element, partial_sort, priority_queue, a "
      "FAISS-style heap and sort");
  std::string setup = "b";
  std::size_t total = std::size_t{1} << 25;
  int lmin = 11;
  int lmax = 21;
  std::vector<std::size_t> ns{1000000, 10000000, 100000000};
  std::size_t arity_n = 10000000;
  app.add_option("--setup", setup, "a, b, bbatch, ratio, arity or selector")->required();
  app.add_option("--reps", g_reps, "timed runs per cell (median reported)");
  app.add_option("--total", total, "setup a/bbatch: keys in all lists");
  app.add_option("--lmin", lmin, "setup a: smallest list length exponent");
  app.add_option("--lmax", lmax, "setup a: largest list length exponent");
  app.add_option("--n", ns, "setup b: list lengths");
  app.add_option("--arity-n", arity_n, "arity sweep: stream length");
  app.add_option("--json", g_json, "write the cells as JSON here");
  CLI11_PARSE(app, argc, argv);

  std::printf("topk_bench: setup %s, isa %s, %d threads, %d reps (median)\n", setup.c_str(),
              topk_isa_name(topk_cpu_isa()), omp_get_max_threads(), g_reps);
  if (setup == "a")
    setup_a(total, lmin, lmax);
  else if (setup == "b")
    setup_b(ns);
  else if (setup == "bbatch")
    setup_bbatch(total);
  else if (setup == "arity")
    setup_arity(arity_n);
  else if (setup == "ratio")
    setup_ratio(total);
  else if (setup == "selector")
    setup_selector();
  else {
    std::fprintf(stderr, "unknown setup %s\n", setup.c_str());
    return 2;
  }
  if (!g_json.empty()) {
    std::FILE* f = std::fopen(g_json.c_str(), "w");
    if (!f) {
      std::fprintf(stderr, "cannot write %s\n", g_json.c_str());
      return 1;
    }
    std::fprintf(f, "[\n%s\n]\n", g_json_rows.c_str());
    std::fclose(f);
  }
  return 0;
}
