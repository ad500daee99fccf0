#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the Python module as pip installs it, offline, the way python/README.md documents it:
# makes a virtual environment that sees Debian's packages (numpy, scipy), runs
# `pip install --no-build-isolation ./python` in it (--no-index as well, so that nothing can come
# from the network), then, from another folder, imports spgraph from the environment and checks
# its version, its type stubs, BFS and triangles on the bundled karate graph, and checks that the
# install left nothing in the source tree (no new untracked or ignored file in python/).
# Run by ctest as python_pip_install (label "install"); prints the time of the pip step.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/check_pip_install.sh [PYTHON]

PYTHON  the interpreter to install for (default /usr/bin/python3, Debian's, which has numpy,
        scipy, setuptools and wheel from scripts/install_deps.sh).
Environment: SPGRAPH_JOBS (parallel build jobs, default 2), SPGRAPH_CMAKE_ARGS (extra CMake
arguments, passed to python/setup.py), KEEP=1 keeps the scratch folder.
EOF
}

case "${1:-}" in -h | --help) usage; exit 0 ;; esac
python=${1:-/usr/bin/python3}
root=$(cd "$(dirname "$0")/.." && pwd)
export SPGRAPH_JOBS=${SPGRAPH_JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/spgraph-pip.XXXXXX")
if [[ ${KEEP:-0} == 1 ]]; then
  echo "check_pip_install: keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi

fail() {
  echo "check_pip_install: FAIL: $*" >&2
  exit 1
}
tree_state() {  # the untracked and ignored files git sees in python/
  if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$root" status --porcelain --ignored --untracked-files=all -- python |
      grep -E '^(\?\?|!!)' || true
  fi
}

"$python" -m venv --system-site-packages "$work/venv" || fail "$python -m venv (python3-venv)"
before=$(tree_state)
start=$(date +%s.%N)
if ! "$work/venv/bin/pip" install --no-build-isolation --no-index -v "$root/python" \
  >"$work/pip.log" 2>&1; then
  tail -n 60 "$work/pip.log" >&2
  fail "pip install --no-build-isolation ./python"
fi
awk -v a="$start" -v b="$(date +%s.%N)" \
  'BEGIN { printf "check_pip_install: pip install %.1f s\n", b - a }'
grep -q "pip install -v" "$work/pip.log" || fail "the build did not print its hint line"
after=$(tree_state)
[[ $before == "$after" ]] || fail "the install left files in the source tree:
$(diff <(echo "$before") <(echo "$after") || true)"

cd "$work"
"$work/venv/bin/python" - "$work/venv" "$root" <<'EOF' || fail "the installed module"
import os, re, sys
import spgraph

venv, root = sys.argv[1], sys.argv[2]
here = os.path.dirname(spgraph.__file__)
assert here.startswith(venv), "imported %s, not the environment's" % here
cmake = open(os.path.join(root, "CMakeLists.txt")).read()
version = re.search(r"project\(spgraph VERSION ([0-9.]+)", cmake)
assert spgraph.__version__ == version.group(1), spgraph.__version__
for f in ("py.typed", "__init__.pyi"):
    assert os.path.exists(os.path.join(here, f)), "not installed: " + f
g = spgraph.load(os.path.join(root, "tests", "data", "karate.mtx"))  # connected, 45 triangles
assert (spgraph.bfs(g, 1).levels >= 0).sum() == 34 and spgraph.triangles(g) == 45
print("check_pip_install: spgraph %s from %s runs" % (spgraph.__version__, here))
EOF
