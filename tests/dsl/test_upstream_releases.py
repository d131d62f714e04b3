"""Upstream's op libraries as published run through `dump-oplib --file` unmodified.

What made every release of upstream's `core_named_ops.py` (LLVM 15 to 24) fail here, each
pinned by a small file of our own: the relative `from ..lang import *`, the depthwise-3D
rank defect (written as upstream writes it, with a warning), `ReduceFn.x[[D.k]]`, the
`op_class_name=` keyword, an op without docstring (`doc: null`) and `from mlir.ir import *`
boilerplate. With the iree-base-compiler wheel installed, the shipped file itself is
dumped and compared byte for byte with what upstream's own OpDSL writes for it.
"""

from __future__ import annotations

import builtins
import importlib.util
import shutil
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main


def dump(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["dump-oplib", *args])
    return result.exit_code, result.stdout, result.stderr


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text))
    return path


COPY = """
@linalg_structured_op
def copy_op(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
    \"\"\"Copies.\"\"\"
    O[D.m] = I[D.m]
"""


@pytest.mark.parametrize("spelling", ["from ..lang import *", "from .. import lang\nfrom ..lang import *", "from ..lang.dsl import *"])  # fmt: skip
def test_relative_import_of_the_shipped_layout_gets_our_dsl(tmp_path: Path, spelling: str) -> None:
    ops = write(tmp_path / "ops.py", spelling + "\n" + COPY)
    code, out, err = dump("--file", str(ops))
    assert code == 0, err
    assert "name: copy_op" in out


def test_other_relative_imports_still_fail_with_a_positioned_error(tmp_path: Path) -> None:
    ops = write(tmp_path / "ops.py", "from ..lang import *\nfrom .helpers import x\n" + COPY)
    code, _, err = dump("--file", str(ops))
    assert code == 1 and f"{ops}:2:" in err and "relative import" in err


def test_mlir_ir_boilerplate_does_not_stop_a_file_that_uses_nothing_from_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def without_bindings(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "mlir" or name.startswith("mlir."):  # as on a machine without them
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_bindings)
    text = "from mlir.ir import *\nimport mlir.ir\nfrom mlir.dialects.linalg.opdsl.lang import *\n"
    ops = write(tmp_path / "ops.py", text + COPY)
    code, out, err = dump("--file", str(ops))
    assert code == 0, err
    assert "name: copy_op" in out
    # A use of the missing bindings fails, at its line, naming the cause.
    used = write(tmp_path / "uses.py", text + "ctx = mlir.ir.Context()\n" + COPY)
    code, _, err = dump("--file", str(used))
    assert code == 1 and f"{used}:4:" in err and "bindings are not installed" in err


DEFECT = """\
from mlir.dialects.linalg.opdsl.lang import *

@linalg_structured_op(op_class_name="PowFOp")
def powf(lhs=TensorDef(TV.T1, S.M), rhs=TensorDef(TV.T1, S.M), O=TensorDef(TV.T1, S.M, output=True)):
    O[D.m] = BinaryFn.powf(lhs[D.m], rhs[D.m])

@linalg_structured_op
def pool(I=TensorDef(T, S.N, S.W), K=TensorDef(T, S.KW, index_dims=[D.kw]), O=TensorDef(T, S.N, output=True)):
    domain(D.n, D.ow, D.kw)
    O[D.n, D.ow] = ReduceFn.max_signed[[D.kw]](I[D.n, D.ow + D.kw])
"""
DEFECT_LINE = 10  # O[D.n, D.ow] = ...: two indices into the rank-1 O


def test_rank_defect_is_written_with_a_warning_at_its_line_and_validate_names_it(
    tmp_path: Path,
) -> None:
    ops = tmp_path / "ops.py"
    ops.write_text(DEFECT)
    out = tmp_path / "ops.yaml"
    code, _, err = dump("--file", str(ops), "-o", str(out))
    assert code == 0, err
    (warning,) = err.splitlines()
    assert warning.startswith(f"{ops}:{DEFECT_LINE}:5: warning: [op pool] O[D.n, D.ow] uses 2")
    text = out.read_text()
    assert "cpp_class_name: PowFOp\n  doc: null\n" in text  # keyword, and no docstring
    assert "shape_map: affine_map<()[s0, s1, s2] -> (s0)>" in text  # O as declared
    checked = CliRunner().invoke(main, ["validate", str(out)])
    assert checked.exit_code == 0
    assert "[op pool] shape_map of 'O' has 1 results but its indexing map has 2" in checked.stderr


def test_doc_null_is_valid_and_gen_ods_writes_what_llvm_writes(tmp_path: Path) -> None:
    ops = write(
        tmp_path / "ops.py",
        "from linalg_odsgen.dsl import *\n" + COPY.replace('    """Copies."""\n', ""),
    )
    out = tmp_path / "ops.yaml"
    assert dump("--file", str(ops), "-o", str(out))[0] == 0
    assert "  doc: null\n" in out.read_text()
    checked = CliRunner().invoke(main, ["validate", str(out)])
    assert checked.exit_code == 0, checked.output
    td = tmp_path / "ours.td"
    gen = CliRunner().invoke(main, ["gen-ods", str(out), f"--o-ods-decl={td}"])
    assert gen.exit_code == 0, gen.output
    assert "  let summary = [{null}];\n" in td.read_text()
    tool = shutil.which("mlir-linalg-ods-yaml-gen-22")
    if tool is None:
        return
    theirs = tmp_path / "theirs.td"
    done = subprocess.run(
        [tool, str(out), f"--o-ods-decl={theirs}"], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert theirs.read_bytes() == td.read_bytes()


@pytest.mark.parametrize(
    ("line", "modern"),
    [
        ("O[D.m] = cast(U, I[D.m])", "TypeFn.cast_signed(U, x)"),
        ("O[D.m] = TypeFn.cast(U, I[D.m])", "TypeFn.cast_signed"),
        ("O[D.m] = ArithFn.exp(I[D.m])", "UnaryFn / BinaryFn"),
    ],
)  # fmt: skip
def test_llvm_13_and_14_spellings_are_refused_naming_the_modern_one(
    tmp_path: Path, line: str, modern: str
) -> None:
    ops = write(
        tmp_path / "old.py",
        "from mlir.dialects.linalg.opdsl.lang import *\n\n@linalg_structured_op\n"
        "def old(I=TensorDef(T, S.M), O=TensorDef(U, S.M, output=True)):\n"
        f"    {line}\n",
    )
    code, out, err = dump("--file", str(ops))
    assert code == 1 and out == ""
    assert err.startswith(f"{ops}:5:") and "LLVM 13/14 spelling" in err and modern in err


# -- upstream's own file, from the installed wheel ----------------------------------------


def _upstream_dump(module_name: str) -> str:
    """What upstream's dump_oplib prints for an importable op module (its own API)."""
    import importlib

    from iree.compiler.dialects.linalg.opdsl.lang.config import LinalgOpConfig
    from iree.compiler.dialects.linalg.opdsl.lang.dsl import DefinedOpCallable
    from iree.compiler.dialects.linalg.opdsl.lang.yaml_helper import yaml_dump_all

    module = importlib.import_module(module_name)
    configs = []
    for value in vars(module).values():
        if isinstance(value, DefinedOpCallable):
            configs.extend(LinalgOpConfig.from_linalg_op_def(value.op_def))
    return yaml_dump_all(configs) + "\n"  # dump_oplib print()s the stream


def test_upstreams_core_library_as_shipped_gives_upstreams_bytes(tmp_path: Path) -> None:
    pytest.importorskip("iree.compiler.dialects.linalg.opdsl")
    name = "iree.compiler.dialects.linalg.opdsl.ops.core_named_ops"
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    shipped = Path(spec.origin)
    out = tmp_path / "core.yaml"
    code, _, err = dump("--file", str(shipped), "-o", str(out))
    assert code == 0, err
    assert out.read_text() == _upstream_dump(name)
    # The two depthwise-3D ops whose output rank disagrees with its use: one warning each,
    # at the line of the assignment.
    lines = shipped.read_text().splitlines()
    warnings = err.splitlines()
    assert len(warnings) == 2
    for warning, op in zip(warnings, ["depthwise_conv_3d_ndhwc_dhwc", "depthwise_conv_3d_ndhwc_dhwcm"], strict=True):  # fmt: skip
        assert f": warning: [op {op}] O[D.n, D.od, D.oh, D.ow, D.ic" in warning
        line = int(warning.split(":")[1])
        assert lines[line - 1].lstrip().startswith("O[D.n, D.od, D.oh, D.ow, D.ic")
    checked = CliRunner().invoke(main, ["validate", str(out)])
    assert checked.exit_code == 0
    for op in ("depthwise_conv_3d_ndhwc_dhwc", "depthwise_conv_3d_ndhwc_dhwcm"):
        assert f"[op {op}] shape_map of 'O'" in checked.stderr
