#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Turns bench/results/*.json into SVG charts: one chart per job (bfs, tc, closure, ...), one
bar group per graph, one bar per peer engine, the bar being the median time ratio
spgraph / peer on a log axis (below 1: spgraph is faster). bench/RESULTS.md shows the charts.

A result file is a JSON object, or a list of objects, as `spgraph compare --json` and the
bench/ programs write them. An object is plotted when it has `median_ratio_<peer>` fields (a
bare `median_ratio` is against GraphBLAS, as `compare bfs` writes it). The graph is named by
its `graph` field, else by the basename of its `file` field; the job by `job`, `algorithm`, or
the file name before the first '_'. Files without ratios (stream throughput tables, top-k
micro-benchmarks) are listed as skipped.

`gap` mode charts bench/run_gap.sh's reports instead (bench/results/gap_<graph>.json): one
chart, gap.svg, with a bar group per GAP kernel (bfs, sssp, pr, cc, bc, tc) and a bar per
graph, the bar being the time ratio spgraph / GAPBS, and each graph's target as a dashed line
across its bars (<= 0.8 on the synthetic graphs, <= 1.0 on the road graphs and NotreDame). The
default mode skips those files.

Usage: bench/plot.py [gap] [--results bench/results] [--out bench/charts]
Needs python3-matplotlib (Debian).
"""

import argparse
import collections
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend is chosen)

PEER_NAMES = {"graphblas": "SuiteSparse:GraphBLAS", "boost_graph": "Boost.Graph"}


def graph_name(obj, path):
    if obj.get("graph"):
        return str(obj["graph"])
    name = os.path.basename(str(obj.get("file", "")) or path)
    for ext in (".gz", ".mtx", ".txt", ".bin", ".graph", ".csv", ".json"):
        if name.endswith(ext):
            name = name[: -len(ext)]
    return name


def job_name(obj, path):
    job = obj.get("job") or obj.get("algorithm")
    return str(job) if job else os.path.basename(path).split("_")[0]


def ratios(obj):
    """(peer, ratio) pairs of one result object; finite positive ratios only."""
    out = []
    for key, value in obj.items():
        if not key.startswith("median_ratio") or not isinstance(value, (int, float)):
            continue
        peer = key[len("median_ratio_"):] if key != "median_ratio" else "graphblas"
        if value > 0 and math.isfinite(value):
            out.append((peer, float(value)))
    return out


def collect(results_dir):
    """{job: {graph: {peer: ratio}}} from every readable result file, and the skipped files."""
    table = collections.defaultdict(lambda: collections.defaultdict(dict))
    skipped = []
    for entry in sorted(os.listdir(results_dir)):
        if not entry.endswith(".json") or entry.startswith("gap_"):
            continue  # gap_*.json: `plot.py gap`
        path = os.path.join(results_dir, entry)
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            skipped.append(f"{entry} (unreadable: {e})")
            continue
        objects = data if isinstance(data, list) else [data]
        found = False
        for obj in objects:
            if not isinstance(obj, dict):
                continue
            for peer, ratio in ratios(obj):
                label = graph_name(obj, entry)
                # spmv_add32_csr5.json: the part after the graph's name is the variant.
                stem = entry[: -len(".json")].split("_", 1)[-1]
                if stem.startswith(label + "_"):
                    label = f"{label} ({stem[len(label) + 1:]})"
                table[job_name(obj, entry)][label][peer] = ratio
                found = True
        if not found:
            skipped.append(f"{entry} (no median_ratio fields)")
    return table, skipped


def plot_job(job, graphs, out_dir):
    names = sorted(graphs, key=lambda g: min(graphs[g].values()))
    peers = sorted({p for g in graphs.values() for p in g})
    height = 0.8 / len(peers)
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.32 * len(names) * max(1, len(peers) * 0.7)))
    for i, peer in enumerate(peers):
        ys = [row + i * height for row in range(len(names)) if peer in graphs[names[row]]]
        xs = [graphs[g][peer] for g in names if peer in graphs[g]]
        ax.barh(ys, xs, height=height, label=PEER_NAMES.get(peer, peer))
        for y, x in zip(ys, xs):
            ax.text(x, y, f" {x:.3g}", va="center", fontsize=7)
    ax.set_xscale("log")
    largest = max(x for g in graphs.values() for x in g.values())
    ax.set_xlim(right=max(2.0, largest * 2.5))
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks([row + height * (len(peers) - 1) / 2 for row in range(len(names))])
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("median time ratio spgraph / peer (log scale; < 1: spgraph faster)")
    ax.set_title(f"{job}: spgraph against its peers")
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    path = os.path.join(out_dir, f"{job}.svg")
    fig.savefig(path)
    plt.close(fig)
    return path


GAP_KERNELS = ["bfs", "sssp", "pr", "cc", "bc", "tc"]


def collect_gap(results_dir):
    """[(graph, target, {kernel: ratio})] from bench/results/gap_*.json, and the skipped files."""
    graphs, skipped = [], []
    for entry in sorted(os.listdir(results_dir)):
        if not (entry.startswith("gap_") and entry.endswith(".json")):
            continue
        try:
            with open(os.path.join(results_dir, entry)) as f:
                data = json.load(f)
            ratios_ = {k["kernel"]: float(k["ratio"]) for k in data["kernels"]
                       if isinstance(k.get("ratio"), (int, float)) and k["ratio"] > 0}
            target = float(data.get("target", 1.0))
            name = str(data.get("graph") or entry[len("gap_"):-len(".json")])
        except (OSError, ValueError, KeyError, TypeError) as e:
            skipped.append(f"{entry} (unreadable: {e})")
            continue
        if not ratios_:
            skipped.append(f"{entry} (no ratios: run with GAPBS_DIR)")
            continue
        graphs.append((name, target, ratios_))
    order = {"kron18": 0, "kron20": 1, "urand": 2, "usroads": 3, "luxembourg_osm": 4, "notredame": 5}
    graphs.sort(key=lambda g: (order.get(g[0], len(order)), g[0]))
    return graphs, skipped


def plot_gap(graphs, out_dir):
    kernels = [k for k in GAP_KERNELS if any(k in r for _, _, r in graphs)]
    kernels += sorted({k for _, _, r in graphs for k in r} - set(kernels))
    width = 0.8 / len(graphs)
    fig, ax = plt.subplots(figsize=(max(7.5, 1.3 * len(kernels) * max(1, len(graphs) / 3)), 4.5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (name, target, ratios_) in enumerate(graphs):
        colour = colours[i % len(colours)]
        xs = [col + i * width for col, k in enumerate(kernels) if k in ratios_]
        ys = [ratios_[k] for k in kernels if k in ratios_]
        ax.bar(xs, ys, width=width, color=colour, alpha=0.85,
               label=f"{name} (target <= {target:g})")
        for x, y in zip(xs, ys):
            ax.text(x, y, f"{y:.2g}", ha="center", va="bottom", fontsize=6, rotation=90)
        # This graph's target across each of its bars.
        for col in range(len(kernels)):
            left = col + i * width - width / 2
            ax.plot([left, left + width], [target, target], color="black", linestyle="--",
                    linewidth=1.0, zorder=3)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    largest = max(max(r.values()) for _, _, r in graphs)
    smallest = min(min(r.values()) for _, _, r in graphs)
    ax.set_ylim(min(0.1, smallest / 2), max(2.0, largest * 2.5))
    ax.set_xticks([col + width * (len(graphs) - 1) / 2 for col in range(len(kernels))])
    ax.set_xticklabels(kernels)
    ax.set_ylabel("time ratio spgraph / GAPBS (log; < 1: spgraph faster)")
    ax.set_title("GAP kernels: spgraph against GAPBS (dashed: targets)")
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    path = os.path.join(out_dir, "gap.svg")
    fig.savefig(path)
    plt.close(fig)
    return path


def main_gap(args):
    graphs, skipped = collect_gap(args.results)
    for s in skipped:
        print(f"skipped {s}", file=sys.stderr)
    if not graphs:
        sys.exit(f"plot.py: error: {args.results}: no gap_*.json file with ratios")
    os.makedirs(args.out, exist_ok=True)
    path = plot_gap(graphs, args.out)
    print(f"{os.path.relpath(path)}: {len(graphs)} graphs")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=os.path.join(here, "results"),
                        help="folder of result JSON files (default: %(default)s)")
    parser.add_argument("--out", default=os.path.join(here, "charts"),
                        help="folder for the SVG charts (default: %(default)s)")
    parser.add_argument("mode", nargs="?", choices=["all", "gap"], default="all",
                        help="all: a chart per job (default); gap: run_gap.sh's ratio chart")
    args = parser.parse_args()
    if not os.path.isdir(args.results):
        sys.exit(f"plot.py: error: {args.results}: no such folder")
    if args.mode == "gap":
        return main_gap(args)
    table, skipped = collect(args.results)
    if not table:
        sys.exit(f"plot.py: error: {args.results}: no result file has median_ratio fields")
    os.makedirs(args.out, exist_ok=True)
    for job in sorted(table):
        path = plot_job(job, table[job], args.out)
        print(f"{os.path.relpath(path)}: {len(table[job])} graphs")
    for s in skipped:
        print(f"skipped {s}", file=sys.stderr)


if __name__ == "__main__":
    main()
