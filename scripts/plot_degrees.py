#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Draws the degree distribution that `spgraph info FILE --degrees degrees.tsv` writes as a
log-log scatter plot (SVG): number of vertices against degree, out- and in-degree as two
series (one for an undirected graph). Degree 0 cannot sit on a log axis and is reported in
the title instead.

Usage: scripts/plot_degrees.py degrees.tsv [-o degrees.svg] [--title NAME]
Needs python3-matplotlib (Debian).
"""

import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after the backend is chosen)


def read_table(path):
    """Column names and integer rows of a TSV ("# a b" header) or CSV ("a,b" header) table."""
    with open(path, newline="") as f:
        first = f.readline()
        if first.startswith("#"):
            names = first[1:].split()
            rows = [line.split("\t") for line in f if line.strip()]
        else:
            names = next(csv.reader([first]))
            rows = list(csv.reader(f))
    try:
        return names, [[int(x) for x in row] for row in rows if row]
    except ValueError as e:
        sys.exit(f"plot_degrees.py: error: {path}: not a degree table ({e})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", help="the file `spgraph info --degrees` wrote")
    parser.add_argument("-o", "--out", default="degrees.svg", help="SVG to write (default: %(default)s)")
    parser.add_argument("--title", default=None, help="chart title (default: the table's name)")
    args = parser.parse_args()
    names, rows = read_table(args.table)
    if len(names) < 2 or names[0] != "degree":
        sys.exit(f"plot_degrees.py: error: {args.table}: expected a 'degree' column first, got {names}")
    fig, ax = plt.subplots(figsize=(6, 4.5))
    zero = {}
    for col, label in enumerate(names[1:], start=1):
        xs = [r[0] for r in rows if r[0] > 0 and r[col] > 0]
        ys = [r[col] for r in rows if r[0] > 0 and r[col] > 0]
        zero[label] = sum(r[col] for r in rows if r[0] == 0)
        ax.scatter(xs, ys, s=8, label=label.replace("_", " "))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("degree")
    ax.set_ylabel("number of vertices")
    zeros = ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in zero.items() if v)
    title = args.title or args.table
    ax.set_title(title + (f"\n(degree 0, not drawn: {zeros})" if zeros else ""), fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"{args.out}: {len(rows)} distinct degrees")


if __name__ == "__main__":
    main()
