"""A user's own ops taken through every step: DSL -> YAML -> validate -> emit --main ->
mlir-opt-22 lowering -> mlir-runner-22, compared with `--expected` from our loops and fast
backends on the same data."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.mlir.tools import have_runner

OPS = Path(__file__).with_name("journey_ops.py")

CASES = {
    "qmatmul_zp": ["--type", "memref<3x4xi8>", "--type", "memref<4x2xi8>", "--type", "i32", "--type", "i32", "--type", "memref<3x2xi32>"],
    "qk_t": ["--type", "memref<3x4xf16>", "--type", "memref<2x4xf16>", "--type", "memref<3x2xf32>"],
    "row_max": ["--type", "memref<3x5xf32>", "--type", "memref<3xf32>"],
    "exp_minus": ["--type", "tensor<3x5xf32>", "--type", "tensor<3xf32>", "--type", "tensor<3x5xf32>"],
    "conv1d_sd": ["--type", "memref<1x11x2xf32>", "--type", "memref<2x2x3xf32>", "--type", "memref<1x4x3xf32>"],
    "tril_copy": ["--type", "memref<4x4xf32>", "--type", "memref<4x4xf32>"],
    "bias_add": ["--type", "memref<3x4xbf16>", "--type", "memref<4xbf16>", "--type", "memref<3x4xbf16>"],
    "gemm_fn": ["--type", "memref<3x4xf32>", "--type", "memref<4x2xf32>", "--type", "memref<3x2xf32>",
                "--attr", "mul=sub", "--attr", "act=negf"],
    "total": ["--type", "memref<3x4xi8>", "--type", "memref<i32>"],
}  # fmt: skip


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("journey") / "ops.yaml"
    result = CliRunner().invoke(main, ["dump-oplib", "--file", str(OPS), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(main, ["validate", str(out)]).exit_code == 0
    return out


def emit(*args: str) -> str:
    result = CliRunner().invoke(main, ["emit", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.mlir
@pytest.mark.skipif(not have_runner(), reason="mlir-opt-22/mlir-runner-22 missing")
@pytest.mark.parametrize("name", sorted(CASES))
def test_mlir_and_our_backends_print_the_same(library: Path, tmp_path: Path, name: str) -> None:
    args = [name, "--lib", str(library), *CASES[name], "--generic", "--main", "--seed", "5"]
    module = tmp_path / "main.mlir"
    emit(*args, "-o", str(module))
    command = module.read_text().splitlines()[1].removeprefix("//   ")
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == emit(*args, "--expected")
    assert done.stdout == emit(*args, "--expected", "--backend", "fast")
