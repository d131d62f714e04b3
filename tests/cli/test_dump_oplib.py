"""`linalg-ods-gen dump-oplib`: built-in library, modules, user files, output and errors."""

from __future__ import annotations

import os
import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

REPO = Path(__file__).resolve().parents[2]
CORE_YAML = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"

SCALE_OPS = textwrap.dedent(
    '''\
    from linalg_odsgen.dsl import *


    @linalg_structured_op
    def scale(val=ScalarDef(T), I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
        """Multiplies I by val."""
        O[D.m] = I[D.m] * val


    @linalg_structured_op
    def row_sum(I=TensorDef(T1, S.M, S.K), O=TensorDef(U, S.M, output=True)):
        """Sums the rows of I."""
        O[D.m] += TypeFn.cast_signed(U, I[D.m, D.k])
    '''
)


def run(*args: str):
    return CliRunner().invoke(main, ["dump-oplib", *args])


def write(path: Path, text: str) -> str:
    path.write_text(textwrap.dedent(text))
    return str(path)


def op_names(yaml_text: str) -> list[str]:
    return re.findall(r"^  name: (\S+)$", yaml_text, re.M)


def assert_one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    assert ": error: " in lines[0]
    for f in fragments:
        assert f in lines[0]
    return lines[0]


def test_default_dumps_the_checked_in_core_library():
    result = run()
    assert result.exit_code == 0, result.output
    assert result.stdout == CORE_YAML.read_text(encoding="utf-8")


def test_module_argument_dumps_that_module():
    result = run("linalg_odsgen.opspecs.core_named_ops")
    assert result.exit_code == 0
    assert result.stdout == CORE_YAML.read_text(encoding="utf-8")


def test_user_file_ops_in_definition_order(tmp_path):
    path = write(tmp_path / "my_ops.py", SCALE_OPS)
    result = run("--file", path)
    assert result.exit_code == 0, result.output
    assert op_names(result.stdout) == ["scale", "row_sum"]
    assert "cpp_class_name: RowSumOp" in result.stdout
    assert "doc: Sums the rows of I." in result.stdout
    assert result.stdout.count("--- !LinalgOpConfig") == 2


def test_importable_user_module_and_files_combine_in_order(tmp_path, monkeypatch):
    write(tmp_path / "dump_oplib_test_mod_a.py", SCALE_OPS)
    other = write(
        tmp_path / "other.py",
        """\
        from linalg_odsgen.dsl import *

        @linalg_structured_op
        def neg(I=TensorDef(T), O=TensorDef(T, output=True)):
            O[None] = UnaryFn.negf(I[None])
        """,
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("dump_oplib_test_mod_a", "--file", other)
    assert result.exit_code == 0, result.output
    assert op_names(result.stdout) == ["scale", "row_sum", "neg"]


def test_output_file_is_written_atomically_and_kept_on_error(tmp_path):
    good = write(tmp_path / "good.py", SCALE_OPS)
    out = tmp_path / "out.yaml"
    result = run("--file", good, "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    first = out.read_text()
    assert op_names(first) == ["scale", "row_sum"]
    bad = write(tmp_path / "bad.py", "from linalg_odsgen.dsl import *\nraise RuntimeError('no')\n")
    result = run("--file", bad, "-o", str(out))
    assert result.exit_code == 1
    assert out.read_text() == first
    assert sorted(os.listdir(tmp_path)) == ["bad.py", "good.py", "out.yaml"]


def test_dash_output_is_stdout(tmp_path):
    path = write(tmp_path / "my_ops.py", SCALE_OPS)
    assert run("--file", path, "-o", "-").stdout == run("--file", path).stdout


def test_repr_format_prints_the_model_deterministically(tmp_path):
    path = write(tmp_path / "my_ops.py", SCALE_OPS)
    result = run("--file", path, "--format", "repr")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("OpConfig(")
    assert len(re.findall(r"^OpConfig\($", text, re.M)) == 2
    assert "name='scale'" in text and "name='row_sum'" in text
    assert "AffineMap.parse('(d0, d1)[s0, s1] -> (d1, d0)')" in text  # row_sum's I: dims k, m
    assert "IteratorType.REDUCTION" in text
    assert run("--file", path, "--format", "repr").stdout == text


def test_missing_file(tmp_path):
    missing = str(tmp_path / "missing.py")
    line = assert_one_line_error(run("--file", missing), "cannot read file")
    assert line.startswith(missing + ":")


def test_unknown_module():
    assert_one_line_error(run("no_such_module_for_dump_oplib"), "no_such_module_for_dump_oplib")


def test_dsl_error_points_at_the_users_line(tmp_path):
    path = write(
        tmp_path / "broken.py",
        """\
        from linalg_odsgen.dsl import *

        @linalg_structured_op
        def broken(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            domain(D.m)
            O[D.m] += I[D.k]
        """,
    )
    line = assert_one_line_error(run("--file", path), "[op broken]", "D.k")
    assert line.startswith(f"{path}:6:")


def test_exception_at_import_points_at_the_raising_line(tmp_path):
    path = write(tmp_path / "boom.py", "import math\n\nx = math.sqrt(-1)\n")
    line = assert_one_line_error(run("--file", path), "ValueError", "math domain error")
    assert line.startswith(f"{path}:3:")


def test_syntax_error_is_a_positioned_diagnostic(tmp_path):
    path = write(tmp_path / "syntax.py", "from linalg_odsgen.dsl import *\n\ndef f(:\n")
    line = assert_one_line_error(run("--file", path), "syntax error")
    assert line.startswith(f"{path}:3:")


def test_duplicate_op_names_across_files(tmp_path):
    first = write(tmp_path / "first.py", SCALE_OPS)
    second = write(tmp_path / "second.py", SCALE_OPS)
    result = run("--file", first, "--file", second)
    assert result.exit_code == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and all("duplicate op name" in x for x in lines)
    # positions are the `def` lines (line 5 of SCALE_OPS, after the decorator)
    assert lines[0].startswith(f"{second}:5:") and f"{first}:5:" in lines[0]


def test_file_without_ops(tmp_path):
    path = write(tmp_path / "empty.py", "x = 1\n")
    assert_one_line_error(run("--file", path), "defines no op")


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_unknown_format_is_a_usage_error(fmt):
    assert run("--format", fmt).exit_code == 2


def test_directory_given_as_file_is_a_diagnostic_with_exit_1(tmp_path):
    line = assert_one_line_error(run("--file", str(tmp_path)), "cannot read file: is a directory")
    assert line.startswith(f"{tmp_path}:")


def test_dash_file_reads_the_ops_from_stdin(tmp_path):
    from_file = run("--file", write(tmp_path / "my_ops.py", SCALE_OPS)).stdout
    result = CliRunner().invoke(main, ["dump-oplib", "--file", "-"], input=SCALE_OPS)
    assert result.exit_code == 0, result.output
    assert op_names(result.stdout) == ["scale", "row_sum"]
    assert result.stdout == from_file


def test_dsl_error_on_stdin_is_positioned_in_stdin():
    source = SCALE_OPS.replace("I[D.m] * val", "I[D.m] * I")
    result = CliRunner().invoke(main, ["dump-oplib", "--file", "-"], input=source)
    assert result.exit_code == 1 and result.stdout == ""
    # `O[D.m] = I[D.m] * I` is line 7 of SCALE_OPS; the tensor I is used unindexed
    assert result.stderr.startswith("<stdin>:7:") and "[op scale]" in result.stderr
    assert "needs scalar expressions on both sides, got I" in result.stderr


def test_sys_exit_in_user_file_is_a_failed_import(tmp_path):
    path = write(tmp_path / "quits.py", "import sys\n\nsys.exit(3)\n")
    line = assert_one_line_error(run("--file", path), "SystemExit")
    assert line.startswith(f"{path}:3:")


def test_output_in_a_missing_directory_is_a_diagnostic(tmp_path):
    target = tmp_path / "no" / "such" / "out.yaml"
    line = assert_one_line_error(run("-o", str(target)), "cannot write file")
    assert line.startswith(f"{target}:")
    assert not target.parent.exists()


def test_check_of_a_users_library(tmp_path):
    path = write(tmp_path / "my_ops.py", SCALE_OPS)
    out = tmp_path / "my_ops.yaml"
    assert run("--file", path, "-o", str(out), "--check").exit_code == 1  # missing: stale
    assert not out.exists()
    assert run("--file", path, "-o", str(out)).exit_code == 0
    assert run("--file", path, "-o", str(out), "--check").exit_code == 0
    Path(path).write_text(SCALE_OPS.replace("Sums the rows of I.", "Row sums."))
    result = run("--file", path, "-o", str(out), "--check")
    assert result.exit_code == 1
    assert "-  doc: Sums the rows of I.\n+  doc: Row sums.\n" in result.stdout
    assert f"dump-oplib --file {path} -o {out}" in result.stderr
    assert "Sums the rows of I." in out.read_text()  # --check writes nothing


def test_check_needs_an_output_file():
    assert run("--check").exit_code == 2


HEAD = "from linalg_odsgen.dsl import *\n\n@linalg_structured_op{deco}\ndef {name}({params}):\n"
IO = "I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)"


@pytest.mark.parametrize(
    ("deco", "params", "body", "fragment"),
    [
        ("", "O=TensorDef(T, S.M, output=True), I=TensorDef(T, S.M)", "O[D.m] = I[D.m]", "declared after output"),
        ("", "I=TensorDef(T, S.M * 2**70), O=TensorDef(T, S.M, output=True)", "O[D.m] = I[D.m]", "does not fit in 64 bits"),
        ("", IO, '"""bad \\udc80 doc"""\n    O[D.m] = I[D.m]', "invalid YAML"),
    ],
)  # fmt: skip
def test_dump_oplib_refuses_what_upstreams_opdsl_refuses(tmp_path, deco, params, body, fragment):
    path = write(
        tmp_path / "bad_ops.py", HEAD.format(deco=deco, name="op1", params=params) + f"    {body}\n"
    )
    out = tmp_path / "bad_ops.yaml"
    result = run("--file", path, "-o", str(out))
    line = assert_one_line_error(result, fragment)
    assert line.startswith(f"{path}:4:") and ": error:" in line
    assert not out.exists()


@pytest.mark.parametrize(
    ("deco", "params", "body", "fragment"),
    [
        ('(op_name="class")', IO, "O[D.m] = I[D.m]", "reserved word"),
        ('(op_name="__all__")', IO, "O[D.m] = I[D.m]", "has the form __name__"),
        ("", IO, "O[D.m] = I[S.M - D.m]", "is a size symbol"),
        ("", "I=TensorDef(T, S.M, S.N), O=TensorDef(T, S.M, output=True)", "O[D.m] = I[D.m, D.m * S.N]", "size symbol"),
    ],
)  # fmt: skip
def test_dump_oplib_writes_what_upstream_writes_with_a_warning_validate_refuses_it(
    tmp_path, deco, params, body, fragment
):
    """Upstream's OpDSL writes these ops (our runtime rules refuse them): dump-oplib writes
    the same bytes and warns at the op's def line; `validate` of the output names the rule."""
    path = write(
        tmp_path / "bad_ops.py", HEAD.format(deco=deco, name="op1", params=params) + f"    {body}\n"
    )
    out = tmp_path / "bad_ops.yaml"
    result = run("--file", path, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"{path}:4:1: warning:") and fragment in result.stderr
    assert out.exists()
    checked = CliRunner().invoke(main, ["validate", str(out)])
    assert checked.exit_code == 1 and fragment in checked.output


def test_an_op_defined_twice_is_an_error_not_silently_dropped(tmp_path):
    one = HEAD.format(deco="", name="twice", params=IO) + "    O[D.m] = I[D.m]\n\n"
    path = write(tmp_path / "dup.py", one + one.replace("from linalg_odsgen.dsl import *\n\n", ""))
    assert_one_line_error(
        run("--file", path), "op 'twice' is defined twice (first defined at line 4)"
    )


def test_user_prints_do_not_reach_the_yaml_on_stdout(tmp_path):
    src = "print('hello from user code')\n" + HEAD.format(deco="", name="p", params=IO)
    path = write(tmp_path / "chatty.py", src + "    O[D.m] = I[D.m]\n")
    result = run("--file", path, "-o", "-")
    assert result.exit_code == 0
    assert result.stdout.startswith("--- !LinalgOpConfig")
    assert "hello from user code" in result.stderr


@pytest.mark.parametrize(
    "raise_", ["raise KeyboardInterrupt", "raise GeneratorExit", "raise SystemExit(3)"]
)
def test_base_exceptions_at_import_are_diagnostics(tmp_path, raise_):
    path = write(tmp_path / "boom.py", f"from linalg_odsgen.dsl import *\n{raise_}\n")
    line = assert_one_line_error(run("--file", path), "error while importing")
    assert line.startswith(f"{path}:2:1:")
