"""Which executable runs a tool: PATH's, except IREE's pip wrappers, skipped for their binary."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from linalg_odsgen.mlir.tools import ToolError, run_tool, tool_path


def test_a_missing_tool_has_no_path_and_running_it_says_so() -> None:
    assert tool_path("no-such-tool-linalg-ods-gen") is None
    with pytest.raises(ToolError, match="not found on PATH"):
        run_tool("no-such-tool-linalg-ods-gen", ["--version"], "")


@pytest.mark.parametrize("tool", ["iree-opt", "iree-compile"])
def test_iree_tools_run_the_binary_behind_pips_python_wrapper(tool: str) -> None:
    pytest.importorskip("iree.compiler")
    wrapper = shutil.which(tool)
    if wrapper is None:
        pytest.skip(f"{tool} not on PATH")
    path = tool_path(tool)
    assert path is not None and Path(path).read_bytes()[:4] == b"\x7fELF"
    assert Path(wrapper).read_bytes()[:4] != b"\x7fELF"  # what pip put on PATH: a script
    done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60)
    ours = done.stdout + done.stderr
    theirs = subprocess.run([wrapper, "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "version" in ours and ours == theirs.stdout + theirs.stderr
