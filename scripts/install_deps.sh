#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian packages spgraph needs, skipping those already present (fast when all are).
set -euo pipefail
# C++ build (ccache speeds up rebuilds and the several presets) and tests; the JSON writer; the
# Python module (pybind11, numpy, scipy; pandas for Graph.from_pandas / to_pandas) with its test
# oracles (networkx, pytest) and its offline pip install (setuptools, wheel, venv); charts
# (matplotlib); pkg-config for the installed-library check; cpp-httplib for `spgraph serve`,
# with curl for its documented examples; CombBLAS and OpenMPI (with mpirun) for spgraph-mpi;
# igraph (C library and Python module), the peer of the community and core jobs and of the
# Python benchmark; chromium, its driver and selenium for the headless-browser test of the
# server's status page (tests/cli/serve_page_test.py).
packages=(g++ cmake make ccache clang libclang-rt-14-dev libgtest-dev libbenchmark-dev libomp-dev
          libgraphblas-dev libboost-graph-dev zlib1g-dev libcli11-dev nlohmann-json3-dev pkg-config
          pybind11-dev python3-dev python3-numpy python3-scipy python3-networkx python3-pytest
          python3-matplotlib python3-venv python3-pip python3-setuptools python3-wheel
          python3-pandas libcpp-httplib-dev curl
          libcombblas-dev libopenmpi-dev openmpi-bin libigraph-dev python3-igraph
          chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
