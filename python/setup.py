# SPDX-License-Identifier: Apache-2.0
"""Builds and installs the spgraph Python module with pip, offline, from this repository.

    python3 -m venv --system-site-packages ~/spgraph-env     # numpy/scipy from Debian
    ~/spgraph-env/bin/pip install --no-build-isolation -v ./python

pip runs this file through setuptools' PEP 517 backend (pyproject.toml). `--no-build-isolation`
makes pip use the setuptools and wheel this interpreter already has (Debian's python3-setuptools
and python3-wheel) instead of fetching them from PyPI, which a machine without internet cannot
reach. `-v` shows the CMake build as it runs (a few minutes on two cores; without -v pip shows
only a spinner). The extension `_spgraph` is built by CMake from the repository root
(-DSPGRAPH_PYTHON=ON, no tests or benchmarks: only the module's target), with the interpreter
that runs pip, and copied next to the package's Python files.

Nothing is written into the source tree: setuptools' build folders, its egg-info and the CMake
build go to a temporary folder that is removed afterwards (or to $SPGRAPH_BUILD_DIR, kept, to
rebuild incrementally; ccache, where installed, makes a fresh build quick too). SPGRAPH_JOBS sets
the build's parallelism (default: the CPUs this process may use); SPGRAPH_CMAKE_ARGS adds CMake
arguments (e.g. "-DSPGRAPH_WERROR=ON", which the ctest check passes so that the module compiles
with the same warning flags as the build beside it and ccache can reuse that build's objects). The version is the project's
(project() in the top CMakeLists.txt). Needs cmake, a C++20 compiler, pybind11-dev, zlib, OpenMP
and CLI11 (scripts/install_deps.sh installs them).
"""

import atexit
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def project_version():
    """The version in the top CMakeLists.txt's project() call, the project's one source."""
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*spgraph\s+VERSION\s+([0-9][0-9.]*)", text)
    if not match:
        sys.exit("spgraph setup.py: no `project(spgraph VERSION x.y.z` in %s"
                 % (ROOT / "CMakeLists.txt"))
    return match.group(1)


def require_wheel_support():
    """Stops with a clear message where `bdist_wheel` (what pip runs, also inside `dist_info`
    for the metadata) would be an unknown command: setuptools before 70.1 gets it from the
    separate `wheel` package."""
    if not {"bdist_wheel", "dist_info"} & set(sys.argv[1:]):
        return
    try:
        import wheel  # noqa: F401
        return
    except ImportError:
        pass
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools >= 70.1)
        return
    except ImportError:
        pass
    sys.exit(
        "spgraph: building the module needs the 'wheel' package, which %s does not have.\n"
        "Use Debian's /usr/bin/python3 with python3-wheel installed (apt-get install "
        "python3-wheel), e.g. in a venv made with `/usr/bin/python3 -m venv "
        "--system-site-packages`, or install wheel for this interpreter." % sys.executable)


def build_folder():
    """Where setuptools and CMake build: $SPGRAPH_BUILD_DIR (kept), else a temporary folder
    removed when this process ends, never the source tree."""
    kept = os.environ.get("SPGRAPH_BUILD_DIR")
    if kept:
        path = pathlib.Path(kept).resolve()
        path.mkdir(parents=True, exist_ok=True)
        return path
    path = tempfile.mkdtemp(prefix="spgraph-pip-build-")
    atexit.register(shutil.rmtree, path, True)
    return pathlib.Path(path)


def build_jobs():
    if os.environ.get("SPGRAPH_JOBS"):
        return os.environ["SPGRAPH_JOBS"]
    try:
        return str(len(os.sched_getaffinity(0)))
    except AttributeError:
        return str(os.cpu_count() or 2)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        jobs = build_jobs()
        print("spgraph: building the C++ extension with CMake in %s (%s jobs, SPGRAPH_JOBS to "
              "change; minutes on a small machine: `pip install -v` shows the progress)"
              % (build, jobs), file=sys.stderr, flush=True)
        run([
            "cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
            "-DSPGRAPH_PYTHON=ON", "-DSPGRAPH_BUILD_TESTS=OFF", "-DSPGRAPH_BUILD_BENCH=OFF",
            f"-DPython_EXECUTABLE={sys.executable}",
        ] + shlex.split(os.environ.get("SPGRAPH_CMAKE_ARGS", "")))
        run(["cmake", "--build", str(build), "--target", "_spgraph", "-j", jobs])
        built = next((build / "python" / "spgraph").glob("_spgraph*.so"))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


def run(command):
    """Runs a build command, its output passed through; a missing cmake is named."""
    try:
        subprocess.check_call(command)
    except FileNotFoundError:
        sys.exit("spgraph: `%s` is not installed (scripts/install_deps.sh installs what the "
                 "build needs)" % command[0])


require_wheel_support()
BUILD = build_folder()

setup(
    name="spgraph",
    version=project_version(),
    description="Graph analytics on sparse linear algebra (the spgraph engine's Python module)",
    license="Apache-2.0",
    packages=["spgraph"],
    package_dir={"spgraph": "spgraph"},
    package_data={"spgraph": ["py.typed", "*.pyi"]},
    ext_modules=[CMakeExtension("spgraph._spgraph")],
    cmdclass={"build_ext": CMakeBuild},
    install_requires=["numpy", "scipy"],
    python_requires=">=3.8",
    zip_safe=False,
    options={"build": {"build_base": str(BUILD / "setuptools")},
             "egg_info": {"egg_base": str(BUILD)}},
)
