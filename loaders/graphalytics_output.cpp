// SPDX-License-Identifier: Apache-2.0
// Implementation of the Graphalytics output writers (graphalytics_output.hpp).
#include "loaders/graphalytics_output.hpp"

#include <omp.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "engine/core/error.hpp"
#include "loaders/output_file.hpp"

namespace spgraph {

namespace {

/// Vertices formatted per block: large enough to amortise a task, small enough to bound memory.
constexpr Vertex kBlock = 1 << 15;

/// Writes one line per vertex 0..n-1: its file id, a space, then what `append_value(v, out)`
/// appends. Blocks of vertices are formatted in parallel, a round of blocks per thread at a
/// time, and written in vertex order.
template <class AppendValue>
void write_lines(const std::string& path, const VertexIds& ids, std::size_t n,
                 const AppendValue& append_value) {
  if (n > ids.size())
    throw InvalidArgument(path + ": " + std::to_string(n) + " values for " +
                          std::to_string(ids.size()) + " named vertices");
  OutputFile out(path);
  const std::size_t threads = std::size_t(std::max(1, omp_get_max_threads()));
  const std::size_t blocks = (n + kBlock - 1) / kBlock;
  std::vector<std::string> text(std::min(blocks, threads));
  for (std::size_t first = 0; first < blocks; first += text.size()) {
    const std::size_t round = std::min(text.size(), blocks - first);
#pragma omp parallel for schedule(static, 1) if (round > 1)
    for (std::size_t b = 0; b < round; ++b) {
      std::string& s = text[b];
      s.clear();
      const std::size_t lo = (first + b) * kBlock, hi = std::min(n, lo + kBlock);
      for (std::size_t v = lo; v < hi; ++v) {
        ids.append_name(Vertex(v), s);
        s += ' ';
        append_value(Vertex(v), s);
        s += '\n';
      }
    }
    for (std::size_t b = 0; b < round; ++b) out.write(text[b]);
  }
  out.commit();
}

template <class I>
void append_integer(std::string& out, I x) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, x);
  out.append(buf, r.ptr);
}

}  // namespace

void append_graphalytics_real(std::string& out, double x) {
  if (std::isnan(x)) {
    out += "NaN";
  } else if (std::isinf(x)) {
    out += x > 0 ? "Infinity" : "-Infinity";
  } else {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, x);
    out.append(buf, r.ptr);
  }
}

void write_graphalytics_levels(const std::string& path, const VertexIds& ids,
                               const std::vector<Vertex>& level) {
  write_lines(path, ids, level.size(), [&](Vertex v, std::string& s) {
    if (level[v] == kNoVertex)
      s += kGraphalyticsInfiniteDepth;
    else
      append_integer(s, level[v]);
  });
}

void write_graphalytics_labels(const std::string& path, const VertexIds& ids,
                               const std::vector<Vertex>& label) {
  // Checked before the parallel formatting, which must not throw.
  for (Vertex l : label)
    if (l >= ids.size())
      throw std::logic_error("write_graphalytics_labels: label " + std::to_string(l) +
                             " is not a vertex");
  write_lines(path, ids, label.size(),
              [&](Vertex v, std::string& s) { ids.append_name(label[v], s); });
}

void write_graphalytics_reals(const std::string& path, const VertexIds& ids,
                              const std::vector<double>& value) {
  write_lines(path, ids, value.size(),
              [&](Vertex v, std::string& s) { append_graphalytics_real(s, value[v]); });
}

}  // namespace spgraph
