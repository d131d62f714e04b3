"""`linalg-ods-gen emit`: op instances as MLIR modules from the command line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from mlir_opt import needs_mlir_opt

from linalg_odsgen.cli import main

MATMUL_TYPES = ["--type", "memref<4x3xi8>", "--type", "memref<3x5xi8>", "--type", "memref<4x5xi32>"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["emit", *args])
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_named_form_goes_to_stdout() -> None:
    code, out, _ = run("matmul", *MATMUL_TYPES, "--attr", "cast=cast_unsigned")
    assert code == 0
    assert out.startswith("module {\n  func.func @matmul(%arg0: memref<4x3xi8>")
    assert "linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg0, %arg1" in out


def test_generic_flag_prints_linalg_generic_with_region() -> None:
    code, out, _ = run("matmul", *MATMUL_TYPES, "--generic")
    assert code == 0
    assert "linalg.generic {indexing_maps = [" in out
    assert "arith.extsi %in : i8 to i32" in out


def test_index_attributes_take_comma_separated_values() -> None:
    code, out, _ = run(
        "conv_2d_nhwc_hwcf",
        "--type", "tensor<1x9x8x2xf32>",
        "--type", "tensor<2x2x2x3xf32>",
        "--type", "tensor<1x4x4x3xf32>",
        "--attr", "strides=2,1",
    )  # fmt: skip
    assert code == 0
    assert "strides = dense<[2, 1]> : tensor<2xi64>" in out
    assert "return %0 : tensor<1x4x4x3xf32>" in out


def test_scalar_operands_are_bare_element_types() -> None:
    code, out, _ = run("fill", "--type", "f32", "--type", "memref<?x?xf32>")
    assert code == 0
    assert "linalg.fill ins(%arg0 : f32) outs(%arg1 : memref<?x?xf32>)" in out


def test_output_file_is_written(tmp_path: Path) -> None:
    target = tmp_path / "out.mlir"
    code, out, _ = run("matmul", *MATMUL_TYPES, "-o", str(target))
    assert code == 0 and out == ""
    assert target.read_text().startswith("module {")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["matmull", *MATMUL_TYPES], "unknown op 'matmull'"),
        (["matmul", "--type", "f32"], "expected 3 --type options"),
        (
            ["matmul", "--type", "memref<4x3xf33>", "--type", "memref<3x5xi8>", "--type", "x"],
            "unknown element type 'f33'",
        ),
        (["matmul", *MATMUL_TYPES, "--attr", "cast=mul"], "expects a type function"),
        (["matmul", *MATMUL_TYPES, "--attr", "kast=cast_signed"], "unknown attribute 'kast'"),
        (["matmul", *MATMUL_TYPES, "--attr", "cast"], "expected NAME=VALUE"),
        (
            [
                "conv_1d_nwc_wcf",
                "--type",
                "memref<1x4x2xf32>",
                "--type",
                "memref<2x2x3xf32>",
                "--type",
                "memref<1x3x3xf32>",
                "--attr",
                "strides=a",
            ],
            "comma-separated integers",
        ),
        (
            [
                "matmul",
                "--type",
                "memref<4x3xf32>",
                "--type",
                "memref<5x5xf32>",
                "--type",
                "memref<4x5xf32>",
            ],
            "operand 'B'",
        ),
        (
            [
                "matmul",
                "--type",
                "tensor<4x3xf32>",
                "--type",
                "memref<3x5xf32>",
                "--type",
                "tensor<4x5xf32>",
            ],
            "mix memref and tensor",
        ),
    ],
)
def test_bad_input_is_a_diagnostic_with_exit_1(
    args: list[str], message: str, tmp_path: Path
) -> None:
    target = tmp_path / "out.mlir"
    code, _, err = run(*args, "-o", str(target))
    assert code == 1
    assert message in err
    assert "Traceback" not in err
    assert not target.exists()


def test_failed_run_leaves_existing_output_untouched(tmp_path: Path) -> None:
    target = tmp_path / "out.mlir"
    target.write_text("old\n")
    code, _, _ = run("matmul", "--type", "f32", "-o", str(target))
    assert code == 1
    assert target.read_text() == "old\n"


def test_lib_option_generates_the_library_in_memory(tmp_path: Path) -> None:
    lib = tmp_path / "lib.yaml"
    lib.write_text(
        """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: scaled_copy
  cpp_class_name: ScaledCopyOp
  doc: Multiplies by a scalar.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: s
    kind: scalar
    type_var: T
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0] -> ()>
    - affine_map<(d0)[s0] -> (d0)>
    - affine_map<(d0)[s0] -> (d0)>
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        fn_name: mul
        operands:
        - !ScalarExpression
          scalar_arg: s
        - !ScalarExpression
          scalar_arg: I
"""
    )
    code, out, err = run(
        "scaled_copy", "--lib", str(lib), "--type", "f64", "--type", "memref<8xf64>",
        "--type", "memref<8xf64>", "--generic",
    )  # fmt: skip
    assert code == 0, err
    assert "ins(%arg0, %arg1 : f64, memref<8xf64>)" in out
    assert "arith.mulf %in, %in_0 : f64" in out


def test_broken_lib_reports_its_diagnostics(tmp_path: Path) -> None:
    lib = tmp_path / "bad.yaml"
    lib.write_text("--- !LinalgOpConfig\nmetadata: [\n")
    code, _, err = run("x", "--lib", str(lib), "--type", "f32")
    assert code == 1
    assert str(lib) in err and "Traceback" not in err


@pytest.mark.mlir
@needs_mlir_opt
@pytest.mark.parametrize("generic", [False, True])
def test_emitted_module_is_accepted_by_mlir_opt(generic: bool) -> None:
    _, out, _ = run("matmul", *MATMUL_TYPES, *(["--generic"] if generic else []))
    proc = subprocess.run(["mlir-opt-22", "-"], input=out, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("attrs", "message"),
    [
        (["--attr", "cast=cast_signed", "--attr", "cast=cast_unsigned"], "given twice"),
        (["--attr", "=cast_signed"], "expected NAME=VALUE"),
        (["--attr", "cast="], "expected NAME=VALUE"),
    ],
)
def test_malformed_attr_options_are_diagnostics(attrs: list[str], message: str) -> None:
    code, out, err = run("matmul", *MATMUL_TYPES, *attrs)
    assert code == 1 and out == ""
    assert err.startswith("<command line>: error: [op matmul] --attr") and message in err


def test_empty_type_says_what_a_type_looks_like() -> None:
    code, _, err = run("matmul", "--type", "", "--type", "memref<3x5xi8>", "--type", "i32")
    assert code == 1
    assert "--type #1 ''" in err and "expected a type such as memref<" in err


@pytest.mark.parametrize("where", ["directory", "missing parent"])
def test_unwritable_output_is_a_diagnostic(tmp_path: Path, where: str) -> None:
    target = tmp_path if where == "directory" else tmp_path / "missing" / "out.mlir"
    code, out, err = run("matmul", *MATMUL_TYPES, "-o", str(target))
    assert code == 1 and out == ""
    assert err.startswith(f"{target}: error: cannot write file")
    assert list(tmp_path.iterdir()) == []  # no temp file left behind


@pytest.mark.parametrize("where", ["directory", "missing file"])
def test_unreadable_lib_is_a_diagnostic(tmp_path: Path, where: str) -> None:
    lib = tmp_path if where == "directory" else tmp_path / "missing.yaml"
    code, _, err = run("matmul", "--lib", str(lib), *MATMUL_TYPES)
    assert code == 1
    assert err.startswith(f"{lib}: error: cannot read file")


def test_lib_failing_validation_reports_positions_and_writes_nothing(tmp_path: Path) -> None:
    lib = tmp_path / "half.yaml"
    lib.write_text("--- !LinalgOpConfig\nmetadata: !LinalgOpMetadata\n  name: foo\n")
    target = tmp_path / "out.mlir"
    code, _, err = run("foo", "--lib", str(lib), "--type", "f32", "-o", str(target))
    assert code == 1
    assert f"{lib}:2:" in err  # the metadata mapping lacks cpp_class_name
    assert "[op foo]" in err and "structured_op" in err
    assert not target.exists()


def test_lib_from_stdin() -> None:
    core = (
        Path(__file__).resolve().parents[2] / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
    ).read_text()
    result = CliRunner().invoke(main, ["emit", "matmul", "--lib", "-", *MATMUL_TYPES], input=core)
    assert result.exit_code == 0, result.output
    assert result.stdout == run("matmul", *MATMUL_TYPES)[1]


def test_emit_takes_i4_and_the_8_bit_floats() -> None:
    code, out, err = run(
        "matmul", "--type", "tensor<4x3xf8E4M3FN>", "--type", "tensor<3x5xf8E5M2>",
        "--type", "tensor<4x5xf32>",
    )  # fmt: skip
    assert code == 0, err
    assert "ins(%arg0, %arg1 : tensor<4x3xf8E4M3FN>, tensor<3x5xf8E5M2>)" in out
    code, out, err = run("fill", "--type", "i4", "--type", "memref<2x2xi4>", "--generic")
    assert code == 0, err
    assert "^bb0(%in: i4, %out: i4):" in out
