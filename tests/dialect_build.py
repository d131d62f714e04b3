"""Building a gen-dialect plugin in tests: whether it can be done here, and doing it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

MLIR_OPT = shutil.which("mlir-opt-22")
MLIR_CMAKE = Path("/usr/lib/llvm-22/lib/cmake/mlir")
HAVE_TOOLS = (
    all(shutil.which(t) for t in ("mlir-opt-22", "cmake", "ninja", "g++"))
    and (MLIR_CMAKE / "MLIRConfig.cmake").exists()
)
needs_build = pytest.mark.skipif(
    not HAVE_TOOLS, reason="MLIR 22 dev files, cmake, ninja or g++ missing"
)


def build_plugin(sources: list[str], name: str, out: Path) -> str:
    """gen-dialect + CMake configure + build; the path of the one shared library built."""
    result = CliRunner().invoke(main, ["gen-dialect", *sources, "--name", name, "-o", str(out)])
    assert result.exit_code == 0, result.output
    build = out / "build"
    configure = [
        "cmake",
        "-G",
        "Ninja",
        "-S",
        str(out),
        "-B",
        str(build),
        f"-DMLIR_DIR={MLIR_CMAKE}",
    ]
    for cmd in (configure, ["cmake", "--build", str(build)]):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    libs = sorted(build.glob("*.so"))
    assert [p.name for p in libs] == [f"{name}-plugin.so"]  # exactly one shared library
    return str(libs[0])


def opt(plugin: str, text: str, *passes: str) -> subprocess.CompletedProcess[str]:
    """`mlir-opt-22` with the plugin loaded."""
    assert MLIR_OPT is not None
    return subprocess.run(
        [MLIR_OPT, f"--load-dialect-plugin={plugin}", *passes],
        input=text, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
