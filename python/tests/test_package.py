# SPDX-License-Identifier: Apache-2.0
"""The package around the algorithms: the type stubs against the runtime API (so that they
cannot drift), __version__ against the project's CMake version, the thread setting and its
default (OMP_NUM_THREADS, the affinity mask, small work on one thread) with answers equal at every
thread count, and the import errors: no numpy, no compiled extension, the repository root."""

import ast
import os
import re
import subprocess
import sys
import threading

import numpy as np
import pytest
import scipy.sparse as sp

import spgraph
from conftest import REPO, random_csr

STUBS = REPO / "python" / "spgraph" / "__init__.pyi"


def stub_tree():
    return ast.parse(STUBS.read_text())


def stub_names(body):
    """Names a stub body defines: functions, classes, annotated or plain assignments."""
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


BUILD = os.path.dirname(os.path.dirname(os.path.abspath(spgraph.__file__)))


def run_python(code, cwd, env_extra=None, drop=()):
    """Runs `code` in a fresh interpreter in `cwd`, the module found where this one was (an
    absolute PYTHONPATH) unless `drop` names PYTHONPATH."""
    env = dict(os.environ, PYTHONPATH=BUILD)
    env = {k: v for k, v in env.items() if k not in drop}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


# ---- stubs --------------------------------------------------------------------------------------

def test_stubs_declare_every_public_name():
    missing = set(spgraph.__all__) - stub_names(stub_tree().body)
    assert not missing, "spgraph.__all__ names missing from __init__.pyi: %s" % sorted(missing)


def test_stubs_declare_every_public_attribute_of_each_class():
    classes = {n.name: n for n in stub_tree().body if isinstance(n, ast.ClassDef)}
    gaps = []
    for name in spgraph.__all__:
        obj = getattr(spgraph, name)
        if not isinstance(obj, type) or issubclass(obj, BaseException):
            continue
        declared, todo = set(), [name]
        while todo:  # the class and its bases, as the stubs declare them
            node = classes[todo.pop()]
            declared |= stub_names(node.body)
            todo += [b.id for b in node.bases if isinstance(b, ast.Name) and b.id in classes]
        for attr in dir(obj):
            if not attr.startswith("_") and attr not in declared:
                gaps.append("%s.%s" % (name, attr))
    assert not gaps, "public attributes missing from __init__.pyi: %s" % gaps


def test_stubs_parse_and_ship_with_py_typed():
    assert (REPO / "python" / "spgraph" / "py.typed").exists()
    setup = (REPO / "python" / "setup.py").read_text()
    assert '"py.typed"' in setup and '"*.pyi"' in setup


# ---- version ------------------------------------------------------------------------------------

def test_version_is_the_cmake_project_version():
    text = (REPO / "CMakeLists.txt").read_text()
    version = re.search(r"project\(spgraph VERSION ([0-9.]+)", text).group(1)
    assert spgraph.__version__ == version
    assert "__version__" in spgraph.__all__


# ---- threads ------------------------------------------------------------------------------------

@pytest.fixture
def restore_threads():
    yield
    spgraph.set_num_threads(0)


def test_set_num_threads_sets_and_restores(restore_threads):
    spgraph.set_num_threads(3)
    assert spgraph.get_num_threads() == 3
    assert spgraph._spgraph._kernel_threads(1e12) == 3
    spgraph.set_num_threads(0)
    assert spgraph.get_num_threads() == spgraph._spgraph._threads_for(float("inf"))
    with pytest.raises(ValueError):
        spgraph.set_num_threads(-1)
    with pytest.raises(ValueError):
        spgraph.set_num_threads(10 ** 6)
    assert spgraph.get_num_threads() >= 1


def test_small_work_runs_on_one_thread(restore_threads):
    spgraph.set_num_threads(4)
    threads_for = spgraph._spgraph._threads_for
    assert threads_for(0) == 1
    assert threads_for(65535) == 1
    assert threads_for(2 * 65536) == 2
    assert threads_for(3.5 * 65536) == 3
    assert threads_for(1e12) == 4
    assert spgraph._spgraph._kernel_threads(100) == 1
    assert spgraph._spgraph._kernel_threads(3 * 65536) == 3


def test_setting_reaches_kernels_called_from_other_threads(restore_threads):
    """omp_set_num_threads alone would reach only the calling thread; the module's setting is
    applied in every call, whichever Python thread makes it."""
    spgraph.set_num_threads(2)
    seen = []
    t = threading.Thread(target=lambda: seen.append(spgraph._spgraph._kernel_threads(1e12)))
    t.start()
    t.join()
    assert seen == [2]


@pytest.mark.parametrize("env, expected", [
    ({"OMP_NUM_THREADS": "3"}, lambda: 3),
    ({"OMP_NUM_THREADS": "2,1"}, lambda: 2),
    ({}, lambda: len(os.sched_getaffinity(0))),
])
def test_default_follows_omp_num_threads_else_the_affinity_mask(env, expected):
    r = run_python("import spgraph; print(spgraph.get_num_threads())", cwd="/",
                   env_extra=env, drop=("OMP_NUM_THREADS",))
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) == expected()


def test_default_is_the_affinity_mask_under_taskset():
    """A process pinned to one CPU defaults to one thread, however many cores the machine has."""
    cpu = sorted(os.sched_getaffinity(0))[0]
    code = ("import os, spgraph; os.sched_setaffinity(0, {%d}); "
            "print(spgraph.get_num_threads())" % cpu)
    r = run_python(code, cwd="/", drop=("OMP_NUM_THREADS",))
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) == 1


def test_answers_do_not_depend_on_the_thread_count(restore_threads):
    a = random_csr(60000, 400000, seed=7, directed=False, self_loops=False)
    g = spgraph.Graph.from_scipy(a, undirected=True)
    answers = []
    for threads in (1, 2, 4):
        spgraph.set_num_threads(threads)
        answers.append((spgraph.bfs(g, 0).levels, spgraph.cc(g).labels,
                        spgraph.triangles(g), spgraph.pagerank(g, sweep="jacobi").rank))
    for levels, labels, count, rank in answers[1:]:
        np.testing.assert_array_equal(levels, answers[0][0])
        np.testing.assert_array_equal(labels, answers[0][1])
        assert count == answers[0][2]
        np.testing.assert_allclose(rank, answers[0][3], rtol=1e-9, atol=1e-15)


# ---- import errors ------------------------------------------------------------------------------

def test_import_without_numpy_says_what_to_do():
    r = run_python("import sys; sys.modules['numpy'] = None; import spgraph", cwd="/")
    assert r.returncode != 0
    assert "ImportError: spgraph needs numpy" in r.stderr
    assert "python3-numpy" in r.stderr and "/usr/bin/python3" in r.stderr


def test_import_at_the_repository_root_finds_the_module():
    """With the build on PYTHONPATH, the repository root holds no folder named spgraph that
    Python would take for the package (the C++ umbrella header lives in include/spgraph/)."""
    assert not (REPO / "spgraph").exists()
    r = run_python("import spgraph; print(spgraph.__file__); spgraph.bfs", cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(os.path.join(BUILD, "spgraph"))


def test_import_at_the_repository_root_without_a_build_is_a_plain_import_error():
    r = run_python("import spgraph", cwd=REPO, drop=("PYTHONPATH",))
    assert r.returncode != 0
    assert "AttributeError" not in r.stderr
    assert "ModuleNotFoundError: No module named 'spgraph'" in r.stderr


def test_import_of_the_source_package_says_how_to_build():
    """In python/, Python finds the package's source folder, which has no compiled extension."""
    r = run_python("import spgraph", cwd=REPO / "python", drop=("PYTHONPATH",))
    assert r.returncode != 0
    assert "AttributeError" not in r.stderr
    assert "ImportError: spgraph's compiled extension _spgraph is not in" in r.stderr
    assert "pip install --no-build-isolation ./python" in r.stderr


@pytest.mark.parametrize("command", ["bdist_wheel", "dist_info"])
def test_setup_py_without_wheel_says_what_to_install(command):
    """setuptools before 70.1 needs the separate wheel package for bdist_wheel (what pip runs,
    also inside dist_info for the metadata); setup.py says so instead of setuptools' `invalid
    command 'bdist_wheel'`."""
    try:
        import setuptools.command.bdist_wheel  # noqa: F401
        pytest.skip("this setuptools has its own bdist_wheel")
    except ImportError:
        pass
    code = ("import sys; sys.modules['wheel'] = None; sys.argv = ['setup.py', '%s']; " % command +
            "exec(compile(open('setup.py').read(), 'setup.py', 'exec'), "
            "{'__file__': 'setup.py', '__name__': '__main__'})")
    before = sorted(p.name for p in (REPO / "python").iterdir())
    r = run_python(code, cwd=REPO / "python")
    assert r.returncode == 1
    assert "needs the 'wheel' package" in r.stderr and "python3-wheel" in r.stderr
    assert sorted(p.name for p in (REPO / "python").iterdir()) == before


def test_scipy_round_trip_still_works_after_the_import_guards():
    a = sp.random(50, 50, 0.1, format="csr", random_state=1)
    assert (spgraph.Graph.from_scipy(a).to_scipy() != a).nnz == 0
