// SPDX-License-Identifier: Apache-2.0
// Implementation of the Graphalytics dataset reader (phases in graphalytics.hpp).
#include "loaders/graphalytics.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <type_traits>
#include <unordered_map>

#include "engine/core/error.hpp"
#include "engine/core/resources.hpp"
#include "loaders/byte_order_mark.hpp"
#include "loaders/dimension_guard.hpp"
#include "loaders/input_buffer.hpp"
#include "loaders/parallel_lines.hpp"
#include "loaders/text_lines.hpp"
#include "loaders/value_rules.hpp"

namespace spgraph {

namespace {

using detail::LineCursor;
using detail::NumStatus;

/// The largest .properties file read: a dataset's description is a few hundred bytes.
constexpr std::uint64_t kMaxPropertiesBytes = std::uint64_t(1) << 20;

/// The text of a vertex or edge file: UTF-16 and UTF-32 refused, a UTF-8 byte order mark skipped.
std::string_view text_of(const std::string& name, std::string_view bytes) {
  detail::refuse_wide_encoding(name, bytes);
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  return bytes;
}

/// True for a line the readers skip: blank, or a '#' comment.
bool skipped(const char* p, const char* e) {
  return p == e || *p == '#';
}

/// Why the id field at `start` did not read as an unsigned 64-bit integer.
std::string bad_id(NumStatus s, const char* start, const char* e, const std::string& what) {
  if (s == NumStatus::Missing) return "missing " + what;
  const char* end = start;
  while (end < e && !detail::is_blank(*end)) ++end;
  const std::string token =
      detail::quote(std::string_view(start, std::size_t(std::max(end, start + 1) - start)));
  if (s == NumStatus::Overflow) return what + " " + token + " does not fit in 64 bits";
  if (*start == '-')
    return what + " " + token + " is negative: Graphalytics vertex ids are unsigned integers";
  return what + " " + token + " is not a non-negative integer";
}

/// Skips `count` blank-separated fields after `p`; false when the line ends first.
bool skip_fields(const char*& p, const char* e, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) {
    p = detail::skip_blanks(p, e);
    if (p == e) return false;
    while (p < e && !detail::is_blank(*p)) ++p;
  }
  return true;
}

// ---- phase 1 and 2: the vertex file ------------------------------------------------------------

std::optional<ChunkError> parse_vertex_chunk(std::string_view text, std::size_t properties,
                                             std::vector<std::uint64_t>& out) {
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (skipped(p, e)) continue;
    const char* start = p;
    std::uint64_t id = 0;
    if (const NumStatus s = detail::parse_u64(p, e, id); s != NumStatus::Ok)
      return ChunkError{cur.line_no(), bad_id(s, start, e, "vertex id")};
    if (!skip_fields(p, e, properties))
      return ChunkError{cur.line_no(), "missing vertex properties: the dataset declares " +
                                           std::to_string(properties) + " after the id"};
    if (!detail::at_line_end(p, e))
      return ChunkError{cur.line_no(),
                        properties
                            ? "too many fields: the dataset declares " +
                                  std::to_string(properties) + " vertex properties after the id"
                            : "too many fields: a vertex line holds one vertex id (the "
                              "dataset declares no vertex properties)"};
    out.push_back(id);
  }
  return std::nullopt;
}

/// The two lines that list vertex `id` (a rescan, on the error path only).
[[noreturn]] void refuse_repeated_vertex(const std::string& name, std::string_view text,
                                         std::uint64_t id) {
  LineCursor cur(text);
  std::string_view line;
  std::uint64_t first = 0;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    std::uint64_t v = 0;
    if (skipped(p, e) || detail::parse_u64(p, e, v) != NumStatus::Ok || v != id) continue;
    if (first)
      throw ParseError(name, cur.line_no(),
                       "vertex " + std::to_string(id) + " is listed twice (first on line " +
                           std::to_string(first) + ")");
    first = cur.line_no();
  }
  throw ParseError(name, 0, "vertex " + std::to_string(id) + " is listed twice");
}

/// The id map of the vertex file: its ids in ascending order, dense 0..n-1. Checks the count
/// against the limits and meta.vertices, and refuses a repeated id.
VertexIds read_vertices(const GraphalyticsProperties& props, const std::string& name,
                        std::string_view text, const LoadOptions& options) {
  LineRunOptions run;
  run.threads = options.threads;
  std::vector<std::string_view> chunks = plan_line_chunks(text, run);
  std::vector<std::vector<std::uint64_t>> parts(chunks.size());
  run_line_chunks(name, std::move(chunks), run, [&](std::size_t c, std::string_view t) {
    return parse_vertex_chunk(t, props.vertex_property_count(), parts[c]);
  });
  std::uint64_t n = 0;
  for (const auto& p : parts) n += p.size();
  if (n > options.max_dimension)
    throw ParseError(name, 0,
                     std::to_string(n) + " vertices exceed the vertex limit of " +
                         std::to_string(options.max_dimension) + " (32-bit vertex ids)");
  if (const std::string problem = dimension_problem(
          "the vertex file's " + std::to_string(n) + " vertices",
          DimensionCheck{n, options.whole_file_bytes ? options.whole_file_bytes : text.size(), 16,
                         options.memory_limit});
      !problem.empty())
    throw ParseError(name, 0, problem);
  if (n != props.meta_vertices())
    throw ParseError(props.path(), props.line_of("meta.vertices"),
                     props.key_name("meta.vertices") + " = " +
                         std::to_string(props.meta_vertices()) + ", but " + name + " lists " +
                         std::to_string(n) + " vertices");
  std::vector<std::uint64_t> ids;
  ids.reserve(n);
  for (auto& p : parts) {
    ids.insert(ids.end(), p.begin(), p.end());
    std::vector<std::uint64_t>().swap(p);
  }
  if (!std::is_sorted(ids.begin(), ids.end())) std::sort(ids.begin(), ids.end());
  if (const auto twice = std::adjacent_find(ids.begin(), ids.end()); twice != ids.end())
    refuse_repeated_vertex(name, text, *twice);
  // Ids 0..n-1 or 1..n need no table.
  if (n && ids.front() <= 1 && ids.back() - ids.front() == n - 1)
    return VertexIds::offset(int(ids.front()), Vertex(n));
  return VertexIds::from_integers(ids);
}

// ---- phase 3: the edge file --------------------------------------------------------------------

/// How the edge file's lines are read.
struct EdgeLayout {
  const GraphalyticsProperties* props = nullptr;
  const VertexIds* ids = nullptr;
  const std::string* vertex_name = nullptr;
  ValueType exact = ValueType::Pattern;
};

/// What one chunk of the edge file holds.
struct EdgeChunk {
  std::vector<Vertex> src, dst;
  std::vector<double> weight;  ///< when the dataset has a weight property
  std::uint64_t unusable_line = 0;
  double unusable = 0;
};

/// Reads endpoint `what` at `p` as a vertex id (looked up in the vertex file's ids later).
std::string read_endpoint(const char*& p, const char* e, const std::string& what,
                          std::uint64_t& out) {
  p = detail::skip_blanks(p, e);
  const char* start = p;
  if (const NumStatus s = detail::parse_u64(p, e, out); s != NumStatus::Ok)
    return bad_id(s, start, e, what + " vertex id");
  return {};
}

/// The local line of the `k`-th data line (0-based) of `text` (a rescan, on the error path).
std::uint64_t data_line(std::string_view text, std::size_t k) {
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    if (!skipped(detail::skip_blanks(line.data(), e), e) && k-- == 0) return cur.line_no();
  }
  return 0;
}

/// Translates the chunk's endpoints to dense ids in one tight loop per side (the lookups'
/// cache misses overlap: VertexIds::find_integers), naming the first endpoint the vertex file
/// lacks.
std::optional<ChunkError> translate_endpoints(std::string_view text, const EdgeLayout& layout,
                                              const std::vector<std::uint64_t>& src,
                                              const std::vector<std::uint64_t>& dst,
                                              EdgeChunk& out) {
  out.src.resize(src.size());
  out.dst.resize(dst.size());
  layout.ids->find_integers(src, out.src);
  layout.ids->find_integers(dst, out.dst);
  for (std::size_t k = 0; k < src.size(); ++k)
    if (out.src[k] == kNoVertex || out.dst[k] == kNoVertex)
      return ChunkError{data_line(text, k),
                        "vertex " + std::to_string(out.src[k] == kNoVertex ? src[k] : dst[k]) +
                            " is not in the vertex file " + *layout.vertex_name};
  return std::nullopt;
}

/// Reads edge property k at `p` as its declared type.
std::string read_property(const char*& p, const char* e, const EdgeLayout& layout, std::size_t k,
                          double& out) {
  const GraphalyticsProperties& props = *layout.props;
  const std::string& prop = props.edge_property_names()[k];
  p = detail::skip_blanks(p, e);
  if (p == e)
    return "missing edge property " + detail::quote(prop) + " (the dataset declares " +
           std::to_string(props.edge_property_names().size()) + " after 'source target')";
  const char* start = p;
  const char* end = start;
  while (end < e && !detail::is_blank(*end)) ++end;
  // Quoted only for a message: a valid line builds no string.
  const auto token = [&] {
    return detail::quote(std::string_view(start, std::size_t(end - start)));
  };
  if (props.edge_property_is_integer(k)) {
    std::int64_t i = 0;
    const NumStatus s = detail::parse_i64(p, e, i);
    if (s != NumStatus::Ok || p != end)
      return "edge property " + detail::quote(prop) + " = " + token() +
             (s == NumStatus::Overflow ? " does not fit in 64 bits"
                                       : " is not an integer (its type is int)");
    out = double(i);
    return {};
  }
  const NumStatus s = detail::parse_float(p, e, out);
  if (s == NumStatus::Overflow)
    return "edge property " + detail::quote(prop) + " = " + token() + " is out of range for double";
  if (s != NumStatus::Ok || p != end)
    return "edge property " + detail::quote(prop) + " = " + token() + " is not a number";
  if (std::string why = detail::nan_problem(out); !why.empty())
    return "edge property " + detail::quote(prop) + " " + why;
  return {};
}

/// Parses one chunk of the edge file: ids as integers (translated once the chunk is read),
/// the properties as their types, the weight kept. A malformed line ends the chunk; an
/// endpoint missing from the vertex file on an earlier line is reported first.
std::optional<ChunkError> parse_edge_chunk(std::string_view text, const EdgeLayout& layout,
                                           EdgeChunk& out) {
  const std::size_t properties = layout.props->edge_property_names().size();
  const int weight = layout.props->weight_property();
  std::vector<std::uint64_t> src, dst;
  std::optional<ChunkError> malformed;
  LineCursor cur(text);
  std::string_view line;
  while (!malformed && cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (skipped(p, e)) continue;
    std::uint64_t u = 0, v = 0;
    std::string err = read_endpoint(p, e, "source", u);
    if (err.empty()) err = read_endpoint(p, e, "target", v);
    if (err.empty() && u == v)
      err = "self-loop on vertex " + std::to_string(u) +
            ": Graphalytics graphs have none (every edge connects two distinct vertices)";
    double w = 0;
    for (std::size_t k = 0; err.empty() && k < properties; ++k) {
      double x = 0;
      err = read_property(p, e, layout, k, x);
      if (int(k) == weight) w = x;
    }
    if (err.empty() && weight >= 0) err = detail::lossy_problem(w, layout.exact);
    if (err.empty() && !detail::at_line_end(p, e))
      err = "too many fields: an edge line holds 'source target' and the " +
            std::to_string(properties) + " edge properties the dataset declares";
    if (!err.empty()) {
      malformed = ChunkError{cur.line_no(), err};
      break;
    }
    if (weight >= 0 && (w < 0 || std::isinf(w)) && !out.unusable_line) {
      out.unusable_line = cur.line_no();
      out.unusable = w;
    }
    src.push_back(u);
    dst.push_back(v);
    if (weight >= 0) out.weight.push_back(w);
  }
  if (auto missing = translate_endpoints(text, layout, src, dst, out)) return missing;
  return malformed;
}

/// The edge file parsed in parallel chunks.
struct ParsedEdges {
  std::vector<std::string_view> chunks;
  std::vector<EdgeChunk> parts;
  std::vector<std::uint64_t> offset;  ///< chunk c's edges start at offset[c]; back() = total
};

ParsedEdges parse_edges(const EdgeLayout& layout, const std::string& name, std::string_view text,
                        const LoadOptions& options) {
  LineRunOptions run;
  run.threads = options.threads;
  ParsedEdges out;
  out.chunks = plan_line_chunks(text, run);
  out.parts.assign(out.chunks.size(), EdgeChunk{});
  out.chunks = run_line_chunks(
      name, std::move(out.chunks), run,
      [&](std::size_t c, std::string_view t) { return parse_edge_chunk(t, layout, out.parts[c]); });
  out.offset.assign(out.parts.size() + 1, 0);
  for (std::size_t c = 0; c < out.parts.size(); ++c)
    out.offset[c + 1] = out.offset[c] + out.parts[c].src.size();
  const GraphalyticsProperties& props = *layout.props;
  if (out.offset.back() != props.meta_edges())
    throw ParseError(props.path(), props.line_of("meta.edges"),
                     props.key_name("meta.edges") + " = " + std::to_string(props.meta_edges()) +
                         ", but " + name + " lists " + std::to_string(out.offset.back()) +
                         " edges");
  return out;
}

// ---- phases 4 and 5: the matrix ----------------------------------------------------------------

/// Names the line that repeats an earlier edge (a rescan, on the error path only).
[[noreturn]] void refuse_repeated_edge(const EdgeLayout& layout, const std::string& name,
                                       std::string_view text) {
  const bool undirected = !layout.props->directed();
  std::unordered_map<std::uint64_t, std::uint64_t> first_line;
  LineCursor cur(text);
  std::string_view line;
  while (cur.next(line)) {
    const char* e = line.data() + line.size();
    const char* p = detail::skip_blanks(line.data(), e);
    if (skipped(p, e)) continue;
    std::uint64_t a = 0, b = 0;
    read_endpoint(p, e, "source", a);
    read_endpoint(p, e, "target", b);
    Vertex u = *layout.ids->find_integer(a), v = *layout.ids->find_integer(b);
    if (undirected && v < u) std::swap(u, v);
    const auto [it, fresh] = first_line.emplace(std::uint64_t(u) << 32 | v, cur.line_no());
    if (!fresh)
      throw ParseError(name, cur.line_no(),
                       "edge " + layout.ids->name(u) + " " + layout.ids->name(v) +
                           " repeats the edge on line " + std::to_string(it->second) +
                           (undirected ? " (an undirected dataset lists each edge once, in one "
                                         "direction)"
                                       : " (Graphalytics graphs have no multi-edges)"));
  }
  throw ParseError(name, 0, "an edge is listed twice");
}

/// The matrix of the parsed edges: weights (when `weighted`) or a pattern, the reverse arcs of an
/// undirected graph added; a build that merged tuples means a repeated edge.
template <class T>
Matrix<T> build_graph(ParsedEdges& in, Vertex n, bool weighted, const EdgeLayout& layout,
                      const std::string& name, std::string_view text, int threads) {
  const bool undirected = !layout.props->directed();
  const std::uint64_t m = in.offset.back();
  const std::uint64_t arcs = undirected ? 2 * m : m;
  Coo<T> coo{n, n, !weighted, std::vector<Vertex>(arcs), std::vector<Vertex>(arcs), {}};
  if (weighted) coo.val.resize(arcs);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (in.parts.size() > 1)
  for (std::size_t c = 0; c < in.parts.size(); ++c) {
    const EdgeChunk& p = in.parts[c];
    for (std::size_t k = 0; k < p.src.size(); ++k) {
      const std::uint64_t at = in.offset[c] + k;
      coo.row[at] = p.src[k];
      coo.col[at] = p.dst[k];
      if (undirected) {
        coo.row[m + at] = p.dst[k];
        coo.col[m + at] = p.src[k];
      }
      if constexpr (!std::is_same_v<T, bool>)
        if (weighted) {
          coo.val[at] = p.weight[k];
          if (undirected) coo.val[m + at] = p.weight[k];
        }
    }
  }
  in.parts.clear();
  Matrix<T> a = Matrix<T>::template from_coo<FirstOp<T>>(std::move(coo), DuplicatePolicy::Combine);
  if (a.nvals() != arcs) refuse_repeated_edge(layout, name, text);
  if (undirected) a.mark_structure_symmetric();
  return a;
}

/// `e`'s message with " (dataset PATH)" added, unless it already names the .properties file.
ParseError in_dataset(const ParseError& e, const std::string& properties) {
  if (e.file() == properties) return e;
  std::string what = e.what();
  const std::string prefix =
      e.file() + (e.line() ? ":" + std::to_string(e.line()) : std::string()) + ": ";
  if (what.starts_with(prefix)) what.erase(0, prefix.size());
  return ParseError(e.file(), e.line(), what + " (dataset " + properties + ")");
}

}  // namespace

std::string graphalytics_file_path(const GraphalyticsProperties& properties,
                                   const std::string& file) {
  const std::filesystem::path f(file);
  if (f.is_absolute()) return file;
  return (std::filesystem::path(properties.path()).parent_path() / f).string();
}

std::string graphalytics_properties_path(const std::string& dataset) {
  return is_graphalytics_path(dataset) ? dataset : dataset + ".properties";
}

bool is_graphalytics_path(const std::string& path) {
  return detail::lower(std::filesystem::path(path).extension().string()) == ".properties";
}

GraphalyticsProperties read_graphalytics_properties(const std::string& dataset) {
  const std::string path = graphalytics_properties_path(dataset);
  const InputBuffer in = InputBuffer::open(path, kMaxPropertiesBytes);
  if (in.bytes().size() > kMaxPropertiesBytes)
    throw ParseError(path, 0,
                     "is " + std::to_string(in.bytes().size()) +
                         " bytes: a Graphalytics .properties file describes one graph in a few "
                         "hundred bytes (is this the right file?)");
  detail::refuse_wide_encoding(path, in.bytes());
  return GraphalyticsProperties::from(PropertiesFile::parse(path, in.bytes()));
}

GraphalyticsDataset read_graphalytics(GraphalyticsProperties properties,
                                      const std::string& vertex_name, std::string_view vertices,
                                      const std::string& edge_name, std::string_view edges,
                                      const LoadOptions& options) {
  GraphalyticsDataset out{std::move(properties), {}, vertex_name, edge_name, 0, 0};
  const GraphalyticsProperties& props = out.properties;
  const std::string_view vtext = text_of(vertex_name, vertices);
  const std::string_view etext = text_of(edge_name, edges);
  auto ids = std::make_shared<const VertexIds>(read_vertices(props, vertex_name, vtext, options));
  const EdgeLayout layout{&props, ids.get(), &vertex_name,
                          options.pattern_only ? ValueType::Pattern : options.exact_type};
  ParsedEdges parsed = parse_edges(layout, edge_name, etext, options);
  for (const EdgeChunk& p : parsed.parts)
    if (p.unusable_line) {
      const std::size_t c = std::size_t(&p - parsed.parts.data());
      out.unusable_weight_line = global_line(parsed.chunks, 1, c, p.unusable_line);
      out.unusable_weight = p.unusable;
      break;
    }
  const bool weighted = props.weight_property() >= 0 && !options.pattern_only;
  const Vertex n = ids->size();
  const int threads = resolve_threads(options.threads);
  LoadedMatrix& g = out.graph;
  if (weighted)
    g.matrix = build_graph<double>(parsed, n, true, layout, edge_name, etext, threads);
  else
    g.matrix = build_graph<bool>(parsed, n, false, layout, edge_name, etext, threads);
  g.info.path = props.path();
  g.info.format = FileFormat::Graphalytics;
  g.info.symmetric_storage = !props.directed();
  g.info.field = weighted ? "real" : "pattern";
  g.info.values_in_file = props.weight_property() >= 0;
  g.info.entries_in_file = props.meta_edges();
  g.info.index_base = ids->base();
  g.info.ids = std::move(ids);
  return out;
}

GraphalyticsDataset load_graphalytics(GraphalyticsProperties properties,
                                      const LoadOptions& options) {
  const std::string props_path = properties.path();
  const std::string vertex_path = graphalytics_file_path(properties, properties.vertex_file());
  const std::string edge_path = graphalytics_file_path(properties, properties.edge_file());
  const std::uint64_t inflate_limit = memory_budget(options.memory_limit) / 2;
  try {
    const InputBuffer v = InputBuffer::open(vertex_path, inflate_limit);
    const InputBuffer e = InputBuffer::open(edge_path, inflate_limit);
    GraphalyticsDataset out = read_graphalytics(std::move(properties), vertex_path, v.bytes(),
                                                edge_path, e.bytes(), options);
    out.graph.info.bytes = v.stored_size() + e.stored_size();
    return out;
  } catch (const ParseError& e) {
    throw in_dataset(e, props_path);
  } catch (const IoError& e) {
    throw IoError(std::string(e.what()) + " (dataset " + props_path + ")");
  }
}

GraphalyticsDataset load_graphalytics(const std::string& dataset, const LoadOptions& options) {
  return load_graphalytics(read_graphalytics_properties(dataset), options);
}

}  // namespace spgraph
