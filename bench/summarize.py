#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints the bench/RESULTS.md tables from the JSON that bench/run_{mxm,tc,closure}.sh write.

Usage: bench/summarize.py mxm|tc|closure [results-dir]
       bench/summarize.py communities [results-dir]   (bench/run_communities.sh's JSON)
"""
import glob
import json
import os
import statistics
import sys


def mb(b):
    return f"{b / 1e6:.1f} MB" if b < 1e9 else f"{b / 1e9:.2f} GB"


def ms(s):
    return f"{s * 1e3:.2f} ms" if s < 1 else f"{s:.2f} s"


def load(job, directory):
    rows = []
    for path in sorted(glob.glob(os.path.join(directory, f"{job}_*.json"))):
        with open(path) as f:
            rows.append(json.load(f))
    return rows


def mxm(rows):
    print("| matrix | C = | nnz(C) | products | spgraph median (range) | GraphBLAS median (range) "
          "| median ratio | peak mem spgraph / GraphBLAS |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = []
    for d in rows:
        name = os.path.basename(d["a"])
        op = "A·A'" if d["rows"] != d["nnz_a"] and d["cols"] == d["rows"] and "aug" in name else "A·A"
        ratios.append(d["median_ratio_graphblas"])
        print(f"| `{name}` | {op} | {d['nnz_c']:,} | {d['products']:,} | "
              f"{ms(d['spgraph_median_s'])} ({ms(d['spgraph_min_s'])}–{ms(d['spgraph_max_s'])}) | "
              f"{ms(d['graphblas_median_s'])} ({ms(d['graphblas_min_s'])}–{ms(d['graphblas_max_s'])}) | "
              f"**{d['median_ratio_graphblas']:.2f}** | "
              f"{mb(d['spgraph_peak_bytes'])} / {mb(d['graphblas_peak_bytes'])} |")
    print(f"\nMedian over the {len(ratios)} matrices of the per-matrix median ratios: "
          f"**{statistics.median(ratios):.2f}**; worst {max(ratios):.2f}, best {min(ratios):.2f}.")


def tc(rows):
    print("| graph | edges | triangles | spgraph median (range) | GraphBLAS median (range) "
          "| median ratio | peak mem spgraph / GraphBLAS | GraphBLAS presort |")
    print("|---|---|---|---|---|---|---|---|")
    for d in rows:
        print(f"| `{os.path.basename(d['file'])}` | {d['edges']:,} | {d['triangles']:,} | "
              f"{ms(d['spgraph_median_s'])} ({ms(d['spgraph_min_s'])}–{ms(d['spgraph_max_s'])}) | "
              f"{ms(d['graphblas_median_s'])} ({ms(d['graphblas_min_s'])}–{ms(d['graphblas_max_s'])}) | "
              f"**{d['median_ratio_graphblas']:.2f}** | "
              f"{mb(d['spgraph_peak_bytes'])} / {mb(d['graphblas_peak_bytes'])} | "
              f"{'yes' if d['graphblas_presorted'] else 'no'} |")


def closure(rows):
    print("| graph | arcs | pairs | spgraph (depth) | GraphBLAS semi-naive (rounds) | ratio | "
          "Boost.Graph | ratio | peak mem spgraph / GraphBLAS / Boost |")
    print("|---|---|---|---|---|---|---|---|---|")
    for d in rows:
        boost = d.get("boost_graph_median_s")
        btime = ms(boost) if boost is not None else d.get("boost_graph_note", "-")
        bratio = f"**{d['median_ratio_boost_graph']:.3f}**" if boost is not None else "-"
        bmem = mb(d["boost_graph_peak_bytes"]) if boost is not None else "-"
        print(f"| `{os.path.basename(d['file'])}` | {d['arcs']:,} | {d['pairs']:,} | "
              f"{ms(d['spgraph_median_s'])} ({d['spgraph_depth']}) | "
              f"{ms(d['graphblas_median_s'])} ({d['graphblas_iterations']}) | "
              f"**{d['median_ratio_graphblas']:.3f}** | {btime} | {bratio} | "
              f"{mb(d['spgraph_peak_bytes'])} / {mb(d['graphblas_peak_bytes'])} / {bmem} |")


def peer_of(d):
    """The peer a compare job ran against: the one `<peer>_median_s` key that is not spgraph's."""
    peers = [k[:-len("_median_s")] for k in d if k.endswith("_median_s") and not k.startswith("spgraph")]
    return peers[0] if peers else None


def quality(d, who):
    """The job's answer quality for `who`, where it has one (Louvain/Leiden: modularity)."""
    keys = (f"{who}_modularity", f"{who}_quality")
    if who == "spgraph":  # the compare jobs name spgraph's own fields without a prefix
        keys += ("modularity", "quality")
    for key in keys:
        if key in d:
            return f"{d[key]:.4f}"
    return ""


def communities(directory):
    """One table over every job of bench/run_communities.sh, with the median of the ratios per job."""
    rows = []
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        with open(path) as f:
            rows.append(json.load(f))
    print("| job | graph | n | edges | spgraph median | peer median | ratio | peak mem spgraph / peer "
          "| quality spgraph / peer |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios = {}
    for d in rows:
        peer = peer_of(d)
        if peer is None:
            continue
        name = os.path.basename(d["file"]).split(".")[0]
        ratio = d.get(f"median_ratio_{peer}", d["spgraph_median_s"] / d[f"{peer}_median_s"])
        ratios.setdefault(d["job"], []).append(ratio)
        mem = (f"{mb(d['spgraph_peak_bytes'])} / {mb(d[peer + '_peak_bytes'])}"
               if f"{peer}_peak_bytes" in d and "spgraph_peak_bytes" in d else "")
        q = quality(d, "spgraph")
        q = f"{q} / {quality(d, peer)}" if q else ""
        print(f"| {d['job']} | `{name}` | {d.get('n', '')} | {d.get('edges', '')} | "
              f"{ms(d['spgraph_median_s'])} | {peer}: {ms(d[peer + '_median_s'])} | {ratio:.3f} | {mem} | {q} |")
    print()
    for job, r in ratios.items():
        print(f"- {job}: median ratio {statistics.median(r):.3f} over {len(r)} graphs")


if __name__ == "__main__":
    job = sys.argv[1]
    directory = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "results")
    if job == "communities":
        communities(directory)
    else:
        {"mxm": mxm, "tc": tc, "closure": closure}[job](load(job, directory))
