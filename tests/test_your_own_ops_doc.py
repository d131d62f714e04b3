"""docs/your-own-ops.md runs as printed: every `sh` block, in order, in one empty directory.

The plugin section builds a C++ project (tens of seconds), so it runs only in the slow
profile; the rest needs the MLIR 22 tools the page uses and skips without them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "your-own-ops.md"
BLOCKS = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
TOOLS = ("mlir-opt-22", "mlir-runner-22", "mlir-tblgen-22")
CAN_BUILD = (
    all(shutil.which(t) for t in ("cmake", "ninja", "g++"))
    and Path("/usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake").exists()
)


def run_doc(tmp_path: Path, *, with_plugin: bool) -> str:
    blocks = [b for b in BLOCKS if with_plugin or "gen-dialect" not in b]
    script = "set -e\n" + "\n".join(blocks)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=1800)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


@pytest.mark.skipif(not all(shutil.which(t) for t in TOOLS), reason="MLIR 22 tools missing")
def test_the_page_runs_as_printed(tmp_path: Path) -> None:
    out = run_doc(tmp_path, with_plugin=False)
    assert "[[ 6  6  6]\n [22 22 22]]" in out and "[0. 1. 2. 3.]" in out
    assert "MLIR and our runtime agree" in out
    assert re.search(r"^[1-9][0-9]*$", out, re.M)  # grep -c found QkTOp in tblgen's output
    assert (tmp_path / "gen" / "python" / "my_ops_impl.py").is_file()
    assert "generated files up to date" in out


@pytest.mark.slow
@pytest.mark.skipif(not (CAN_BUILD and all(shutil.which(t) for t in TOOLS)),
                    reason="MLIR 22 dev files or a C++ toolchain missing")  # fmt: skip
def test_the_page_with_its_plugin_runs_as_printed(tmp_path: Path) -> None:
    out = run_doc(tmp_path, with_plugin=True)
    assert "my_ops.qk_t" not in out  # generalized by the plugin's ops, printed by mlir-opt
    assert "linalg.generic" in out
    assert "the plugin's ops and our runtime agree" in out


def test_the_documented_messages_are_what_the_tools_say(tmp_path: Path) -> None:
    import numpy as np

    from linalg_odsgen.dsl.library import load_file

    text = DOC.read_text(encoding="utf-8")
    source = re.search(r"cat > my_ops.py <<'EOF'\n(.*?)EOF\n", text, re.S)
    assert source is not None
    (tmp_path / "my_ops.py").write_text(source.group(1))
    ops = {op.name: op for op in load_file(str(tmp_path / "my_ops.py"))}
    with pytest.raises(Exception) as err:
        ops["qk_t"](
            np.ones((2, 4), np.int8), np.ones((3, 5), np.int8), outs=[np.zeros((2, 3), np.int32)]
        )
    assert f"{err.value}" in text
