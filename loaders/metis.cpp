// SPDX-License-Identifier: Apache-2.0
// Implementation of the METIS reader (phases in metis.hpp).
#include "loaders/metis.hpp"

#include <optional>

#include "engine/core/error.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/symmetry.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

using detail::LineCursor;
using detail::NumStatus;

struct MetisHeader {
  std::uint64_t n = 0, m = 0;
  bool vertex_sizes = false, vertex_weights = false, edge_weights = false;
  std::uint64_t ncon = 0;
  std::uint64_t body_first_line = 0;
  std::size_t body_offset = 0;
};

MetisHeader parse_header(const std::string& name, std::string_view bytes,
                         const LoadOptions& options) {
  const Vertex max_dimension = options.max_dimension;
  LineCursor cur(bytes);
  std::string_view line;
  if (detail::is_blank_line(bytes)) throw ParseError(name, 0, "file is empty: no graph to read");
  while (cur.next(line)) {
    const char c = detail::first_char(line);
    if (c == '%' || c == '\0') continue;
    const std::uint64_t ln = cur.line_no();
    std::string_view tok[5];
    const std::size_t k = detail::split_tokens(line, tok, 5);
    if (k < 2 || k > 4) throw ParseError(name, ln, "header must be 'n m [fmt [ncon]]'");
    std::uint64_t v[4] = {0, 0, 0, 0};
    for (std::size_t t = 0; t < k; ++t) {
      const char* p = tok[t].data();
      const char* e = p + tok[t].size();
      if (detail::parse_u64(p, e, v[t]) != NumStatus::Ok || p != e)
        throw ParseError(
            name, ln, "header field " + detail::quote(tok[t]) + " is not a non-negative integer");
    }
    MetisHeader h;
    h.n = v[0];
    h.m = v[1];
    if (h.n > max_dimension)
      throw ParseError(name, ln,
                       "vertex count exceeds the limit of " + std::to_string(max_dimension));
    const std::string problem =
        dimension_problem("the header's vertex count " + std::to_string(h.n),
                          DimensionCheck{h.n, bytes.size(), 16, options.memory_limit});
    if (!problem.empty()) throw ParseError(name, ln, problem);
    if (k >= 3) {
      if (tok[2].size() > 3 || tok[2].find_first_not_of("01") != std::string_view::npos)
        throw ParseError(name, ln,
                         "fmt " + detail::quote(tok[2]) + " must be up to three 0/1 digits");
      const std::string fmt = std::string(3 - tok[2].size(), '0') + std::string(tok[2]);
      h.vertex_sizes = fmt[0] == '1';
      h.vertex_weights = fmt[1] == '1';
      h.edge_weights = fmt[2] == '1';
    }
    h.ncon = h.vertex_weights ? (k == 4 ? v[3] : 1) : 0;
    if (k == 4 && !h.vertex_weights)
      throw ParseError(name, ln, "ncon given but fmt has no vertex weights");
    if (h.ncon > 1024)
      throw ParseError(name, ln, "ncon " + std::to_string(h.ncon) + " is implausibly large");
    h.body_first_line = ln + 1;
    h.body_offset = std::size_t(cur.position() - bytes.data());
    return h;
  }
  throw ParseError(name, cur.line_no(), "no header line found");
}

struct MetisChunk {
  std::uint64_t vertex_lines = 0;
  std::uint64_t first_vertex = 0;
  std::vector<Vertex> row, col;
  std::vector<std::int64_t> val;
};

std::optional<ChunkError> parse_chunk(std::string_view text, const MetisHeader& h, ValueType exact,
                                      MetisChunk& out) {
  LineCursor cur(text);
  std::string_view line;
  std::uint64_t u = out.first_vertex;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (p < e && *p == '%') continue;
    if (u >= h.n) {
      if (p == e) continue;  // trailing blank lines
      return ChunkError{cur.line_no(),
                        "more vertex lines than the " + std::to_string(h.n) + " in the header"};
    }
    const std::uint64_t skip = (h.vertex_sizes ? 1 : 0) + h.ncon;
    for (std::uint64_t s = 0; s < skip; ++s) {
      std::int64_t x = 0;
      if (detail::parse_i64(p, e, x) != NumStatus::Ok)
        return ChunkError{cur.line_no(), "missing or invalid vertex size/weight"};
      p = detail::skip_blanks(p, e);
    }
    while (p < e) {
      std::uint64_t v = 0;
      const char* start = p;
      const NumStatus s = detail::parse_u64(p, e, v);
      if (s != NumStatus::Ok && s != NumStatus::Overflow)
        return ChunkError{cur.line_no(),
                          "neighbour " +
                              detail::quote(std::string_view(start, std::size_t(e - start))) +
                              " is not a positive integer"};
      if (s == NumStatus::Overflow || v == 0 || v > h.n)
        return ChunkError{cur.line_no(), "neighbour " +
                                             detail::digits_for_message(
                                                 std::string_view(start, std::size_t(p - start))) +
                                             " out of range 1.." + std::to_string(h.n)};
      p = detail::skip_blanks(p, e);
      std::int64_t w = 1;
      if (h.edge_weights) {
        const NumStatus ws = detail::parse_i64(p, e, w);
        if (ws != NumStatus::Ok)
          return ChunkError{cur.line_no(),
                            "missing or invalid edge weight after neighbour " + std::to_string(v)};
        p = detail::skip_blanks(p, e);
        if (std::string lossy = detail::lossy_problem(w, exact); !lossy.empty())
          return ChunkError{cur.line_no(), "edge weight: " + lossy};
        out.val.push_back(w);
      }
      out.row.push_back(Vertex(u));
      out.col.push_back(Vertex(v - 1));
    }
    ++u;
  }
  return std::nullopt;
}

}  // namespace

LoadedMatrix read_metis(const std::string& name, std::string_view bytes,
                        const LoadOptions& options) {
  const MetisHeader h = parse_header(name, bytes, options);
  const std::string_view body = bytes.substr(h.body_offset);
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = h.body_first_line;
  // One plan for both passes: pass 2 must see exactly the chunks whose vertex lines pass 1
  // counted.
  const std::vector<std::string_view> chunks = plan_line_chunks(body, run);
  std::vector<MetisChunk> parts(chunks.size());
  // Pass 1: vertex lines per chunk (every non-comment line is a vertex, even an empty one).
#pragma omp parallel for schedule(dynamic, 1) num_threads(resolve_threads(options.threads))
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    LineCursor cur(chunks[c]);
    std::string_view line;
    while (cur.next(line))
      if (detail::first_char(line) != '%') ++parts[c].vertex_lines;
  }
  std::uint64_t vertices = 0;
  for (MetisChunk& p : parts) {
    p.first_vertex = vertices;
    vertices += p.vertex_lines;
  }
  // Pass 2: parse.
  run.progress = options.progress;
  run.progress_offset = h.body_offset;
  run.progress_total = bytes.size();
  run_line_chunks(name, chunks, run, [&](std::size_t c, std::string_view text) {
    return parse_chunk(text, h, options.exact_type, parts[c]);
  });
  if (vertices < h.n)
    throw ParseError(name,
                     h.body_first_line + count_newlines(body) - (body.ends_with('\n') ? 1 : 0),
                     "file is truncated: the header declares " + std::to_string(h.n) +
                         " vertices but only " + std::to_string(vertices) + " vertex lines follow");
  std::uint64_t total = 0;
  for (const MetisChunk& p : parts) total += p.row.size();
  if (total != 2 * h.m)
    throw ParseError(name, h.body_first_line - 1,
                     "the header declares " + std::to_string(h.m) + " edges (" +
                         std::to_string(2 * h.m) +
                         " adjacency entries) but the vertex lines list " + std::to_string(total) +
                         " neighbours");
  // Weights are read and checked (one weight per undirected edge) even when only the structure
  // is asked for, so a file is valid or not whatever the command; they are dropped afterwards.
  const bool store = h.edge_weights;
  const Vertex n = Vertex(h.n);
  LoadedMatrix out;
  std::vector<Vertex> row, col;
  std::vector<std::int64_t> val;
  row.reserve(total);
  col.reserve(total);
  for (MetisChunk& p : parts) {
    row.insert(row.end(), p.row.begin(), p.row.end());
    col.insert(col.end(), p.col.begin(), p.col.end());
    if (store) val.insert(val.end(), p.val.begin(), p.val.end());
    p = MetisChunk{};
  }
  try {
    if (store) {
      Coo<std::int64_t> coo{n, n, false, std::move(row), std::move(col), std::move(val)};
      out.matrix = Matrix<std::int64_t>::from_coo<FirstOp<std::int64_t>>(std::move(coo),
                                                                         DuplicatePolicy::Reject);
    } else {
      Coo<bool> coo{n, n, true, std::move(row), std::move(col), {}};
      out.matrix = Matrix<bool>::from_coo<FirstOp<bool>>(std::move(coo), DuplicatePolicy::Reject);
    }
  } catch (const InvalidArgument& e) {
    throw ParseError(name, 0, std::string("repeated neighbour: ") + e.what());
  }
  // Symmetry: every u-v listed by both u and v, with one weight.
  std::visit(
      [&](const auto& m) {
        const auto& a = m.csr();
        if (is_symmetric(a, true)) return;
        const auto bad = first_asymmetry(a, true);
        if (!bad) return;
        const auto [u, v] = *bad;
        const std::string edge = std::to_string(u + 1) + "-" + std::to_string(v + 1);
        const std::string back = std::to_string(v + 1) + "-" + std::to_string(u + 1);
        const auto mirror = m.get(v, u);
        if (!mirror)
          throw ParseError(name, 0,
                           "adjacency is not symmetric (first asymmetry at vertex " +
                               std::to_string(u + 1) + "): vertex " + std::to_string(u + 1) +
                               " lists " + std::to_string(v + 1) + " but " + std::to_string(v + 1) +
                               " does not list " + std::to_string(u + 1) +
                               "; an edge u-v must be listed by both u and v");
        throw ParseError(name, 0,
                         "edge " + edge + " has weight " + std::to_string(*m.get(u, v)) + " but " +
                             back + " has weight " + std::to_string(*mirror) +
                             ": an undirected edge has one weight");
      },
      out.matrix);
  if (store && options.pattern_only) out.matrix = pattern_of(out.matrix);
  out.info.format = FileFormat::Metis;
  out.info.symmetric_storage = true;
  out.info.field = store ? "integer" : "pattern";
  out.info.values_in_file = store;
  out.info.entries_in_file = total;
  return out;
}

}  // namespace spgraph
