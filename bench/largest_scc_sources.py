#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""BFS sources drawn from a directed graph's largest strongly connected component (so that each
search covers most of the graph, as in the GAPBS comparisons).

Reads an edge list ("u v" per line, '#' comments; the ids are the file's own), finds the strongly
connected components with Kosaraju's algorithm (two iterative depth-first passes, the second
over the reversed arcs; Cormen et al., "Introduction to Algorithms", 3rd ed., section 22.5),
and prints COUNT distinct vertices of the largest one, drawn with Python's random.Random(SEED),
one per line, in the file's numbering. Every vertex of a component of two or more vertices has
out-arcs, so each source reaches the whole component and what lies below it.

Usage: largest_scc_sources.py EDGE_LIST COUNT [SEED]   (the size of the component goes to stderr)
"""
import random
import sys


def read_arcs(path):
    ids, src, dst = {}, [], []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 2:
                sys.exit(f"{path}:{number}: expected 'u v', got {line.strip()!r}")
            u, v = fields[:2]
            src.append(ids.setdefault(u, len(ids)))
            dst.append(ids.setdefault(v, len(ids)))
    names = [None] * len(ids)
    for name, k in ids.items():
        names[k] = name
    return names, src, dst


def adjacency(n, src, dst):
    """Compressed rows: start[u] .. start[u + 1] index the targets of u in `col`."""
    start = [0] * (n + 1)
    for u in src:
        start[u + 1] += 1
    for u in range(n):
        start[u + 1] += start[u]
    col, fill = [0] * len(src), start[:-1]
    for u, v in zip(src, dst):
        col[fill[u]] = v
        fill[u] += 1
    return start, col


def finish_order(n, start, col):
    """Vertices by increasing finish time of an iterative depth-first search."""
    seen, order = bytearray(n), []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = 1
        stack = [(root, start[root])]
        while stack:
            u, k = stack[-1]
            if k < start[u + 1]:
                stack[-1] = (u, k + 1)
                v = col[k]
                if not seen[v]:
                    seen[v] = 1
                    stack.append((v, start[v]))
            else:
                stack.pop()
                order.append(u)
    return order


def largest_component(n, src, dst):
    start, col = adjacency(n, src, dst)
    order = finish_order(n, start, col)
    rstart, rcol = adjacency(n, dst, src)
    comp = [-1] * n
    best, best_size, label = -1, 0, 0
    for root in reversed(order):
        if comp[root] >= 0:
            continue
        comp[root], size, stack = label, 1, [root]
        while stack:
            u = stack.pop()
            for k in range(rstart[u], rstart[u + 1]):
                v = rcol[k]
                if comp[v] < 0:
                    comp[v] = label
                    size += 1
                    stack.append(v)
        if size > best_size:
            best, best_size = label, size
        label += 1
    return [v for v in range(n) if comp[v] == best]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[-1])
    names, src, dst = read_arcs(sys.argv[1])
    members = largest_component(len(names), src, dst)
    count = min(int(sys.argv[2]), len(members))
    print(f"largest strongly connected component: {len(members)} of {len(names)} vertices",
          file=sys.stderr)
    for v in random.Random(int(sys.argv[3]) if len(sys.argv) == 4 else 1).sample(members, count):
        print(names[v])


if __name__ == "__main__":
    main()
