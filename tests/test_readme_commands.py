"""Every shell command the README shows runs as printed (in a scratch directory holding
the files the README talks about), and the quick start writes nothing into the checkout."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCKS = [(m.group(1), m.group(2), README[: m.start()].count("\n") + 1)
          for m in re.finditer(r"```(\w*)\n(.*?)```", README, re.S)]  # fmt: skip
MLIR_OPT = shutil.which("mlir-opt-22")
CAN_BUILD = (
    all(shutil.which(t) for t in ("cmake", "ninja", "g++", "mlir-opt-22"))
    and Path("/usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake").exists()
)


def _block(lang: str, marker: str) -> str:
    return next(body for kind, body, _ in BLOCKS if kind == lang and marker in body)


def _commands() -> list[tuple[int, str]]:
    """(README line, command) of every sh line but the two install blocks of the quick start."""
    out = []
    sh_blocks = [(body, line) for kind, body, line in BLOCKS if kind == "sh"]
    for body, first_line in sh_blocks[2:]:
        logical = ""
        for i, raw in enumerate(body.splitlines()):
            logical += raw[:-1] + " " if raw.endswith("\\") else raw
            if raw.endswith("\\"):
                continue
            command = re.split(r"\s{2,}#|\s#\s", logical)[0].strip()
            logical = ""
            if command:
                out.append((first_line + 1 + i, command))
    return out


COMMANDS = _commands()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the README's commands read: its my_ops.py and my_ops.tc examples, an
    op-config file ops.yaml, a package my_pkg and an extra.py, and a configured project."""
    root = tmp_path_factory.mktemp("readme")
    my_ops = _block("python", "def scaled_matvec(")
    (root / "my_ops.py").write_text(my_ops)
    (root / "my_ops.tc").write_text(_block("", "ods_def<MatmulOp>"))
    shutil.copy(REPO / "opspecs" / "core_named_ops.yaml", root / "ops.yaml")
    (root / "my_pkg").mkdir()
    (root / "my_pkg" / "__init__.py").write_text("")
    (root / "my_pkg" / "my_ops.py").write_text(my_ops)
    (root / "extra.py").write_text(
        "from linalg_odsgen.dsl import *\n\n@linalg_structured_op\n"
        "def copy_1d(I=TensorDef(T1, S.M), O=TensorDef(T1, S.M, output=True)):\n"
        '    """Copies I."""\n    O[D.m] = I[D.m]\n'
    )
    (root / "pyproject.toml").write_text(_block("toml", "[[tool.linalg-ods-gen.library]]"))
    for d in ("ops", "src/my_pkg", "build"):
        (root / d).mkdir(parents=True)
    (root / "ops" / "my_ops.py").write_text(my_ops)
    # the gen-dialect section's input: the TC section's matmul in the dialect `my_ops`
    (root / "in.mlir").write_text(
        "func.func @f(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {\n"
        "  my_ops.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) "
        "outs(%c : memref<2x4xf32>)\n  return\n}\n"
    )
    _run("linalg-ods-gen check --write", root)
    return root


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = f"{sys.executable} -m linalg_odsgen"
    command = re.sub(r"(^|\| |&& )linalg-ods-gen\b", lambda m: m.group(1) + exe, command)
    command = re.sub(r"(^|&& )python\b", lambda m: m.group(1) + sys.executable, command)
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(
        ["bash", "-o", "pipefail", "-c", command], cwd=cwd, capture_output=True, text=True,
        env=env, timeout=120,
    )  # fmt: skip


def test_the_readme_shows_commands_of_every_section():
    assert len(COMMANDS) >= 25
    assert any("from-tc" in c for _, c in COMMANDS) and any("check" in c for _, c in COMMANDS)


@pytest.mark.parametrize(("line", "command"), COMMANDS, ids=[f"README:{n}" for n, _ in COMMANDS])
def test_readme_command_runs_as_printed(scratch: Path, line: int, command: str) -> None:
    if "mlir-opt-22" in command and MLIR_OPT is None:
        pytest.skip("mlir-opt-22 not installed")
    if (command.startswith("cmake") or "load-dialect-plugin" in command) and not CAN_BUILD:
        pytest.skip("MLIR 22 dev files, cmake, ninja or g++ missing")
    result = _run(command, scratch)
    assert result.returncode == 0, f"README line {line}: {command}\n{result.stderr}"
    assert "Traceback" not in result.stderr


def test_quick_start_works_in_a_temporary_directory_not_the_checkout() -> None:
    quick = _block("sh", "pip install . &&").strip()
    steps = quick.split(" && ")
    assert steps[:3] == ["python3 -m venv .venv", ". .venv/bin/activate", "pip install ."]
    assert steps[3] == 'cd "$(mktemp -d)"'  # everything after writes into a temp dir
    # the installed-wheel test (tests/test_ops.py) runs these steps with the built wheel
    assert any("dump-oplib -o core.yaml" in s for s in steps[4:])
