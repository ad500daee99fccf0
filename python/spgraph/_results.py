# SPDX-License-Identifier: Apache-2.0
"""Algorithm results for Python: spgraph.Result and its kinds, in the file's ids.

A Result holds an algorithm's fields as attributes: per-vertex numpy arrays indexed by position
(levels, rank, distance, core, ...), scalars, and fields whose values are vertices (bfs parents,
cc and cdlp labels, knn ids, betweenness sources, kcore vertices, ktruss src / dst). The engine
hands those back as positions; a Result keeps them so and gives them as the file's ids when read
(Graph.names_of: numpy int64 with -1 for "none", or for string ids an object array with None),
so the translation costs nothing for a field never read. `result.positions` is the same Result
with those fields as positions (int64 / uint32) for numpy work.

`to_dict(field)` maps the file's ids to a per-vertex field's values, `to_pandas()` gives a
DataFrame indexed by the file's ids (index name "vertex"; pandas is imported only then). Results
pickle without their graph: the vertex-valued fields and the ids of every position go with them.
"""

from __future__ import annotations

import numpy as _np

#: Per-vertex fields of each result kind (arrays indexed by position), the first the main one.
PER_VERTEX = {
    "BfsResult": ("levels", "parents"),
    "TriangleResult": ("per_vertex", "clustering"),
    "PageRankResult": ("rank",),
    "SsspResult": ("distance",),
    "CcResult": ("labels",),
    "CdlpResult": ("labels",),
    "LccResult": ("lcc",),
    "KcoreResult": ("core",),
    "CommunityResult": ("membership",),
    "BetweennessResult": ("score",),
}

#: Fields whose values are vertices (positions from the engine, the file's ids when read).
VERTEX_VALUED = {
    "BfsResult": ("parents", "source"),
    "SsspResult": ("source",),
    "CcResult": ("labels",),
    "CdlpResult": ("labels",),
    "KcoreResult": ("vertices",),
    "KtrussResult": ("src", "dst"),
    "BetweennessResult": ("sources",),
    "KnnResult": ("queries", "ids"),
}


class Result:
    """The result of an algorithm: its fields as attributes (numpy arrays and scalars).

    Result(kind, fields, graph=None, vertex_fields=None, per_vertex=None): `fields` is the
    engine's dict; `graph` (a Graph or Snapshot) names the positions; `vertex_fields` lists
    the fields whose values are positions of vertices and `per_vertex` the per-vertex arrays
    (both default to the tables PER_VERTEX and VERTEX_VALUED for `kind`). Without a graph,
    positions are the ids (a graph built in memory is numbered from 0).
    """

    def __init__(self, kind, fields, graph=None, vertex_fields=None, per_vertex=None):
        self._kind = kind
        self._graph = graph
        self._ids = None
        self._order = list(fields)
        self._per_vertex = tuple(PER_VERTEX.get(kind, ()) if per_vertex is None else per_vertex)
        valued = VERTEX_VALUED.get(kind, ()) if vertex_fields is None else vertex_fields
        self._positions = {k: fields[k] for k in valued if fields.get(k) is not None}
        for k, v in fields.items():
            if k not in self._positions:
                self.__dict__[k] = v

    def __getattr__(self, name):
        # Called only for attributes not set: a vertex-valued field read for the first time.
        if name.startswith("_"):
            raise AttributeError(name)
        positions = self.__dict__.get("_positions")
        if positions is None or name not in positions:
            raise AttributeError("%s has no field %r" % (self.__dict__.get("_kind"), name))
        ids = self._names_of(positions[name])
        self.__dict__[name] = ids
        return ids

    def _names_of(self, positions):
        """The file's ids of positions, through the graph (or the ids kept by a pickle)."""
        if self._graph is not None:
            return self._graph.names_of(positions)
        if self._ids is None:
            return positions
        ids = self._ids
        pos = _np.asarray(positions).astype(_np.int64)
        if _np.ndim(pos) == 0:
            return None if pos < 0 else ids[int(pos)]
        if isinstance(ids, _np.ndarray):
            return _np.where(pos < 0, -1, ids.astype(_np.int64)[_np.clip(pos, 0, None)])
        out = _np.empty(len(pos), dtype=object)
        out[:] = [None if p < 0 else ids[p] for p in pos.tolist()]
        return out

    def keys(self):
        """The names of the fields, in the engine's order (then any added)."""
        extra = [k for k in self.__dict__ if not k.startswith("_") and k not in self._order]
        return self._order + extra

    def __getitem__(self, key):
        return getattr(self, key)

    def __repr__(self):
        parts = []
        for k in self.keys():
            if (k in self._positions and k not in self.__dict__
                    and isinstance(self._positions[k], _np.ndarray)):
                v = self._positions[k]  # an array: shown by dtype and length, not translated
            else:
                v = getattr(self, k)
            if isinstance(v, _np.ndarray):
                v = "array(%s, len=%d)" % (v.dtype, len(v))
            parts.append("%s=%r" % (k, v) if not isinstance(v, str) else "%s=%s" % (k, v))
        return "%s(%s)" % (self._kind, ", ".join(parts))

    @property
    def positions(self):
        """The same Result with its vertex-valued fields as positions (int64 / uint32)."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        out.__dict__.update(self._positions)
        return out

    @property
    def vertex_ids(self):
        """The file's id of every position (the keys of to_dict and to_pandas' index)."""
        if self._graph is not None:
            return self._graph.ids
        if self._ids is None:
            n = len(getattr(self, self._per_vertex[0])) if self._per_vertex else 0
            return _np.arange(n, dtype=_np.int64)
        return self._ids

    def _key_list(self):
        ids = self.vertex_ids
        return ids.tolist() if isinstance(ids, _np.ndarray) else list(ids)

    def to_dict(self, field=None):
        """{file id: value} of a per-vertex field (default: the main one, e.g. levels, rank,
        distance, labels, core); values are Python scalars, vertex-valued ones file ids."""
        field = self._field(field)
        values = getattr(self, field)
        values = values.tolist() if isinstance(values, _np.ndarray) else list(values)
        return dict(zip(self._key_list(), values))

    def to_pandas(self):
        """A pandas DataFrame of the per-vertex fields, indexed by the file's ids (index name
        "vertex"); vertex-valued columns hold file ids. pandas is imported here only."""
        if not self._per_vertex:
            raise TypeError("%s has no per-vertex field" % self._kind)
        import pandas as pd

        index = pd.Index(self._key_list(), name="vertex")
        columns = {k: getattr(self, k) for k in self._per_vertex if getattr(self, k) is not None}
        return pd.DataFrame(columns, index=index)

    def path_to(self, v):
        """The path from the source to vertex id `v` through this result's tree of parents (a
        bfs(..., parents=True) or sssp(..., paths=True) result): a list of file ids, [] when v
        is unreachable. spgraph.path_to(result, v) does the same."""
        from ._paths import path_to

        return path_to(self, v)

    def _field(self, field):
        if not self._per_vertex:
            raise TypeError("%s has no per-vertex field" % self._kind)
        if field is None:  # the first per-vertex field computed (bfs(levels=False): parents)
            present = [k for k in self._per_vertex if getattr(self, k, None) is not None]
            return present[0] if present else self._per_vertex[0]
        if field not in self.keys():
            raise KeyError("%s has no field %r (per-vertex fields: %s)"
                           % (self._kind, field, ", ".join(self._per_vertex)))
        return field

    def __getstate__(self):
        state = dict(self.__dict__)
        if self._graph is not None:
            for k in self._positions:
                state[k] = getattr(self, k)  # the ids, while the graph is at hand
            state["_ids"] = self._graph.ids
            state["_graph"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)


class Closure(Result):
    """The transitive closure: pairs, method, iterations, components, largest_component,
    estimated_pairs, and matrix (a pattern Graph of the pairs; None with count=True)."""


class KnnResult(Result):
    """The k best answers per query: queries (the query vertices' ids), ptr, ids (answers'
    ids), scores; the answers of the i-th query are ids[ptr[i]:ptr[i+1]]."""

    def answers(self, i):
        """(ids, scores) of the i-th query: `i` is an index into `queries` (0..len-1), not a
        vertex id; to_dict() maps each query's id to its answers."""
        lo, hi = int(self.ptr[i]), int(self.ptr[i + 1])
        return self.ids[lo:hi], self.scores[lo:hi]

    def to_dict(self, field=None):
        """{query id: (answer ids, scores)}."""
        queries = self.queries
        queries = queries.tolist() if isinstance(queries, _np.ndarray) else list(queries)
        return {q: self.answers(i) for i, q in enumerate(queries)}

    def to_pandas(self):
        """One row per answer: query, rank (1 = best), vertex, score (the CLI's knn table)."""
        import pandas as pd

        ptr = _np.asarray(self.ptr, dtype=_np.int64)
        counts = _np.diff(ptr)
        rank = _np.arange(len(self.ids)) - _np.repeat(ptr[:-1], counts) + 1
        return pd.DataFrame({"query": _np.repeat(self.queries, counts), "rank": rank,
                             "vertex": self.ids, "score": self.scores})


class KtrussResult(Result):
    """The truss number of every edge: src, dst (ids, each edge once), truss, max_truss,
    triangles, self_loops."""

    def to_dict(self, field=None):
        """{(src id, dst id): truss}."""
        src = _np.asarray(self.src).tolist()
        dst = _np.asarray(self.dst).tolist()
        return dict(zip(zip(src, dst), self.truss.tolist()))

    def to_pandas(self):
        """One row per edge: src, dst (ids), truss."""
        import pandas as pd

        return pd.DataFrame({"src": self.src, "dst": self.dst, "truss": self.truss})
