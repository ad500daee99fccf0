// Implementation of the edge list reader (phases in edge_list.hpp).
#include "loaders/edge_list.hpp"

#include <cmath>
#include <optional>

#include "engine/error.hpp"
#include "loaders/id_map.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"

namespace spgraph {

namespace {

using detail::LineCursor;
using detail::NumStatus;

/// Tuples and findings of one chunk; line fields are local 1-based lines (0 = none).
struct EdgeChunk {
  std::vector<std::uint64_t> src, dst;
  std::vector<double> w;
  std::uint64_t first_weighted = 0, first_unweighted = 0, first_zero = 0;
  std::uint64_t max_id = 0;
  bool any = false;
};

/// The LightGraphs header "n,m,d|u,name", if the first line is one.
struct LgHeader {
  std::uint64_t n = 0, m = 0;
  bool directed = true;
};

std::optional<LgHeader> parse_lg_header(std::string_view line) {
  const char* p = line.data();
  const char* e = p + line.size();
  LgHeader h;
  if (detail::parse_u64(p, e, h.n) != NumStatus::Ok || p == e || *p != ',') return std::nullopt;
  ++p;
  if (detail::parse_u64(p, e, h.m) != NumStatus::Ok || p == e || *p != ',') return std::nullopt;
  ++p;
  if (e - p < 2 || (p[0] != 'd' && p[0] != 'u') || p[1] != ',') return std::nullopt;
  h.directed = p[0] == 'd';
  return h;
}

/// Skips blanks and at most one comma between fields.
const char* skip_separator(const char* p, const char* e) {
  p = detail::skip_blanks(p, e);
  if (p < e && *p == ',') p = detail::skip_blanks(p + 1, e);
  return p;
}

std::string read_id(const char*& p, const char* e, const char* what, std::uint64_t& out) {
  const char* start = p;
  const NumStatus s = detail::parse_u64(p, e, out);
  if (s == NumStatus::Missing) return std::string("missing ") + what + " id";
  if (s == NumStatus::Invalid)
    return std::string(what) + " id " +
           detail::quote(std::string_view(start, std::size_t(e - start))) +
           " is not a non-negative integer";
  if (s == NumStatus::Overflow) return std::string(what) + " id does not fit in 64 bits";
  return {};
}

std::optional<ChunkError> parse_edge_chunk(std::string_view text, EdgeChunk& out) {
  out.src.reserve(text.size() / 10);
  out.dst.reserve(text.size() / 10);
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (p == e || *p == '#' || *p == '%') continue;
    std::uint64_t u = 0, v = 0;
    std::string err = read_id(p, e, "source", u);
    if (err.empty()) {
      p = skip_separator(p, e);
      err = read_id(p, e, "target", v);
    }
    bool weighted = false;
    double w = 0;
    if (err.empty()) {
      p = skip_separator(p, e);
      if (p < e) {
        weighted = true;
        const char* start = p;
        const NumStatus s = detail::parse_float(p, e, w);
        if (s == NumStatus::Invalid)
          err = "weight " + detail::quote(std::string_view(start, std::size_t(e - start))) +
                " is not a number";
        else if (s == NumStatus::Overflow)
          err = "weight is out of range for double";
        else if (std::isnan(w))
          err = "weight is NaN";
        else if (!detail::at_line_end(skip_separator(p, e), e))
          err = "too many columns: expected 'source target [weight]'";
      }
    }
    if (!err.empty()) return ChunkError{cur.line_no(), err};
    const std::uint64_t ln = cur.line_no();
    if (weighted && !out.first_weighted) out.first_weighted = ln;
    if (!weighted && !out.first_unweighted) out.first_unweighted = ln;
    if ((u == 0 || v == 0) && !out.first_zero) out.first_zero = ln;
    out.max_id = std::max(out.max_id, std::max(u, v));
    out.any = true;
    out.src.push_back(u);
    out.dst.push_back(v);
    if (weighted) out.w.push_back(w);
  }
  return std::nullopt;
}

template <class T>
Matrix<T> build_edges(const std::string& name, Coo<T>&& coo, DuplicatePolicy policy) {
  try {
    return Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), policy);
  } catch (const InvalidArgument& e) {
    throw ParseError(name, 0,
                     std::string("repeated edge and duplicates are rejected: ") + e.what());
  }
}

}  // namespace

LoadedMatrix read_edge_list(const std::string& name, std::string_view bytes,
                            const LoadOptions& options) {
  std::string_view body = bytes;
  std::uint64_t first_line = 1;
  std::optional<LgHeader> lg;
  {
    LineCursor cur(bytes);
    std::string_view line;
    if (cur.next(line) && (lg = parse_lg_header(line))) {
      body = bytes.substr(std::size_t(cur.position() - bytes.data()));
      first_line = 2;
    }
  }
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = first_line;
  run.progress = options.progress;
  run.progress_offset = bytes.size() - body.size();
  run.progress_total = bytes.size();
  std::vector<EdgeChunk> parts(plan_chunks(body, run));
  const std::vector<std::string_view> chunks = run_line_chunks(
      name, body, run,
      [&](std::size_t c, std::string_view text) { return parse_edge_chunk(text, parts[c]); });
  auto line_of = [&](std::size_t c, std::uint64_t local) {
    return global_line(chunks, first_line, c, local);
  };

  // Phase 2: checks across chunks.
  std::optional<bool> weighted;
  std::uint64_t total = 0, max_id = 0;
  bool any_zero = false;
  std::vector<std::uint64_t> offset(parts.size() + 1, 0);
  for (std::size_t c = 0; c < parts.size(); ++c) {
    const EdgeChunk& p = parts[c];
    offset[c + 1] = offset[c] + p.src.size();
    if (!p.any) continue;
    if (!weighted) {
      weighted = p.first_weighted && (!p.first_unweighted || p.first_weighted < p.first_unweighted);
    }
    const std::uint64_t odd = *weighted ? p.first_unweighted : p.first_weighted;
    if (odd)
      throw ParseError(name, line_of(c, odd),
                       std::string("mixed weight columns: this line ") +
                           (*weighted ? "has no" : "has a") + " weight but earlier lines " +
                           (*weighted ? "do" : "do not"));
    max_id = std::max(max_id, p.max_id);
    any_zero = any_zero || p.first_zero;
  }
  total = offset.back();
  const bool store = weighted.value_or(false) && !options.pattern_only;
  int base = options.index_base;
  if (lg) base = 1;
  if (base == -1) base = any_zero ? 0 : 1;
  if (base != 0 && base != 1) throw InvalidArgument("index_base must be 0, 1 or -1 (detect)");
  if (base == 1 && any_zero && !options.remap_ids)
    for (std::size_t c = 0; c < parts.size(); ++c)
      if (parts[c].first_zero)
        throw ParseError(name, line_of(c, parts[c].first_zero), "id 0 in a 1-based edge list");
  if (lg && total != lg->m)
    throw ParseError(name, 1,
                     "header declares " + std::to_string(lg->m) + " edges but the file has " +
                         std::to_string(total));

  // Phase 3: dense ids.
  LoadedMatrix out;
  Coo<double> tuples;
  tuples.row.resize(total);
  tuples.col.resize(total);
  if (store) tuples.val.resize(total);
  Vertex n = 0;
  if (options.remap_ids) {
    IdMap ids(std::min<std::uint64_t>(total, 1 << 20));
    try {
      for (std::size_t c = 0; c < parts.size(); ++c)
        for (std::size_t k = 0; k < parts[c].src.size(); ++k) {
          tuples.row[offset[c] + k] = ids.insert(parts[c].src[k]);
          tuples.col[offset[c] + k] = ids.insert(parts[c].dst[k]);
        }
    } catch (const InvalidArgument& e) {
      throw ParseError(name, 0, e.what());
    }
    if (ids.size() > options.max_dimension)
      throw ParseError(name, 0,
                       std::to_string(ids.size()) + " distinct ids exceed the vertex limit " +
                           std::to_string(options.max_dimension));
    n = Vertex(ids.size());
    out.info.external_ids = ids.release_ids();
    out.info.index_base = 0;
  } else {
    if (lg && lg->n > options.max_dimension)
      throw ParseError(
          name, 1, "vertex count exceeds the limit of " + std::to_string(options.max_dimension));
    const std::uint64_t limit =
        lg ? lg->n : std::uint64_t(options.max_dimension) - 1 + std::uint64_t(base);
    if (total && max_id > limit) {
      for (std::size_t c = 0; c < parts.size(); ++c)
        for (std::size_t k = 0; k < parts[c].src.size(); ++k)
          if (parts[c].src[k] > limit || parts[c].dst[k] > limit) {
            // The exact line: rescan this chunk's data lines.
            std::uint64_t seen = 0, local = 0;
            LineCursor cur(chunks[c]);
            std::string_view line;
            while (cur.next(line)) {
              const char ch = detail::first_char(line);
              if (ch == '\0' || ch == '#' || ch == '%') continue;
              if (seen++ == k) {
                local = cur.line_no();
                break;
              }
            }
            const std::uint64_t bad = std::max(parts[c].src[k], parts[c].dst[k]);
            throw ParseError(
                name, line_of(c, local),
                lg ? "id " + std::to_string(bad) + " exceeds the header's " +
                         std::to_string(lg->n) + " vertices"
                   : "id " + std::to_string(bad) + " is above the vertex limit " +
                         std::to_string(options.max_dimension) +
                         " (32-bit ids); use --remap-ids (LoadOptions::remap_ids) to renumber ids");
          }
    }
    n = lg ? Vertex(lg->n) : total ? Vertex(max_id + 1 - std::uint64_t(base)) : 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(resolve_threads(options.threads))
    for (std::size_t c = 0; c < parts.size(); ++c)
      for (std::size_t k = 0; k < parts[c].src.size(); ++k) {
        tuples.row[offset[c] + k] = Vertex(parts[c].src[k] - std::uint64_t(base));
        tuples.col[offset[c] + k] = Vertex(parts[c].dst[k] - std::uint64_t(base));
      }
    out.info.index_base = base;
  }
  if (store)
    for (std::size_t c = 0; c < parts.size(); ++c)
      std::copy(parts[c].w.begin(), parts[c].w.end(), tuples.val.begin() + offset[c]);
  parts.clear();

  // Phase 4: reverse edges.
  const bool undirected = options.undirected || (lg && !lg->directed);
  if (undirected) {
    tuples.row.reserve(2 * total);
    tuples.col.reserve(2 * total);
    if (store) tuples.val.reserve(2 * total);
    for (std::uint64_t k = 0; k < total; ++k)
      if (tuples.row[k] != tuples.col[k]) {
        tuples.row.push_back(tuples.col[k]);
        tuples.col.push_back(tuples.row[k]);
        if (store) tuples.val.push_back(tuples.val[k]);
      }
  }
  const Offset stored = tuples.row.size();

  // Phase 5: build.
  if (store) {
    tuples.nrows = tuples.ncols = n;
    out.matrix = build_edges<double>(name, std::move(tuples), options.duplicates);
  } else {
    Coo<bool> p{n, n, true, std::move(tuples.row), std::move(tuples.col), {}};
    out.matrix = build_edges<bool>(name, std::move(p), options.duplicates);
  }
  out.info.format = FileFormat::EdgeList;
  out.info.symmetric_storage = undirected;
  out.info.field = store ? "real" : "pattern";
  out.info.entries_in_file = total;
  out.info.duplicates_merged = stored - nvals_of(out.matrix);
  return out;
}

}  // namespace spgraph
