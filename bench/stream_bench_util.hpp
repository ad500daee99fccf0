// SPDX-License-Identifier: Apache-2.0
// Shared pieces of bench/stream_bench: the benchmark graph (loaded or generated, its arcs
// shuffled with a fixed seed and split into a base half and a stream half), peak memory since a
// mark, and the machine line; contenders run in forked children (tools/common/child_process.hpp)
// so that each one's peak memory is its own.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/matrix.hpp"
#include "loaders/generators.hpp"
#include "loaders/load.hpp"
#include "tools/common/child_process.hpp"
#include "tools/common/process_memory.hpp"
#include "tools/common/stats.hpp"
#include "tools/common/timing.hpp"

namespace spgraph::bench {

/// A graph prepared for streaming: all arcs as a sorted CSR, the arcs in a shuffled order, and
/// the base half (the first half of that order) as a sorted CSR.
struct StreamGraph {
  std::string name;
  Csr<bool> all;
  Csr<bool> base;
  std::vector<Vertex> src, dst;             // shuffled arcs
  std::vector<std::uint64_t> src64, dst64;  // the same, as GraphBLAS indices
  Vertex n() const { return all.nrows; }
  Offset m() const { return all.nnz(); }
};

/// The pattern CSR of arcs [begin, end) of the shuffled order, plus the arcs (rs[k], cs[k]),
/// via the engine's COO build: the oracle the contenders are checked against.
inline Csr<bool> csr_of_arcs(const StreamGraph& g, Offset begin, Offset end,
                             const std::vector<Vertex>& rs = {},
                             const std::vector<Vertex>& cs = {}) {
  Coo<bool> coo{g.n(), g.n(), true, {}, {}, {}};
  coo.row.assign(g.src.begin() + std::ptrdiff_t(begin), g.src.begin() + std::ptrdiff_t(end));
  coo.col.assign(g.dst.begin() + std::ptrdiff_t(begin), g.dst.begin() + std::ptrdiff_t(end));
  coo.row.insert(coo.row.end(), rs.begin(), rs.end());
  coo.col.insert(coo.col.end(), cs.begin(), cs.end());
  return build_csr<bool, FirstOp<bool>>(std::move(coo), DuplicatePolicy::Combine);
}

/// Loads `spec` (a graph file, or "kron:SCALE" for a Graph500 Kronecker graph with edge factor
/// 16, seed 1, both directions stored) and shuffles its arcs with `seed`.
inline StreamGraph prepare_graph(const std::string& spec, std::uint64_t seed) {
  StreamGraph g;
  if (spec.rfind("kron:", 0) == 0) {
    const int scale = std::stoi(spec.substr(5));
    g.name = "kron" + std::to_string(scale);
    g.all = Matrix<bool>::from_coo(generate_kronecker(scale, 16, 1, true)).csr();
  } else {
    g.name = spec.substr(spec.find_last_of('/') + 1);
    LoadOptions o;
    o.pattern_only = true;
    g.all = load_graph(spec, o).csr();
  }
  const Offset m = g.all.nnz();
  g.src.resize(m);
  g.dst.assign(g.all.col.begin(), g.all.col.end());
  for (Vertex r = 0; r < g.all.nrows; ++r)
    for (Offset k = g.all.row_ptr[r]; k < g.all.row_ptr[r + 1]; ++k) g.src[k] = r;
  std::mt19937_64 rng(seed);
  for (Offset k = m; k > 1; --k) {
    const Offset j = rng() % k;
    std::swap(g.src[k - 1], g.src[j]);
    std::swap(g.dst[k - 1], g.dst[j]);
  }
  g.src64.assign(g.src.begin(), g.src.end());
  g.dst64.assign(g.dst.begin(), g.dst.end());
  g.base = csr_of_arcs(g, 0, m / 2);
  return g;
}

/// `count` arcs with endpoints drawn uniformly from n vertices (seeded), in both index widths.
struct RandomArcs {
  std::vector<Vertex> rows, cols;
  std::vector<std::uint64_t> rows64, cols64;
  /// The arcs [first, first + n) as a batch.
  template <class Batch>
  Batch batch(Offset first, std::size_t n) const {
    return {rows.data() + first, cols.data() + first, rows64.data() + first, cols64.data() + first,
            n};
  }
};
inline RandomArcs random_arcs(Vertex n, Offset count, std::uint64_t seed) {
  RandomArcs a;
  std::mt19937_64 rng(seed);
  a.rows.resize(count);
  a.cols.resize(count);
  for (Offset k = 0; k < count; ++k) {
    a.rows[k] = Vertex(rng() % n);
    a.cols[k] = Vertex(rng() % n);
  }
  a.rows64.assign(a.rows.begin(), a.rows.end());
  a.cols64.assign(a.cols.begin(), a.cols.end());
  return a;
}

/// A ∪ A': the arcs of an undirected graph holding the edges of `a`.
inline Csr<bool> symmetric_closure(const Csr<bool>& a) {
  Coo<bool> coo{a.nrows, a.ncols, true, {}, {}, {}};
  for (Vertex r = 0; r < a.nrows; ++r)
    for (Offset k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k) {
      coo.row.push_back(r);
      coo.col.push_back(a.col[k]);
      coo.row.push_back(a.col[k]);
      coo.col.push_back(r);
    }
  return build_csr<bool, FirstOp<bool>>(std::move(coo), DuplicatePolicy::Combine);
}

/// True when two pattern CSRs hold the same arcs.
inline bool same_arcs(const Csr<bool>& a, const Csr<bool>& b) {
  return a.nrows == b.nrows && a.row_ptr == b.row_ptr && a.col == b.col;
}

using tools::run_in_child;
using tools::seconds_since;

/// Bytes the process allocated since `rss0` at its peak (VmHWM reset at the start).
inline std::uint64_t peak_since(std::uint64_t rss0) {
  const std::uint64_t peak = tools::peak_rss_bytes();
  return peak > rss0 ? peak - rss0 : 0;
}

/// The CPU model line from /proc/cpuinfo.
inline std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

inline double mb(std::uint64_t bytes) {
  return double(bytes) / 1e6;
}

namespace detail {

template <class V>
void write_vec(std::FILE* f, const std::vector<V>& v) {
  const std::uint64_t n = v.size();
  std::fwrite(&n, sizeof n, 1, f);
  if (n) std::fwrite(v.data(), sizeof(V), n, f);
}
template <class V>
bool read_vec(std::FILE* f, std::vector<V>& v) {
  std::uint64_t n = 0;
  if (std::fread(&n, sizeof n, 1, f) != 1) return false;
  v.resize(n);
  return n == 0 || std::fread(v.data(), sizeof(V), n, f) == n;
}
inline void write_csr(std::FILE* f, const Csr<bool>& c) {
  const std::uint32_t dims[2] = {c.nrows, c.ncols};
  std::fwrite(dims, sizeof dims, 1, f);
  write_vec(f, c.row_ptr);
  write_vec(f, c.col);
}
inline bool read_csr(std::FILE* f, Csr<bool>& c) {
  std::uint32_t dims[2];
  if (std::fread(dims, sizeof dims, 1, f) != 1) return false;
  c.nrows = dims[0];
  c.ncols = dims[1];
  c.pattern = true;
  return read_vec(f, c.row_ptr) && read_vec(f, c.col);
}

}  // namespace detail

/// prepare_graph run in a forked child and handed back through a temporary file, so that this
/// process never starts OpenMP: libgomp's thread pool does not survive fork(), and the modes
/// that run each contender in a forked child must fork from a process that never used it.
inline StreamGraph prepare_graph_isolated(const std::string& spec, std::uint64_t seed) {
  char path[] = "/tmp/spgraph-stream-bench-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw IoError("cannot create a temporary file in /tmp");
  close(fd);
  struct Done {
    int ok;
  } done{};
  const tools::ChildRun child = run_in_child(done, [&](Done& d) {
    const StreamGraph g = prepare_graph(spec, seed);
    std::FILE* f = std::fopen(path, "wb");
    if (!f) return;
    const std::uint64_t name_len = g.name.size();
    std::fwrite(&name_len, sizeof name_len, 1, f);
    std::fwrite(g.name.data(), 1, name_len, f);
    detail::write_csr(f, g.all);
    detail::write_csr(f, g.base);
    detail::write_vec(f, g.src);
    detail::write_vec(f, g.dst);
    d.ok = std::fclose(f) == 0;
  });
  const bool ok = child.ok();
  StreamGraph g;
  std::FILE* f = std::fopen(path, "rb");
  bool read = false;
  if (ok && done.ok && f) {
    std::uint64_t name_len = 0;
    read = std::fread(&name_len, sizeof name_len, 1, f) == 1;
    g.name.resize(name_len);
    read = read && std::fread(g.name.data(), 1, name_len, f) == name_len &&
           detail::read_csr(f, g.all) && detail::read_csr(f, g.base) &&
           detail::read_vec(f, g.src) && detail::read_vec(f, g.dst);
  }
  if (f) std::fclose(f);
  std::remove(path);
  if (!read) throw Error("could not prepare the graph '" + spec + "'");
  g.src64.assign(g.src.begin(), g.src.end());
  g.dst64.assign(g.dst.begin(), g.dst.end());
  return g;
}

}  // namespace spgraph::bench
