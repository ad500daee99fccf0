# SPDX-License-Identifier: Apache-2.0
"""mxm and mxv over named semirings against scipy (plus_times, exact on integers) and brute
force (min_plus, max_plus, masks, transposes)."""

import numpy as np
import pytest
import scipy.sparse as sp

import spgraph


def rand(n, m, density, seed, lo=-5, hi=10, dtype=np.int64):
    rng = np.random.default_rng(seed)
    d = np.where(rng.random((n, m)) < density, rng.integers(lo, hi, (n, m)), 0).astype(dtype)
    return sp.csr_array(d)


def dense_semiring(a, b, add, mul, identity):
    """Brute-force A (+).(x) B on dense arrays, with a presence mask."""
    pa, pb = a != 0, b != 0
    out = np.full((a.shape[0], b.shape[1]), identity, dtype=float)
    present = np.zeros(out.shape, dtype=bool)
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            ks = np.flatnonzero(pa[i] & pb[:, j])
            if len(ks):
                present[i, j] = True
                out[i, j] = add.reduce([mul(a[i, k], b[k, j]) for k in ks])
    return out, present


def as_dense(g, fill=0):
    a = g.to_scipy()
    out = np.full(a.shape, fill, dtype=float)
    present = np.zeros(a.shape, dtype=bool)
    coo = a.tocoo()
    out[coo.row, coo.col] = coo.data
    present[coo.row, coo.col] = True
    return out, present


@pytest.mark.parametrize("seed", range(5))
def test_mxm_plus_times_exact_ints(seed):
    a = rand(60, 40, 0.1, seed)
    b = rand(40, 50, 0.1, seed + 100)
    c = spgraph.mxm(a, b)
    want = (a @ b).toarray()
    got, present = as_dense(c)
    assert c.dtype == "int64"
    assert np.array_equal(got, want)
    # the pattern is the structural product (entries that cancel to 0 stay present)
    assert np.array_equal(present, ((a != 0).astype(int) @ (b != 0).astype(int)).toarray() > 0)


def test_mxm_large_ints_are_exact():
    a = sp.csr_array(np.array([[2**40, 3], [0, 2**20]], dtype=np.int64))
    c = spgraph.mxm(a, a).to_scipy().toarray()
    assert np.array_equal(c, a.toarray() @ a.toarray())


@pytest.mark.parametrize("semiring,add,mul,ident", [
    ("min_plus", np.minimum, np.add, np.inf),
    ("max_plus", np.maximum, np.add, -np.inf),
    ("max_min", np.maximum, np.minimum, -np.inf),
    ("plus_pair", np.add, lambda x, y: 1, 0),
])
def test_mxm_semirings_brute_force(semiring, add, mul, ident):
    a = rand(25, 20, 0.2, 1, lo=1, hi=9).astype(np.float64)
    b = rand(20, 30, 0.2, 2, lo=1, hi=9).astype(np.float64)
    c = spgraph.mxm(a, b, semiring=semiring)
    got, present = as_dense(c, fill=ident)
    want, want_present = dense_semiring(a.toarray(), b.toarray(), add, mul, ident)
    assert np.array_equal(present, want_present)
    assert np.allclose(got[present], want[present])


@pytest.mark.parametrize("complement", [False, True])
@pytest.mark.parametrize("structural", [False, True])
def test_mxm_masks(complement, structural):
    a = rand(30, 30, 0.15, 3)
    rng = np.random.default_rng(5)
    r, c = np.nonzero(rng.random((30, 30)) < 0.3)
    vals = rng.integers(0, 2, len(r))  # explicit zeros: present but false
    m = sp.coo_array((vals, (r, c)), shape=(30, 30)).tocsr()
    assert m.nnz == len(r)
    c = spgraph.mxm(a, a, mask=m, complement=complement, structural=structural)
    full, present = as_dense(spgraph.mxm(a, a))
    allowed = np.zeros((30, 30), dtype=bool)
    mc = m.tocoo()
    allowed[mc.row, mc.col] = True if structural else (mc.data != 0)
    if complement:
        allowed = ~allowed
    got, got_present = as_dense(c)
    assert np.array_equal(got_present, present & allowed)
    assert np.array_equal(got[got_present], full[got_present])


def test_mxm_transposes_and_bool():
    a = rand(20, 30, 0.2, 8)
    assert np.array_equal(spgraph.mxm(a, a, transpose_b=True).to_scipy().toarray(),
                          (a @ a.T).toarray())
    assert np.array_equal(spgraph.mxm(a, a, transpose_a=True).to_scipy().toarray(),
                          (a.T @ a).toarray())
    p = spgraph.mxm(a != 0, a.T != 0, semiring="lor_land")
    assert p.dtype in ("bool", "pattern")
    assert np.array_equal(as_dense(p)[1], ((a != 0).astype(int) @ (a.T != 0).astype(int)).toarray() > 0)
    with pytest.raises(spgraph.DimensionMismatch):
        spgraph.mxm(a, a)


def test_mxv_against_scipy_and_brute_force():
    a = rand(50, 40, 0.1, 12).astype(np.float64)
    x = np.random.default_rng(0).random(40)
    assert np.allclose(spgraph.mxv(a, x), a @ x)
    assert np.allclose(spgraph.mxv(a, np.ones(50), transpose=True), a.T @ np.ones(50))
    ad = a.toarray()
    got = spgraph.mxv(a, x, semiring="min_plus")
    for i in range(50):
        ks = np.flatnonzero(ad[i])
        assert got[i] == (min(ad[i, k] + x[k] for k in ks) if len(ks) else np.inf)
    # sparse input and output, and a mask
    idx, vals = spgraph.mxv(a, (np.array([1, 3]), np.array([2.0, 5.0])), sparse=True)
    want = a[:, [1, 3]] @ np.array([2.0, 5.0])
    assert np.allclose(want[idx], vals)
    assert set(idx.tolist()) == set(np.flatnonzero((a[:, [1, 3]] != 0).toarray().any(axis=1)).tolist())
    mask = np.arange(50) % 3 == 0
    got = spgraph.mxv(a, x, mask=mask, fill=-1.0)
    assert np.all(got[~mask] == -1.0)
    assert np.allclose(got[mask & (np.diff(a.indptr) > 0)], (a @ x)[mask & (np.diff(a.indptr) > 0)])
    got = spgraph.mxv(a, x, mask=mask, complement=True, fill=-1.0)
    assert np.all(got[mask] == -1.0)


def test_mxv_int_exact():
    a = rand(30, 30, 0.2, 13)
    x = np.arange(30, dtype=np.int64) * 2**30
    assert np.array_equal(spgraph.mxv(a, x), a @ x)


def test_semiring_names():
    names = spgraph.semirings()
    assert "plus_times" in names and "min_plus" in names and "lor_land" in names
