// SPDX-License-Identifier: Apache-2.0
// The fused Sᵀ·A·S of the community methods (aggregation.hpp says what it computes): the
// grouping of the vertices by community, then one parallel pass over the communities, each
// gathering its members' rows into its thread's accumulator and appending the row to its
// thread's buffer, then the rows copied into place after a prefix sum of their lengths.
#include "algorithms/communities/aggregation.hpp"

#include <omp.h>

#include <algorithm>

namespace spgraph::detail {

namespace {

constexpr Vertex kParallelCommunities = 1024;

/// Where a community's row was written: the thread's buffer and the first entry in it.
struct RowPlace {
  std::uint32_t thread = 0;
  Offset first = 0;
};

/// One thread's rows, appended as they are built.
struct RowBuffer {
  std::vector<Vertex> col;
  std::vector<double> weight;
};

}  // namespace

Grouping group_by_label(const std::vector<Vertex>& label, Vertex bound) {
  Grouping gr;
  const Vertex n = Vertex(label.size());
  std::vector<Vertex> number(std::size_t(bound) + 1, 0);
  for (Vertex v = 0; v < n; ++v) number[label[v] + 1] = 1;
  for (Vertex c = 0; c < bound; ++c) number[c + 1] += number[c];
  gr.count = number[bound];
  gr.id.resize(n);
  gr.member_ptr.assign(std::size_t(gr.count) + 1, 0);
  for (Vertex v = 0; v < n; ++v) {
    gr.id[v] = number[label[v]];
    ++gr.member_ptr[gr.id[v] + 1];
  }
  for (Vertex c = 0; c < gr.count; ++c) gr.member_ptr[c + 1] += gr.member_ptr[c];
  gr.members.resize(n);
  std::vector<Offset> next(gr.member_ptr.begin(), gr.member_ptr.end() - 1);
  for (Vertex v = 0; v < n; ++v) gr.members[next[gr.id[v]]++] = v;
  return gr;
}

std::vector<double> sum_by_group(const std::vector<double>& x, const Grouping& groups) {
  std::vector<double> out(groups.count, 0.0);
#pragma omp parallel for schedule(dynamic, 256) if (groups.count >= kParallelCommunities)
  for (std::int64_t c = 0; c < std::int64_t(groups.count); ++c) {
    double s = 0;
    for (Offset i = groups.member_ptr[c]; i < groups.member_ptr[c + 1]; ++i)
      s += x[groups.members[i]];
    out[c] = s;
  }
  return out;
}

CommunityGraph aggregate_graph(const CommunityGraph& g, const Grouping& groups,
                               ThreadWeights& workspace) {
  const Vertex count = groups.count;
  CommunityGraph out;
  out.n = count;
  out.loop.assign(count, 0.0);
  out.own_row_ptr.assign(std::size_t(count) + 1, 0);
  std::vector<RowPlace> place(count);
  std::vector<RowBuffer> buffers(std::size_t(std::max(1, omp_get_max_threads())));
  workspace.reserve(count);
#pragma omp parallel if (count >= kParallelCommunities)
  {
    const std::uint32_t t = std::uint32_t(omp_get_thread_num());
    RowBuffer& buf = buffers[t];
    NeighbourWeights& acc = workspace.mine();
#pragma omp for schedule(dynamic, 64)
    for (std::int64_t cc = 0; cc < std::int64_t(count); ++cc) {
      const Vertex c = Vertex(cc);
      double inside = 0, loops = 0;
      acc.clear();
      for (Offset i = groups.member_ptr[c]; i < groups.member_ptr[c + 1]; ++i) {
        const Vertex u = groups.members[i];
        loops += g.loop[u];
        for (Offset k = g.begin(u); k < g.end(u); ++k) {
          const Vertex v = g.col[k];
          if (v == u) continue;
          const Vertex d = groups.id[v];
          if (d == c)
            inside += g.w(k);
          else
            acc.add(d, g.w(k));
        }
      }
      out.loop[c] = inside / 2 + loops;  // each inner edge was met from both ends
      place[c] = {t, Offset(buf.col.size())};
      out.own_row_ptr[c + 1] = acc.size();
      for (std::size_t i = 0; i < acc.size(); ++i) {
        buf.col.push_back(acc.key(i));
        buf.weight.push_back(acc.value(i));
      }
    }
  }
  for (Vertex c = 0; c < count; ++c) out.own_row_ptr[c + 1] += out.own_row_ptr[c];
  out.own_col.resize(out.own_row_ptr[count]);
  out.own_weight.resize(out.own_row_ptr[count]);
#pragma omp parallel for schedule(dynamic, 256) if (count >= kParallelCommunities)
  for (std::int64_t c = 0; c < std::int64_t(count); ++c) {
    const RowBuffer& buf = buffers[place[c].thread];
    const Offset len = out.own_row_ptr[c + 1] - out.own_row_ptr[c];
    std::copy_n(buf.col.begin() + std::ptrdiff_t(place[c].first), len,
                out.own_col.begin() + std::ptrdiff_t(out.own_row_ptr[c]));
    std::copy_n(buf.weight.begin() + std::ptrdiff_t(place[c].first), len,
                out.own_weight.begin() + std::ptrdiff_t(out.own_row_ptr[c]));
  }
  out.adopt_owned();
  out.degree = sum_by_group(g.degree, groups);
  out.total = g.total;
  return out;
}

}  // namespace spgraph::detail
