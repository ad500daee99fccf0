# SPDX-License-Identifier: Apache-2.0
"""spgraph: graph analytics on sparse linear algebra, from Python.

The C++ engine (the `_spgraph` extension) does the work; this package gives it a Python face
with the same names and options as the `spgraph` command line (docs/cli.md):

    import spgraph
    g = spgraph.load("graph.mtx")                  # or Graph.from_scipy(csr)
    r = spgraph.bfs(g, 1, parents=True)            # from the file's vertex 1
    r.levels[g.index(5)], r.parents                # levels by position; parents as file ids
    r.to_dict()                                    # {file id: level}; r.to_pandas()
    spgraph.triangles(g)                           # an int
    spgraph.closure(g, count=True).pairs
    spgraph.reachable(g, 1, 5)
    c = spgraph.mxm(g, g, semiring="min_plus")     # a Graph; c.to_scipy()

One numbering, the CLI's: vertex arguments and vertex-valued results (bfs parents, cc labels,
knn ids, ...) are the file's ids. A 1-based Matrix Market file's vertex 1 is vertex 1 (position
0); an edge list's integers are themselves; a graph loaded with remap_ids=True uses the file's
names (ints or strings); a graph built in memory (from_scipy, mxm) is numbered from 0. Per-vertex
numpy arrays (levels, rank, core, ...) are indexed by position 0..n-1: `g.ids` lists the id of
every position, `g.index(id)` gives a position (an array for a list), `g.name(pos)` and
`g.names_of(positions)` give ids, and `result.positions` gives a result's vertex-valued fields
as positions.

Every kernel releases the GIL. Errors are spgraph.Error subclasses that are also the built-in
exception a caller would expect: ParseError (a ValueError, with .file and .line), IoError (an
OSError), InvalidArgument and DimensionMismatch (ValueError), IndexOutOfBounds (IndexError),
OutOfMemory (MemoryError).
"""

from __future__ import annotations

from ._imports import require_numpy as _require_numpy, require_extension as _require_extension

_np = _require_numpy()
_spgraph = _require_extension()
from . import _graph_object, _interop  # noqa: E402,F401  (they attach to Graph)
from ._interop import _from_scipy  # noqa: E402
from ._results import Closure, KnnResult, KtrussResult, Result  # noqa: E402
from ._spgraph import (  # noqa: F401,E402  (re-exported)
    __version__,
    get_num_threads,
    set_num_threads,
    DimensionMismatch,
    Error,
    Graph,
    IndexOutOfBounds,
    InvalidArgument,
    IoError,
    OutOfMemory,
    ParseError,
    Snapshot,
    semirings,
)
from ._paths import path_to, shortest_paths  # noqa: F401  (re-exported)

__all__ = [
    "Graph", "DynamicGraph", "Snapshot", "Result", "Closure", "KnnResult", "KtrussResult",
    "load", "bfs", "triangles", "tc", "closure", "reachable", "reachable_count", "pagerank",
    "sssp", "cc", "betweenness", "cdlp", "lcc", "kcore", "ktruss", "communities", "modularity",
    "knn", "knn_features", "mxm", "mxv",
    "semirings", "Error", "ParseError", "IoError", "InvalidArgument", "DimensionMismatch",
    "IndexOutOfBounds", "OutOfMemory", "__version__", "set_num_threads", "get_num_threads",
]
__all__ += ["scc", "path_to", "shortest_paths"]  # strongly connected components, paths


# ---- Graph: ids and repr (conversions: _interop.py; the object protocol: _graph_object.py) --

def _graph_repr(self):
    return "spgraph.Graph(n=%d, nnz=%d, dtype=%s%s%s)" % (
        self.n, self.nnz, self.dtype, ", undirected" if self.undirected else "",
        ", ids=%s" % self.id_kind if self.remapped else "")


Graph.__repr__ = _graph_repr
_interop.attach()
_graph_object.attach()


def _as_graph(g):
    if isinstance(g, Graph):
        return g
    import scipy.sparse as sp

    if sp.issparse(g):
        return _from_scipy(g)
    raise TypeError("expected a spgraph.Graph or a scipy.sparse matrix, got %r" % type(g))


# ---- loading -----------------------------------------------------------------------------------

def load(path, format="auto", base=None, remap_ids=False, undirected=False, pattern=False,
         duplicates="combine", threads=0, header=None, src=None, dst=None, weight=None,
         edge_types=None, type_column=None, delimiter=None, memory_limit=0):
    """Reads a graph file as the CLI does (loaders/load.hpp): Matrix Market, edge lists (SNAP,
    TSV, CSV, gzip), METIS, spgraph binary, detected from the content.

    format: auto | mtx | edgelist | metis | binary.   base: 0 or 1 (edge lists; default detects).
    remap_ids: number any token (integers, strings such as GO:0048308) by position; the
    tokens stay the vertices' ids (g.ids), as integer ids otherwise are (1-based for Matrix
    Market and METIS).   undirected: store both arcs.
    pattern: keep the structure only.   duplicates: combine | reject (edge lists).
    header (None = auto, True, False), src / dst / weight (column name or 1-based number),
    edge_types ("is_a,part_of" or a list) with type_column, delimiter: CSV/TSV with a header.
    Raises ParseError (with .file and .line) or IoError.
    """
    return _spgraph._load(str(path), format=format, base=base, remap_ids=remap_ids,
                          undirected=undirected, pattern=pattern, duplicates=duplicates,
                          threads=threads, header=header, src=src, dst=dst, weight=weight,
                          edge_types=edge_types, type_column=type_column, delimiter=delimiter,
                          memory_limit=memory_limit)


# ---- algorithms ----------------------------------------------------------------------------------

def bfs(g, source, method="auto", parents=False, levels=True):
    """Breadth-first search (the CLI's `bfs`). `source` is one vertex id or a list / array of
    them (one Result each, one workspace reused). Result: source (its id), levels (int64 by
    position, -1 unreachable), parents (only with parents=True: the parent's id by position,
    parent of the source = the source; -1 where unreachable, None for string ids), reached,
    depth, push_steps, pull_steps. method: auto (direction-optimizing) | push | pull."""
    g = _as_graph(g)
    r = _spgraph._bfs(g, source, method=method, levels=levels, parents=parents)
    if isinstance(r, list):
        return [Result("BfsResult", x, g) for x in r]
    return Result("BfsResult", r, g)


def triangles(g, per_vertex=False, clustering=False, method="auto"):
    """Triangle count (the CLI's `tc`): an int, or with per_vertex / clustering a Result with
    count, per_vertex (uint64 triangles through each vertex), clustering (float64 local
    clustering coefficients), symmetrized, self_loops, method. A directed graph is counted as
    undirected; self-loops and repeated arcs are ignored. method: auto | merge | hash |
    sandia-ll | sandia-uu | wedge."""
    g = _as_graph(g)
    r = _spgraph._triangles(g, per_vertex=per_vertex or clustering, method=method)
    if not (per_vertex or clustering):
        return r["count"]
    return Result("TriangleResult", r, g)


tc = triangles


def closure(g, method="auto", reflexive=False, count=False, max_memory=None):
    """Transitive closure (the CLI's `closure`): R+ (pairs joined by a path of >= 1 arc), or R*
    with reflexive=True. count=True computes only the number of pairs. max_memory: GB the
    closure may take (default 80% of available memory); OutOfMemory is raised before
    allocating when it would not fit. method: auto | scc | seminaive."""
    g = _as_graph(g)
    r = _spgraph._closure(g, method=method, reflexive=reflexive, count=count,
                          max_memory=float(max_memory or 0))
    return Closure("Closure", r, g)


def reachable(g, u, v):
    """Is there a path of at least one arc from u to v? `g` is a Graph (answered from its
    condensed closure, built on first use and cached with the graph), a Closure from
    closure(), or a Snapshot. u and v are vertex ids: scalars (a bool) or equal-length lists /
    arrays (a bool array)."""
    if isinstance(g, Closure):
        if g.matrix is None:
            raise InvalidArgument("reachable: this closure was computed with count=True; pass the graph")
        return _spgraph._reachable(g.matrix, u, v, is_closure=True)
    if isinstance(g, Snapshot):
        return g.reachable(u, v)
    return _spgraph._reachable(_as_graph(g), u, v)


def reachable_count(g, u):
    """The number of vertices reachable from vertex id u (paths of >= 1 arc), from the cached
    index; a list / array of ids gives an int64 array."""
    return _spgraph._reachable_count(_as_graph(g), u)


def pagerank(g, damping=0.85, tolerance=1e-4, iterations=100, variant="gap", personalize=None,
             spmv="auto", precision="double", sweep="jacobi", weight=False):
    """PageRank by power iteration (the CLI's `pagerank`, same defaults). Result: rank (float64
    per position), iterations, delta, converged.

    variant: gap (the default, as GAPBS/LAGraph: the rank of sinks leaks, so ranks sum to less
    than 1 on a graph with sinks) | standard (sinks' rank redistributed over the teleport
    vector; ranks sum to 1; equals networkx's pagerank). weight: False (the structure only) |
    True (each vertex spreads its rank over its out-arcs in proportion to the edge weights, as
    nx.pagerank(weight="weight") and igraph's weights=; weights finite and >= 0; a vertex whose
    out-weights sum to 0 is a sink; the CLI's --weighted). personalize: None (uniform
    teleport) | vertices (an id or a list: equal weights) | a dict {vertex: weight} | a float
    numpy array of one weight per position (the CLI's --personalize-weights; weights finite,
    >= 0, not all 0). precision: double | float (scores kept in single precision while
    iterating, as GAPBS). sweep: jacobi (deterministic) | gauss-seidel (GAPBS's pr: fewer
    steps, same fixed point, last digits vary between runs; CSR, unweighted only)."""
    g = _as_graph(g)
    return Result("PageRankResult", _spgraph._pagerank(
        g, damping=damping, tolerance=tolerance, iterations=iterations, variant=variant,
        personalize=personalize, spmv=spmv, precision=precision, sweep=sweep,
        weight=bool(weight)), g)


def sssp(g, source, method="auto", delta=0.0, paths=False):
    """Single-source shortest paths over the graph's weights (unit weights for a pattern) from
    vertex id `source`. Result: distance (by position, float64, inf where unreachable),
    method, delta, rounds, reached; with paths=True also parents (the shortest-path tree, as
    shortest_paths() gives it) and result.path_to(v).
    method: auto | delta | bellman-ford (the only one that accepts negative weights)."""
    if paths:
        return shortest_paths(g, source, method=method, delta=delta)
    g = _as_graph(g)
    return Result("SsspResult", _spgraph._sssp(g, source, method=method, delta=delta), g)


def cc(g, method="auto"):
    """Connected components (weakly connected for a directed graph). Result: labels (by
    position: the id of the vertex at the smallest position of each vertex's component, as the
    CLI writes), components, method, rounds."""
    g = _as_graph(g)
    return Result("CcResult", _spgraph._cc(g, method=method), g)


def _name_order(g):
    """The positions of a remapped graph sorted by the file's names (integers ascending,
    strings by byte order), or None when the positions already follow that order."""
    if not g.remapped:
        return None
    ids = g.ids
    if isinstance(ids, list):
        order = _np.array(sorted(range(len(ids)), key=lambda i: ids[i].encode()),
                          dtype=_np.int64)
    else:
        order = _np.argsort(ids, kind="stable")
    return None if _np.array_equal(order, _np.arange(len(order))) else order


def cdlp(g, iterations=10):
    """Community detection by label propagation as LDBC Graphalytics defines it (the CLI's
    `cdlp`): every vertex starts with its own id; in each of `iterations` synchronous rounds it
    takes its neighbours' most frequent label, the smallest on a tie (on a directed graph in-
    and out-neighbours both count). Result: labels (by position: a label is the id of the
    vertex it started on), communities, largest, iterations (rounds run; fewer only once
    stable), stable. "Smallest" is by the file's ids, as in the CLI: a remapped graph (whose
    positions follow first appearance) is renumbered in the order of its names first
    (integers ascending, strings by byte order), so the labels are Graphalytics' exact ones."""
    g = _as_graph(g)
    order = _name_order(g)
    if order is None:
        return Result("CdlpResult", _spgraph._cdlp(g, iterations=iterations), g)
    a = g.to_scipy()
    sorted_graph = Graph.from_scipy(a[order][:, order], pattern=True, undirected=g.undirected)
    fields = _spgraph._cdlp(sorted_graph, iterations=iterations)
    rank = _np.empty_like(order)
    rank[order] = _np.arange(len(order))
    fields["labels"] = order[fields["labels"][rank]].astype(_np.uint32)
    return Result("CdlpResult", fields, g)


def lcc(g):
    """Local clustering coefficients as LDBC Graphalytics defines them (the CLI's `lcc`): for a
    vertex v with neighbours N(v) (in and out, v excluded), the arcs among N(v) over
    |N(v)|(|N(v)|-1); 0 when |N(v)| < 2. On an undirected graph, networkx's clustering().
    Result: lcc (float64 per vertex), mean."""
    g = _as_graph(g)
    return Result("LccResult", _spgraph._lcc(g), g)


def kcore(g, k=None):
    """k-core decomposition (the CLI's `kcore`): the core number of every vertex, the largest k
    such that the vertex is in the k-core (the largest subgraph whose vertices all have degree
    >= k). A directed graph is taken as undirected (A + A'); self-loops are ignored. Result:
    core (uint32 by position), max_core, levels, self_loops; with `k`, also vertices (the ids
    of the k-core's vertices)."""
    g = _as_graph(g)
    fields = _spgraph._kcore(g)
    if k is not None:
        if k < 0:
            raise InvalidArgument("k must be >= 0")
        fields["vertices"] = _np.flatnonzero(fields["core"] >= k).astype(_np.uint32)
    return Result("KcoreResult", fields, g)


def ktruss(g, k=None):
    """k-truss decomposition (the CLI's `ktruss`): the truss number of every edge, the largest k
    such that the edge is in the k-truss (the largest subgraph whose edges all lie in >= k-2 of
    its triangles); an edge in no triangle has truss 2, as in igraph. The graph is taken as
    undirected, without self-loops. Result: src, dst (ids; each edge once, src at the smaller
    position), truss (uint32 per edge), max_truss, triangles, self_loops; with `k`, only the
    edges of the k-truss. to_dict() gives {(src, dst): truss}."""
    g = _as_graph(g)
    fields = _spgraph._ktruss(g)
    if k is not None:
        if k < 0:
            raise InvalidArgument("k must be >= 0")
        keep = fields["truss"] >= k
        for name in ("src", "dst", "truss"):
            fields[name] = fields[name][keep]
    return KtrussResult("KtrussResult", fields, g)


def communities(g, method="louvain", resolution=1.0, objective="modularity", seed=0,
                iterations=None, randomness=0.01, max_levels=0, weighted=True):
    """Community detection (the CLI's `communities`): method louvain (Blondel et al. 2008),
    leiden (Traag et al. 2019: every community connected; objective modularity or cpm) or cdlp
    (Graphalytics' label propagation, its partition scored like the others). The graph is taken
    as undirected (A + A'); its values are edge weights unless weighted=False (they must be
    finite and >= 0). Deterministic for a given seed (any thread count). iterations: Leiden's
    (default 2, -1 until stable) or CDLP's rounds (default 10). Result: membership (uint32
    community per vertex, 0..communities-1), communities, quality (the objective with the
    resolution), modularity (resolution 1; NaN for a graph without edges), levels,
    iterations, largest, method, objective. Community numbers are not vertices."""
    g = _as_graph(g)
    if iterations is None:
        iterations = 10 if method == "cdlp" else 2
    return Result("CommunityResult", _spgraph._communities(
        g, method=method, objective=objective, resolution=resolution, seed=seed,
        iterations=iterations, randomness=randomness, max_levels=max_levels,
        weighted=weighted), g)


def modularity(g, membership, resolution=1.0, objective="modularity", weighted=True):
    """Newman's modularity with a resolution (or objective="cpm": the constant Potts model's
    quality) of any partition (one community number per position), as communities() scores its own;
    the same value as networkx's community.modularity and igraph's modularity. A directed
    graph is taken as A + A'."""
    g = _as_graph(g)
    return _spgraph._modularity(g, _np.asarray(membership, dtype=_np.uint32), resolution=resolution,
                                objective=objective, weighted=weighted)


def betweenness(g, sources=None, k=None, seed=1, normalized=False, weighted=False,
                method="auto"):
    """Betweenness centrality by Brandes' algorithm (the CLI's `bc`). Result: score (float64 by
    position), sources (ids), scaling, batched. Exact over every vertex unless `sources`
    (vertex ids) or `k` (k distinct sources drawn with `seed` among the vertices with
    out-arcs). Scaling: exact runs match networkx's betweenness_centrality(normalized=...)
    (undirected sums halved when not normalized); with sources, the raw sum over them (GAP,
    LAGraph), or networkx's k-sample scaling n / (k (n-1)(n-2)) when normalized. weighted:
    the graph's values are positive lengths (Dijkstra-based Brandes)."""
    g = _as_graph(g)
    return Result("BetweennessResult", _spgraph._betweenness(
        g, sources=sources, k=k, seed=seed, normalized=normalized, weighted=weighted,
        method=method), g)


def knn(g, vertices=None, k=10, measure="jaccard", neighborhood="out", include_neighbors=False,
        include_self=False):
    """The k best answers per query vertex (the CLI's `knn`); `vertices` is one id or a list /
    array of ids, None meaning every vertex (--all). measure: common | jaccard | cosine |
    overlap | adamic-adar | resource-allocation | hops | distance. Result: queries (ids), ptr,
    ids (the answers' ids), scores: the answers of the i-th query are ids[ptr[i]:ptr[i+1]],
    also .answers(i) -> (ids, scores) with i an index into queries; .to_dict() maps each
    query's id to its (ids, scores)."""
    g = _as_graph(g)
    return KnnResult("KnnResult", _spgraph._knn(g, vertices, k=k, measure=measure,
                                                neighborhood=neighborhood,
                                                include_neighbors=include_neighbors,
                                                include_self=include_self), g)


def knn_features(x, queries=None, k=None, threshold=None, measure="cosine", include_self=False):
    """For each row of `queries` (default x itself, each row's own item excluded unless
    include_self), the k rows of x with the largest dot product or cosine (the CLI's
    `knn --features`). threshold without k keeps every score >= threshold. Rows are numbered
    by position (0..rows-1) on both sides: queries are rows of `queries` (or x), ids rows of
    x; .answers(i) -> (ids, scores) of the i-th query."""
    x = _as_graph(x)
    q = _as_graph(queries) if queries is not None else None
    return KnnResult("KnnResult", _spgraph._knn_features(
        x, q, k=k, threshold=threshold, measure=measure, include_self=include_self))


def scc(g):
    """Strongly connected components (the CLI's `scc`, Tarjan's algorithm). Result: labels
    (per position: the component's representative, its smallest-position vertex, as a file id;
    `.positions` gives them as positions), count (components), largest (vertices in the
    largest). An undirected graph's components are its connected components."""
    g = _as_graph(g)
    fields = _spgraph._scc(g)
    return Result("SccResult", fields, g, vertex_fields=("labels",), per_vertex=("labels",))


# ---- semiring operations ---------------------------------------------------------------------------

def mxm(a, b, semiring="plus_times", mask=None, complement=False, structural=False,
        transpose_a=False, transpose_b=False, dtype=None, method="auto"):
    """C<mask> = A (+).(x) B over a named semiring (spgraph.semirings(): plus_times, min_plus,
    max_plus, max_min, min_max, lor_land, plus_pair, any_pair, any_secondi, min_secondi,
    plus_first, plus_second, min_first, min_second, max_first, max_second), GraphBLAS mask
    semantics: a valued mask writes where its value is true, structural=True where an entry
    is present, complement=True everywhere else. a, b, mask: Graphs or scipy.sparse matrices.
    dtype: bool | int64 | float64 (default: bool for lor_land, float64 when an input is
    floating-point, else int64). Returns a Graph (c.to_scipy() for scipy)."""
    a, b = _as_graph(a), _as_graph(b)
    m = _as_graph(mask) if mask is not None else None
    return _spgraph._mxm(a, b, semiring=semiring, mask=m, complement=complement,
                         structural=structural, transpose_a=transpose_a,
                         transpose_b=transpose_b, dtype=dtype or "", method=method)


def mxv(a, x, semiring="plus_times", mask=None, complement=False, structural=False,
        transpose=False, dtype=None, fill=None, sparse=False, spmv="auto"):
    """w<mask> = A (+).(x) u (A' with transpose=True) over a named semiring. x: a dense numpy
    array (every entry present) or a tuple (indices, values). mask: an array whose true
    positions may be written (complement=True: the others). Returns a dense numpy array with
    `fill` where w has no entry (default: the semiring's additive identity, e.g. 0 for
    plus_times, inf for min_plus), or (indices, values) with sparse=True."""
    a = _as_graph(a)
    if isinstance(x, tuple):
        idx, vals = x
        idx, vals = _np.asarray(idx), _np.asarray(vals)
    else:
        idx, vals = None, _np.asarray(x)
    if mask is not None:
        mask = _np.asarray(mask).astype(bool, copy=False)
    index, values, identity, n = _spgraph._mxv(a, idx, vals, semiring=semiring, mask=mask,
                                               complement=complement, structural=structural,
                                               transpose=transpose, dtype=dtype or "", spmv=spmv)
    if sparse:
        return index.astype(_np.int64), values
    out = _np.full(n, identity if fill is None else fill, dtype=values.dtype)
    out[index] = values
    return out


# ---- streaming ------------------------------------------------------------------------------------

_OPS = {"+": 0, "-": 1, "=": 2, "insert": 0, "erase": 1, "assign": 2}


def _op_codes(op):
    op = _np.asarray(op)
    if op.dtype.kind in "iu":
        return op.astype(_np.uint8)
    if op.dtype.kind in "SU":
        codes = _np.empty(op.shape, dtype=_np.uint8)
        for i, o in enumerate(op.tolist()):
            o = o.decode() if isinstance(o, bytes) else o
            if o not in _OPS:
                raise InvalidArgument("apply: unknown op %r (use + - = or insert/erase/assign)" % o)
            codes[i] = _OPS[o]
        return codes
    raise InvalidArgument("apply: op must be integers (0 insert, 1 erase, 2 assign) or '+','-','='")


class DynamicGraph(_spgraph._DynamicGraph):
    """A graph that takes batches of edge updates while other threads query snapshots.

    DynamicGraph(n_or_graph, directed=None, weighted=False, duplicates="ignore", grow=True,
    triangles=False): n isolated vertices, or the arcs of a spgraph.Graph (directed defaults
    to the graph's own kind; undirected for an int). Each insert / erase / assign / apply call
    is one batch and publishes a new snapshot; an update naming a vertex past the graph grows
    it (grow=False: rejected). duplicates: ignore | combine (weights summed) | keep (directed).
    triangles=True maintains the triangle count (undirected graphs).

    Vertices go by ids, as everywhere in spgraph: DynamicGraph(n) numbers them 0..n-1; one
    built from a Graph uses that graph's ids (a 1-based file's vertex 1 is position 0, and id
    40 names position 39, growing the graph to it; a remapped graph's names are looked up, and
    a new name gets the next position: the id map is copied and grown, which costs O(n) per
    batch that brings new names). add_vertices(k) appends unnamed vertices, so it is refused
    on a remapped graph. Updates take scalars, lists or numpy arrays of ids; each call returns
    the batch's summary (a dict: version, inserted, erased, ignored, missing, ...).
    snapshot() returns a Snapshot that any thread may query (bfs, degree, has_edge,
    neighbors, reachable, pagerank, ...) by id while the writer goes on; the GIL is released
    in both. A Snapshot has ids, index() and names_of() as a Graph does; its results use ids.

    maintain(kind, vertex=None, k=10, measure="jaccard") keeps an answer up to date after every
    batch at a cost that follows the change: "cc", "pagerank", "bfs" or "sssp" (vertex: the
    source's id) or "knn" (vertex, k, measure). It returns the view's name (pass it back as
    given: it numbers the vertex by position); snapshot().view(name) reads it as a dict
    (arrays by position, vertex-valued entries in ids), and snapshot().cc(), pagerank(),
    bfs(s) and sssp(s) with default arguments answer from it, as Results in ids. unmaintain(name) stops it;
    view_stats() says what the writer measured.
    """

    def apply(self, batch, src=None, dst=None, w=None):
        """Applies a mixed batch in order: a structured array with fields op, src, dst (and w),
        or apply(op, src, dst[, w]) / apply((op, src, dst[, w])). op: '+', '-', '=' (or
        insert / erase / assign, or 0 / 1 / 2)."""
        if src is None:
            if isinstance(batch, _np.ndarray) and batch.dtype.names:
                names = batch.dtype.names
                w = batch["w"] if "w" in names else None
                op, src, dst = batch["op"], batch["src"], batch["dst"]
            else:
                parts = tuple(batch)
                if len(parts) not in (3, 4):
                    raise InvalidArgument("apply: give (op, src, dst) or (op, src, dst, w)")
                op, src, dst = parts[:3]
                w = parts[3] if len(parts) == 4 else None
        else:
            op = batch
        return self._apply(_op_codes(op), _np.asarray(src), _np.asarray(dst),
                           None if w is None else _np.asarray(w, dtype=_np.float64))

    @property
    def n(self):
        return self.snapshot().n

    def __repr__(self):
        s = self.snapshot()
        return "spgraph.DynamicGraph(n=%d, edges=%d, version=%d%s)" % (
            s.n, s.num_edges, s.version, ", directed" if s.directed else "")


def _snapshot_wrap(name, kind):
    raw = getattr(Snapshot, name)

    def method(self, *args, **kwargs):
        return Result(kind, raw(self, *args, **kwargs), self)

    method.__doc__ = raw.__doc__
    method.__name__ = name
    return method


_raw_view = Snapshot.view
_VIEW_VERTEX_FIELDS = ("labels", "ids", "vertex", "source", "top")


def _snapshot_view(self, name):
    """The maintained view `name` (as maintain() returned it: 'cc', 'pagerank', 'bfs:S',
    'sssp:S', 'knn:V', ...) as of this snapshot, as a dict; None when the graph does not keep
    it. Per-vertex arrays are indexed by position; vertex-valued entries (labels, ids, vertex,
    source, top) are the graph's ids."""
    d = _raw_view(self, name)
    if d is not None:
        for key in _VIEW_VERTEX_FIELDS:
            if d.get(key) is not None:
                d[key] = self.names_of(d[key])
    return d


Snapshot.view = _snapshot_view
for _name, _kind in (("bfs", "BfsResult"), ("pagerank", "PageRankResult"),
                     ("sssp", "SsspResult"), ("cc", "CcResult")):
    setattr(Snapshot, _name, _snapshot_wrap(_name, _kind))
del _name, _kind
