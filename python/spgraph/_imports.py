# SPDX-License-Identifier: Apache-2.0
"""What `import spgraph` needs before anything else, each checked with an error that says what
to do: numpy (the module's arrays are numpy's) and the compiled extension `_spgraph` (absent when
Python finds the package's source folder, python/spgraph/, instead of a build or an install).
"""

import importlib
import os
import sys

_BUILD_HINT = (
    "build it with CMake (cmake --preset release -DSPGRAPH_PYTHON=ON && cmake --build "
    "--preset release --target _spgraph, then PYTHONPATH=build/release/python) or install it "
    "(pip install --no-build-isolation ./python; python/README.md)")


def require_numpy():
    """Returns numpy, or raises ImportError saying how to get it."""
    try:
        import numpy
    except ImportError as e:
        raise ImportError(
            "spgraph needs numpy, which %s (%s) cannot import; use Debian's /usr/bin/python3 or "
            "install python3-numpy (apt-get install python3-numpy); in a virtual environment, "
            "create it with --system-site-packages" % (sys.executable, e)) from e
    return numpy


def require_extension():
    """Returns the compiled extension spgraph._spgraph, or raises ImportError saying how to
    build or install it (and which folder Python took for the package)."""
    try:
        return importlib.import_module("spgraph._spgraph")
    except ImportError as e:
        here = os.path.dirname(os.path.abspath(__file__))
        if getattr(e, "name", None) != "spgraph._spgraph":
            raise ImportError("spgraph's extension in %s failed to load: %s" % (here, e)) from e
        raise ImportError(
            "spgraph's compiled extension _spgraph is not in %s (the package's source folder, "
            "or a build without the module): %s" % (here, _BUILD_HINT)) from e
