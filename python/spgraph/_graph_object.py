# SPDX-License-Identifier: Apache-2.0
"""spgraph.Graph as a Python object (attached by `attach`): a container of its vertex ids
(len, iteration, `in`), neighbours, edge tests, edges and degrees, saving, pickling and
equality.

Vertex arguments and vertex-valued results are the file's ids, as everywhere in spgraph: an
integer file's integers (a 1-based .mtx: vertex 1 is position 0), a remapped file's names
(ints or strings), positions 0..n-1 for a graph built in memory without names. Lookups go
through the one lookup of vertex arguments (Graph.index, C++ vertex_arg); per-vertex arrays
(degree()) are indexed by position.

Pickling goes through the spgraph binary format (the arrays, the index base and the id map,
with a CRC), so graphs travel to multiprocessing and joblib workers with their ids; the state
also keeps `undirected` and `path`. The arrays are immutable, so copy() and deepcopy() return
the graph itself.
"""

from __future__ import annotations

import os
from typing import Iterator

import numpy as _np

from . import _spgraph
from ._spgraph import Graph


def _restore_graph(data, undirected, path):
    """Rebuilds a pickled Graph (the target of Graph.__reduce__)."""
    return _spgraph._graph_from_bytes(data, undirected, path)


def _len(self) -> int:
    """The number of vertices (rows)."""
    return self.n


def _iter(self) -> Iterator[int | str]:
    """The vertex ids, in position order."""
    ids = self.ids
    return iter(ids if isinstance(ids, list) else ids.tolist())


# What a lookup of something that is not a vertex id may raise: IndexError (not a vertex),
# TypeError (not an int or str), ValueError / OverflowError, and RuntimeError, pybind11's
# failed cast of an integer too large for 64 bits.
_NOT_A_VERTEX = (IndexError, TypeError, ValueError, OverflowError, RuntimeError)


def _contains(self, v: object) -> bool:
    """True when v is a vertex id of this graph."""
    if isinstance(v, (list, tuple, set, dict, _np.ndarray)) and _np.ndim(v) != 0:
        return False
    try:
        self.index(v)
    except _NOT_A_VERTEX:
        return False
    return True


def _neighbors(self, v: int | str, positions: bool = False) -> _np.ndarray:
    """The out-neighbours of vertex v (a file id): a numpy array of their ids in position order
    (int64, or an object array of str for string ids); their positions (uint32, a read-only
    view of the graph's arrays) with positions=True. On an undirected graph, every neighbour."""
    p = _spgraph._graph_neighbor_positions(self, v)
    return p if positions else _spgraph._graph_ids_at(self, p)


def _has_edge(self, u: int | str, v: int | str) -> bool:
    """True when the arc u -> v is stored (either direction on an undirected graph); False
    when u or v is not a vertex of the graph."""
    try:
        return _spgraph._graph_has_edge(self, u, v)
    except _NOT_A_VERTEX:
        return False


def _degree(self, v=None) -> int | _np.ndarray:
    """Out-degree (stored arcs leaving the vertex; on an undirected graph, the degree with a
    self-loop counted once): of vertex v (a file id) as an int, of a list / array of ids as an
    int64 array, or of every vertex as an int64 array indexed by position (v=None)."""
    return _spgraph._graph_degree(self, v)


def _edges(self, data: bool = False, positions: bool = False) -> tuple[_np.ndarray, ...]:
    """Every stored arc as numpy arrays in CSR order: (src, dst) of file ids (int64, or object
    arrays of str for string ids), plus the values with data=True (the graph's dtype; ones of
    bool for a pattern). positions=True gives positions (uint32) instead of ids. An undirected
    graph lists each edge twice, once each way, as it stores them."""
    rows = _spgraph._graph_arc_rows(self)
    _, cols, vals = self._csr_views()
    if not positions:
        rows, cols = _spgraph._graph_ids_at(self, rows), _spgraph._graph_ids_at(self, cols)
    if not data:
        return rows, cols
    if vals is None:
        vals = _np.ones(len(cols), dtype=_np.bool_)
    return rows, cols, vals


def _save(self, path: str | os.PathLike, format: str = "binary") -> None:
    """Writes the graph to `path`, atomically (a temporary file renamed over the target: a
    reader sees the old file or the new one, never a part; gzip when the name ends in .gz).
    format: binary (default: the spgraph binary format, which keeps the values, the index base
    and the vertex names; spgraph.load reads it back equal), auto (by extension, as the CLI's
    convert), mtx, edgelist (names kept), metis. Matrix Market and METIS number vertices from
    1 and cannot hold names: a graph with names is refused in those formats."""
    _spgraph._graph_save(self, os.fspath(path), format)


def _reduce(self):
    """Pickles through the binary format's bytes (ids kept)."""
    return (_restore_graph, (_spgraph._graph_to_bytes(self), self.undirected, self.path))


def _eq(self, other: object) -> bool:
    """Equal graphs: the same shape, value type, stored arcs, values and vertex ids."""
    if not isinstance(other, Graph):
        return NotImplemented
    return self is other or _spgraph._graph_equal(self, other)


def _same(self, *_):
    """copy.copy and copy.deepcopy: the graph itself (its arrays are immutable)."""
    return self


def _hash(self) -> int:
    """A hash consistent with ==, from the shape, arc count and value type."""
    return hash((self.nrows, self.ncols, self.nnz, self.dtype))


def attach():
    """Puts the protocol on spgraph.Graph."""
    Graph.__len__ = _len
    Graph.__iter__ = _iter
    Graph.__contains__ = _contains
    Graph.neighbors = _neighbors
    Graph.has_edge = _has_edge
    Graph.degree = _degree
    Graph.edges = _edges
    Graph.save = _save
    Graph.__reduce__ = _reduce
    Graph.__copy__ = _same
    Graph.__deepcopy__ = _same
    Graph.__eq__ = _eq
    Graph.__hash__ = _hash
