# SPDX-License-Identifier: Apache-2.0
"""spgraph: graph analytics on sparse linear algebra, from Python.

The C++ engine (the `_spgraph` extension) does the work; this package gives it a Python face
with the same names and options as the `spgraph` command line (docs/cli.md):

    import spgraph
    g = spgraph.load("graph.mtx")                  # or Graph.from_scipy(csr)
    r = spgraph.bfs(g, 0)                          # r.levels, r.parents (numpy)
    spgraph.triangles(g)                           # an int
    spgraph.closure(g, count=True).pairs
    spgraph.reachable(g, 0, 5)
    c = spgraph.mxm(g, g, semiring="min_plus")     # a Graph; c.to_scipy()

Vertex arguments are dense 0-based ids (numpy positions), except on a graph loaded with
remap_ids=True, where they are the file's own names (ints or strings); `g.ids` lists every
vertex's name in dense order and `g.index(name)` / `g.name(i)` translate one.

Every kernel releases the GIL. Errors are spgraph.Error subclasses that are also the built-in
exception a caller would expect: ParseError (a ValueError, with .file and .line), IoError (an
OSError), InvalidArgument and DimensionMismatch (ValueError), IndexOutOfBounds (IndexError),
OutOfMemory (MemoryError).
"""

from __future__ import annotations

import numpy as _np

from . import _spgraph
from ._spgraph import (  # noqa: F401  (re-exported)
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
    "Graph", "DynamicGraph", "Snapshot", "Result", "load", "bfs", "triangles", "tc", "closure",
    "reachable", "reachable_count", "pagerank", "sssp", "cc", "betweenness", "cdlp", "lcc", "kcore", "ktruss", "communities", "modularity", "knn", "knn_features", "mxm", "mxv",
    "semirings", "Error", "ParseError", "IoError", "InvalidArgument", "DimensionMismatch",
    "IndexOutOfBounds", "OutOfMemory",
]
__all__ += ["scc", "path_to", "shortest_paths"]  # strongly connected components, paths


class Result:
    """The result of an algorithm: its fields as attributes (numpy arrays and scalars)."""

    def __init__(self, kind, fields, graph=None):
        self._kind = kind
        self._graph = graph
        self.__dict__.update(fields)

    def keys(self):
        return [k for k in self.__dict__ if not k.startswith("_")]

    def __getitem__(self, key):
        return getattr(self, key)

    def __repr__(self):
        parts = []
        for k in self.keys():
            v = getattr(self, k)
            if isinstance(v, _np.ndarray):
                v = "array(%s, len=%d)" % (v.dtype, len(v))
            parts.append("%s=%r" % (k, v) if not isinstance(v, str) else "%s=%s" % (k, v))
        return "%s(%s)" % (self._kind, ", ".join(parts))


# ---- Graph: scipy interop ------------------------------------------------------------------------

_DTYPES = {
    _np.dtype(_np.bool_): "bool",
    _np.dtype(_np.int32): "int32",
    _np.dtype(_np.int64): "int64",
    _np.dtype(_np.float32): "float32",
    _np.dtype(_np.float64): "float64",
}


def _from_scipy(matrix, pattern=False, undirected=False):
    """Builds a Graph from a scipy.sparse matrix or array (any format; CSR is read directly).

    Copies: the engine owns its arrays (C++ vectors), so the CSR arrays are copied once into
    them -- indptr widened to 64 bits, indices narrowed to 32 bits, data in its own dtype (bool,
    int32, int64, float32, float64; other integer types become int64, other floats float64).
    Before that, a matrix that is not CSR is converted (.tocsr()), and one whose rows are
    unsorted or hold duplicates is canonicalized on a copy (sum_duplicates), as the engine
    needs sorted unique columns. With pattern=True the values are dropped (structure only).
    `undirected=True` tells the algorithms the matrix is symmetric (skips building A').
    """
    import scipy.sparse as sp

    if not sp.issparse(matrix):
        raise TypeError("from_scipy expects a scipy.sparse matrix or array, got %r" % type(matrix))
    csr = matrix.tocsr()
    if not csr.has_canonical_format:
        csr = csr.copy()
        csr.sum_duplicates()
    nrows, ncols = csr.shape
    if pattern:
        return Graph._from_csr(nrows, ncols, csr.indptr, csr.indices, None, "pattern", undirected)
    data = _np.asarray(csr.data)
    name = _DTYPES.get(data.dtype)
    if name is None:
        if data.dtype.kind in "iu":
            data, name = data.astype(_np.int64), "int64"
        elif data.dtype.kind == "f":
            data, name = data.astype(_np.float64), "float64"
        else:
            raise TypeError("from_scipy: unsupported dtype %s" % data.dtype)
    return Graph._from_csr(nrows, ncols, csr.indptr, csr.indices, data, name, undirected)


def _to_scipy(self, pattern_dtype=_np.bool_, matrix=False):
    """The graph as a scipy.sparse CSR array (csr_matrix with matrix=True), without copying.

    `indices` and `data` are read-only numpy views of the engine's own arrays: they keep the
    C++ storage alive (through a capsule holding the matrix) after the Graph is gone. scipy's
    index type is 32-bit while nnz < 2^31, so it converts only `indptr` (n+1 offsets, 64-bit in
    the engine); above that it widens `indices` too. A pattern graph has no values: `data` is
    then a new array of ones of `pattern_dtype` (bool by default).
    """
    import scipy.sparse as sp

    indptr, indices, data = self._csr_views()
    if data is None:
        data = _np.ones(len(indices), dtype=pattern_dtype)
    cls = sp.csr_matrix if matrix else sp.csr_array
    out = cls((data, indices, indptr), shape=self.shape, copy=False)
    out.has_sorted_indices = True
    out.has_canonical_format = True
    return out


def _names_of(self, dense):
    """The file's names of an array of dense ids (-1, unreachable, stays -1 unless remapped to str)."""
    ids = self.ids
    dense = _np.asarray(dense)
    if isinstance(ids, list):
        return [ids[i] if i >= 0 else None for i in dense.tolist()]
    out = ids[_np.clip(dense, 0, None)] if len(ids) else dense.copy()
    if dense.dtype.kind == "i":
        out = _np.where(dense < 0, -1, out.astype(_np.int64))
    return out


def _graph_repr(self):
    return "spgraph.Graph(n=%d, nnz=%d, dtype=%s%s%s)" % (
        self.n, self.nnz, self.dtype, ", undirected" if self.undirected else "",
        ", ids=%s" % self.id_kind if self.remapped else "")


Graph.from_scipy = staticmethod(_from_scipy)
Graph.to_scipy = _to_scipy
Graph.names_of = _names_of
Graph.__repr__ = _graph_repr


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
    remap_ids: map any token (integers, strings such as GO:0048308) to dense ids; g.ids keeps
    the originals and vertex arguments then use them.   undirected: store both arcs.
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
    """Breadth-first search (the CLI's `bfs`). `source` is one vertex or a list / array of them
    (one Result each, one workspace reused). Result: levels (int64, -1 unreachable), parents
    (int64 dense ids, parent[source] = source, -1 unreachable; only with parents=True), reached,
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


class Closure(Result):
    """The transitive closure: pairs, method, iterations, components, largest_component,
    estimated_pairs, and matrix (a pattern Graph of the pairs; None with count=True)."""


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
    closure(), or a Snapshot. u and v may be scalars (a bool) or equal-length arrays (a bool
    array)."""
    if isinstance(g, Closure):
        if g.matrix is None:
            raise InvalidArgument("reachable: this closure was computed with count=True; pass the graph")
        return _spgraph._reachable(g.matrix, u, v, is_closure=True)
    if isinstance(g, Snapshot):
        return g.reachable(u, v)
    return _spgraph._reachable(_as_graph(g), u, v)


def reachable_count(g, u):
    """The number of vertices reachable from u (paths of >= 1 arc), from the cached index."""
    return _spgraph._reachable_count(_as_graph(g), u)


def pagerank(g, damping=0.85, tolerance=1e-4, iterations=100, variant="gap", personalize=None,
             spmv="auto", precision="double", sweep="jacobi"):
    """PageRank by power iteration (the CLI's `pagerank`). Result: rank (float64), iterations,
    delta, converged. variant: gap (sinks leak, GAP/LAGraph) | standard (ranks sum to 1).
    precision: double | float (scores kept in single precision while iterating, as GAPBS).
    sweep: jacobi (deterministic) | gauss-seidel (GAPBS's pr: fewer steps, same fixed point,
    last digits vary between runs; CSR only)."""
    g = _as_graph(g)
    return Result("PageRankResult", _spgraph._pagerank(
        g, damping=damping, tolerance=tolerance, iterations=iterations, variant=variant,
        personalize=personalize, spmv=spmv, precision=precision, sweep=sweep), g)


def sssp(g, source, method="auto", delta=0.0):
    """Single-source shortest paths over the graph's weights (unit weights for a pattern).
    Result: distance (float64, inf where unreachable), method, delta, rounds, reached.
    method: auto | delta | bellman-ford (the only one that accepts negative weights)."""
    g = _as_graph(g)
    return Result("SsspResult", _spgraph._sssp(g, source, method=method, delta=delta), g)


def cc(g, method="auto"):
    """Connected components (weakly connected for a directed graph). Result: labels (uint32,
    the smallest dense id of each vertex's component), components, method, rounds."""
    g = _as_graph(g)
    return Result("CcResult", _spgraph._cc(g, method=method), g)


def cdlp(g, iterations=10):
    """Community detection by label propagation as LDBC Graphalytics defines it (the CLI's
    `cdlp`): every vertex starts with its own id; in each of `iterations` synchronous rounds it
    takes its neighbours' most frequent label, the smallest on a tie (on a directed graph in-
    and out-neighbours both count). Result: labels (uint32 dense ids: a label is the id of the
    vertex it started on), communities, largest, iterations (rounds run; fewer only once
    stable), stable."""
    g = _as_graph(g)
    return Result("CdlpResult", _spgraph._cdlp(g, iterations=iterations), g)


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
    core (uint32 per vertex), max_core, levels, self_loops; with `k`, also vertices (the dense
    ids of the k-core's vertices)."""
    g = _as_graph(g)
    r = Result("KcoreResult", _spgraph._kcore(g), g)
    if k is not None:
        if k < 0:
            raise InvalidArgument("k must be >= 0")
        r.vertices = _np.flatnonzero(r.core >= k).astype(_np.uint32)
    return r


def ktruss(g, k=None):
    """k-truss decomposition (the CLI's `ktruss`): the truss number of every edge, the largest k
    such that the edge is in the k-truss (the largest subgraph whose edges all lie in >= k-2 of
    its triangles); an edge in no triangle has truss 2, as in igraph. The graph is taken as
    undirected, without self-loops. Result: src, dst (uint32, each edge once with src < dst),
    truss (uint32 per edge), max_truss, triangles, self_loops; with `k`, only the edges of the
    k-truss."""
    g = _as_graph(g)
    r = Result("KtrussResult", _spgraph._ktruss(g), g)
    if k is not None:
        if k < 0:
            raise InvalidArgument("k must be >= 0")
        keep = r.truss >= k
        r.src, r.dst, r.truss = r.src[keep], r.dst[keep], r.truss[keep]
    return r


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
    iterations, largest, method, objective."""
    g = _as_graph(g)
    if iterations is None:
        iterations = 10 if method == "cdlp" else 2
    return Result("CommunityResult", _spgraph._communities(
        g, method=method, objective=objective, resolution=resolution, seed=seed,
        iterations=iterations, randomness=randomness, max_levels=max_levels,
        weighted=weighted), g)


def modularity(g, membership, resolution=1.0, objective="modularity", weighted=True):
    """Newman's modularity with a resolution (or objective="cpm": the constant Potts model's
    quality) of any partition (one community id per vertex), as communities() scores its own;
    the same value as networkx's community.modularity and igraph's modularity. A directed
    graph is taken as A + A'."""
    g = _as_graph(g)
    return _spgraph._modularity(g, _np.asarray(membership, dtype=_np.uint32), resolution=resolution,
                                objective=objective, weighted=weighted)


def betweenness(g, sources=None, k=None, seed=1, normalized=False, weighted=False,
                method="auto"):
    """Betweenness centrality by Brandes' algorithm (the CLI's `bc`). Result: score (float64),
    sources (uint32 dense ids), scaling, batched. Exact over every vertex unless `sources`
    (vertex ids or names) or `k` (k distinct sources drawn with `seed` among the vertices with
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
    """The k best answers per query vertex (the CLI's `knn`); vertices=None means every vertex
    (--all). measure: common | jaccard | cosine | overlap | adamic-adar | resource-allocation
    | hops | distance. Result: queries, ptr, ids, scores (answers of query q are
    ids[ptr[q]:ptr[q+1]]), and .answers(q) -> (ids, scores)."""
    g = _as_graph(g)
    r = Result("KnnResult", _spgraph._knn(g, vertices, k=k, measure=measure,
                                          neighborhood=neighborhood,
                                          include_neighbors=include_neighbors,
                                          include_self=include_self), g)
    r.answers = lambda q: (r.ids[r.ptr[q]:r.ptr[q + 1]], r.scores[r.ptr[q]:r.ptr[q + 1]])
    return r


def knn_features(x, queries=None, k=None, threshold=None, measure="cosine", include_self=False):
    """For each row of `queries` (default x itself, each row's own item excluded unless
    include_self), the k rows of x with the largest dot product or cosine (the CLI's
    `knn --features`). threshold without k keeps every score >= threshold."""
    x = _as_graph(x)
    q = _as_graph(queries) if queries is not None else None
    r = Result("KnnResult", _spgraph._knn_features(x, q, k=k, threshold=threshold,
                                                   measure=measure, include_self=include_self), x)
    r.answers = lambda i: (r.ids[r.ptr[i]:r.ptr[i + 1]], r.scores[r.ptr[i]:r.ptr[i + 1]])
    return r


def scc(g):
    """Strongly connected components (the CLI's `scc`, Tarjan's algorithm). Result: labels
    (per position: the component's representative, its smallest-position vertex, as a file id;
    `.positions` gives them as positions), count (components), largest (vertices in the
    largest). An undirected graph's components are its connected components."""
    g = _as_graph(g)
    fields = _spgraph._scc(g)
    try:
        return Result("SccResult", fields, g, vertex_fields=("labels",), per_vertex=("labels",))
    except TypeError:  # a Result without vertex-valued fields (before slice py-ids): ids here
        fields["labels"] = g.names_of(fields["labels"].astype(_np.int64))
        return Result("SccResult", fields, g)


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
    is one batch and publishes a new snapshot; an update naming vertex >= n grows the graph
    (grow=False: rejected). duplicates: ignore | combine (weights summed) | keep (directed).
    triangles=True maintains the triangle count (undirected graphs).

    Updates take numpy arrays (or scalars) of dense vertex ids; each call returns the batch's
    summary (a dict: version, inserted, erased, ignored, missing, ...). snapshot() returns a
    Snapshot that any thread may query (bfs, degree, has_edge, reachable, pagerank, ...) while
    the writer goes on; the GIL is released in both.

    maintain(kind, vertex=None, k=10, measure="jaccard") keeps an answer up to date after every
    batch at a cost that follows the change: "cc", "pagerank", "bfs" or "sssp" (vertex: the
    source) or "knn" (vertex, k, measure). It returns the view's name; snapshot().view(name)
    reads it, and snapshot().cc(), pagerank(), bfs(s) and sssp(s) with default arguments answer
    from it. unmaintain(name) stops it; view_stats() says what the writer measured.
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
        return Result(kind, raw(self, *args, **kwargs))

    method.__doc__ = raw.__doc__
    method.__name__ = name
    return method


for _name, _kind in (("bfs", "BfsResult"), ("pagerank", "PageRankResult"),
                     ("sssp", "SsspResult"), ("cc", "CcResult")):
    setattr(Snapshot, _name, _snapshot_wrap(_name, _kind))
del _name, _kind
