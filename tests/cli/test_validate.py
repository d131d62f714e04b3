"""`linalg-ods-gen validate`: exit codes, GNU and JSON output, stdin, usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from reference_corpus import REFERENCE, upstream_reference

from linalg_odsgen.cli import main

CORPUS = Path(__file__).resolve().parent.parent / "data" / "invalid"

VALID = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: neg
  cpp_class_name: NegOp
structured_op: !LinalgStructuredOpConfig
  args:
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
    - affine_map<(d0)[s0] -> (d0)>
    - affine_map<(d0)[s0] -> (d0)>
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: unary
        fn_name: negf
        operands:
        - !ScalarExpression
          scalar_arg: I
"""
# Line 29 holds the function name, its value starts at column 18.
INVALID = VALID.replace("fn_name: negf", "fn_name: negate")


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_valid_file_exits_0_silently(tmp_path: Path) -> None:
    f = tmp_path / "ok.yaml"
    f.write_text(VALID)
    assert _run(["validate", str(f)]) == (0, "", "")


def test_invalid_file_exits_1_with_a_gnu_diagnostic(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(INVALID)
    code, out, err = _run(["validate", str(f)])
    assert code == 1
    assert out == ""
    assert err.startswith(f"{f}:29:18: error: [op neg] unknown unary function 'negate'; ")
    assert len(err.strip().splitlines()) == 1


def test_reference_exits_0_and_prints_its_two_warnings() -> None:
    code, out, err = _run(["validate", str(upstream_reference())])
    assert code == 0
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert all(": warning: [op depthwise_conv_3d_ndhwc_dhwc" in line for line in lines)


def test_several_files_are_all_checked(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(VALID)
    bad.write_text(INVALID)
    code, _, err = _run(["validate", str(good), str(bad), str(CORPUS / "maps_too_few.yaml")])
    assert code == 1
    files = [line.split(":", 1)[0] for line in err.strip().splitlines()]
    assert files == [str(bad), str(CORPUS / "maps_too_few.yaml")]


def test_json_format_goes_to_stdout_with_all_fields(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(INVALID)
    code, out, err = _run(["validate", "--format", "json", str(f)])
    assert code == 1
    assert err == ""
    (item,) = json.loads(out)
    assert item == {
        "file": str(f),
        "line": 29,
        "column": 18,
        "severity": "error",
        "op": "neg",
        "path": "structured_op.assignments[0].value.scalar_fn.fn_name",
        "message": item["message"],
    }
    assert item["message"].startswith("unknown unary function 'negate'")


def test_json_format_of_a_valid_file_is_an_empty_list(tmp_path: Path) -> None:
    f = tmp_path / "ok.yaml"
    f.write_text(VALID)
    code, out, err = _run(["validate", "--format=json", str(f)])
    assert (code, json.loads(out), err) == (0, [], "")


def test_json_lists_warnings_and_exits_0() -> None:
    code, out, _ = _run(["validate", "--format", "json", str(upstream_reference())])
    items = json.loads(out)
    assert code == 0
    assert [i["severity"] for i in items] == ["warning", "warning"]


def test_dash_reads_stdin() -> None:
    assert _run(["validate", "-"], stdin=VALID) == (0, "", "")
    code, _, err = _run(["validate", "-"], stdin=INVALID)
    assert code == 1
    assert err.startswith("<stdin>:29:18: error: [op neg] unknown unary function")


def test_missing_file_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    code, _, err = _run(["validate", str(tmp_path / "nope.yaml")])
    assert code == 1
    assert err.startswith(f"{tmp_path / 'nope.yaml'}: error: cannot read file")
    assert "Traceback" not in err


def test_usage_errors_exit_2() -> None:
    assert _run(["validate"])[0] == 2
    assert _run(["validate", "--format", "xml", str(REFERENCE)])[0] == 2


def test_real_process_no_traceback_on_hostile_input(tmp_path: Path) -> None:
    f = tmp_path / "hostile.yaml"
    f.write_bytes(b"--- !!python/object/apply:os.system ['echo hi']\n")
    proc = subprocess.run(
        [sys.executable, "-m", "linalg_odsgen", "validate", str(f)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert f"{f}:1:5: error:" in proc.stderr
    assert proc.stdout == ""
