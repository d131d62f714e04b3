"""gen-dialect: the generated project, and (with MLIR 22 and a C++ toolchain) the plugin it
builds, checked against mlir-opt-22, `emit --generic` and our loops backend."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from dialect_build import build_plugin, needs_build, opt

from linalg_odsgen import ops
from linalg_odsgen.cli import main
from linalg_odsgen.mlir import Form, print_module
from linalg_odsgen.validation import load_valid_library
from linalg_odsgen.yaml_io import dump_library

ROOT = Path(__file__).resolve().parents[2]
# A contraction with a type function attribute, a strided convolution with index attributes
# and defaults, an elementwise op with a unary function attribute, a fill with a scalar.
# quantized_matmul: zero points declared I32, which MLIR (and so the plugin and our runtime)
# also takes as other types, cast by the payload.
LIBRARY_OPS = ("matmul", "conv_2d_nhwc_hwcf", "elemwise_unary", "fill", "quantized_matmul")
NAME = "my_ops"


def _library_yaml() -> str:
    core = load_valid_library(
        (ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "core"
    )
    by_name = {op.name: op for op in core.ops}
    return dump_library([by_name[n] for n in LIBRARY_OPS])


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lib") / "my_ops.yaml"
    path.write_text(_library_yaml())
    return path


def test_writes_a_cmake_project_with_dialect_ops_and_helpers(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "proj"
    result = run("gen-dialect", str(source), "--name", NAME, "-o", str(out))
    assert result.exit_code == 0, result.output
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert files == [
        "CMakeLists.txt",
        "include/my_ops/MyOpsOps.h",
        "include/my_ops/MyOpsOps.td",
        "include/my_ops/MyOpsOps.yamlgen.td",
        "lib/MyOpsDialect.cpp",
        "lib/MyOpsOps.cpp",
        "lib/MyOpsOps.yamlgen.cpp.inc",
    ]
    td = (out / "include/my_ops/MyOpsOps.td").read_text()
    assert 'let name = "my_ops";' in td and 'let cppNamespace = "::my_ops";' in td
    # the op definitions are gen-ods' own output, byte for byte
    from linalg_odsgen.ods import generate
    from linalg_odsgen.ods.reading import read_library

    ods = generate(read_library(source.read_bytes(), str(source))[0], str(source))
    assert (out / "lib/MyOpsOps.yamlgen.cpp.inc").read_text() == ods.impl
    # deterministic: the same input gives the same bytes
    again = tmp_path / "again"
    run("gen-dialect", str(source), "--name", NAME, "-o", str(again))
    for f in files:
        assert (again / f).read_bytes() == (out / f).read_bytes().replace(b"/proj", b"/again")


def test_the_namespace_can_be_chosen(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "ns"
    assert (
        run(
            "gen-dialect",
            str(source),
            "--name",
            NAME,
            "--cpp-namespace",
            "acme::ops",
            "-o",
            str(out),
        ).exit_code
        == 0
    )
    assert 'let cppNamespace = "::acme::ops";' in (out / "include/my_ops/MyOpsOps.td").read_text()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--name", "My-Ops"], "must be lowercase"),
        (["--name", "linalg"], "is a dialect mlir-opt-22 registers itself"),
        (["--name", "ok", "--cpp-namespace", "9bad"], "is not a C++ namespace"),
        # names mlir-opt-22 registers: a plugin registering one aborts it on load
        (["--name", "tosa"], "mlir-opt-22 registers"),
        (["--name", "transform"], "mlir-opt-22 registers"),
        (["--name", "index"], "mlir-opt-22 registers"),
        (["--name", "complex"], "mlir-opt-22 registers"),
        (["--name", "test"], "mlir-opt-22 registers"),
        # C++ keywords, reserved identifiers and macros as namespaces
        (["--name", "int"], "is a C++ keyword"),
        (["--name", "ok", "--cpp-namespace", "my::class"], "'class' is a C++ keyword"),
        (["--name", "ok", "--cpp-namespace", "a__b"], "reserved by C++"),
        (["--name", "linux"], "is a macro"),
        (["--name", "ok", "--cpp-namespace", "acme::assert"], "is a macro"),
        # namespaces the generated code names: a namespace of that name would hide them
        (["--name", "ok", "--cpp-namespace", "x::mlir"], "generated C++ uses"),
        (["--name", "ok", "--cpp-namespace", "x::llvm"], "generated C++ uses"),
        (["--name", "std"], "generated C++ uses"),
    ],
)
def test_bad_names_are_diagnostics_and_nothing_is_written(
    source: Path, tmp_path: Path, args, fragment
) -> None:
    out = tmp_path / "x"
    result = run("gen-dialect", str(source), *args, "-o", str(out))
    assert result.exit_code == 1 and fragment in result.stderr
    assert not out.exists()


def test_tc_files_are_accepted(tmp_path: Path) -> None:
    tc = tmp_path / "t.tc"
    tc.write_text("def scale2(A: f32(M)) -> (C: f32(M)) { C(m) = std_addf(A(m), A(m)); }\n")
    out = tmp_path / "p"
    assert run("gen-dialect", str(tc), "--name", "tcops", "-o", str(out)).exit_code == 0
    assert "linalg-ods-gen gen-dialect" in (out / "CMakeLists.txt").read_text()
    assert "def scale2Op" in (out / "include/tcops/TcopsOps.yamlgen.td").read_text()


# -- the plugin, built once (slow: a C++ build, ~10-60 s) -------------------------------------


@pytest.fixture(scope="module")
def plugin(source: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    return build_plugin([str(source)], NAME, tmp_path_factory.mktemp("plugin") / "proj")


def ours(op_name: str, types: list, attrs: dict | None = None):
    return ops.OPS[op_name].from_types(types, **(attrs or {}))


def _instances():
    from linalg_odsgen.types import F32, I8, I32, ShapedType

    def mem(*s, e=F32):
        return ShapedType("memref", s, e)

    def ten(*s, e=F32):
        return ShapedType("tensor", s, e)

    return [
        ("matmul", [mem(4, 3), mem(3, 5), mem(4, 5)], {}),
        ("matmul", [ten(4, 3, e=I8), ten(3, 5, e=I8), ten(4, 5, e=I32)], {"cast": "cast_unsigned"}),
        (
            "conv_2d_nhwc_hwcf",
            [mem(1, 9, 9, 2), mem(2, 2, 2, 3), mem(1, 4, 4, 3)],
            {"strides": [2, 2]},
        ),
        ("conv_2d_nhwc_hwcf", [ten(1, 6, 6, 2), ten(2, 2, 2, 3), ten(1, 5, 5, 3)], {}),
        ("elemwise_unary", [mem(3, 4), mem(3, 4)], {"fun": "abs"}),
        ("elemwise_unary", [ten(3, 4), ten(3, 4)], {"fun": "exp", "cast": "cast_unsigned"}),
        ("fill", [F32, mem(3, 4)], {}),
        ("fill", [I32, ten(3, 4, e=I32)], {}),
        ("quantized_matmul", [mem(4, 3, e=I8), mem(3, 5, e=I8), I32, I32, mem(4, 5, e=I32)], {}),
        ("quantized_matmul", [mem(4, 3, e=I8), mem(3, 5, e=I8), F32, I8, mem(4, 5, e=I32)], {}),
    ]


def in_dialect(text: str, op_name: str) -> str:
    return re.sub(rf"\blinalg\.{op_name}\b", f"{NAME}.{op_name}", text)


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
@pytest.mark.parametrize(("op_name", "types", "attrs"), _instances(), ids=lambda v: str(v)[:40])
def test_named_form_round_trips_stably(plugin, op_name, types, attrs):
    text = in_dialect(print_module(ours(op_name, types, attrs), Form.NAMED), op_name)
    first = opt(plugin, text)
    assert first.returncode == 0, first.stderr
    assert f"{NAME}.{op_name}" in first.stdout
    second = opt(plugin, first.stdout)
    assert second.returncode == 0 and second.stdout == first.stdout


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
@pytest.mark.parametrize(("op_name", "types", "attrs"), _instances(), ids=lambda v: str(v)[:40])
def test_generalization_equals_our_generic_form(plugin, op_name, types, attrs):
    op = ours(op_name, types, attrs)
    named = in_dialect(print_module(op, Form.NAMED), op_name)
    theirs = opt(plugin, named, "--linalg-generalize-named-ops", "--canonicalize")
    mine = opt(plugin, print_module(op, Form.GENERIC), "--canonicalize")
    assert theirs.returncode == 0 and mine.returncode == 0, theirs.stderr + mine.stderr
    assert theirs.stdout == mine.stdout


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("my_ops.matmul ins(%a : memref<4x3xf32>) outs(%c : memref<4x5xf32>)", "expected 3 operands"),
        ("my_ops.matmul ins(%a, %a : memref<4x3xf32>, memref<4x3xf32>) outs(%c : memref<4x5xf32>)", "error"),
        ("my_ops.elemwise_unary ins(%i : memref<4x3xi32>) outs(%i : memref<4x3xi32>)", "error"),
        ("my_ops.conv_2d_nhwc_hwcf ins(%a, %a : memref<4x3xf32>, memref<4x3xf32>) outs(%c : memref<4x5xf32>)", "error"),
        # the payload yields an f32 into an i32 output: refused, as by the runtime
        ("my_ops.fill ins(%f : f32) outs(%i : memref<4x3xi32>)", "yield"),
    ],
)  # fmt: skip
def test_bad_instances_are_rejected(plugin, text, fragment):
    src = (
        "func.func @f(%a: memref<4x3xf32>, %c: memref<4x5xf32>, %i: memref<4x3xi32>, %f: f32) {\n"
        f"  {text}\n  return\n}}\n"
    )
    done = opt(plugin, src)
    assert done.returncode != 0 and fragment in done.stderr


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
def test_lowered_to_loops_and_run_it_equals_our_loops_backend(plugin):
    from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    rng = np.random.default_rng(0)
    arrays = {
        "matmul": ([rng.integers(-3, 4, (4, 3)).astype(np.float32), rng.integers(-3, 4, (3, 5)).astype(np.float32)], np.zeros((4, 5), np.float32), {}),
        "conv_2d_nhwc_hwcf": ([rng.standard_normal((1, 9, 9, 2)).astype(np.float32), rng.standard_normal((2, 2, 2, 3)).astype(np.float32)], np.zeros((1, 4, 4, 3), np.float32), {"strides": [2, 2]}),
        "elemwise_unary": ([rng.standard_normal((3, 4))], np.zeros((3, 4)), {"fun": "negf"}),
        "fill": ([np.float32(2.5)], np.zeros((3, 4), np.float32), {}),
    }  # fmt: skip
    cases, expected = [], []
    for name, (ins, out, attrs) in arrays.items():
        op, operands = ops.OPS[name].from_arrays(*ins, outs=[out.copy()], **attrs)
        cases.append(ExecCase(name, op, tuple(np.copy(v) for v in operands), Form.NAMED))
        op.run(operands, backend="loops")
        expected.append(output_bits(op, operands))

    def to_dialect(module: str) -> str:
        for name in arrays:
            module = in_dialect(module, name)
        return module

    results = run_cases(cases, plugin=plugin, rewrite=to_dialect)
    for case, got, want in zip(cases, results, expected, strict=True):
        for g, w in zip(got, want, strict=True):
            np.testing.assert_array_equal(g, w, err_msg=case.label)


TILE = """
func.func @f(%a: memref<8x6xf32>, %b: memref<6x4xf32>, %c: memref<8x4xf32>,
             %i: tensor<1x9x9x2xf32>, %k: tensor<2x2x2x3xf32>, %o: tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32> {
  my_ops.matmul ins(%a, %b : memref<8x6xf32>, memref<6x4xf32>) outs(%c : memref<8x4xf32>)
  %r = my_ops.conv_2d_nhwc_hwcf ins(%i, %k : tensor<1x9x9x2xf32>, tensor<2x2x2x3xf32>) outs(%o : tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32>
  return %r : tensor<1x8x8x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["my_ops.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %m tile_sizes [4, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %c = transform.structured.match ops{["my_ops.conv_2d_nhwc_hwcf"]} in %root : (!transform.any_op) -> !transform.any_op
    %tc, %lc:2 = transform.structured.tile_using_for %c tile_sizes [0, 4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
"""


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
def test_linalg_tiling_applies_to_the_ops(plugin):
    done = opt(plugin, TILE, "--transform-interpreter", "--canonicalize")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("scf.for") >= 4
    assert "my_ops.matmul ins(%subview" in out and "memref<4x2xf32" in out
    assert "my_ops.conv_2d_nhwc_hwcf ins(%extracted_slice" in out
    # the tiled program still generalizes and lowers to loops
    low = opt(plugin, out, "--linalg-generalize-named-ops", "--convert-linalg-to-loops")
    assert low.returncode == 0, low.stderr


def test_templates_render_any_valid_name(tmp_path: Path) -> None:
    from linalg_odsgen.dialect import generate_dialect

    lib = load_valid_library(_library_yaml(), "lib.yaml")
    files, _ = generate_dialect(lib, "x_1", "q1::ns2::c3", ["lib.yaml"], str(tmp_path))
    cpp = next(f.text for f in files if f.path.endswith("Ops.cpp"))
    assert "namespace q1::ns2::c3 {" in cpp and "void q1::ns2::c3::registerExternalModels" in cpp


# -- attributes are verified as Linalg's own ops verify them (stock mlir-opt-22 as oracle) ---

ATTR_FUNC = """func.func @f(%i: memref<1x9x9x2xf32>, %k: memref<2x2x2x3xf32>, %o: memref<1x4x4x3xf32>,
             %a: memref<4x3xf32>, %b: memref<3x5xf32>, %c: memref<4x5xf32>) {
  OP
  return
}
"""
CONV = "DIALECT.conv_2d_nhwc_hwcf {ATTR} ins(%i, %k : memref<1x9x9x2xf32>, memref<2x2x2x3xf32>) outs(%o : memref<1x4x4x3xf32>)"
MATMUL = "DIALECT.matmul {ATTR} ins(%a, %b : memref<4x3xf32>, memref<3x5xf32>) outs(%c : memref<4x5xf32>)"
ATTRIBUTE_CASES = [
    (CONV, "strides = [2, 2]"),
    (CONV, "strides = array<i64: 2, 2>"),
    (CONV, "dilations = dense<2> : tensor<3xi64>"),
    (CONV, "strides = dense<2> : tensor<2xi32>"),
    (CONV, "strides = 2 : i64"),
    (CONV, "strides = dense<2> : tensor<2xi64>"),  # right: both accept
    (CONV, "strides = dense<[2, 2]> : vector<2xi64>"),
    (MATMUL, "cast = #linalg.binary_fn<add>"),
    (MATMUL, "cast = 3 : i64"),
    (MATMUL, 'cast = "cast_signed"'),
    (MATMUL, "cast = #linalg.type_fn<cast_unsigned>"),
]


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
@pytest.mark.parametrize(("op", "attr"), ATTRIBUTE_CASES, ids=lambda v: str(v)[:40])
def test_attribute_mistakes_fail_as_stock_linalg_fails_on_them(plugin, op, attr):
    ours = opt(plugin, ATTR_FUNC.replace("OP", op.replace("DIALECT", NAME).replace("ATTR", attr)))
    stock = opt(
        plugin, ATTR_FUNC.replace("OP", op.replace("DIALECT", "linalg").replace("ATTR", attr))
    )
    assert (ours.returncode == 0) == (stock.returncode == 0), ours.stderr + stock.stderr
    if stock.returncode != 0:
        # the same message at the same place (both dialect names are 6 letters)
        first = ours.stderr.splitlines()[0].replace(f"{NAME}.", "linalg.")
        assert first == stock.stderr.splitlines()[0]
        assert "failed to satisfy constraint" in first
    else:
        assert attr.split(" = ")[0] in ours.stdout  # kept, not dropped


@needs_build
@pytest.mark.slow
@pytest.mark.mlir
def test_a_function_attribute_of_the_wrong_kind_is_refused(plugin):
    text = (
        "func.func @f(%a: memref<3x4xf32>) {\n"
        f"  {NAME}.elemwise_unary {{fun = #linalg.binary_fn<add>}} ins(%a : memref<3x4xf32>) "
        "outs(%a : memref<3x4xf32>)\n  return\n}\n"
    )
    done = opt(plugin, text)
    assert done.returncode != 0
    assert "op attribute 'fun' failed to satisfy constraint" in done.stderr
