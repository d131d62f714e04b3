"""`emit --main`, `--expected` and `--dialect`: runnable modules and the plugin's named form."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.mlir.tools import have_runner

MATMUL = ["matmul", "--type", "memref<3x2xi8>", "--type", "memref<2x4xi8>"]
MATMUL += ["--type", "memref<3x4xi32>"]

needs_runner = pytest.mark.skipif(not have_runner(), reason="mlir-opt-22/mlir-runner-22 missing")


def emit(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["emit", *args])
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


def rows(text: str) -> list[list[float]]:
    """The printed rows `( a, b )` as numbers."""
    out = []
    for line in text.splitlines():
        assert line.startswith("( ") and line.endswith(" )"), line
        body = line[2:-2].strip()
        out.append([float(x) for x in body.split(", ")] if body else [])
    return out


def data_of(module: str, name: str) -> np.ndarray:
    """The values of global `@NAME_data` of a --main module, read back independently."""
    m = re.search(rf"@{name}_data : memref<([0-9x]+)x[a-z0-9]+> = dense<(.*)>\n", module)
    assert m is not None, name
    shape = tuple(int(d) for d in m.group(1).split("x"))
    values = [float(v) for v in re.findall(r"-?[0-9.]+e[+-][0-9]+|-?[0-9]+", m.group(2))]
    return np.array(values).reshape(shape)


def test_expected_output_is_numpy_matmul_of_the_module_data() -> None:
    code, module, _ = emit(*MATMUL, "--main", "--seed", "7")
    assert code == 0
    a, b, c = data_of(module, "A"), data_of(module, "B"), data_of(module, "C")
    code, expected, _ = emit(*MATMUL, "--main", "--seed", "7", "--expected")
    assert code == 0
    np.testing.assert_array_equal(np.array(rows(expected)), c + a @ b)


def test_data_prints_what_the_module_holds() -> None:
    module = emit(*MATMUL, "--main", "--seed", "7")[1]
    code, data, _ = emit(*MATMUL, "--main", "--seed", "7", "--data")
    assert code == 0
    blocks = re.split(r"^([A-Z]): (memref<[^>]*>)\n", data, flags=re.M)[1:]
    assert [(blocks[i], blocks[i + 1]) for i in range(0, len(blocks), 3)] == [
        ("A", "memref<3x2xi8>"), ("B", "memref<2x4xi8>"), ("C", "memref<3x4xi32>")]  # fmt: skip
    for i in range(0, len(blocks), 3):
        np.testing.assert_array_equal(np.array(rows(blocks[i + 2])), data_of(module, blocks[i]))


def test_same_seed_same_module_other_seed_other_data() -> None:
    first = emit(*MATMUL, "--main", "--seed", "3")[1]
    assert first == emit(*MATMUL, "--main", "--seed", "3")[1]
    other = emit(*MATMUL, "--main", "--seed", "4")[1]
    assert other != first
    assert not np.array_equal(data_of(first, "A"), data_of(other, "A"))


def test_main_needs_static_sizes() -> None:
    code, out, err = emit("matmul", "--type", "memref<3x2xf32>", "--type", "memref<2x?xf32>",
                          "--type", "memref<3x4xf32>", "--main")  # fmt: skip
    assert code == 1 and out == ""
    assert "[op matmul] a runnable module needs static sizes: operand 'B'" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--expected"], "--expected goes with --main"),
        (["--seed", "2"], "--seed goes with --main"),
        (["--data"], "--data goes with --main"),
        (["--main", "--data", "--expected"], "--expected and --data print different things"),
        (["--dialect", "My-Ops"], "--dialect 'My-Ops': a dialect name is lower-case"),
        (["--dialect", "my_ops", "--generic"], "--generic prints linalg.generic"),
        (["--main", "--expected", "--backend", "nope"], "--backend 'nope': not available"),
    ],
)
def test_flag_mistakes_are_diagnostics(args: list[str], message: str) -> None:
    code, out, err = emit(*MATMUL, *args)
    assert code == 1 and out == ""
    assert message in err and "Traceback" not in err


def test_dialect_prints_the_named_form_under_that_dialect() -> None:
    code, out, _ = emit(*MATMUL, "--attr", "cast=cast_unsigned", "--dialect", "my_ops")
    assert code == 0
    assert "my_ops.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(" in out
    assert "linalg.matmul" not in out
    assert emit(*MATMUL, "--dialect", "linalg")[1] == emit(*MATMUL)[1]


CASES = {
    "matmul_i8_unsigned": [*MATMUL, "--attr", "cast=cast_unsigned"],
    "conv_bf16_tensor_strided": [
        "conv_2d_nhwc_hwcf", "--type", "tensor<1x9x9x2xbf16>", "--type", "tensor<2x2x2x3xbf16>",
        "--type", "tensor<1x4x4x3xf32>", "--attr", "strides=2,2",
    ],
    "fill_scalar": ["fill", "--type", "f32", "--type", "memref<2x3xf32>"],
    "exp_tensor": ["exp", "--type", "tensor<2x3xf32>", "--type", "tensor<2x3xf32>"],
    "pool_max_f16": [
        "pooling_nhwc_max", "--type", "memref<1x5x5x2xf16>", "--type", "memref<2x2xf16>",
        "--type", "memref<1x4x4x2xf16>",
    ],
    "add_i1": ["add", "--type", "memref<4xi1>", "--type", "memref<4xi1>", "--type", "memref<4xi1>"],
    "dot_rank0_out": ["dot", "--type", "memref<5xf64>", "--type", "memref<5xf64>",
                      "--type", "memref<f64>"],
    "exp_f64_named_like_libm": ["exp", "--type", "memref<2x3xf64>", "--type", "memref<2x3xf64>"],
    "matmul_f8_apfloat": ["matmul", "--type", "memref<3x2xf8E4M3FN>", "--type",
                          "memref<2x4xf8E4M3FN>", "--type", "memref<3x4xf32>"],
    "exp_f8_tensor": ["exp", "--type", "tensor<2x3xf8E5M2>", "--type", "tensor<2x3xf8E5M2>"],
    "copy_empty_tensor": ["copy", "--type", "tensor<0x3xf32>", "--type", "tensor<0x3xf32>"],
    "copy_empty_rows": ["copy", "--type", "memref<3x0xf32>", "--type", "memref<3x0xf32>"],
    "elemwise_generic_div": [
        "elemwise_binary", "--type", "memref<3xf32>", "--type", "memref<3xf32>",
        "--type", "memref<3xf32>", "--attr", "fun=div", "--generic",
    ],
}  # fmt: skip


@pytest.mark.mlir
@needs_runner
@pytest.mark.parametrize("name", sorted(CASES))
def test_module_run_by_its_own_header_command_prints_what_expected_prints(
    name: str, tmp_path: Path
) -> None:
    args = CASES[name]
    path = tmp_path / "main.mlir"
    code, _, err = emit(*args, "--main", "--seed", "1", "-o", str(path))
    assert code == 0, err
    header = path.read_text().splitlines()[1]
    assert header.startswith("//   mlir-opt-22 ")
    done = subprocess.run(header[len("//   ") :], shell=True, cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    code, expected, _ = emit(*args, "--main", "--seed", "1", "--expected")
    assert code == 0
    assert done.stdout == expected
