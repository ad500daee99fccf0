// SPDX-License-Identifier: Apache-2.0
// The fused Sᵀ·A·S of the community methods (aggregation.hpp says what it computes): the
// grouping of the vertices by community, then one parallel pass over the communities, each
// gathering its members' rows into its thread's accumulator and writing the row at an upper
// bound of its length in a scratch array, then the rows copied into place after a prefix sum of
// their lengths.
#include "algorithms/communities/aggregation.hpp"

#include <algorithm>
#include <memory>

#include "formats/csr/kernel_tuning.hpp"

namespace spgraph::detail {

namespace {

/// Work (vertices plus entries) below which a pass runs on the calling thread: a team costs more
/// than the pass, and far more on a busy machine (formats/csr/kernel_tuning.hpp).
bool parallel_work(Offset rows, Offset entries) {
  return rows + entries >= kMinParallelWork;
}

/// Row c of Sᵀ·A·S off the diagonal into acc; returns the weight inside c counted from both
/// ends (the diagonal, loops left out). Local pointers keep the accumulator's stores from making
/// the compiler reload the arrays on every edge.
template <bool Weighted>
double gather_community(const CommunityGraph& g, const Grouping& groups, Vertex c,
                        NeighbourWeights& acc) {
  const Vertex* col = g.col;
  const double* weight = g.weight;
  const Vertex* id = groups.id.data();
  double inside = 0;
  acc.clear();
  for (Offset i = groups.member_ptr[c]; i < groups.member_ptr[c + 1]; ++i) {
    const Vertex u = groups.members[i];
    const Offset end = g.end(u);
    for (Offset k = g.begin(u); k < end; ++k) {
      const Vertex v = col[k];
      if (v == u) continue;
      const double x = Weighted ? weight[k] : 1.0;
      const Vertex d = id[v];
      if (d == c)
        inside += x;
      else
        acc.add(d, x);
    }
  }
  return inside;
}

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
#pragma omp parallel for schedule(dynamic, 256) if (parallel_work(x.size(), 0))
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
  // Row c has at most as many entries as its members have: it is built in place at that bound
  // in a scratch array (left uninitialised: only what is written is ever touched), then copied.
  std::vector<Offset> bound(std::size_t(count) + 1, 0);
  for (Vertex c = 0; c < count; ++c) {
    Offset b = 0;
    for (Offset i = groups.member_ptr[c]; i < groups.member_ptr[c + 1]; ++i)
      b += g.end(groups.members[i]) - g.begin(groups.members[i]);
    bound[c + 1] = bound[c] + b;
  }
  const std::unique_ptr<Vertex[]> scratch_col(new Vertex[bound[count]]);
  const std::unique_ptr<double[]> scratch_weight(new double[bound[count]]);
  workspace.reserve(count);
#pragma omp parallel for schedule(dynamic, 64) if (parallel_work(g.n, bound[count]))
  for (std::int64_t cc = 0; cc < std::int64_t(count); ++cc) {
    const Vertex c = Vertex(cc);
    NeighbourWeights& acc = workspace.mine();
    const double inside = g.weight ? gather_community<true>(g, groups, c, acc)
                                   : gather_community<false>(g, groups, c, acc);
    double loops = 0;
    for (Offset i = groups.member_ptr[c]; i < groups.member_ptr[c + 1]; ++i)
      loops += g.loop[groups.members[i]];
    out.loop[c] = inside / 2 + loops;  // each inner edge was met from both ends
    out.own_row_ptr[c + 1] = acc.size();
    for (std::size_t i = 0; i < acc.size(); ++i) {
      scratch_col[bound[c] + i] = acc.key(i);
      scratch_weight[bound[c] + i] = acc.value(i);
    }
  }
  for (Vertex c = 0; c < count; ++c) out.own_row_ptr[c + 1] += out.own_row_ptr[c];
  out.own_col.resize(out.own_row_ptr[count]);
  out.own_weight.resize(out.own_row_ptr[count]);
#pragma omp parallel for schedule(dynamic, 256) if (parallel_work(count, out.own_row_ptr[count]))
  for (std::int64_t c = 0; c < std::int64_t(count); ++c) {
    const Offset len = out.own_row_ptr[c + 1] - out.own_row_ptr[c];
    std::copy_n(scratch_col.get() + bound[c], len, out.own_col.data() + out.own_row_ptr[c]);
    std::copy_n(scratch_weight.get() + bound[c], len, out.own_weight.data() + out.own_row_ptr[c]);
  }
  out.adopt_owned();
  out.degree = sum_by_group(g.degree, groups);
  out.total = g.total;
  return out;
}

}  // namespace spgraph::detail
