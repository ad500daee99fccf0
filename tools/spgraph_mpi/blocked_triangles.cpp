// SPDX-License-Identifier: Apache-2.0
// Implementation of the blocked triangle count (blocked_triangles.hpp).
#include "tools/spgraph_mpi/blocked_triangles.hpp"

#include <algorithm>

namespace spgraph::mpi {

namespace {

/// What the stages reuse: the received operands, B's row index, the bitmap, the corner counts.
struct StageWorkspace {
  PackedRows a_buf, b_buf;
  std::vector<std::uint32_t> b_index;  ///< row v of B -> its position among B's rows + 1 (0: none)
  std::vector<std::uint64_t> b_start;  ///< where each of B's rows starts in B's columns
  std::vector<std::uint64_t> marks;    ///< one bit per column of block k
  std::vector<std::uint64_t> t_i, t_j, t_k;  ///< triangles at corners u, v, w (per_vertex)
};

/// Σ over the mask's entries (u, v) of |A(u,:) ∩ B(v,:)|; with `per_vertex` each triangle also
/// counts at its corners u (t_i), v (t_j) and w (t_k).
std::uint64_t stage_count(const PackedRows& mask, const PackedRows& a, const PackedRows& b,
                          StageWorkspace& w, bool per_vertex) {
  const std::uint32_t* b_rows = b.rows();
  const std::uint32_t* b_len = b.lengths();
  w.b_start.resize(b.nonempty_rows());
  std::uint64_t off = 0;
  for (std::uint32_t x = 0; x < b.nonempty_rows(); ++x) {
    w.b_index[b_rows[x]] = x + 1;
    w.b_start[x] = off;
    off += b_len[x];
  }
  std::uint64_t count = 0, a_off = 0, m_off = 0;
  std::uint32_t ai = 0;
  std::uint64_t* marks = w.marks.data();
  for (std::uint32_t mi = 0; mi < mask.nonempty_rows(); m_off += mask.lengths()[mi++]) {
    const std::uint32_t u = mask.rows()[mi];
    while (ai < a.nonempty_rows() && a.rows()[ai] < u) a_off += a.lengths()[ai++];
    if (ai == a.nonempty_rows()) break;
    if (a.rows()[ai] != u) continue;
    const std::uint32_t* a_row = a.cols() + a_off;
    const std::uint32_t a_len = a.lengths()[ai];
    for (std::uint32_t e = 0; e < a_len; ++e) marks[a_row[e] >> 6] |= 1ull << (a_row[e] & 63);
    const std::uint32_t* m_row = mask.cols() + m_off;
    for (std::uint32_t e = 0; e < mask.lengths()[mi]; ++e) {
      const std::uint32_t x = w.b_index[m_row[e]];
      if (!x) continue;
      const std::uint32_t* b_row = b.cols() + w.b_start[x - 1];
      const std::uint32_t b_len_x = b_len[x - 1];
      std::uint64_t hits = 0;
      if (!per_vertex) {
        for (std::uint32_t f = 0; f < b_len_x; ++f)
          hits += (marks[b_row[f] >> 6] >> (b_row[f] & 63)) & 1;
      } else {
        for (std::uint32_t f = 0; f < b_len_x; ++f) {
          const std::uint64_t bit = (marks[b_row[f] >> 6] >> (b_row[f] & 63)) & 1;
          hits += bit;
          w.t_k[b_row[f]] += bit;
        }
        w.t_i[u] += hits;
        w.t_j[m_row[e]] += hits;
      }
      count += hits;
    }
    for (std::uint32_t e = 0; e < a_len; ++e) marks[a_row[e] >> 6] = 0;
  }
  for (std::uint32_t x = 0; x < b.nonempty_rows(); ++x) w.b_index[b_rows[x]] = 0;
  return count;
}

/// Rank 0's per-vertex sums: block b's corner counts from the ranks of processor row b (t_i)
/// and column b (t_j), its degrees from the diagonal rank P(b, b).
void gather_corners(const MpiContext& ctx, const OrientedGraph& g, const StageWorkspace& w,
                    BlockedTriangles& out) {
  std::vector<std::uint64_t> part, total;
  for (int b = 0; b < g.layout.q; ++b) {
    const Vertex len = g.layout.length(b), start = g.layout.start(b);
    part.assign(2 * std::size_t(len), 0);
    if (g.at.i == b)
      for (Vertex v = 0; v < len; ++v) part[v] += w.t_i[v];
    if (g.at.j == b)
      for (Vertex v = 0; v < len; ++v) part[v] += w.t_j[v];
    if (g.at.i == b && g.at.diagonal())
      for (Vertex v = 0; v < len; ++v) part[len + v] = g.row_degree[v];
    sum_to_root(part, total, ctx.comm);
    if (!ctx.root()) continue;
    for (Vertex v = 0; v < len; ++v) {
      out.through[start + v] += total[v];
      out.degree[start + v] = total[len + v];
    }
  }
}

}  // namespace

BlockedTriangles count_triangles_blocked(const MpiContext& ctx, OrientedGraph& g, bool per_vertex) {
  const GridPlace& at = g.at;
  const BlockLayout& layout = g.layout;
  StageWorkspace w;
  w.b_index.assign(layout.length(at.j), 0);
  w.marks.assign((std::size_t(layout.longest()) + 63) / 64, 0);
  BlockedTriangles out;
  if (per_vertex) {
    w.t_i.assign(layout.length(at.i), 0);
    w.t_j.assign(layout.length(at.j), 0);
    if (ctx.root()) out.through.assign(layout.n, 0), out.degree.assign(layout.n, 0);
  }
  std::vector<std::uint64_t> stage_total;
  for (int k = 0; k < layout.q; ++k) {
    // A = U(i, k) from P(i, k) along the row; B = U(j, k) from P(k, j) along the column.
    std::vector<std::uint32_t>& a_words = at.j == k ? g.own.words : w.a_buf.words;
    broadcast_words(a_words, k, at.row);
    std::vector<std::uint32_t>& b_words = at.i != k       ? w.b_buf.words
                                          : at.diagonal() ? g.own.words
                                                          : g.mirror_copy.words;
    broadcast_words(b_words, k, at.col);
    const PackedRows& a = at.j == k ? g.own : w.a_buf;
    const PackedRows& b = at.i == k ? g.mirror() : w.b_buf;
    if (per_vertex) w.t_k.assign(layout.length(k), 0);
    out.triangles += stage_count(g.own, a, b, w, per_vertex);
    if (!per_vertex) continue;
    sum_to_root(w.t_k, stage_total, ctx.comm);
    if (ctx.root())
      for (Vertex v = 0; v < layout.length(k); ++v)
        out.through[layout.start(k) + v] += stage_total[v];
  }
  MPI_Allreduce(MPI_IN_PLACE, &out.triangles, 1, MPI_UINT64_T, MPI_SUM, ctx.comm);
  if (per_vertex) gather_corners(ctx, g, w, out);
  return out;
}

}  // namespace spgraph::mpi
