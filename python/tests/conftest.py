# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures of the Python tests: paths to the bundled data (tests/data), the real graphs
of ../shared/data when present (tests using them skip otherwise), and networkx conversions."""

import os
import pathlib

import networkx as nx
import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
SHARED = pathlib.Path(os.environ.get("SPGRAPH_SHARED_DATA", REPO.parent / "shared" / "data"))


def shared(rel):
    """The path of a ../shared/data file, or pytest.skip when it is absent."""
    p = SHARED / rel
    if not p.exists():
        pytest.skip("%s not present (../shared/data is optional)" % p)
    return p


def to_nx(g, directed=None):
    """The networkx graph of a spgraph.Graph's structure (dense ids 0..n-1)."""
    a = g.to_scipy()
    directed = (not g.undirected) if directed is None else directed
    h = nx.DiGraph() if directed else nx.Graph()
    h.add_nodes_from(range(g.n))
    rows = np.repeat(np.arange(g.n), np.diff(a.indptr))
    h.add_edges_from(zip(rows.tolist(), a.indices.tolist()))
    return h


def random_csr(n, m, seed, directed=True, self_loops=True):
    """A random pattern graph as a scipy CSR array (duplicates merged)."""
    import scipy.sparse as sp

    rng = np.random.default_rng(seed)
    r = rng.integers(0, n, m)
    c = rng.integers(0, n, m)
    if not self_loops:
        keep = r != c
        r, c = r[keep], c[keep]
    if not directed:
        r, c = np.concatenate([r, c]), np.concatenate([c, r])
    a = sp.coo_array((np.ones(len(r), dtype=np.int64), (r, c)), shape=(n, n)).tocsr()
    a.sum_duplicates()
    a.data[:] = 1
    return a
