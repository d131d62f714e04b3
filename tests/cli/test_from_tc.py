"""`linalg-ods-gen from-tc`, and `.tc` files wherever op-config files are accepted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from linalg_odsgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ROOT / "linalg_odsgen" / "opspecs" / "classic_ops.tc"

GOOD = """\
// a matmul and a strided 1-D convolution
ods_def<MyMatmulOp> :
def my_matmul(A: f32(M, K), B: f32(K, N)) -> (C: f32(M, N)) {
  C(m, n) = std_addf<k>(std_mulf(A(m, k), B(k, n)));
}
def my_conv(I: f32(W), K: f32(KW)) -> (O: f32(OW)) attr(strides: 1xi64, note: f32) {
  O(w) = std_addf<kw>(std_mulf(I(w * strides[0] + kw), K(kw)));
}
"""
BAD = """\
def a(A: f32(M)) -> (C: f32(M)) { C(m) = std_frob(A(m)); }
def b(A: f32(M)) -> (C: f32(M)) { C(m) = A(m, m); }
"""


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_stdout_is_exactly_what_dash_o_writes_and_warnings_go_to_stderr(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    out_file = tmp_path / "ops.yaml"
    code, out, err = run("from-tc", tc)
    assert code == 0
    assert "attribute 'note' (f32) is ignored" in err and "warning" in err
    assert run("from-tc", tc, "-o", str(out_file))[0] == 0
    assert out_file.read_text() == out
    assert out.count("--- !LinalgOpConfig") == 2
    assert "cpp_class_name: MyMatmulOp" in out and "cpp_class_name: my_convOp" in out


def test_several_files_make_one_stream_in_order(tmp_path):
    a = write(tmp_path, "a.tc", GOOD)
    b = write(tmp_path, "b.tc", "def other(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }\n")
    code, out, _ = run("from-tc", a, b)
    assert code == 0
    names = [line.split(": ")[1] for line in out.splitlines() if line.startswith("  name: ")]
    assert names == ["my_matmul", "my_conv", "other"]


def test_errors_of_every_def_exit_1_and_write_nothing(tmp_path):
    tc = write(tmp_path, "bad.tc", BAD)
    out_file = tmp_path / "out.yaml"
    out_file.write_text("old\n")
    code, out, err = run("from-tc", tc, "-o", str(out_file))
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"{tc}:1:42: error: [op a] unknown intrinsic 'std_frob'")
    assert lines[1].startswith(f"{tc}:2:42: error: [op b] tensor 'A' has rank 1")
    assert "Traceback" not in err
    assert out_file.read_text() == "old\n"


def test_missing_file_is_a_diagnostic(tmp_path):
    code, _, err = run("from-tc", str(tmp_path / "nope.tc"))
    assert code == 1 and "cannot read file" in err


def test_check_reports_a_stale_yaml(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    out_file = tmp_path / "ops.yaml"
    run("from-tc", tc, "-o", str(out_file))
    assert run("from-tc", tc, "-o", str(out_file), "--check")[0] == 0
    Path(tc).write_text(GOOD.replace("std_addf<k>", "std_subf<k>"))
    code, out, err = run("from-tc", tc, "-o", str(out_file), "--check")
    assert code == 1 and "fn_name: sub" in out and "stale" in err
    assert "fn_name: add" in out_file.read_text()


def test_validate_reads_tc_by_suffix_with_tc_positions(tmp_path):
    good = write(tmp_path, "ok.tc", GOOD)
    bad = write(tmp_path, "bad.tc", BAD)
    assert run("validate", good)[0] == 0
    code, _, err = run("validate", good, bad)
    assert code == 1
    assert f"{bad}:1:42: error: [op a]" in err and f"{bad}:2:42: error: [op b]" in err


def test_gen_impl_of_tc_equals_gen_impl_of_its_yaml_but_for_the_header(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    yaml_path = tmp_path / "ops.yaml"
    run("from-tc", tc, "-o", str(yaml_path))
    py_tc, py_yaml = tmp_path / "a.py", tmp_path / "b.py"
    assert run("gen-impl", tc, "-o", str(py_tc))[0] == 0
    assert run("gen-impl", str(yaml_path), "-o", str(py_yaml))[0] == 0
    body = lambda p: p.read_text().split("\n", 3)[3].replace("ops.tc", "X").replace("ops.yaml", "X")  # noqa: E731
    assert body(py_tc) == body(py_yaml)


def test_emit_lib_tc_prints_the_same_bytes_as_emit_lib_of_the_yaml(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    yaml_path = tmp_path / "ops.yaml"
    run("from-tc", tc, "-o", str(yaml_path))
    types = ["--type", "memref<9xf32>", "--type", "memref<3xf32>", "--type", "memref<3xf32>"]
    for extra in ([], ["--generic"]):
        a = run("emit", "--lib", tc, "my_conv", *types, "--attr", "strides=3", *extra)
        b = run("emit", "--lib", str(yaml_path), "my_conv", *types, "--attr", "strides=3", *extra)
        assert a[0] == b[0] == 0
        assert a[1] == b[1]


def test_gen_ods_reads_tc(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    yaml_path = tmp_path / "ops.yaml"
    run("from-tc", tc, "-o", str(yaml_path))
    td_tc, td_yaml = tmp_path / "a.td", tmp_path / "b.td"
    assert run("gen-ods", tc, f"--o-ods-decl={td_tc}")[0] == 0
    assert run("gen-ods", str(yaml_path), f"--o-ods-decl={td_yaml}")[0] == 0
    assert "def MyMatmulOp" in td_tc.read_text()
    assert td_tc.read_text().replace("ops.tc", "X") == td_yaml.read_text().replace("ops.yaml", "X")


def test_format_refuses_tc_and_points_at_from_tc(tmp_path):
    tc = write(tmp_path, "ops.tc", GOOD)
    code, _, err = run("format", tc)
    assert code == 1 and "from-tc" in err
    assert Path(tc).read_text() == GOOD


def test_three_commands_from_a_tc_file_to_an_executed_op(tmp_path):
    """The README's path: translate, generate, run (in a fresh interpreter)."""
    tc = write(tmp_path, "ops.tc", GOOD)
    exe = [sys.executable, "-m", "linalg_odsgen"]
    subprocess.run([*exe, "from-tc", tc, "-o", str(tmp_path / "ops.yaml")], check=True)
    subprocess.run([*exe, "gen-impl", tc, "-o", str(tmp_path / "my_ops.py")], check=True)
    script = (
        "import numpy as np, my_ops\n"
        "a = np.arange(6, dtype=np.float32).reshape(2, 3); b = np.ones((3, 2), np.float32)\n"
        "print(my_ops.my_matmul(a, b, outs=[np.zeros((2, 2), np.float32)]).tolist())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, check=True, capture_output=True, text=True
    ).stdout
    assert out.strip() == "[[3.0, 3.0], [12.0, 12.0]]"


def test_classic_library_is_current():
    code, out, _ = run("from-tc", str(CLASSIC))
    assert code == 0
    assert out == (ROOT / "linalg_odsgen" / "opspecs" / "classic_ops.yaml").read_text()


def test_one_file_twice_is_an_error_and_writes_nothing(tmp_path):
    a = write(tmp_path, "a.tc", GOOD)
    out_file = tmp_path / "out.yaml"
    code, out, err = run("from-tc", a, a, "-o", str(out_file))
    assert code == 1 and out == "" and not out_file.exists()
    assert f"{a}:3:5: error: [op my_matmul] op 'my_matmul' is already defined in {a}:3:5" in err
