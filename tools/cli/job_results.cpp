// SPDX-License-Identifier: Apache-2.0
// Implementation of the shared result files and report pieces (job_results.hpp).
#include "tools/cli/job_results.hpp"

#include <algorithm>
#include <numeric>

#include "tools/cli/result_table.hpp"

namespace spgraph::cli {

void write_ranks(const std::string& path, const std::vector<double>& rank, const IdSpace& ids) {
  ResultTable out(path, {"vertex", "rank"});
  for (Vertex v = 0; v < rank.size(); ++v) {
    out.vertex(ids, v).number("%.17g", rank[v]);
    out.end_row();
  }
  out.commit();
}

void write_labels(const std::string& path, const std::vector<Vertex>& label, const IdSpace& ids) {
  ResultTable out(path, {"vertex", "label"});
  for (Vertex v = 0; v < label.size(); ++v) {
    out.vertex(ids, v).vertex(ids, label[v]);
    out.end_row();
  }
  out.commit();
}

void write_triangles(const std::string& path, const std::vector<std::uint64_t>& triangles,
                     const std::vector<double>& clustering, const IdSpace& ids) {
  ResultTable out(path, {"vertex", "triangles", "clustering"});
  for (Vertex v = 0; v < triangles.size(); ++v) {
    out.vertex(ids, v).integer((long long)triangles[v]).number("%.12g", clustering[v]);
    out.end_row();
  }
  out.commit();
}

std::vector<double> clustering_of(const std::vector<std::uint64_t>& triangles,
                                  const std::vector<double>& degree) {
  std::vector<double> c(triangles.size(), 0.0);
  for (std::size_t v = 0; v < c.size(); ++v)
    if (degree[v] >= 2) c[v] = 2.0 * double(triangles[v]) / (degree[v] * (degree[v] - 1));
  return c;
}

std::vector<Vertex> top_vertices(const std::vector<double>& rank, std::size_t k) {
  std::vector<Vertex> order(rank.size());
  std::iota(order.begin(), order.end(), Vertex(0));
  k = std::min(k, order.size());
  std::partial_sort(
      order.begin(), order.begin() + std::ptrdiff_t(k), order.end(),
      [&](Vertex a, Vertex b) { return rank[a] > rank[b] || (rank[a] == rank[b] && a < b); });
  order.resize(k);
  return order;
}

std::vector<Report> top_ranked(const std::vector<double>& rank, const IdSpace& ids) {
  std::vector<Report> top;
  std::size_t place = 0;
  for (Vertex v : top_vertices(rank, 5)) {
    Report item;
    item.add("place", report::text(std::to_string(++place)));
    item.add("vertex", vertex_value(ids, v));
    item.add("rank", report::real(rank[v], "%.17g", "%.9g"));
    top.push_back(item);
  }
  return top;
}

std::string pagerank_layout(bool personalized, bool out, const std::string& how, bool leaks,
                            bool weighted, bool weighted_teleport) {
  std::string layout = std::string("pagerank ({variant}") + (weighted ? ", weighted" : "") +
                       ", damping {damping}): {iterations} iterations, converged: {converged} "
                       "(last L1 change {delta}, tolerance {tolerance})\n";
  if (personalized)
    layout += std::string("personalized: teleport to {personalized} vertices") +
              (weighted_teleport ? " in proportion to their weights" : "") + "\n";
  layout += "sum of ranks: {sum}";
  if (leaks)
    layout +=
        " (gap variant: the rank of sinks leaks; --variant standard keeps the sum at 1, "
        "as networkx)";
  layout += "\ntime: {seconds} ms (" + how +
            ")\ntop vertices:\n"
            "   #       vertex             rank\n"
            "{top}";
  if (out) layout += "ranks written to {out}\n";
  return layout;
}

std::string components_layout(bool out) {
  std::string layout =
      "{what} components: {components}, the largest has {largest} vertices\n"
      "time: {seconds} ms (method {method}, {rounds} rounds)\n";
  if (out) layout += "labels written to {out}\n";
  return layout;
}

}  // namespace spgraph::cli
