# SPDX-License-Identifier: Apache-2.0
"""Graphs in and out of the places data lives: scipy.sparse, plain arrays of edges, pandas edge
lists and networkx graphs, with the vertex names kept (attached to spgraph.Graph by
`attach`).

Every graph built here follows spgraph.load's rules: repeated arcs keep the first value given
(duplicates="reject" refuses them), and undirected=True stores each edge in both directions (a
self-loop once; an arc given both ways keeps its own value), so a one-way input becomes an
undirected graph rather than a claim about it. Names (integers or strings) are numbered in C++
(python/src/graph_build.cpp) through the engine's id map; networkx graphs are read by walking
their adjacency dicts with numpy.fromiter, never edge by edge in Python.
"""

from __future__ import annotations

import itertools as _it
import operator as _op
from typing import TYPE_CHECKING

import numpy as _np

from . import _spgraph
from ._spgraph import Graph, InvalidArgument

if TYPE_CHECKING:  # imported when used: neither is needed to import spgraph
    import networkx
    import pandas

_DTYPES = {
    _np.dtype(_np.bool_): "bool",
    _np.dtype(_np.int32): "int32",
    _np.dtype(_np.int64): "int64",
    _np.dtype(_np.float32): "float32",
    _np.dtype(_np.float64): "float64",
}


def _value_dtype(data, what):
    """(array, engine dtype name) for values: bool, int32, int64, float32 and float64 kept, other
    integers as int64, other floats as float64."""
    data = _np.asarray(data)
    name = _DTYPES.get(data.dtype)
    if name is not None:
        return data, name
    if data.dtype.kind in "iu":
        return data.astype(_np.int64), "int64"
    if data.dtype.kind == "f":
        return data.astype(_np.float64), "float64"
    raise TypeError("%s: unsupported dtype %s (use numbers)" % (what, data.dtype))


# ---- scipy.sparse ------------------------------------------------------------------------------

def _from_scipy(matrix, pattern: bool = False, undirected: bool = False) -> Graph:
    """Builds a Graph from a scipy.sparse matrix or array (any format; CSR is read directly).

    Copies: the engine owns its arrays (C++ vectors), so the CSR arrays are copied once into
    them -- indptr widened to 64 bits, indices narrowed to 32 bits, data in its own dtype (bool,
    int32, int64, float32, float64; other integer types become int64, other floats float64).
    Before that, a matrix that is not CSR is converted (.tocsr()), and one whose rows are
    unsorted or hold duplicates is canonicalized on a copy (sum_duplicates), as the engine
    needs sorted unique columns. With pattern=True the values are dropped (structure only).

    undirected=True makes the graph undirected as spgraph.load(undirected=True) does: every
    entry (i, j) is also stored as (j, i) (A + A', where both are present each keeps its own
    value), so a matrix holding each edge once (one triangle) gives the whole graph. A
    symmetric matrix is unchanged. The matrix must be square.
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
        g = Graph._from_csr(nrows, ncols, csr.indptr, csr.indices, None, "pattern", False)
    else:
        data, name = _value_dtype(csr.data, "from_scipy")
        g = Graph._from_csr(nrows, ncols, csr.indptr, csr.indices, data, name, False)
    return _spgraph._symmetrized(g) if undirected else g


def _to_scipy(self, pattern_dtype=_np.bool_, matrix: bool = False):
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


# ---- arrays of edges ---------------------------------------------------------------------------

def _is_int_type(t):
    return issubclass(t, (int, _np.integer)) and not issubclass(t, (bool, _np.bool_))


def _names(x, what):
    """A column of vertex names as ("int", numpy integer array) or ("str", list of str)."""
    a = x if isinstance(x, _np.ndarray) else _np.asarray(x if not isinstance(x, range)
                                                         else _np.arange(x.start, x.stop, x.step))
    if a.ndim != 1:
        raise InvalidArgument("%s must be one-dimensional, got shape %s" % (what, a.shape))
    kind = a.dtype.kind
    if kind in "iu":
        return "int", a
    if a.size == 0:
        return "int", _np.zeros(0, dtype=_np.int64)
    if kind in "US":
        return "str", a.tolist()
    if kind == "O":
        items = a.tolist()
        types = set(map(type, items))
        if all(issubclass(t, (str, bytes)) for t in types):
            return "str", items
        if all(_is_int_type(t) for t in types):
            try:
                return "int", _np.array(items, dtype=_np.int64)
            except OverflowError:
                return "int", _np.array(items, dtype=_np.uint64)
        if all(issubclass(t, str) or _is_int_type(t) for t in types):
            return "str", [str(v) for v in items]
        raise TypeError("%s: vertex names must be integers or strings, got %s" % (
            what, ", ".join(sorted(t.__name__ for t in types))))
    raise TypeError("%s: vertex names must be integers or strings, got dtype %s" % (what, a.dtype))


def _as_str(kind_and_names):
    kind, names = kind_and_names
    return names if kind == "str" else names.astype(str).tolist()


#: Integer ids numbered by position up to this many vertices are always accepted; past it, only
#: when they fill at least 1/_SPARSE_IDS_FILL of the id space (n = the largest id + 1).
_SPARSE_IDS_FLOOR = 1 << 24
_SPARSE_IDS_FILL = 16


def _refuse_sparse_id_space(src, dst):
    """Integer names taken as positions make n = the largest + 1: a few edges between ids near
    10^9 would silently allocate a graph of 10^9 vertices. Refuse that with the way out."""
    top = max(int(src.max()), int(dst.max())) + 1
    if top > 1 << 32:
        return  # past any graph's size: the engine's own limit error says so
    if top > _SPARSE_IDS_FLOOR and top > _SPARSE_IDS_FILL * 2 * src.size:
        raise InvalidArgument(
            "the largest vertex id is %d, but there %s: numbered by position the graph would "
            "have %d vertices; pass remap_ids=True to number the ids you give (or n= to ask for "
            "that size)" % (top - 1, "is only 1 edge" if src.size == 1
                            else "are only %d edges" % src.size, top))


def _from_edges(src, dst, weights=None, ids=None, undirected: bool = False, n: int | None = None,
                remap_ids: bool = False, duplicates: str = "combine") -> Graph:
    """A graph from arrays of edges, src[k] -> dst[k], with their vertex names.

    src, dst: sequences or numpy arrays of integers or strings (a column holding both is read as
    strings). ids: optionally every vertex name, in the order that fixes the positions (names
    on no edge become isolated vertices; an endpoint not in ids is an error). Without ids,
    string names are numbered in order of first appearance (src[0], dst[0], src[1], ...);
    integers name themselves (vertex v is position v, 0..n-1, n defaulting to the largest id +
    1), or, with remap_ids=True, are numbered like strings and kept as the graph's ids.
    weights: one number per edge (dtype kept: bool, int32, int64, float32, float64), or None
    for a pattern graph. duplicates: combine (a repeated arc keeps its first weight, as
    spgraph.load does) or reject. undirected=True stores each edge both ways (see the module
    docstring). Returns a Graph whose ids are the names (integer ids that are exactly 0..n-1 in
    order give the plain numbering by position, id_kind "offset").
    """
    s, d = _names(src, "src"), _names(dst, "dst")
    fixed = _names(ids, "ids") if ids is not None else None
    if n is not None and (remap_ids or s[0] == "str" or d[0] == "str" or
                          (fixed is not None and fixed[0] == "str")):
        raise InvalidArgument("n applies to integer ids numbered by position; with names, "
                              "give ids= to add isolated vertices")
    if (s[0] == d[0] == "int" and fixed is None and n is None and not remap_ids
            and s[1].size):
        _refuse_sparse_id_space(s[1], d[1])
    if "str" in (s[0], d[0]) or (fixed is not None and fixed[0] == "str"):
        s, d = ("str", _as_str(s)), ("str", _as_str(d))
        fixed = ("str", _as_str(fixed)) if fixed is not None else None
    if weights is None:
        w, dtype = None, "pattern"
    else:
        w, dtype = _value_dtype(weights, "weights")
    return _spgraph._from_edges(s[1], d[1], w, dtype, ids=None if fixed is None else fixed[1],
                                n=n, undirected=undirected, remap_ids=remap_ids,
                                duplicates=duplicates)


# ---- pandas ------------------------------------------------------------------------------------

def _from_pandas(df, source="source", target="target", weight=None, undirected: bool = False,
                 ids=None, duplicates: str = "combine", remap_ids: bool = False) -> Graph:
    """A graph from a pandas edge list: one row per edge, the names in columns `source` and
    `target` (integers or strings), the weights in column `weight` (None: a pattern graph).
    The defaults are networkx's from_pandas_edgelist's. Otherwise as Graph.from_edges
    (remap_ids=True: integer names numbered in order of appearance and kept as ids)."""
    cols = [source, target] + ([weight] if weight is not None else [])
    missing = [c for c in cols if c not in df.columns]
    if missing:
        raise InvalidArgument("from_pandas: no column %s (columns: %s)" % (
            ", ".join(map(repr, missing)), ", ".join(map(repr, df.columns))))
    w = df[weight].to_numpy() if weight is not None else None
    return _from_edges(df[source].to_numpy(), df[target].to_numpy(), weights=w, ids=ids,
                       undirected=undirected, duplicates=duplicates, remap_ids=remap_ids)


def _to_pandas(self, source="source", target="target", weight="weight") -> pandas.DataFrame:
    """The edge list as a pandas DataFrame: columns `source` and `target` (the file's ids) and,
    when the graph has values, `weight` (None leaves it out). One row per stored arc in CSR
    order, so an undirected graph lists each edge twice (once each way), and
    Graph.from_pandas(g.to_pandas(), weight="weight", ids=g.ids, undirected=g.undirected) == g
    (ids= keeps the order of the vertices and those on no edge)."""
    import pandas as pd

    edges = self.edges(data=True)
    cols = {source: edges[0], target: edges[1]}
    if weight is not None and self.dtype != "pattern":
        cols[weight] = edges[2]
    return pd.DataFrame(cols)


# ---- networkx ------------------------------------------------------------------------------------

def _label_columns(adj, nodes, labels, m):
    """(ids, neighbours) for _from_adjacency (m arcs): int64 arrays for integer labels, lists of
    str for strings (or for anything with labels="str")."""
    types = set(map(type, nodes))
    if all(_is_int_type(t) for t in types):
        try:
            ids = _np.fromiter(nodes, dtype=_np.int64, count=len(nodes))
            if len(ids) == 0 or ids.min() >= 0:
                nbrs = _np.fromiter(_it.chain.from_iterable(adj.values()), dtype=_np.int64,
                                    count=m)
                return ids, nbrs
        except OverflowError:
            pass
        if labels != "str":
            raise TypeError("from_networkx: integer node labels must lie in [0, 2^63); "
                            "pass labels='str' to use their text")
    elif all(issubclass(t, str) for t in types):
        return list(nodes), list(_it.chain.from_iterable(adj.values()))
    elif labels != "str":
        raise TypeError(
            "from_networkx: node labels must be all integers or all strings, got %s; pass "
            "labels='str' to name each vertex by str(label), or relabel first "
            "(networkx.convert_node_labels_to_integers)" %
            ", ".join(sorted(t.__name__ for t in types)))
    return list(map(str, nodes)), list(map(str, _it.chain.from_iterable(adj.values())))


def _edge_weights(adj, weight, m, multigraph, plain_dicts):
    """The weights of the arcs in adjacency order (missing attributes count 1, as
    networkx.to_scipy_sparse_array counts them; a multigraph's parallel edges are summed), or
    None when no edge carries the attribute. One pass over the attribute dicts (reading them is
    most of the cost: one cache miss or more each), with dict.get unbound when they are dicts."""
    if weight is None or m == 0:
        return None
    attrs = _it.chain.from_iterable(map(_op.methodcaller("values"), adj.values()))
    if multigraph:
        keyed = list(attrs)
        if not any(weight in d for kd in keyed for d in kd.values()):
            return None
        vals = _np.fromiter((sum(d.get(weight, 1) for d in kd.values()) for kd in keyed),
                            dtype=object, count=m)
    else:
        get = dict.get if plain_dicts else (lambda d, key: d.get(key))
        vals = _np.fromiter(map(get, attrs, _it.repeat(weight)), dtype=object, count=m)
        missing = _np.equal(vals, None)
        if missing.all():
            return None
        vals[missing] = 1.0
    try:
        return vals.astype(_np.float64)
    except (TypeError, ValueError) as e:
        raise TypeError("from_networkx: edge attribute %r must be a number (%s)" % (weight, e))


def _from_networkx(G, weight: str | None = "weight", labels: str = "strict") -> Graph:
    """A graph from a networkx Graph, DiGraph, MultiGraph or MultiDiGraph, read straight from its
    adjacency dicts (no scipy detour). Vertices keep G's node order and labels: integer labels
    become integer ids (0..n-1 in order: the plain numbering by position), strings string ids;
    other labels (tuples, mixed types) are an error
    unless labels="str", which names each vertex by str(label). An undirected G gives an
    undirected graph (both arcs stored, as networkx stores them). weight: the edge attribute
    to keep as float64 values (edges without it weigh 1, a multigraph's parallel edges are
    summed, as in networkx.to_scipy_sparse_array); a pattern graph when weight=None or no
    edge has the attribute. Node and graph attributes are not kept."""
    if labels not in ("strict", "str"):
        raise InvalidArgument("labels must be 'strict' or 'str', got %r" % (labels,))
    if not (hasattr(G, "_adj") and hasattr(G, "is_directed") and hasattr(G, "is_multigraph")):
        raise TypeError("from_networkx expects a networkx graph, got %r" % type(G))
    adj = G._succ if G.is_directed() else G._adj
    nodes = list(adj)
    degrees = _np.fromiter(map(len, adj.values()), dtype=_np.int64, count=len(nodes))
    m = int(degrees.sum())
    ids, nbrs = _label_columns(adj, nodes, labels, m)
    w = _edge_weights(adj, weight, m, G.is_multigraph(),
                      getattr(G, "edge_attr_dict_factory", None) is dict)
    return _spgraph._from_adjacency(ids, degrees, nbrs, w, "pattern" if w is None else "float64",
                                    undirected=not G.is_directed())


def _to_networkx(self, weight: str | None = "weight") -> networkx.Graph:
    """The graph as a networkx DiGraph (Graph when undirected; each edge once), nodes in
    position order named by the file's ids, the values (if any) as edge attribute `weight`
    (None leaves them out). The matrix must be square."""
    import networkx as nx

    if self.nrows != self.ncols:
        raise InvalidArgument("to_networkx: a graph needs a square matrix, not %d x %d" %
                              self.shape)
    out = nx.Graph() if self.undirected else nx.DiGraph()
    ids = self.ids
    names = _np.array(ids, dtype=object) if isinstance(ids, list) else ids
    out.add_nodes_from(names.tolist())
    rows = _spgraph._graph_arc_rows(self)
    _, cols, vals = self._csr_views()
    if self.undirected:
        keep = rows <= cols
        rows, cols = rows[keep], cols[keep]
        vals = vals[keep] if vals is not None else None
    src, dst = names[rows].tolist(), names[cols].tolist()
    if vals is None or weight is None:
        out.add_edges_from(zip(src, dst))
    else:
        out.add_weighted_edges_from(zip(src, dst, vals.tolist()), weight=weight)
    return out


def attach():
    """Puts the conversions on spgraph.Graph."""
    Graph.from_scipy = staticmethod(_from_scipy)
    Graph.to_scipy = _to_scipy
    Graph.from_edges = staticmethod(_from_edges)
    Graph.from_pandas = staticmethod(_from_pandas)
    Graph.to_pandas = _to_pandas
    Graph.from_networkx = staticmethod(_from_networkx)
    Graph.to_networkx = _to_networkx
