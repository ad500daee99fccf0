#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs every ```python block of the documentation, so that no documented snippet goes stale.

The files: README.md, python/README.md and docs/*.md (or those named on the command line). The
blocks of one file run in order, in one namespace (a later block sees an earlier one's names, as
in a notebook), in a fresh interpreter per file, with matplotlib's non-interactive backend. A
block whose fence is preceded by the line `<!-- not-run -->` is skipped (for output shown as an
example, or code that needs what CI lacks). The working directory looks like the repository root
(a temporary folder with a link to each of its top-level entries), so that paths such as
data/wiki-Vote.txt resolve while files a snippet writes land in the temporary folder, not in the
checkout. The module comes from PYTHONPATH (ctest's python_snippets points it at the build;
by hand: PYTHONPATH=build/release/python /usr/bin/python3 scripts/check_python_snippets.py).
Exits 1 naming the file and line of each failing block, 0 when every block ran.
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
SKIP_MARK = "<!-- not-run -->"
FENCE = re.compile(r"^(\s*)```+\s*python\s*$")

# Runs in the child: executes the blocks given as JSON on stdin, one after another, in one
# namespace; prints one line per failure and stops at the first one (later blocks of a file
# usually depend on the earlier ones).
DRIVER = r"""
import json, sys, traceback
blocks = json.load(sys.stdin)
namespace = {"__name__": "__main__"}
for b in blocks:
    try:
        exec(compile(b["code"], "%s:%d" % (b["file"], b["line"]), "exec"), namespace)
    except BaseException:
        print("FAILED %s:%d" % (b["file"], b["line"]), flush=True)
        traceback.print_exc()
        sys.exit(1)
    print("ran %s:%d" % (b["file"], b["line"]), flush=True)
"""


def default_files():
    files = [ROOT / "README.md", ROOT / "python" / "README.md"]
    files += sorted((ROOT / "docs").glob("*.md"))
    return [f for f in files if f.exists()]


def python_blocks(path):
    """The ```python blocks of a Markdown file: (first code line number, code), skipped ones
    left out. Raises ValueError for a block that is never closed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks, i = [], 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        start, indent = i + 1, match.group(1)
        end = start
        while end < len(lines) and not lines[end].strip().startswith("```"):
            end += 1
        if end == len(lines):
            raise ValueError("%s:%d: a ```python block that is never closed" % (path, i + 1))
        previous = next((l.strip() for l in reversed(lines[:i]) if l.strip()), "")
        if previous != SKIP_MARK:
            code = "\n".join(l[len(indent):] if l.startswith(indent) else l
                             for l in lines[start:end])
            blocks.append((start + 1, code + "\n"))
        i = end + 1
    return blocks


def scratch_root():
    """A temporary folder that looks like the repository root: a link to each top-level entry."""
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="spgraph-snippets-"))
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (scratch / entry.name).symlink_to(entry)
    return scratch


def display(path):
    """The path relative to the repository root where it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def run_file(path, blocks, cwd, timeout):
    """Runs one file's blocks in a fresh interpreter; returns (ok, output)."""
    rel = display(path)
    payload = json.dumps([{"file": rel, "line": line, "code": code} for line, code in blocks])
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONDONTWRITEBYTECODE="1")
    # PYTHONPATH as given is relative to where this script was started, not to `cwd`.
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in paths)
    try:
        r = subprocess.run([sys.executable, "-c", DRIVER], input=payload, cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "%s: timed out after %d s\n" % (rel, timeout)
    return r.returncode == 0, r.stdout + r.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=pathlib.Path,
                        help="Markdown files (default: README.md, python/README.md, docs/*.md)")
    parser.add_argument("--list", action="store_true", help="list the blocks, run nothing")
    parser.add_argument("--timeout", type=int, default=300, help="seconds per file (300)")
    args = parser.parse_args()
    files = [f.resolve() for f in args.files] or default_files()
    try:
        plan = [(f, python_blocks(f)) for f in files]
    except (OSError, ValueError) as e:
        print("check_python_snippets: %s" % e, file=sys.stderr)
        return 2
    plan = [(f, b) for f, b in plan if b]
    if args.list:
        for f, blocks in plan:
            for line, code in blocks:
                print("%s:%d (%d lines)" % (display(f), line, code.count("\n")))
        return 0
    start, failed, count = time.time(), [], sum(len(b) for _, b in plan)
    cwd = scratch_root()
    try:
        for f, blocks in plan:
            ok, output = run_file(f, blocks, cwd, args.timeout)
            if not ok:
                failed.append(f)
                print(output, end="" if output.endswith("\n") else "\n")
    finally:
        shutil.rmtree(cwd, ignore_errors=True)
    took = time.time() - start
    if failed:
        print("check_python_snippets: FAILED in %s (%d blocks in %d files, %.1f s)"
              % (", ".join(display(f) for f in failed), count, len(plan), took))
        return 1
    print("check_python_snippets: %d blocks in %d files ran (%.1f s)" % (count, len(plan), took))
    return 0


if __name__ == "__main__":
    sys.exit(main())
