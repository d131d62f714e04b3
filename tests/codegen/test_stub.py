"""The `.pyi` stubs of generated op modules: typed signatures a type checker believes.

The stub must state exactly what the runtime takes (operands by position in
declaration order, `outs`, each attribute with its default, `backend`), and mypy must
accept a typed user script that calls ops the documented way and reject calls the
runtime refuses.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import linalg_odsgen
from linalg_odsgen.codegen.pyfmt import local_name
from linalg_odsgen.runtime import StructuredOp

LIBRARIES = ("core_named_ops", "classic_ops")


def _stub_functions(lib: str) -> dict[str, ast.FunctionDef]:
    module = importlib.import_module(f"linalg_odsgen.generated.{lib}")
    assert module.__file__ is not None
    tree = ast.parse(Path(module.__file__).with_suffix(".pyi").read_text())
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("lib", LIBRARIES)
def test_each_stub_signature_is_what_the_runtime_takes(lib: str) -> None:
    module = importlib.import_module(f"linalg_odsgen.generated.{lib}")
    functions = _stub_functions(lib)
    assert set(functions) == {n for n in module.__all__ if callable(getattr(module, n))} - {
        n for n in module.__all__ if isinstance(getattr(module, n), type)
    }
    for name, cls in module.OPS.items():
        fn = functions[name]
        args = fn.args
        inputs = [d for d in cls.OPERANDS if d.kind.is_value and d.kind.is_input]
        assert [a.arg for a in args.posonlyargs] == [local_name(d.name) for d in inputs]
        kinds = [ast.unparse(a.annotation) for a in args.posonlyargs if a.annotation]
        assert kinds == ["Scalar" if d.kind.value == "scalar" else "Tensor" for d in inputs]
        keywords = {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)}
        attrs = [d for d in cls.OPERANDS if not d.kind.is_value]
        want = ["outs", *(d.name for d in attrs)]
        want += ["indexing_maps"] if cls.MAPS.takes_indexing_maps() else []
        assert list(keywords) == [*want, "backend"]
        assert keywords["outs"] is None  # required, as the runtime requires the outputs
        for d in attrs:
            default = keywords[d.name]
            expected = d.default_indices if d.kind.value == "index_attr" else d.default_fn
            assert (None if default is None else ast.literal_eval(default)) == expected
        outs = sum(1 for d in cls.OPERANDS if d.kind.value == "output_tensor")
        assert ast.unparse(fn.returns) == (
            "Array" if outs == 1 else f"tuple[{', '.join(['Array'] * outs)}]"
        )  # type: ignore[arg-type]


def _typing_root(tmp: Path) -> Path:
    """A directory holding the package as Python imports it (generated modules and stubs
    included, wherever the checkout keeps them), for mypy, which runs no import hooks."""
    root = tmp / "typing_root"
    package = root / "linalg_odsgen"
    package.mkdir(parents=True)
    for entry in Path(linalg_odsgen.__file__).parent.iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    generated = Path(importlib.import_module("linalg_odsgen.generated").__file__ or "").parent
    if not (package / "generated").exists():
        (package / "generated").symlink_to(generated)
    return root


USER_SCRIPT = """\
import numpy as np
from numpy.typing import NDArray

from linalg_odsgen import ops
from linalg_odsgen.dsl import BinaryFn

a: NDArray[np.float32] = np.ones((2, 3), np.float32)
b = np.ones((3, 4), np.float32)
c = np.zeros((2, 4), np.float32)
d: NDArray[np.float32] = ops.matmul(a, b, outs=[c])
ops.matmul(a, b, outs=[c], cast="cast_unsigned", backend="fast")
ops.conv_2d_nhwc_hwcf(np.ones((1, 5, 5, 1)), np.ones((3, 3, 1, 1)), outs=[np.zeros((1, 2, 2, 1))], strides=[2, 2])
ops.elemwise_binary(a, a, outs=[np.zeros((2, 3), np.float32)], fun=BinaryFn.mul)
ops.fill(1.5, outs=[c])
reveal_type(ops.matmul)
"""

BAD_CALLS = {
    "ops.matmul(a, b)": 'Missing named argument "outs"',
    "ops.matmul(a, b, outs=c)": 'Argument "outs" to "matmul" has incompatible type',
    "ops.matmul(a, b, outs=[c], stride=[1])": 'Unexpected keyword argument "stride"',
    "ops.matmul(a, outs=[c])": "Too few arguments",
    "ops.conv_2d_nhwc_hwcf(a, b, outs=[c], strides=1.5)": 'Argument "strides"',
}


def test_mypy_accepts_documented_calls_and_rejects_what_the_runtime_refuses(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    root = _typing_root(tmp_path)
    script = tmp_path / "user.py"
    bad = "".join(f"{call}  # bad {i}\n" for i, call in enumerate(BAD_CALLS))
    script.write_text(USER_SCRIPT + bad)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-incremental",
         "--cache-dir", os.devnull, "--strict-optional", str(script)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
        env={**os.environ, "MYPYPATH": str(root)},
    )  # fmt: skip
    lines = done.stdout.splitlines()
    errors = [line for line in lines if ": error:" in line]
    good_lines = USER_SCRIPT.count("\n")
    early = [e for e in errors if int(e.split(":")[1]) <= good_lines]
    assert early == [], done.stdout
    reveal = next(line for line in lines if "Revealed type" in line)
    assert "*, outs: typing.Sequence[numpy.ndarray[" in reveal, reveal
    assert "cast: str | linalg_odsgen.runtime.call_types.NamedFn =" in reveal, reveal
    assert reveal.endswith('-> numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]]"'), reveal
    for i, (call, message) in enumerate(BAD_CALLS.items()):
        line = good_lines + 1 + i
        found = [e for e in errors if int(e.split(":")[1]) == line]
        assert any(message in e for e in found), (call, found, done.stdout)


def test_the_stub_declares_every_class_as_a_structured_op() -> None:
    for lib in LIBRARIES:
        module = importlib.import_module(f"linalg_odsgen.generated.{lib}")
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).with_suffix(".pyi").read_text())
        classes = {
            n.name: [ast.unparse(b) for b in n.bases]
            for n in tree.body
            if isinstance(n, ast.ClassDef)
        }
        assert classes == {cls.__name__: ["StructuredOp"] for cls in module.OPS.values()}
        assert all(issubclass(cls, StructuredOp) for cls in module.OPS.values())


SPLIT = "def split(A: f32(N)) -> (P: f32(N), Q: f32(N)) { P(n), Q(n) = A(n), A(n); }"


def test_gen_impl_writes_the_stub_beside_the_module_and_checks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib import resources

    from click.testing import CliRunner

    from linalg_odsgen.cli import main
    from linalg_odsgen.sources import read
    from linalg_odsgen.yaml_io import dump_library

    text = resources.files("linalg_odsgen.opspecs").joinpath("core_named_ops.yaml").read_text()
    fill = read(text, "core_named_ops.yaml")[0].by_name()["fill"]
    split = read(SPLIT, "split.tc")[0].ops[0]
    (tmp_path / "ops.yaml").write_text(dump_library([fill, split]))
    monkeypatch.chdir(tmp_path)
    args = ["gen-impl", "ops.yaml", "-o", "ops.py", "--stub", "ops.pyi"]
    runner = CliRunner()
    done = runner.invoke(main, args)
    assert done.exit_code == 0, done.output
    module, stub = (tmp_path / "ops.py").read_text(), (tmp_path / "ops.pyi").read_text()
    assert module.splitlines()[2] == "#   linalg-ods-gen " + " ".join(args)
    fill_sig = (
        "def fill(value: Scalar, /, *, outs: Outputs, backend: str | None = None) -> Array: ..."
    )
    assert fill_sig in stub.splitlines()
    assert "def split(A: Tensor, /, *, outs: Outputs, backend: str | None = None) -> tuple[Array, Array]: ..." in stub.splitlines()  # fmt: skip
    assert runner.invoke(main, [*args, "--check"]).exit_code == 0
    (tmp_path / "ops.pyi").write_text(stub.replace("value: Scalar", "value: Tensor"))
    stale = runner.invoke(main, [*args, "--check"])
    assert stale.exit_code == 1 and "ops.pyi" in stale.output


@pytest.mark.parametrize(
    "defs",
    [
        ["def Tensor(Array: f32(M)) -> (Outputs: f32(N)) attr(Scalar: i64) { Outputs(n) = Array(n * Scalar); }"],
        ["def range(self: f32(M)) -> (C: f32(N)) attr(builtins: i64) { C(n) = self(n * builtins); }"],
        ["def OPS(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", "def StructuredOp(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }"],
    ],
)  # fmt: skip
def test_hostile_names_give_a_stub_naming_what_the_module_defines(defs: list[str]) -> None:
    import types

    from linalg_odsgen.codegen import generate_module
    from linalg_odsgen.codegen.stub import generate_stub
    from linalg_odsgen.sources import read

    library, _ = read("\n".join(defs), "names.tc")
    module = types.ModuleType("names")
    exec(
        compile(generate_module(library, "names.tc", "names.py"), "names", "exec"), module.__dict__
    )
    stub = ast.parse(generate_stub(library, "names.tc", "names.py", "names.pyi"))
    defined = [n.name if isinstance(n, ast.FunctionDef | ast.ClassDef) else None for n in stub.body]
    assert {d for d in defined if d} == set(module.__all__) - {"OPS"}
    imported = {
        a.asname or a.name for n in stub.body if isinstance(n, ast.ImportFrom) for a in n.names
    }
    assert not imported & set(module.__all__)  # no op shadows a name its own stub uses
