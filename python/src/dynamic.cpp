// SPDX-License-Identifier: Apache-2.0
// spgraph.DynamicGraph and spgraph.Snapshot (engine/dynamic_graph.hpp): a graph that takes
// batches of edge updates from numpy arrays (insert, erase, assign, apply) while other Python
// threads query immutable snapshots of it. Every update batch and every snapshot query releases
// the GIL, so a writer thread and reader threads really run at the same time; the engine's
// writer mutex serializes writers and snapshot() never blocks on the writer's work.
#include <mutex>
#include <variant>

#include "algorithms/bfs/bfs.hpp"
#include "algorithms/closure/reachability.hpp"
#include "algorithms/triangles/incremental_triangles.hpp"
#include "algorithms/triangles/triangle_count.hpp"
#include "engine/core/error.hpp"
#include "engine/dynamic_graph.hpp"
#include "python/src/algorithms_common.hpp"
#include "python/src/dynamic_views.hpp"
#include "python/src/thread_scope.hpp"

namespace spgraph::python {

namespace {

using AnyDynamic =
    std::variant<std::unique_ptr<DynamicGraph<bool>>, std::unique_ptr<DynamicGraph<double>>>;
using AnySnapshot = std::variant<GraphSnapshot<bool>, GraphSnapshot<double>>;

/// The value type of a DynamicGraph.
template <class G>
struct DynValue;
template <class T>
struct DynValue<DynamicGraph<T>> {
  using type = T;
};

std::vector<double> update_weights(const py::object& w, std::size_t n) {
  if (w.is_none()) return std::vector<double>(n, 1.0);
  auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(w);
  if (!a) throw py::error_already_set();
  if (a.ndim() == 0 || a.size() == 1) return std::vector<double>(n, a.data()[0]);
  if (std::size_t(a.size()) != n)
    throw DimensionMismatch(std::to_string(n) + " updates but " + std::to_string(a.size()) +
                            " weights");
  return std::vector<double>(a.data(), a.data() + a.size());
}

py::dict summary_dict(const BatchSummary& s) {
  py::dict d;
  d["version"] = s.version;
  d["updates"] = s.updates;
  d["inserted"] = s.inserted;
  d["erased"] = s.erased;
  d["ignored"] = s.ignored;
  d["combined"] = s.combined;
  d["assigned"] = s.assigned;
  d["missing"] = s.missing;
  d["vertices"] = s.vertices;
  d["triangle_delta"] = s.triangle_delta;
  return d;
}

/// A snapshot plus its reachability index, built on first use, and the ids of its vertices
/// (the DynamicGraph's as of the snapshot: a 1-based file's vertex 1 is position 0).
struct Snapshot {
  AnySnapshot s;
  VertexNames names;
  std::shared_ptr<std::once_flag> reach_once = std::make_shared<std::once_flag>();
  std::shared_ptr<std::unique_ptr<ReachabilityIndex>> reach =
      std::make_shared<std::unique_ptr<ReachabilityIndex>>();

  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), s);
  }
  Vertex n() const {
    return visit([](const auto& x) { return x.num_vertices(); });
  }
  std::vector<Vertex> ids(py::handle v, const char* what) const {
    return names.positions(v, n(), what);
  }
  Vertex id(py::handle v, const char* what) const { return names.position(v, n(), what); }
  const ReachabilityIndex& reachability() const {
    std::call_once(*reach_once, [&] {
      visit([&](const auto& x) { *reach = std::make_unique<ReachabilityIndex>(x.matrix()); });
    });
    return **reach;
  }
};

bool is_scalar(py::handle v) {
  return is_scalar_arg(v);
}

/// f(u) for each vertex of `v`; a scalar in gives a scalar out, an array an int64/bool array.
template <class R, class F>
py::object per_vertex(const Snapshot& s, py::handle v, F&& f) {
  const std::vector<Vertex> us = s.ids(v, "vertex");
  std::vector<R> out(us.size());
  {
    KernelScope nogil(double(us.size()));
    for (std::size_t k = 0; k < us.size(); ++k) out[k] = f(us[k]);
  }
  if (is_scalar(v)) return py::cast(out.at(0));
  if constexpr (std::is_same_v<R, std::uint8_t>) {
    return own_array(std::move(out)).attr("view")(py::dtype::of<bool>());
  } else {
    return own_array(std::move(out));
  }
}

/// The same over pairs (u, v).
template <class R, class F>
py::object per_pair(const Snapshot& s, py::handle u, py::handle v, F&& f) {
  const std::vector<Vertex> us = s.ids(u, "u"), vs = s.ids(v, "v");
  if (us.size() != vs.size())
    throw DimensionMismatch(std::to_string(us.size()) + " sources but " +
                            std::to_string(vs.size()) + " targets");
  std::vector<R> out(us.size());
  {
    KernelScope nogil(double(us.size()));
    for (std::size_t k = 0; k < us.size(); ++k) out[k] = f(us[k], vs[k]);
  }
  if (is_scalar(u) && is_scalar(v)) {
    if constexpr (std::is_same_v<R, std::uint8_t>)
      return py::bool_(out.at(0) != 0);
    else
      return py::cast(out.at(0));
  }
  if constexpr (std::is_same_v<R, std::uint8_t>) {
    return own_array(std::move(out)).attr("view")(py::dtype::of<bool>());
  } else {
    return own_array(std::move(out));
  }
}

/// The Python DynamicGraph: a pattern (DynamicGraph<bool>) or weighted (double) graph, and
/// the ids its vertices go by (the base Graph's, or 0..n-1). Updates name vertices by id.
struct PyDynamic {
  AnyDynamic g;
  VertexNames names;
  bool grow = true;
  /// One Python writer at a time: a remapped graph's id map grows under it.
  std::mutex writer;

  /// Runs one update batch: takes the writer lock (waiting without the GIL, so the holder can
  /// get it back), and if the batch fails, restores the id map it grew, so that a refused
  /// batch leaves no new names behind (readers in between saw a superset, which is harmless).
  template <class F>
  py::dict write_batch(F&& run) {
    std::unique_lock<std::mutex> lock(writer, std::defer_lock);
    {
      KernelScope wait(kUnsizedWork);  // releases the GIL while waiting
      lock.lock();
    }
    const VertexNames before = names;
    try {
      return run();
    } catch (...) {
      names = before;
      throw;
    }
  }

  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit([&](const auto& p) -> decltype(auto) { return f(*p); }, g);
  }
  bool weighted() const { return g.index() == 1; }
  Vertex n() const {
    return visit([](auto& dg) { return dg.snapshot().num_vertices(); });
  }

  /// The positions of the vertices an update batch names in `src` then `dst`. An integer id
  /// past the graph is a new vertex at id - base (the graph grows to it, or rejects it). A
  /// remapped graph's new id gets the next position: the id map is copied, grown and
  /// published before the batch, so snapshots keep the map they were taken with.
  std::pair<std::vector<Vertex>, std::vector<Vertex>> update_positions(py::handle src,
                                                                       py::handle dst) {
    if (!names.remapped()) return {offset_positions(src, "src"), offset_positions(dst, "dst")};
    std::shared_ptr<VertexIds> grown;
    auto lookup = [&](py::handle key) {
      const VertexNames cur = grown ? names.with_map(grown) : names;
      if (const auto v = cur.find(key, kMaxDimension)) return *v;
      if (!grow)
        throw IndexOutOfBounds("vertex " + std::string(py::repr(key)) +
                               " is not in this graph (grow=False)");
      if (!grown) grown = std::make_shared<VertexIds>(*names.ids());
      return VertexNames::insert_into(*grown, key);
    };
    std::pair<std::vector<Vertex>, std::vector<Vertex>> out;
    for (py::handle x : as_sequence(src)) out.first.push_back(lookup(x));
    for (py::handle x : as_sequence(dst)) out.second.push_back(lookup(x));
    if (grown) names = names.with_map(std::move(grown));
    return out;
  }

  /// A scalar as a one-element tuple; sequences and arrays as they are.
  static py::object as_sequence(py::handle v) {
    if (is_scalar_arg(v)) return py::make_tuple(v);
    if (py::isinstance<py::array>(v)) return v.attr("tolist")();
    return py::reinterpret_borrow<py::object>(v);
  }

  /// Integer ids of a graph not remapped: id - base, below the largest dimension.
  std::vector<Vertex> offset_positions(py::handle v, const char* what) const {
    auto a = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(v);
    if (!a) throw py::error_already_set();
    std::vector<Vertex> out(std::size_t(a.size()));
    const std::int64_t* p = a.data();
    const std::int64_t base = names.base();
    for (std::size_t k = 0; k < out.size(); ++k) {
      if (p[k] < base || p[k] - base >= std::int64_t(kMaxDimension))
        throw IndexOutOfBounds(std::string(what) + " " + std::to_string(p[k]) +
                               " is not a valid vertex id (ids start at " + std::to_string(base) +
                               ")");
      out[k] = Vertex(p[k] - base);
    }
    return out;
  }

  /// Inserts, erases or re-weights the arcs src[k] -> dst[k] as one batch (GIL released).
  py::dict update(UpdateKind kind, py::handle src, py::handle dst, const py::object& w) {
    return write_batch([&] { return update_locked(kind, src, dst, w); });
  }

  py::dict update_locked(UpdateKind kind, py::handle src, py::handle dst, const py::object& w) {
    const auto [u, v] = update_positions(src, dst);
    if (u.size() != v.size())
      throw DimensionMismatch(std::to_string(u.size()) + " sources but " +
                              std::to_string(v.size()) + " targets");
    if (!w.is_none() && !weighted())
      throw InvalidArgument("this DynamicGraph is unweighted (weighted=False): give no weights");
    const std::vector<double> ws = update_weights(w, u.size());
    BatchSummary s = visit([&](auto& dg) {
      using T = typename DynValue<std::decay_t<decltype(dg)>>::type;
      KernelScope nogil(kUnsizedWork);
      if (kind == UpdateKind::Erase) {
        std::vector<std::pair<Vertex, Vertex>> arcs(u.size());
        for (std::size_t k = 0; k < u.size(); ++k) arcs[k] = {u[k], v[k]};
        return dg.erase_edges(arcs);
      }
      std::vector<EdgeUpdate<T>> ups(u.size());
      for (std::size_t k = 0; k < u.size(); ++k) ups[k] = {kind, u[k], v[k], static_cast<T>(ws[k])};
      if (kind == UpdateKind::Insert) return dg.insert_edges(ups);
      UpdateBatch<T> b;
      b.updates = std::move(ups);
      return dg.apply(b);
    });
    return summary_dict(s);
  }

  /// A mixed batch: op[k] 0 insert, 1 erase, 2 assign; applied in order.
  py::dict apply(const py::array& ops, py::handle src, py::handle dst, const py::object& w) {
    return write_batch([&] { return apply_locked(ops, src, dst, w); });
  }

  py::dict apply_locked(const py::array& ops, py::handle src, py::handle dst,
                        const py::object& w) {
    auto op = py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(ops);
    if (!op) throw py::error_already_set();
    const auto [u, v] = update_positions(src, dst);
    if (u.size() != v.size() || std::size_t(op.size()) != u.size())
      throw DimensionMismatch("apply: op, src and dst must have the same length");
    if (!w.is_none() && !weighted())
      throw InvalidArgument("this DynamicGraph is unweighted (weighted=False): give no weights");
    const std::vector<double> ws = update_weights(w, u.size());
    for (py::ssize_t k = 0; k < op.size(); ++k)
      if (op.data()[k] > 2)
        throw InvalidArgument("apply: op must be 0 (insert), 1 (erase) or 2 (assign)");
    BatchSummary s = visit([&](auto& dg) {
      using T = typename DynValue<std::decay_t<decltype(dg)>>::type;
      UpdateBatch<T> b;
      b.updates.resize(u.size());
      for (std::size_t k = 0; k < u.size(); ++k)
        b.updates[k] = {static_cast<UpdateKind>(op.data()[k]), u[k], v[k], static_cast<T>(ws[k])};
      KernelScope nogil(kUnsizedWork);
      return dg.apply(b);
    });
    return summary_dict(s);
  }

  /// The latest snapshot, with the ids as of now (a superset of the snapshot's vertices).
  Snapshot snapshot() const {
    return visit([&](auto& dg) { return Snapshot{AnySnapshot(dg.snapshot()), names}; });
  }
};

DynamicGraphOptions dynamic_options(bool directed, bool weighted, const std::string& duplicates,
                                    bool grow, bool triangles) {
  DynamicGraphOptions o;
  o.directed = directed;
  o.weighted = weighted;
  if (duplicates == "ignore")
    o.duplicates = DuplicatePolicy::IgnoreIfPresent;
  else if (duplicates == "combine")
    o.duplicates = DuplicatePolicy::Combine;
  else if (duplicates == "keep")
    o.duplicates = DuplicatePolicy::Keep;
  else
    throw InvalidArgument("duplicates must be ignore, combine or keep, got '" + duplicates + "'");
  o.growth = grow ? VertexGrowth::Grow : VertexGrowth::Reject;
  if (triangles) {
    if (directed) throw InvalidArgument("triangles are maintained on undirected graphs only");
    o.triangle_counter = std::make_shared<IncrementalTriangles>();
  }
  return o;
}

}  // namespace

std::unique_ptr<PyDynamic> make_dynamic(py::handle base, py::object directed, bool weighted,
                                        const std::string& duplicates, bool grow, bool triangles) {
  auto out = std::make_unique<PyDynamic>();
  out->grow = grow;
  if (py::isinstance<Graph>(base)) {
    const Graph& g = base.cast<const Graph&>();
    out->names = g.names;
    const bool dir = directed.is_none() ? !g.undirected : directed.cast<bool>();
    const DynamicGraphOptions o = dynamic_options(dir, weighted, duplicates, grow, triangles);
    KernelScope nogil(graph_work(g));
    if (weighted)
      out->g = std::make_unique<DynamicGraph<double>>(g.weights(), o);
    else
      out->g = std::make_unique<DynamicGraph<bool>>(g.pattern(), o);
    return out;
  }
  const long long n = base.cast<long long>();
  if (n < 0 || n > static_cast<long long>(kMaxDimension))
    throw InvalidArgument("DynamicGraph: n must be in [0, " + std::to_string(kMaxDimension) + "]");
  const bool dir = directed.is_none() ? false : directed.cast<bool>();
  const DynamicGraphOptions o = dynamic_options(dir, weighted, duplicates, grow, triangles);
  if (weighted)
    out->g = std::make_unique<DynamicGraph<double>>(Vertex(n), o);
  else
    out->g = std::make_unique<DynamicGraph<bool>>(Vertex(n), o);
  return out;
}

using SnapshotClass = py::class_<Snapshot>;

/// Snapshot's properties: its version, size, direction, weights and counts.
void add_snapshot_properties(SnapshotClass& c) {
  c.def_property_readonly(
       "version",
       [](const Snapshot& s) { return s.visit([](const auto& x) { return x.version(); }); })
      .def_property_readonly("n", &Snapshot::n)
      .def_property_readonly(
          "directed",
          [](const Snapshot& s) { return s.visit([](const auto& x) { return x.directed(); }); })
      .def_property_readonly(
          "weighted",
          [](const Snapshot& s) { return s.visit([](const auto& x) { return x.weighted(); }); })
      .def_property_readonly(
          "num_edges",
          [](const Snapshot& s) { return s.visit([](const auto& x) { return x.num_edges(); }); },
          "Edges: arcs for a directed graph; each undirected edge once.")
      .def_property_readonly(
          "num_arcs",
          [](const Snapshot& s) { return s.visit([](const auto& x) { return x.num_arcs(); }); })
      .def_property_readonly(
          "self_loops",
          [](const Snapshot& s) { return s.visit([](const auto& x) { return x.self_loops(); }); })
      .def_property_readonly(
          "triangles",
          [](const Snapshot& s) -> py::object {
            auto t = s.visit([](const auto& x) { return x.triangles(); });
            return t ? py::object(py::int_(*t)) : py::object(py::none());
          },
          "The maintained triangle count (DynamicGraph(triangles=True)), else None.");
}

/// Snapshot's ids: every position's, and the translations between ids and positions.
void add_snapshot_ids(SnapshotClass& c) {
  c.def_property_readonly(
       "ids", [](const Snapshot& s) { return s.names.all(s.n()); },
       "Every vertex's id in position order.")
      .def(
          "index",
          [](const Snapshot& s, py::handle ids) -> py::object {
            std::vector<Vertex> pos = s.ids(ids, "vertex");
            if (is_scalar_arg(ids)) return py::int_(pos.at(0));
            return own_array(std::vector<std::int64_t>(pos.begin(), pos.end()));
          },
          py::arg("id"), "The position of an id (an int64 array for a list or array).")
      .def(
          "names_of",
          [](const Snapshot& s, py::handle positions) {
            return s.names.names_of(positions, s.n());
          },
          py::arg("positions"), "The ids of positions (-1 / None where negative).");
}

/// Snapshot's questions about vertices and edges: degrees, edges, weights, neighbours, paths.
void add_snapshot_lookups(SnapshotClass& c) {
  c.def(
       "degree",
       [](const Snapshot& s, py::handle v) {
         return s.visit([&](const auto& x) {
           return per_vertex<std::int64_t>(s, v,
                                           [&](Vertex u) { return std::int64_t(x.degree(u)); });
         });
       },
       py::arg("v"), "Out-degree of v (an int, or an array for an array of vertices).")
      .def(
          "has_edge",
          [](const Snapshot& s, py::handle u, py::handle v) {
            return s.visit([&](const auto& x) {
              return per_pair<std::uint8_t>(
                  s, u, v, [&](Vertex a, Vertex b) { return std::uint8_t(x.has_edge(a, b)); });
            });
          },
          py::arg("u"), py::arg("v"))
      .def(
          "weight",
          [](const Snapshot& s, py::handle uid, py::handle vid) -> py::object {
            const Vertex u = s.id(uid, "u"), v = s.id(vid, "v");
            return s.visit([&](const auto& x) -> py::object {
              auto w = x.weight(u, v);
              return w ? py::object(py::float_(double(*w))) : py::object(py::none());
            });
          },
          py::arg("u"), py::arg("v"), "The weight of u -> v, or None when absent.")
      .def(
          "neighbors",
          [](const Snapshot& s, py::handle vid) {
            const Vertex v = s.id(vid, "vertex");
            std::vector<Vertex> out;
            s.visit([&](const auto& x) {
              x.for_each_neighbor(v, [&](Vertex c, auto) { out.push_back(c); });
            });
            std::sort(out.begin(), out.end());
            return s.names.names_of(own_array(std::move(out)), s.n());
          },
          py::arg("v"), "The ids of v's out-neighbours, by position.")
      .def(
          "reachable",
          [](const Snapshot& s, py::handle u, py::handle v) {
            const ReachabilityIndex* index;
            {
              KernelScope nogil(kUnsizedWork);
              index = &s.reachability();
            }
            return per_pair<std::uint8_t>(s, u, v, [index](Vertex a, Vertex b) {
              return std::uint8_t(index->reachable(a, b));
            });
          },
          py::arg("u"), py::arg("v"),
          "Is there a path of >= 1 arc from u to v? (index built once per snapshot)");
}

/// Snapshot's algorithms (each releases the GIL while it runs) and its copy as a Graph.
void add_snapshot_algorithms(SnapshotClass& c) {
  c.def(
       "count_triangles",
       [](const Snapshot& s) {
         return s.visit([](const auto& x) -> std::uint64_t {
           KernelScope nogil(wedge_work(double(x.num_vertices()), double(x.num_arcs())));
           if (auto t = x.triangles()) return std::uint64_t(*t);
           TriangleOptions o;
           o.undirected = !x.directed();
           return triangle_count(x.matrix(), o).triangles;
         });
       },
       "The triangle count: the maintained one, or counted on the snapshot.")
      .def(
          "bfs",
          [](const Snapshot& s, py::handle source, const std::string& method, bool levels,
             bool parents) {
            const Vertex src = s.id(source, "source");
            return s.visit([&](const auto& x) -> py::object {
              if (method == "auto" && levels && !parents && is_scalar(source))
                if (py::object v = maintained_bfs(x, src); !v.is_none()) return v;
              const BfsOptions o = bfs_options(method, levels, parents, !x.directed());
              BfsResult r;
              {
                KernelScope nogil(snapshot_work(x));
                r = bfs(x, src, o);
              }
              return bfs_dict(std::move(r));
            });
          },
          py::arg("source"), py::arg("method") = "auto", py::arg("levels") = true,
          py::arg("parents") = false,
          "BFS from source (answered from the maintained view bfs:source when the graph keeps "
          "it and method is auto without parents)")
      .def(
          "pagerank",
          [](const Snapshot& s, double damping, double tolerance, int iterations,
             const std::string& variant, const std::string& spmv) {
            return s.visit([&](const auto& x) -> py::object {
              if (damping == 0.85 && tolerance == 1e-4 && iterations == 100 && variant == "gap" &&
                  spmv == "auto")
                if (py::object v = maintained_pagerank(x); !v.is_none()) return v;
              const PageRankOptions o = pagerank_options(damping, tolerance, iterations, variant,
                                                         {}, spmv, !x.directed());
              PageRankResult r;
              {
                KernelScope nogil(snapshot_work(x));
                r = pagerank(x, o);
              }
              return pagerank_dict(std::move(r));
            });
          },
          py::arg("damping") = 0.85, py::arg("tolerance") = 1e-4, py::arg("iterations") = 100,
          py::arg("variant") = "gap", py::arg("spmv") = "auto")
      .def(
          "sssp",
          [](const Snapshot& s, py::handle source, const std::string& method, double delta) {
            const Vertex src = s.id(source, "source");
            const SsspOptions o = sssp_options(method, delta);
            return s.visit([&](const auto& x) -> py::object {
              if (method == "auto" && delta == 0.0)
                if (py::object v = maintained_sssp(x, src); !v.is_none()) return v;
              SsspResult r;
              {
                KernelScope nogil(snapshot_work(x));
                r = sssp(x, src, o);
              }
              return sssp_dict(std::move(r));
            });
          },
          py::arg("source"), py::arg("method") = "auto", py::arg("delta") = 0.0)
      .def(
          "cc",
          [](const Snapshot& s, const std::string& method) {
            return s.visit([&](const auto& x) -> py::object {
              if (method == "auto")
                if (py::object v = maintained_cc(x); !v.is_none()) return v;
              const CcOptions o = cc_options(method, !x.directed());
              CcResult r;
              {
                KernelScope nogil(snapshot_work(x));
                r = connected_components(x, o);
              }
              return cc_dict(std::move(r));
            });
          },
          py::arg("method") = "auto")
      .def(
          "to_graph",
          [](const Snapshot& s) {
            return s.visit([&s](const auto& x) {
              std::shared_ptr<Graph> g;
              {
                KernelScope nogil(snapshot_work(x));
                g = std::make_shared<Graph>(AnyMatrix(x.matrix()), s.names, !x.directed());
              }
              return g;
            });
          },
          "The snapshot as a spgraph.Graph (a copy of its sorted CSR, with its ids).")
      .def(
          "view",
          [](const Snapshot& s, const std::string& name) {
            return view_dict(s.visit([&](const auto& x) { return x.maintained(name); }));
          },
          py::arg("name"),
          "The maintained view `name` ('cc', 'pagerank', 'bfs:S', 'sssp:S', 'knn:V', ...) as "
          "of this snapshot, as a dict; None when the graph does not maintain it.")
      .def_property_readonly(
          "maintained",
          [](const Snapshot& s) {
            return s.visit([](const auto& x) { return x.maintained_names(); });
          },
          "The names of the views maintained at this snapshot's version.");
}

void register_snapshot(py::module_& m) {
  SnapshotClass c(m, "Snapshot", R"doc(
An immutable view of a DynamicGraph as of one batch boundary. Safe to query from any thread
while the writer goes on; every query releases the GIL. Vertices go by the DynamicGraph's ids
(those of the Graph it was built from, or 0..n-1); per-vertex arrays are indexed by position.)doc");
  add_snapshot_properties(c);
  add_snapshot_ids(c);
  add_snapshot_lookups(c);
  add_snapshot_algorithms(c);
}

void register_dynamic(py::module_& m) {
  register_snapshot(m);
  py::class_<PyDynamic>(m, "_DynamicGraph")
      .def(py::init(&make_dynamic), py::arg("base"), py::arg("directed") = py::none(),
           py::arg("weighted") = false, py::arg("duplicates") = "ignore", py::arg("grow") = true,
           py::arg("triangles") = false)
      .def(
          "insert",
          [](PyDynamic& d, py::handle s, py::handle t, const py::object& w) {
            return d.update(UpdateKind::Insert, s, t, w);
          },
          py::arg("src"), py::arg("dst"), py::arg("w") = py::none())
      .def(
          "erase",
          [](PyDynamic& d, py::handle s, py::handle t) {
            return d.update(UpdateKind::Erase, s, t, py::none());
          },
          py::arg("src"), py::arg("dst"))
      .def(
          "assign",
          [](PyDynamic& d, py::handle s, py::handle t, const py::object& w) {
            return d.update(UpdateKind::Assign, s, t, w);
          },
          py::arg("src"), py::arg("dst"), py::arg("w"))
      .def("_apply", &PyDynamic::apply, py::arg("op"), py::arg("src"), py::arg("dst"),
           py::arg("w") = py::none())
      .def(
          "add_vertices",
          [](PyDynamic& d, Vertex k) {
            if (d.names.remapped())
              throw InvalidArgument(
                  "add_vertices: this graph's vertices have names (remap_ids); insert an edge "
                  "naming a new vertex instead");
            BatchSummary s = d.visit([&](auto& dg) {
              KernelScope nogil(kUnsizedWork);
              return dg.add_vertices(k);
            });
            return summary_dict(s);
          },
          py::arg("k"))
      .def("snapshot", &PyDynamic::snapshot, "The latest published snapshot (O(1)).")
      .def(
          "maintain",
          [](PyDynamic& d, const std::string& kind, py::object vertex, std::size_t k,
             const std::string& measure, const std::string& policy) {
            const long long v =
                vertex.is_none()
                    ? -1
                    : static_cast<long long>(d.names.position(vertex, d.n(), "vertex"));
            return d.visit(
                [&](auto& dg) { return maintain_view(dg, kind, v, k, measure, policy); });
          },
          py::arg("kind"), py::arg("vertex") = py::none(), py::arg("k") = 10,
          py::arg("measure") = "jaccard", py::arg("policy") = "auto",
          "Keeps an answer up to date after every batch: kind 'cc', 'pagerank', 'bfs' or "
          "'sssp' (vertex: the source) or 'knn' (vertex, k, measure). Returns the view's name, "
          "which Snapshot.view(name) reads; cc(), pagerank(), bfs(s) and sssp(s) with default "
          "arguments answer from it. policy: auto (update, or recompute past the measured "
          "crossover), incremental, recompute.")
      .def(
          "unmaintain",
          [](PyDynamic& d, const std::string& name) {
            return d.visit([&](auto& dg) { return dg.unmaintain(name); });
          },
          py::arg("name"), "Stops maintaining the view `name`; False when there was none.")
      .def(
          "view_stats",
          [](const PyDynamic& d) {
            return view_stats_list(d.visit([](auto& dg) { return dg.view_stats(); }));
          },
          "What the writer measured for each maintained view: batches updated and recomputed, "
          "one recomputation's seconds, seconds per changed arc, the crossover batch size.")
      .def_property_readonly("weighted", &PyDynamic::weighted)
      .def_property_readonly("directed",
                             [](const PyDynamic& d) {
                               return d.visit([](auto& dg) { return dg.options().directed; });
                             })
      .def("memory_bytes",
           [](const PyDynamic& d) { return d.visit([](auto& dg) { return dg.memory_bytes(); }); });
}

}  // namespace spgraph::python
