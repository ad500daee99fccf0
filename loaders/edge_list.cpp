// Implementation of the edge list reader (phases in edge_list.hpp).
#include "loaders/edge_list.hpp"

#include <cmath>
#include <optional>

#include "engine/core/error.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/id_map.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"

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

/// The header spgraph's writer puts on line 1: "# spgraph edge list: vertices=N base=B
/// [undirected]" or "... ids=external". Older headers ("# spgraph edge list: 5 x 5, ...") and
/// other comments are plain comments.
struct SpgraphHeader {
  std::uint64_t vertices = 0;
  int base = -1;
  bool external = false;
  bool undirected = false;
};

std::optional<SpgraphHeader> parse_spgraph_header(const std::string& name, std::string_view line) {
  constexpr std::string_view kTag = "# spgraph edge list:";
  if (!line.starts_with(kTag)) return std::nullopt;
  std::string_view tok[8];
  const std::size_t n = detail::split_tokens(line.substr(kTag.size()), tok, 8);
  if (n == 0 || !tok[0].starts_with("vertices=")) return std::nullopt;  // an older header
  SpgraphHeader h;
  auto number = [&](std::string_view t, std::string_view key) {
    std::uint64_t v = 0;
    const char* p = t.data() + key.size();
    const char* e = t.data() + t.size();
    if (detail::parse_u64(p, e, v) != NumStatus::Ok || p != e)
      throw ParseError(name, 1, "header field " + detail::quote(t) + " must be a number");
    return v;
  };
  for (std::size_t k = 0; k < std::min<std::size_t>(n, 8); ++k) {
    const std::string_view t = tok[k];
    if (t.starts_with("vertices=")) {
      h.vertices = number(t, "vertices=");
    } else if (t.starts_with("base=")) {
      const std::uint64_t b = number(t, "base=");
      if (b > 1) throw ParseError(name, 1, "header: base must be 0 or 1");
      h.base = int(b);
    } else if (t == "ids=external") {
      h.external = true;
    } else if (t == "undirected") {
      h.undirected = true;
    } else if (t != "directed") {
      throw ParseError(name, 1, "unknown field " + detail::quote(t) + " in the spgraph header");
    }
  }
  return h;
}

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

std::optional<ChunkError> parse_edge_chunk(std::string_view text, ValueType exact, EdgeChunk& out) {
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
        else if (std::string why = detail::nan_problem(w); !why.empty())
          err = "weight " + why;
        else if (std::string lossy = detail::lossy_problem(w, exact); !lossy.empty())
          err = lossy;
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
  std::optional<SpgraphHeader> sh;
  {
    LineCursor cur(bytes);
    std::string_view line;
    if (cur.next(line)) {
      if ((lg = parse_lg_header(line))) {
        body = bytes.substr(std::size_t(cur.position() - bytes.data()));
        first_line = 2;
      } else {
        sh = parse_spgraph_header(name, line);
      }
    }
  }
  const bool remap = options.remap_ids || (sh && sh->external);
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = first_line;
  run.progress = options.progress;
  run.progress_offset = bytes.size() - body.size();
  run.progress_total = bytes.size();
  std::vector<std::string_view> chunks = plan_line_chunks(body, run);
  std::vector<EdgeChunk> parts(chunks.size());
  chunks = run_line_chunks(name, std::move(chunks), run, [&](std::size_t c, std::string_view text) {
    return parse_edge_chunk(text, options.exact_type, parts[c]);
  });
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
  if (total == 0 && !lg && !sh)
    throw ParseError(name, 0,
                     "holds no edges: the file has only comments and blank lines (an empty graph "
                     "must say so in a header, '# spgraph edge list: vertices=N base=0')");
  int base = options.index_base;
  if (lg) base = 1;
  if (base == -1 && sh && !sh->external) base = sh->base;
  if (base == -1) base = any_zero ? 0 : 1;
  if (base != 0 && base != 1) throw InvalidArgument("index_base must be 0, 1 or -1 (detect)");
  if (base == 1 && any_zero && !remap)
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
  if (remap) {
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
    // The vertex count a header declares, or the largest id; both pass the dimension guard
    // before anything of that size is allocated.
    const std::uint64_t declared = lg ? lg->n : sh ? sh->vertices : 0;
    const bool has_declared = lg || sh;
    const std::uint64_t id_limit = std::uint64_t(options.max_dimension) - 1 + std::uint64_t(base);
    if (has_declared && declared > options.max_dimension)
      throw ParseError(name, 1,
                       "the header declares " + std::to_string(declared) +
                           " vertices, more than the limit of " +
                           std::to_string(options.max_dimension) + " (32-bit vertex ids)");
    const std::uint64_t limit = has_declared ? declared - 1 + std::uint64_t(base) : id_limit;
    if (total && (max_id > limit || (has_declared && declared == 0))) {
      for (std::size_t c = 0; c < parts.size(); ++c)
        for (std::size_t k = 0; k < parts[c].src.size(); ++k)
          if ((has_declared && declared == 0) || parts[c].src[k] > limit ||
              parts[c].dst[k] > limit) {
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
                has_declared && declared == 0
                    ? "id " + std::to_string(bad) + " appears, but the header declares no vertices"
                : has_declared
                    ? "id " + std::to_string(bad) + " is outside the header's " +
                          std::to_string(declared) + " vertices (ids " + std::to_string(base) +
                          ".." + std::to_string(std::int64_t(declared) - 1 + base) + ")"
                    : "id " + std::to_string(bad) + " is too large: with 32-bit vertex ids the " +
                          "largest id is " + std::to_string(id_limit) +
                          "; use --remap-ids (LoadOptions::remap_ids) to renumber ids");
          }
    }
    const std::uint64_t count = has_declared ? declared
                                : total      ? max_id + 1 - std::uint64_t(base)
                                             : 0;
    const std::string problem = dimension_problem(
        (has_declared ? "the header's vertex count " : "the largest id, ") +
            std::to_string(has_declared ? declared : max_id) +
            (has_declared ? "," : std::string(" (") + std::to_string(count) + " vertices),"),
        DimensionCheck{count, bytes.size(), 16, options.memory_limit});
    if (!problem.empty()) throw ParseError(name, has_declared ? 1 : 0, problem);
    n = Vertex(count);
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
  const bool undirected = options.undirected || (lg && !lg->directed) || (sh && sh->undirected);
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
