# SPDX-License-Identifier: Apache-2.0
"""Paths from BFS and SSSP results (the CLI's `bfs --path-to` and `sssp --paths / --path-to`).

shortest_paths(g, source) is sssp() with a shortest-path tree (parents); path_to(result, v)
walks a bfs(..., parents=True) or shortest_paths() result's tree from v up to the source. The
walk and the tree are the engine's (algorithms/sssp/parent_path.hpp, through python/src/paths.cpp),
shared with the CLI. Vertices in and out are the file's ids, as every vertex argument is.
"""

from __future__ import annotations

import numpy as _np

from . import _spgraph


def _parent_positions(result):
    """The result's parents as positions (int64, -1 for none)."""
    kept = result.__dict__.get("_parent_positions")
    if kept is not None:
        return kept
    view = getattr(result, "positions", result)  # a Result whose vertex fields are file ids
    parents = getattr(view, "parents", None)
    if parents is None:
        raise _spgraph.InvalidArgument(
            "path_to: this result has no parents; run bfs(..., parents=True) or "
            "shortest_paths()")
    return _np.asarray(parents, dtype=_np.int64)


def path_to(result, v):
    """The path from `result`'s source to vertex `v` through its tree of parents: a list of the
    file's ids from the source to v, both included ([source] when v is the source), or [] when
    v is unreachable. `result` is a bfs(g, s, parents=True) or shortest_paths() Result; v is a
    file id, as every vertex argument. On a shortest_paths() result the weights along the path
    sum to result.distance at v."""
    g = result.__dict__.get("_graph")
    if g is not None:
        path = _spgraph._path_to(_parent_positions(result), int(g.index(v)))
        names = g.names_of(path)
        return list(names) if isinstance(names, list) else names.tolist()
    # A result without its graph (unpickled): the ids it kept translate both ways.
    ids = result.vertex_ids
    if isinstance(ids, _np.ndarray):
        found = _np.flatnonzero(ids == v) if isinstance(v, (int, _np.integer)) else []
    else:
        found = [k for k, name in enumerate(ids) if name == v]
    if len(found) == 0:
        raise _spgraph.IndexOutOfBounds("path_to: vertex %r is not in this result's graph" % (v,))
    path = _spgraph._path_to(_parent_positions(result), int(found[0]))
    return [ids[k] if isinstance(ids, list) else ids[k].item() for k in path.tolist()]


def shortest_paths(g, source, method="auto", delta=0.0):
    """Single-source shortest paths with their tree (sssp() with paths): the Result of sssp()
    plus parents (per position: the vertex before it on a shortest path from the source, a file
    id; the source is its own parent; -1 / None where unreachable). path_to(result, v) gives
    one path. The tree is built after the search from the arcs the distances make tight, so
    every hop is an arc and the path's weights sum to its distance."""
    from . import Result, _as_graph

    g = _as_graph(g)
    fields = _spgraph._sssp_paths(g, source, method=method, delta=delta)
    return Result("SsspResult", fields, g, vertex_fields=("parents", "source"),
                  per_vertex=("distance", "parents"))
