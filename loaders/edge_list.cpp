// SPDX-License-Identifier: Apache-2.0
// Implementation of the edge list reader (phases in edge_list.hpp).
#include "loaders/edge_list.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>

#include "engine/core/error.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/edge_fields.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

using detail::LineCursor;
using detail::NumStatus;

/// Tuples and findings of one chunk; line fields are local 1-based lines (0 = none).
struct EdgeChunk {
  std::vector<std::uint64_t> src, dst;  ///< integer ids (table path: 0 where not an integer)
  std::vector<double> w;
  std::uint64_t first_weighted = 0, first_unweighted = 0, first_zero = 0;
  std::uint64_t max_id = 0;
  bool any = false;
  /// Fast path with remap_ids: a line whose id is not an integer stopped the chunk there (the
  /// reader then takes the table path, which keeps ids as strings).
  bool non_integer = false;
  // Table path only:
  std::vector<std::string_view> src_tok, dst_tok;  ///< the ids as written (views into the file
                                                   ///< or into `owned`)
  std::deque<std::string> owned;                   ///< unquoted copies of escaped fields
  std::uint64_t first_non_integer = 0;             ///< line of the first non-integer id
  std::string non_integer_token;                   ///< that id
  Offset filtered = 0;                             ///< lines whose type was not asked for
  std::vector<std::string> types;                  ///< distinct types seen (at most 64)
  /// A type in each line's last field: the field count of the chunk's first line, and its line.
  std::size_t fields = 0;
  std::uint64_t fields_line = 0;
};

/// A typed edge list (type in the last field) whose lines do not all have `expected` fields:
/// a line without its type would read its weight as its type.
std::string typed_field_count(std::size_t found, std::size_t expected) {
  return "this line has " + std::to_string(found) + " fields but the lines before it have " +
         std::to_string(expected) +
         ": in an edge list whose last field is the type (--edge-type) every line needs its type, "
         "or its weight would be read as one";
}

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
  if (s == NumStatus::Invalid) {
    const char* end = start;
    while (end < e && !detail::is_blank(*end) && *end != ',') ++end;
    return std::string(what) + " id " +
           detail::quote(std::string_view(start, std::size_t(std::max(end, start + 1) - start))) +
           " is not a non-negative integer (ids that are strings need --remap-ids)";
  }
  if (s == NumStatus::Overflow) return std::string(what) + " id does not fit in 64 bits";
  return {};
}

std::optional<ChunkError> parse_edge_chunk(std::string_view text, ValueType exact, bool remap,
                                           EdgeChunk& out) {
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
    if (!err.empty() && remap && !err.starts_with("missing")) {
      // A string id, or an integer past 2^64: the table path reads the file again.
      out.non_integer = true;
      return std::nullopt;
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
          err =
              "too many columns: expected 'source target [weight]' (choose columns with --src, "
              "--dst and --weight, or filter on a type column with --edge-type)";
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

/// How the table path reads lines.
struct TableLayout {
  char sep = ' ';
  detail::EdgeColumns cols;
  const std::vector<std::string>* types = nullptr;  ///< edge_types (empty: keep every line)
  ValueType exact = ValueType::Pattern;
  bool integers = true;  ///< also read ids as integers (false: string_ids, all are names)
};

/// Parses one chunk of a tabular edge list: fields (quoted or not), the type filter, ids as
/// tokens (and as integers where they are), weights.
std::optional<ChunkError> parse_table_chunk(std::string_view text, const TableLayout& t,
                                            EdgeChunk& out) {
  LineCursor cur(text);
  std::string_view line;
  std::vector<std::string_view> f;
  const std::size_t need = t.cols.min_fields();
  while (cur.next(line)) {
    const char ch = detail::first_char(line);
    if (ch == '\0' || ch == '#' || ch == '%') continue;
    if (std::string err = detail::split_fields(line, t.sep, f, out.owned); !err.empty())
      return ChunkError{cur.line_no(), err};
    if (f.size() < need || (t.cols.type_last && f.size() < 3))
      return ChunkError{cur.line_no(),
                        "expected at least " +
                            std::to_string(std::max<std::size_t>(need, t.cols.type_last ? 3 : 0)) +
                            " fields, found " + std::to_string(f.size())};
    if (t.cols.type_last) {
      if (!out.fields) {
        out.fields = f.size();
        out.fields_line = cur.line_no();
      } else if (f.size() != out.fields) {
        return ChunkError{cur.line_no(), typed_field_count(f.size(), out.fields)};
      }
    }
    const int type_col = t.cols.type_last ? int(f.size()) - 1 : t.cols.type;
    if (type_col != detail::EdgeColumns::kNone && !t.types->empty()) {
      const std::string_view type = f[std::size_t(type_col)];
      if (std::find(out.types.begin(), out.types.end(), type) == out.types.end() &&
          out.types.size() < 64)
        out.types.emplace_back(type);
      if (std::find(t.types->begin(), t.types->end(), type) == t.types->end()) {
        ++out.filtered;
        continue;
      }
    }
    const std::string_view a = f[std::size_t(t.cols.src)], b = f[std::size_t(t.cols.dst)];
    if (a.empty() || b.empty())
      return ChunkError{cur.line_no(),
                        std::string("empty ") + (a.empty() ? "source" : "target") + " id"};
    std::uint64_t u = 0, v = 0;
    for (int side = 0; side < 2 && t.integers; ++side) {
      const std::string_view tok = side ? b : a;
      const char* p = tok.data();
      std::uint64_t& x = side ? v : u;
      if (detail::parse_u64(p, tok.data() + tok.size(), x) != NumStatus::Ok ||
          p != tok.data() + tok.size()) {
        x = 0;
        if (!out.first_non_integer) {
          out.first_non_integer = cur.line_no();
          out.non_integer_token = std::string(tok);
        }
      }
    }
    int wcol = t.cols.weight;
    if (t.cols.weight_auto && f.size() > 2 && type_col != 2 && t.cols.src != 2 && t.cols.dst != 2)
      wcol = 2;
    const bool weighted = wcol != detail::EdgeColumns::kNone;
    double w = 0;
    if (weighted) {
      const std::string_view wf = f[std::size_t(wcol)];
      const char* p = wf.data();
      const char* e = p + wf.size();
      const NumStatus s = detail::parse_float(p, e, w);
      std::string err;
      if (wf.empty())
        err = "empty weight";
      else if (s == NumStatus::Invalid || p != e)
        err = "weight " + detail::quote(wf) + " is not a number";
      else if (s == NumStatus::Overflow)
        err = "weight is out of range for double";
      else if (std::string why = detail::nan_problem(w); !why.empty())
        err = "weight " + why;
      else if (std::string lossy = detail::lossy_problem(w, t.exact); !lossy.empty())
        err = lossy;
      if (!err.empty()) return ChunkError{cur.line_no(), err};
    }
    const std::uint64_t ln = cur.line_no();
    if (weighted && !out.first_weighted) out.first_weighted = ln;
    if (!weighted && !out.first_unweighted) out.first_unweighted = ln;
    if ((u == 0 || v == 0) && !out.first_zero && !out.first_non_integer) out.first_zero = ln;
    out.max_id = std::max(out.max_id, std::max(u, v));
    out.any = true;
    out.src.push_back(u);
    out.dst.push_back(v);
    out.src_tok.push_back(a);
    out.dst_tok.push_back(b);
    if (weighted) out.w.push_back(w);
  }
  return std::nullopt;
}

/// Dense ids for remapped edges, in first-appearance order whatever the thread count: each
/// group of consecutive chunks numbers its own distinct ids in parallel (a local VertexIds), the
/// local maps are merged in group order (a token new to the merge gets the next id, which is its
/// global first appearance), then each chunk's ids are translated in parallel. Writes rows and
/// columns.
VertexIds assign_ids(const std::string& name, std::vector<EdgeChunk>& parts,
                     const std::vector<std::uint64_t>& offset, VertexIds::Kind kind,
                     std::vector<Vertex>& row, std::vector<Vertex>& col, int threads) {
  const bool text = kind == VertexIds::Kind::String;
  // One group of consecutive chunks per thread: few local maps, so the merge touches each
  // distinct id about `groups` times rather than once per chunk.
  const std::size_t groups = std::max<std::size_t>(1, std::min<std::size_t>(threads, parts.size()));
  std::vector<std::size_t> first(groups + 1);
  for (std::size_t g = 0; g <= groups; ++g) first[g] = parts.size() * g / groups;
  std::vector<VertexIds> local(groups, VertexIds(kind));
  std::string error;
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (std::size_t g = 0; g < groups; ++g) {
    try {
      VertexIds& m = local[g];
      m.reserve(std::size_t(1) << 16);
      for (std::size_t c = first[g]; c < first[g + 1]; ++c) {
        const EdgeChunk& p = parts[c];
        for (std::size_t k = 0; k < p.src.size(); ++k) {
          row[offset[c] + k] = text ? m.insert(p.src_tok[k]) : m.insert_integer(p.src[k]);
          col[offset[c] + k] = text ? m.insert(p.dst_tok[k]) : m.insert_integer(p.dst[k]);
        }
      }
    } catch (const std::exception& e) {
#pragma omp critical(spgraph_assign_ids)
      error = e.what();
    }
  }
  if (!error.empty()) throw ParseError(name, 0, error);
  // Merged in group order: an id new to the merge is next in first-appearance order.
  std::vector<std::vector<Vertex>> to_global(groups);
  if (groups == 1) {
    // One group: its local numbering is already the global one.
    return std::move(local[0]);
  }
  VertexIds global(kind);
  try {
    std::size_t distinct = 0;
    for (const VertexIds& m : local) distinct = std::max<std::size_t>(distinct, m.size());
    global.reserve(distinct);
    for (std::size_t g = 0; g < groups; ++g) {
      const VertexIds& m = local[g];
      to_global[g].resize(m.size());
      for (Vertex v = 0; v < m.size(); ++v)
        to_global[g][v] = text ? global.insert(m.token(v)) : global.insert_integer(m.integer_id(v));
      local[g] = VertexIds(kind);
    }
  } catch (const InvalidArgument& e) {
    throw ParseError(name, 0, e.what());
  }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t c = 0; c < parts.size(); ++c) {
    const std::size_t g =
        std::size_t(std::upper_bound(first.begin(), first.end(), c) - first.begin()) - 1;
    for (std::size_t k = 0; k < parts[c].src.size(); ++k) {
      row[offset[c] + k] = to_global[g][row[offset[c] + k]];
      col[offset[c] + k] = to_global[g][col[offset[c] + k]];
    }
  }
  return global;
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

/// The chunks of a typed edge list (type in the last field) agree on the field count.
template <class LineOf>
void check_typed_fields(const std::string& name, const std::vector<EdgeChunk>& parts,
                        const LineOf& line_of) {
  for (std::size_t c = 0, fields = 0; c < parts.size(); ++c) {
    if (!parts[c].fields) continue;
    if (fields && parts[c].fields != fields)
      throw ParseError(name, line_of(c, parts[c].fields_line),
                       typed_field_count(parts[c].fields, fields));
    fields = parts[c].fields;
  }
}

/// Refuses a header that names a column twice ("src,src,w"): --src src could mean either.
void refuse_repeated_names(const std::string& name, std::uint64_t line,
                           const std::vector<std::string_view>& header) {
  // Sorted by name, then position: O(c log c) for a line of c fields.
  std::vector<std::pair<std::string_view, std::size_t>> order;
  order.reserve(header.size());
  for (std::size_t k = 0; k < header.size(); ++k) order.emplace_back(header[k], k);
  std::sort(order.begin(), order.end());
  for (std::size_t j = 1; j < order.size(); ++j)
    if (order[j].first == order[j - 1].first && !order[j].first.empty())
      throw ParseError(name, line,
                       "the header names two columns " + detail::quote(order[j].first) +
                           " (columns " + std::to_string(order[j - 1].second + 1) + " and " +
                           std::to_string(order[j].second + 1) +
                           "): column names must differ; rename one, or give --no-header");
}

/// The beginning of an edge list: its line-1 header (LightGraphs or spgraph's), its first two
/// data lines split into fields, the separator, and whether the first data line names columns.
struct Head {
  std::string_view body;  ///< the bytes after a LightGraphs header line, else all
  std::uint64_t first_line = 1;
  std::optional<LgHeader> lg;
  std::optional<SpgraphHeader> sh;
  bool remap = false;
  std::vector<std::string_view> first, second;
  std::deque<std::string> scratch;
  std::string_view first_line_text;
  std::uint64_t first_data_line = 0;
  char sep = 0;
  bool header = false;
};

Head scan_head(const std::string& name, std::string_view bytes, const LoadOptions& options) {
  Head h;
  h.body = bytes;
  {
    LineCursor cur(bytes);
    std::string_view line;
    if (cur.next(line)) {
      if ((h.lg = parse_lg_header(line))) {
        h.body = bytes.substr(std::size_t(cur.position() - bytes.data()));
        h.first_line = 2;
      } else {
        h.sh = parse_spgraph_header(name, line);
      }
    }
  }
  h.remap = options.remap_ids || (h.sh && h.sh->external);
  h.sep = options.delimiter;
  LineCursor cur(h.body);
  std::string_view line;
  std::vector<std::string_view>* into = &h.first;
  while (into && cur.next(line)) {
    const char ch = detail::first_char(line);
    if (ch == '\0' || ch == '#' || ch == '%') continue;
    if (into == &h.first) {
      h.first_line_text = line;
      h.first_data_line = h.first_line - 1 + cur.line_no();
      if (!h.sep) h.sep = detail::detect_separator(line);
    }
    detail::split_fields(line, h.sep ? h.sep : ' ', *into, h.scratch);
    into = into == &h.first ? &h.second : nullptr;
  }
  h.header = !h.lg && !h.sh && !h.first.empty() &&
             detail::looks_like_header(h.first, h.second, options, h.remap);
  return h;
}

}  // namespace

EdgeListHead read_edge_list_head(const std::string& name, std::string_view bytes,
                                 const LoadOptions& options) {
  const Head h = scan_head(name, bytes, options);
  EdgeListHead out;
  out.lightgraphs = h.lg.has_value();
  // The offset just past the newline that ends `line` (a view into `bytes`), or the end.
  auto after = [&](std::string_view line) {
    return std::min(bytes.size(), std::size_t(line.data() + line.size() - bytes.data()) + 1);
  };
  if (h.sh) {
    out.spgraph_header = std::string(bytes.substr(0, bytes.find('\n')));
    out.external_ids = h.sh->external;
    out.body_offset = after(bytes.substr(0, out.spgraph_header.size()));
  }
  if (h.header) {
    out.column_header = std::string(h.first_line_text);
    out.body_offset = after(h.first_line_text);
  }
  return out;
}

namespace {

// The phases of read_edge_list, in order.

/// Phase 1's result: the chunks of the body and what each parsed.
struct ParsedEdges {
  bool table = false;                    ///< read by the table path
  std::vector<std::string_view> chunks;  ///< each chunk's text (for line numbers and rescans)
  std::vector<EdgeChunk> parts;          ///< what each chunk parsed
  std::uint64_t first_line = 1;          ///< the file line of the first chunk's first line
  /// The file line of local line `local` (1-based) of chunk `c`.
  std::uint64_t line_of(std::size_t c, std::uint64_t local) const {
    return global_line(chunks, first_line, c, local);
  }
};

/// True when the table path (fields by separator, quotes, a header, chosen columns, a type
/// filter, string ids) must read the file: the options or the first data lines ask for it.
bool needs_table_path(const Head& head, const LoadOptions& options) {
  const std::vector<std::string_view>& first = head.first;
  auto is_int = [](std::string_view f) {
    return !f.empty() && f.size() <= 20 &&
           std::all_of(f.begin(), f.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return !head.lg &&
         (head.header || options.delimiter || options.string_ids || !options.src_column.empty() ||
          !options.dst_column.empty() || !options.weight_column.empty() ||
          !options.edge_types.empty() || !options.type_column.empty() ||
          head.first_line_text.find('"') != std::string_view::npos ||
          (head.remap && first.size() >= 2 && (!is_int(first[0]) || !is_int(first[1]))));
}

/// Phase 1 by the table path: the body after the column header (if any) in parallel chunks,
/// with the columns chosen by number or name.
void parse_table_path(const std::string& name, std::string_view bytes, const Head& head,
                      const LoadOptions& options, LineRunOptions& run, ParsedEdges& out) {
  std::string_view table_body = head.body;
  std::vector<std::string_view> header_fields;
  run.first_line = head.first_line;
  if (head.header) {
    // The body starts after the header line.
    const std::size_t after =
        std::size_t(head.first_line_text.data() + head.first_line_text.size() - head.body.data());
    table_body = head.body.substr(std::min(head.body.size(), after + 1));
    run.first_line = head.first_data_line + 1;
    header_fields = head.first;
    refuse_repeated_names(name, head.first_data_line, header_fields);
  }
  TableLayout layout;
  layout.sep = head.sep ? head.sep : ' ';
  layout.cols =
      detail::resolve_columns(name, head.header ? head.first_data_line : 0, header_fields, options);
  layout.types = &options.edge_types;
  layout.exact = options.exact_type;
  layout.integers = !(head.remap && options.string_ids);
  run.progress_offset = bytes.size() - table_body.size();
  out.table = true;
  out.chunks = plan_line_chunks(table_body, run);
  out.parts.assign(out.chunks.size(), EdgeChunk{});
  out.chunks =
      run_line_chunks(name, std::move(out.chunks), run, [&](std::size_t c, std::string_view t) {
        return parse_table_chunk(t, layout, out.parts[c]);
      });
}

/// Phase 1: the body parsed in parallel chunks, by the fast integer path, or by the table path
/// when the head asks for it or a remapped file turns out to hold a string id further down.
ParsedEdges parse_body(const std::string& name, std::string_view bytes, const Head& head,
                       const LoadOptions& options) {
  LineRunOptions run;
  run.threads = options.threads;
  run.first_line = head.first_line;
  run.progress = options.progress;
  run.progress_offset = bytes.size() - head.body.size();
  run.progress_total = bytes.size();
  ParsedEdges out;
  if (needs_table_path(head, options)) {
    parse_table_path(name, bytes, head, options, run, out);
  } else {
    const bool remap = head.remap;
    out.chunks = plan_line_chunks(head.body, run);
    out.parts.assign(out.chunks.size(), EdgeChunk{});
    out.chunks =
        run_line_chunks(name, std::move(out.chunks), run, [&](std::size_t c, std::string_view t) {
          return parse_edge_chunk(t, options.exact_type, remap, out.parts[c]);
        });
    if (std::any_of(out.parts.begin(), out.parts.end(),
                    [](const EdgeChunk& p) { return p.non_integer; }))
      parse_table_path(name, bytes, head, options, run, out);  // string ids further down
  }
  out.first_line = run.first_line;
  return out;
}

/// Refuses an edge type asked for (LoadOptions::edge_types) that no line has, listing the
/// file's types.
void refuse_unmatched_types(const std::string& name, const std::vector<EdgeChunk>& parts,
                            const std::vector<std::string>& edge_types) {
  std::vector<std::string> seen;
  for (const EdgeChunk& p : parts)
    for (const std::string& t : p.types)
      if (std::find(seen.begin(), seen.end(), t) == seen.end()) seen.push_back(t);
  for (const std::string& want : edge_types)
    if (std::find(seen.begin(), seen.end(), want) == seen.end()) {
      std::sort(seen.begin(), seen.end());
      std::string list;
      for (std::size_t k = 0; k < seen.size() && k < 20; ++k)
        list += (k ? ", " : "") + printable(seen[k]);
      throw ParseError(name, 0,
                       "edge type '" + printable(want) + "' matches no line; the file's " +
                           "types are: " + (list.empty() ? "(none)" : list));
    }
}

/// What the table path found across chunks.
struct TableFindings {
  bool all_integer = true;  ///< every id is an integer
  Offset filtered = 0;      ///< lines the type filter dropped
};

/// The table path's checks across chunks: ids that are not integers need remap_ids; each asked
/// edge type must match some line.
TableFindings check_table_chunks(const std::string& name, const ParsedEdges& in,
                                 const LoadOptions& options, bool remap) {
  TableFindings found;
  if (!in.table) return found;
  for (std::size_t c = 0; c < in.parts.size(); ++c) {
    const EdgeChunk& p = in.parts[c];
    found.filtered += p.filtered;
    if (p.first_non_integer && found.all_integer) {
      found.all_integer = false;
      if (!remap)
        throw ParseError(name, in.line_of(c, p.first_non_integer),
                         "vertex id " + detail::quote(p.non_integer_token) +
                             " is not a non-negative integer below 2^64; use --remap-ids "
                             "(remap_ids=True in Python) for ids that are strings");
    }
  }
  if (!options.edge_types.empty()) refuse_unmatched_types(name, in.parts, options.edge_types);
  return found;
}

/// Phase 2's sums over the chunks.
struct EdgeTotals {
  std::vector<std::uint64_t> offset;  ///< chunk c's tuples start at offset[c]; back() = total
  std::uint64_t total = 0;            ///< edge lines
  std::uint64_t max_id = 0;           ///< the largest id (integer ids)
  bool weighted = false;              ///< the lines have a weight column
  bool any_zero = false;              ///< some id is 0
};

/// Phase 2: the chunks agree on the typed field count and on having a weight column; where
/// each chunk's tuples go, the largest id, whether id 0 appears.
EdgeTotals sum_chunks(const std::string& name, const ParsedEdges& in) {
  auto line_of = [&](std::size_t c, std::uint64_t local) { return in.line_of(c, local); };
  check_typed_fields(name, in.parts, line_of);
  std::optional<bool> weighted;
  EdgeTotals t;
  t.offset.assign(in.parts.size() + 1, 0);
  for (std::size_t c = 0; c < in.parts.size(); ++c) {
    const EdgeChunk& p = in.parts[c];
    t.offset[c + 1] = t.offset[c] + p.src.size();
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
    t.max_id = std::max(t.max_id, p.max_id);
    t.any_zero = t.any_zero || p.first_zero;
  }
  t.total = t.offset.back();
  t.weighted = weighted.value_or(false);
  return t;
}

/// A file without edges must say how many vertices it has, in a header.
void refuse_no_edges(const std::string& name, const Head& head, const EdgeTotals& t) {
  if (t.total == 0 && !head.lg && !head.sh)
    throw ParseError(name, 0,
                     "holds no edges: the file has only comments and blank lines (an empty graph "
                     "must say so in a header, '# spgraph edge list: vertices=N base=0')");
}

/// The index base: the options', 1 for LightGraphs, the spgraph header's, else 0 if some id is
/// 0 and 1 if none is. A 1-based file (not remapped) may not hold id 0.
int choose_base(const std::string& name, const Head& head, const ParsedEdges& in,
                const EdgeTotals& t, const LoadOptions& options) {
  int base = options.index_base;
  if (head.lg) base = 1;
  if (base == -1 && head.sh && !head.sh->external) base = head.sh->base;
  if (base == -1) base = t.any_zero ? 0 : 1;
  if (base != 0 && base != 1) throw InvalidArgument("index_base must be 0, 1 or -1 (detect)");
  if (base == 1 && t.any_zero && !head.remap)
    for (std::size_t c = 0; c < in.parts.size(); ++c)
      if (in.parts[c].first_zero)
        throw ParseError(name, in.line_of(c, in.parts[c].first_zero),
                         "id 0 in a 1-based edge list");
  return base;
}

/// A LightGraphs header's edge count must be the file's.
void check_declared_edges(const std::string& name, const Head& head, const EdgeTotals& t) {
  if (head.lg && t.total != head.lg->m)
    throw ParseError(name, 1,
                     "header declares " + std::to_string(head.lg->m) + " edges but the file has " +
                         std::to_string(t.total));
}

/// Phase 3 with remapped ids: dense ids in first-appearance order (assign_ids) into the rows
/// and columns; the names go to `info`. Returns the vertex count.
Vertex remap_to_dense(const std::string& name, ParsedEdges& in, const EdgeTotals& t,
                      bool string_kind, const LoadOptions& options, Coo<double>& tuples,
                      LoadInfo& info) {
  VertexIds ids = assign_ids(name, in.parts, t.offset,
                             string_kind ? VertexIds::Kind::String : VertexIds::Kind::Integer,
                             tuples.row, tuples.col, resolve_threads(options.threads));
  if (ids.size() > options.max_dimension)
    throw ParseError(name, 0,
                     std::to_string(ids.size()) + " distinct ids exceed the vertex limit " +
                         std::to_string(options.max_dimension));
  const Vertex n = Vertex(ids.size());
  info.ids = std::make_shared<const VertexIds>(std::move(ids));
  info.index_base = 0;
  return n;
}

/// The vertex count a header declares (LightGraphs or spgraph's), and whether there is one.
struct DeclaredVertices {
  bool given = false;
  std::uint64_t count = 0;
};

/// Throws for the first tuple with an id above `limit` (or for the first tuple at all when the
/// header declares no vertices), naming its line: the chunk's data lines are scanned again to
/// find it.
void refuse_id_outside(const std::string& name, const ParsedEdges& in, DeclaredVertices declared,
                       std::uint64_t limit, std::uint64_t id_limit, int base) {
  for (std::size_t c = 0; c < in.parts.size(); ++c)
    for (std::size_t k = 0; k < in.parts[c].src.size(); ++k)
      if ((declared.given && declared.count == 0) || in.parts[c].src[k] > limit ||
          in.parts[c].dst[k] > limit) {
        // The exact line: rescan this chunk's data lines.
        std::uint64_t seen = 0, local = 0;
        LineCursor cur(in.chunks[c]);
        std::string_view line;
        while (cur.next(line)) {
          const char ch = detail::first_char(line);
          if (ch == '\0' || ch == '#' || ch == '%') continue;
          if (seen++ == k) {
            local = cur.line_no();
            break;
          }
        }
        const std::uint64_t bad = std::max(in.parts[c].src[k], in.parts[c].dst[k]);
        throw ParseError(
            name, in.line_of(c, local),
            declared.given && declared.count == 0
                ? "id " + std::to_string(bad) + " appears, but the header declares no vertices"
            : declared.given
                ? "id " + std::to_string(bad) + " is outside the header's " +
                      std::to_string(declared.count) + " vertices (ids " + std::to_string(base) +
                      ".." + std::to_string(std::int64_t(declared.count) - 1 + base) + ")"
                : "id " + std::to_string(bad) + " is too large: with 32-bit vertex ids the " +
                      "largest id is " + std::to_string(id_limit) +
                      "; use --remap-ids (remap_ids=True in Python) to renumber ids");
      }
}

/// The vertex count of a file read without remapping: the header's, or the largest id's. Both
/// pass the dimension guard before anything of that size is allocated.
Vertex checked_vertex_count(const std::string& name, const ParsedEdges& in, const EdgeTotals& t,
                            DeclaredVertices declared, int base, std::size_t file_bytes,
                            const LoadOptions& options) {
  const std::uint64_t id_limit = std::uint64_t(options.max_dimension) - 1 + std::uint64_t(base);
  if (declared.given && declared.count > options.max_dimension)
    throw ParseError(name, 1,
                     "the header declares " + std::to_string(declared.count) +
                         " vertices, more than the limit of " +
                         std::to_string(options.max_dimension) + " (32-bit vertex ids)");
  const std::uint64_t limit = declared.given ? declared.count - 1 + std::uint64_t(base) : id_limit;
  if (t.total && (t.max_id > limit || (declared.given && declared.count == 0)))
    refuse_id_outside(name, in, declared, limit, id_limit, base);
  const std::uint64_t count = declared.given ? declared.count
                              : t.total      ? t.max_id + 1 - std::uint64_t(base)
                                             : 0;
  const std::string problem = dimension_problem(
      (declared.given ? "the header's vertex count " : "the largest id, ") +
          std::to_string(declared.given ? declared.count : t.max_id) +
          (declared.given ? "," : std::string(" (") + std::to_string(count) + " vertices),"),
      DimensionCheck{count, options.whole_file_bytes ? options.whole_file_bytes : file_bytes, 16,
                     options.memory_limit});
  if (!problem.empty()) throw ParseError(name, declared.given ? 1 : 0, problem);
  return Vertex(count);
}

/// Phase 3 without remapping: ids shifted by the base into the rows and columns (in parallel),
/// after the vertex count passes its checks; counts the phantom vertices (ids in [base,
/// largest] on no line) when no header declares the count. Returns the vertex count.
Vertex shift_to_dense(const std::string& name, const Head& head, const ParsedEdges& in,
                      const EdgeTotals& t, int base, std::size_t file_bytes,
                      const LoadOptions& options, Coo<double>& tuples, LoadInfo& info) {
  DeclaredVertices declared;
  declared.given = head.lg || head.sh;
  declared.count = head.lg ? head.lg->n : head.sh ? head.sh->vertices : 0;
  const Vertex n = checked_vertex_count(name, in, t, declared, base, file_bytes, options);
  const std::vector<EdgeChunk>& parts = in.parts;
  const std::vector<std::uint64_t>& offset = t.offset;
#pragma omp parallel for schedule(dynamic, 1) num_threads(resolve_threads(options.threads))
  for (std::size_t c = 0; c < parts.size(); ++c)
    for (std::size_t k = 0; k < parts[c].src.size(); ++k) {
      tuples.row[offset[c] + k] = Vertex(parts[c].src[k] - std::uint64_t(base));
      tuples.col[offset[c] + k] = Vertex(parts[c].dst[k] - std::uint64_t(base));
    }
  info.index_base = base;
  if (!declared.given && n) {
    // Ids in [base, largest] that appear on no line: isolated only because the ids are sparse.
    std::vector<std::uint8_t> seen(n, 0);
    for (std::uint64_t k = 0; k < t.total; ++k) seen[tuples.row[k]] = seen[tuples.col[k]] = 1;
    info.phantom_vertices = Vertex(std::count(seen.begin(), seen.end(), 0));
  }
  return n;
}

/// Phase 4: each edge also as its reverse (self-loops once).
void add_reverse_edges(Coo<double>& tuples, std::uint64_t total, bool store) {
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

/// Phase 5: the matrix from the tuples (weights kept when `store`, else the pattern) under the
/// duplicate policy, and what the load says about it.
void build_matrix(const std::string& name, Coo<double>&& tuples, Vertex n, bool store,
                  bool undirected, std::uint64_t total, const LoadOptions& options,
                  LoadedMatrix& out) {
  const Offset stored = tuples.row.size();
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
}

}  // namespace

LoadedMatrix read_edge_list(const std::string& name, std::string_view bytes,
                            const LoadOptions& options) {
  const Head head = scan_head(name, bytes, options);
  // Phase 1: the chunks, parsed in parallel.
  ParsedEdges parsed = parse_body(name, bytes, head, options);
  const TableFindings found = check_table_chunks(name, parsed, options, head.remap);
  const bool string_kind = parsed.table && (options.string_ids || !found.all_integer);

  // Phase 2: checks across chunks.
  const EdgeTotals totals = sum_chunks(name, parsed);
  const bool store = totals.weighted && !options.pattern_only;
  refuse_no_edges(name, head, totals);
  const int base = choose_base(name, head, parsed, totals, options);
  check_declared_edges(name, head, totals);

  // Phase 3: dense ids.
  LoadedMatrix out;
  Coo<double> tuples;
  tuples.row.resize(totals.total);
  tuples.col.resize(totals.total);
  if (store) tuples.val.resize(totals.total);
  const Vertex n =
      head.remap ? remap_to_dense(name, parsed, totals, string_kind, options, tuples, out.info)
                 : shift_to_dense(name, head, parsed, totals, base, bytes.size(), options, tuples,
                                  out.info);
  out.info.filtered_by_type = found.filtered;
  if (store)
    for (std::size_t c = 0; c < parsed.parts.size(); ++c)
      std::copy(parsed.parts[c].w.begin(), parsed.parts[c].w.end(),
                tuples.val.begin() + totals.offset[c]);
  parsed.parts.clear();

  // Phase 4: reverse edges.
  const bool undirected =
      options.undirected || (head.lg && !head.lg->directed) || (head.sh && head.sh->undirected);
  if (undirected) add_reverse_edges(tuples, totals.total, store);

  // Phase 5: build.
  build_matrix(name, std::move(tuples), n, store, undirected, totals.total, options, out);
  out.info.values_in_file = totals.weighted;
  return out;
}

}  // namespace spgraph
