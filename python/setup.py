# SPDX-License-Identifier: Apache-2.0
"""Builds and installs the spgraph Python module with pip, offline, from this repository.

    python3 -m venv --system-site-packages ~/spgraph-env     # numpy/scipy from Debian
    ~/spgraph-env/bin/pip install --no-build-isolation ./python

The extension `_spgraph` is built by CMake from the repository root (-DSPGRAPH_PYTHON=ON, no
tests or benchmarks: only the module's target), with the interpreter that runs pip, and copied
next to the package's Python files. There is deliberately no pyproject.toml: pip then uses the
setuptools already installed (Debian's python3-setuptools) instead of fetching a build backend
from PyPI, which a machine without internet cannot reach. Needs cmake, a C++20 compiler,
pybind11-dev, zlib, OpenMP and CLI11 (scripts/install_deps.sh installs them).
"""

import os
import pathlib
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        jobs = os.environ.get("SPGRAPH_JOBS", str(os.cpu_count() or 2))
        subprocess.check_call([
            "cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DSPGRAPH_PYTHON=ON", "-DSPGRAPH_BUILD_TESTS=OFF", "-DSPGRAPH_BUILD_BENCH=OFF",
            f"-DPython_EXECUTABLE={sys.executable}",
        ])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "_spgraph", "-j", jobs])
        built = next((build / "python" / "spgraph").glob("_spgraph*.so"))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


setup(
    name="spgraph",
    version="0.1.0",
    description="Graph analytics on sparse linear algebra (the spgraph engine's Python module)",
    license="Apache-2.0",
    packages=["spgraph"],
    package_dir={"spgraph": "spgraph"},
    ext_modules=[CMakeExtension("spgraph._spgraph")],
    cmdclass={"build_ext": CMakeBuild},
    install_requires=["numpy", "scipy"],
    python_requires=">=3.8",
    zip_safe=False,
)
