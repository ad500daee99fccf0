# SPDX-License-Identifier: Apache-2.0
"""The Python snippets of README.md and python/README.md run as written (from the repository
root, where their data/ paths point), so that a first contact does not fail on `.level` or a
method that is a property."""

import re

import pytest

from conftest import REPO

FILES = ["README.md", "python/README.md"]


def snippets():
    for name in FILES:
        text = (REPO / name).read_text()
        for k, m in enumerate(re.finditer(r"```python\n(.*?)```", text, re.S)):
            yield pytest.param(m.group(1), id="%s#%d" % (name, k + 1))


@pytest.mark.parametrize("code", list(snippets()))
def test_snippet_runs(code, monkeypatch):
    monkeypatch.chdir(REPO)
    exec(compile(code, "<snippet>", "exec"), {"__name__": "__snippet__"})


def test_every_file_has_a_snippet():
    assert len(list(snippets())) >= len(FILES)
