"""Pipeline-tester tests need MLIR 22's mlir-opt and mlir-runner; wrappers injecting faults."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from linalg_odsgen.mlir.tools import have_runner, have_tool


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if have_tool() and have_runner():
        return
    skip = pytest.mark.skip(reason="mlir-opt-22 / mlir-runner-22 not installed")
    for item in items:
        if "tests/conformance" in str(item.fspath):
            item.add_marker(skip)


# A wrapper around mlir-opt-22 (same arguments) that rewrites its output text: a
# deliberately wrong pipeline. REWRITE is Python code transforming `out`.
_WRAPPER = """#!{python}
import re, subprocess, sys
res = subprocess.run(["mlir-opt-22", *sys.argv[1:]], stdin=sys.stdin, capture_output=True, text=True)
sys.stderr.write(res.stderr)
if res.returncode != 0:
    sys.exit(res.returncode)
out = res.stdout
{rewrite}
sys.stdout.write(out)
"""


@pytest.fixture
def make_wrapper(tmp_path: Path):
    def make(name: str, rewrite: str) -> str:
        path = tmp_path / name
        path.write_text(_WRAPPER.format(python=sys.executable, rewrite=rewrite))
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        return os.fspath(path)

    return make
