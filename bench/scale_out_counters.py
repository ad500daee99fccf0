#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks docs/scale-out.md's communication model against spgraph-mpi's MPI counters.

Runs `mpirun -np P spgraph-mpi --traffic` for BFS, TC, PageRank and CC on one graph at P = 1, 4,
9 (more ranks than cores: --oversubscribe; the counters do not depend on timing), sums each
operation's bytes over the ranks for the timed phase ("run"), and prints them beside the model's
prediction, which is computed from the graph itself (numpy): the BFS frontiers and, per 2-D
block, the distinct targets a level reaches; the entries and nonempty rows of each block of the
degree-oriented U for TC; the vector slices and the step count for PageRank and CC.

  usage: bench/scale_out_counters.py SPGRAPH SPGRAPH_MPI [--scale 14] [--ranks 1,4,9]
Needs numpy (Debian python3-numpy) and mpirun.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMP_NUM_THREADS="1")


def traffic(mpi, p, args):
    cmd = ["mpirun", "-np", str(p), "--oversubscribe", mpi, "--traffic"] + args + ["--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=ENV, check=True)
    sums = {}
    for line in out.stderr.splitlines():
        m = re.match(r"traffic: rank (\d+) phase (\w+) op (\w+) calls (\d+) bytes (\d+)", line)
        if m:
            key = (m.group(2), m.group(3))
            sums[key] = sums.get(key, 0) + int(m.group(5))
    return json.loads(out.stdout), sums


def blocks(n, q):
    """CombBLAS's 2-D block of each index (SpParMat::Owner): n // q per block, the last longer."""
    per = n // q
    idx = np.arange(n, dtype=np.int64)
    return np.minimum(idx // per, q - 1) if per else np.full(n, q - 1)


def vector_owner(n, q):
    """The rank owning each entry of a FullyDistVec of length n on a q x q grid: split into q
    processor-row pieces like the matrix rows, each split evenly over the q ranks of that row."""
    per = n // q
    rowblock = blocks(n, q)
    start = rowblock * per
    length = np.where(rowblock == q - 1, n - (q - 1) * per, per)
    within = np.arange(n) - start
    sub = length // q
    col = np.where(sub > 0, np.minimum(within // np.maximum(sub, 1), q - 1), q - 1)
    return rowblock * q + col


def bfs_directions(n, src, level, alpha=8, beta=18, q=1):
    """Per level d (expanding level d into d + 1), True where the step is bottom-up: spgraph's
    direction rule (algorithms/bfs/bfs_kernel.hpp), which spgraph-mpi follows exactly."""
    depth = int(level.max())
    if n < q * q:
        return [False] * (depth + 1)
    outdeg = np.bincount(src, minlength=n)
    edges, pull, awake_prev, steps = len(src), False, 1, []
    for d in range(depth + 1):
        found = np.flatnonzero(level == d + 1)
        steps.append(pull)
        if len(found) == 0:
            break
        scout = int(outdeg[found].sum())
        if not pull:
            edges -= min(edges, scout)
            if scout > edges // alpha:
                pull, awake_prev = True, len(found)
        else:
            if len(found) < awake_prev and len(found) <= n // beta:
                pull = False
            awake_prev = len(found)
    return steps


def piece_layout(n, q):
    """Per rank (i, j) = i * q + j: its vector piece's start within block row i and length."""
    per = n // q
    start, length = np.zeros(q * q, dtype=np.int64), np.zeros(q * q, dtype=np.int64)
    for i in range(q):
        blen = n - (q - 1) * per if i == q - 1 else per
        sub = blen // q
        for j in range(q):
            start[i * q + j] = j * sub
            length[i * q + j] = blen - (q - 1) * sub if j == q - 1 else sub
    return start, length


def bottom_up_bitmaps(n, q):
    """Bytes a bottom-up level moves in bitmaps, whatever the frontier (CombBLAS's BitMapFringe
    and BitMapCarousel): the frontier piece to the diagonal partner (MPI_Sendrecv, the piece's
    words counting its offset within the 64-bit word), all but its first word gathered along
    the processor column (MPI_Allgatherv), the first words apart (MPI_Allgather, 8 bytes), and
    the visited bits rotated q times along the processor row (MPI_Sendrecv)."""
    start, length = piece_layout(n, q)
    words = (length + start % 64 + 63) // 64
    sendrecv = allgatherv = allgather = 0
    for i in range(q):
        for j in range(q):
            r = i * q + j
            if i != j:
                sendrecv += 8 * int(words[r])
            t = j * q + i  # the piece this rank holds after the transpose
            gathered = (int(length[t]) - (64 - int(start[t]) % 64) + 63) // 64
            allgatherv += 8 * max(0, gathered) * (q - 1)
            allgather += 8 * (q - 1)
            if q > 1:
                sendrecv += 8 * int(sum(words[i * q + c] for c in range(q)))
    return sendrecv, allgatherv, allgather


def bfs_model(n, src, dst, level, q):
    """Bytes of spgraph-mpi's BFS over all levels of one search, by MPI operation (summed over
    ranks), each level top-down or bottom-up as the direction rule decides.
    Top-down: the frontier's 4-byte indices to the diagonal partner (MPI_Sendrecv, plus a 4-byte
    count between off-diagonal partners), gathered along the processor column (MPI_Allgatherv;
    counts by MPI_Allgather), the distinct targets of each block with their parents, 12 bytes
    (int32 index + int64 parent), to their owners along the processor row (MPI_Alltoallv;
    counts by MPI_Alltoall).
    Bottom-up: the bitmaps (bottom_up_bitmaps), and each vertex found in sub-step s > 0 sent
    to its owner, 16 bytes (index, parent), with a 4-byte count per rank and sub-step
    (MPI_Sendrecv). Both: one MPI_Allreduce of two int64 per level and rank, and the search
    time's (one double per rank)."""
    own = vector_owner(n, q)
    rb, cb = blocks(n, q), blocks(n, q)
    diag = np.array([r // q == r % q for r in range(q * q)])
    start, _ = piece_layout(n, q)
    piece = own % q  # the owning column: the piece of its block row
    model = dict.fromkeys(("sendrecv", "allgather", "allgatherv", "alltoall", "alltoallv",
                           "allreduce"), 0)
    model["allreduce"] = 8 * q * q
    bitmaps = bottom_up_bitmaps(n, q)
    steps = bfs_directions(n, src, level, q=q)
    for d, pull in enumerate(steps):
        f = np.flatnonzero(level == d)
        model["allreduce"] += 16 * q * q
        if pull:
            model["sendrecv"] += bitmaps[0] + 4 * (q - 1) * q * q
            model["allgatherv"] += bitmaps[1]
            model["allgather"] += bitmaps[2]
            # v is found in the first sub-step s whose block column (piece(v) - s) mod q holds
            # an in-neighbour u in the frontier; s > 0 sends it to its owner.
            on = (level[src] == d) & (level[dst] == d + 1)
            u, v = src[on], dst[on]
            s = (piece[v] - cb[u]) % q
            first = np.full(n, q, dtype=np.int64)
            np.minimum.at(first, v, s)
            found = np.flatnonzero(level == d + 1)
            model["sendrecv"] += 16 * int(np.count_nonzero(first[found] > 0))
            continue
        model["sendrecv"] += 4 * int(np.count_nonzero(~diag[own[f]])) + 4 * (q * q - q)
        model["allgather"] += 4 * (q - 1) * q * q
        model["allgatherv"] += 4 * len(f) * (q - 1)
        model["alltoall"] += 4 * (q - 1) * q * q
        # Arcs u -> v from the frontier: the block of A^T holding (v, u) is (rb[v], cb[u]).
        on = np.isin(src, f)
        u, v = src[on], dst[on]
        block = rb[v] * q + cb[u]
        pairs = np.unique(block.astype(np.int64) * n + v)
        b, vv = pairs // n, pairs % n
        model["alltoallv"] += 12 * int(np.count_nonzero(own[vv] != b))
    return model, steps


def tc_model(n, src, dst, q):
    """Bytes the blocked triangle count's stages broadcast (blocked_triangles.hpp): the edges
    oriented by degree, u -> v when (deg u, u) < (deg v, v), in blocks U(i, j); in stage k,
    U(i, k) goes along processor row i and U(j, k) along processor column j, so every block
    goes to q - 1 ranks twice, each time as an 8-byte length and its packed rows, 4 bytes a
    word: 1 + 2 * (nonempty rows) + (entries)."""
    keep = src != dst
    lo = np.unique(np.maximum(src[keep], dst[keep]).astype(np.int64) * n +
                   np.minimum(src[keep], dst[keep]))
    a, b = lo // n, lo % n
    deg = np.bincount(np.concatenate([a, b]), minlength=n)
    a_first = (deg[a] < deg[b]) | ((deg[a] == deg[b]) & (a < b))
    u, v = np.where(a_first, a, b), np.where(a_first, b, a)
    bu, bv = blocks(n, q)[u], blocks(n, q)[v]
    total = 0
    for i in range(q):
        for j in range(q):
            sel = (bu == i) & (bv == j)
            nnz = int(np.count_nonzero(sel))
            nzr = len(np.unique(u[sel])) if nnz else 0
            total += 2 * (q - 1) * (8 + 4 * (1 + 2 * nzr + nnz))
    return {"bcast": total}, len(lo)


def spmv_steps_model(n, q, steps, own_allreduce):
    """Bytes of `steps` CombBLAS dense SpMVs (PageRank, CC), each: the slice to the transpose
    partner (Sendrecv: a 4-byte size and 8 bytes an entry, off-diagonal ranks), the sizes and
    the slices gathered in the processor column (Allgather 4 bytes, Allgatherv 8 bytes an entry,
    to q - 1 ranks), the partial products reduced in the processor row (Reduce: each rank sends
    its block's rows but the piece it owns, 8 bytes each), two 8-byte Allreduces in the new
    vector's constructor, and the job's own Allreduce per step (`own_allreduce` bytes a rank)."""
    p = q * q
    own = vector_owner(n, q)
    slice_len = np.bincount(own, minlength=p)
    off_diag = np.array([r // q != r % q for r in range(p)])
    per_step = {
        "sendrecv": int(np.sum(4 + 8 * slice_len[off_diag])),
        "allgather": 4 * (q - 1) * p,
        "allgatherv": 8 * n * (q - 1),
        "reduce": 8 * n * (q - 1),
        "allreduce": p * (16 + own_allreduce),
    }
    return {k: v * steps for k, v in per_step.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spgraph")
    ap.add_argument("spgraph_mpi")
    ap.add_argument("--scale", type=int, default=14)
    ap.add_argument("--ranks", default="1,4,9")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="scale-out-")
    g = os.path.join(work, "kron.bin")
    subprocess.run([a.spgraph, "generate", "kron", "--scale", str(a.scale), "--out", g],
                   check=True, capture_output=True)
    txt = os.path.join(work, "kron.txt")
    subprocess.run([a.spgraph, "convert", g, txt], check=True, capture_output=True)
    arcs = np.loadtxt(txt, dtype=np.int64, comments="#", ndmin=2)
    lv = os.path.join(work, "levels.txt")
    subprocess.run([a.spgraph, "bfs", g, "--source", "0", "--compute", "levels", "--out", lv],
                   check=True, capture_output=True)
    table = np.loadtxt(lv, dtype=np.int64, comments=["#", "vertex"], ndmin=2)
    n = len(table)
    level = np.full(n, -1, dtype=np.int64)
    level[table[:, 0]] = table[:, 1]
    src = np.concatenate([arcs[:, 0], arcs[:, 1]])  # the file is undirected: both directions
    dst = np.concatenate([arcs[:, 1], arcs[:, 0]])
    one = src != dst
    src, dst = np.concatenate([src[one], arcs[arcs[:, 0] == arcs[:, 1], 0]]), np.concatenate(
        [dst[one], arcs[arcs[:, 0] == arcs[:, 1], 1]])
    steps = bfs_directions(n, src, level)
    print("graph: Kronecker scale %d, n = %d, %d stored arcs; BFS from 0 reaches %d in %d levels"
          " (%s)" % (a.scale, n, len(src), int(np.count_nonzero(level >= 0)), int(level.max()),
                     "".join("U" if s else "D" for s in steps)))
    print("%-4s %-5s %-11s %14s %14s %8s" % ("P", "job", "operation", "measured B", "model B",
                                            "ratio"))
    for p in [int(x) for x in a.ranks.split(",")]:
        q = int(round(p ** 0.5))
        rep, sums = traffic(a.spgraph_mpi, p, ["bfs", g, "--source", "0"])
        model, steps = bfs_model(n, src, dst, level, q)
        search = rep["searches"][0]
        want = (steps.count(False), steps.count(True))
        if (search["push_steps"], search["pull_steps"]) != want:
            print("P=%d: spgraph-mpi took %s (push, pull) steps, the rule gives %s" % (
                p, (search["push_steps"], search["pull_steps"]), want))
        for op in ("sendrecv", "allgather", "allgatherv", "alltoall", "alltoallv", "allreduce"):
            got = sums.get(("run", op), 0)
            ratio = got / model[op] if model[op] else float("nan") if got else 1.0
            print("%-4d %-5s %-11s %14d %14d %8.3f" % (p, "bfs", op, got, model[op], ratio))
        rep, sums = traffic(a.spgraph_mpi, p, ["tc", g])
        model, lnnz = tc_model(n, src, dst, q)
        got = sums.get(("run", "bcast"), 0)
        ratio = got / model["bcast"] if model["bcast"] else float("nan") if got else 1.0
        print("%-4d %-5s %-11s %14d %14d %8.3f   (triangles %d)" % (
            p, "tc", "bcast", got, model["bcast"], ratio, rep["triangles"]))
        for job, steps_key, own, once in (("pagerank", "iterations", 16, 8),
                                          ("cc", "rounds", 4, 16)):
            rep, sums = traffic(a.spgraph_mpi, p, [job, g])
            model = spmv_steps_model(n, q, rep[steps_key], own)
            # Not per step: the time's Allreduce (and cc's count of roots), 8 bytes a rank each.
            model["allreduce"] += once * p
            for op in ("sendrecv", "allgather", "allgatherv", "reduce", "allreduce"):
                got, want = sums.get(("run", op), 0), model.get(op, 0)
                ratio = got / want if want else float("nan") if got else 1.0
                print("%-4d %-5s %-11s %14d %14d %8.3f" % (p, job[:5], op, got, want, ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
