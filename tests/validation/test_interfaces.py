"""Declared interfaces checked as MLIR 22 verifies them, and index-to-float casts MLIR cannot build.

The positive oracle is MLIR itself: every op of the core library and of the TC
classic library declares its interfaces as upstream does and verifies in
`mlir-opt-22` (tests/mlir/test_conformance.py), so none may be flagged here. The
negative cases follow MLIR 22's `isContractionInterfaceImpl`,
`isConvolutionInterfaceImpl` and `isFillInterfaceImpl` rule by rule.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.validation import validate_source

REPO = Path(__file__).resolve().parents[2]

HEADER = "from linalg_odsgen.dsl import *\n\n@linalg_structured_op\n"


def dump(tmp_path: Path, body: str) -> tuple[int, str]:
    src = tmp_path / "ops.py"
    src.write_text(HEADER + textwrap.dedent(body))
    result = CliRunner().invoke(
        main, ["dump-oplib", "--file", str(src), "-o", str(tmp_path / "o.yaml")]
    )
    return result.exit_code, result.stderr


@pytest.mark.parametrize(
    "lib", ["linalg_odsgen/opspecs/core_named_ops.yaml", "linalg_odsgen/opspecs/classic_ops.yaml"]
)
def test_libraries_mlir_verifies_are_not_flagged(lib: str) -> None:
    diags = validate_source((REPO / lib).read_bytes(), lib)
    assert [str(d) for d in diags if "implements" in d.message or "index value" in d.message] == []


GOOD = {
    "matmul with casts": """
        def mm(A=TensorDef(T1, S.M, S.K), B=TensorDef(T2, S.K, S.N), C=TensorDef(U, S.M, S.N, output=True)):
            implements(ContractionOpInterface)
            C[D.m, D.n] += TypeFn.cast_signed(U, A[D.m, D.k]) * TypeFn.cast_signed(U, B[D.k, D.n])
        """,
    "B times A, exp around": """
        def mm(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K), C=TensorDef(T1, S.M, output=True)):
            implements(ContractionOpInterface)
            C[D.m] += UnaryFn.exp(B[D.k] * A[D.m, D.k])
        """,
    "strided dilated conv": """
        def conv(I=TensorDef(T1, S.N, S.OW * S.SW + S.KW * S.DW, S.C), K=TensorDef(T2, S.KW, S.C, S.F),
                 O=TensorDef(U, S.N, S.OW, S.F, output=True),
                 strides=IndexAttrDef(S.SW, default=[1]), dilations=IndexAttrDef(S.DW, default=[1])):
            implements(ConvolutionOpInterface)
            O[D.n, D.ow, D.f] += TypeFn.cast_signed(U, I[D.n, D.ow * S.SW + D.kw * S.DW, D.c]) * TypeFn.cast_signed(U, K[D.kw, D.c, D.f])
        """,
    "fill": """
        def fl(value=ScalarDef(T1), O=TensorDef(U, output=True)):
            implements(FillOpInterface)
            O[None] = TypeFn.cast_signed(U, value)
        """,
    "index cast through I64": """
        def iota(O=TensorDef(U, S.N, output=True)):
            O[D.n] = TypeFn.cast_signed(F32, TypeFn.cast_signed(I64, index(D.n)))
        """,
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(GOOD))
def test_ops_mlir_accepts_dump_cleanly(tmp_path: Path, name: str) -> None:
    code, err = dump(tmp_path, GOOD[name])
    assert code == 0, err


BAD = {
    "contraction of 4 inputs": ("""
        def qk(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K, S.N), Z=TensorDef(T1, S.K), W=TensorDef(T1, S.K),
               C=TensorDef(T1, S.M, S.N, output=True)):
            implements(ContractionOpInterface)
            C[D.m, D.n] += A[D.m, D.k] * B[D.k, D.n] * Z[D.k] * W[D.k]
        """, "expected op with 2 inputs and 1 output, got 4 and 1"),
    "contraction without reduction": ("""
        def fma(A=TensorDef(T1, S.M), B=TensorDef(T1, S.M), C=TensorDef(T1, S.M, output=True)):
            implements(ContractionOpInterface)
            C[D.m] += A[D.m] * B[D.m]
        """, "expected at least 1 reduction loop"),
    "contraction with a strided map": ("""
        def smv(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.Q), C=TensorDef(T1, S.M, output=True),
                s=IndexAttrDef(S.S, default=[2])):
            implements(ContractionOpInterface)
            C[D.m] += A[D.m, D.k] * B[D.k * S.S]
        """, "expected indexing maps to be projected permutations ('B'"),
    "contraction of a difference": ("""
        def dd(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K), C=TensorDef(T1, S.M, output=True)):
            implements(ContractionOpInterface)
            C[D.m] += A[D.m, D.k] - B[D.k]
        """, "expected add of mul in the body, got add of sub"),
    "contraction with max": ("""
        def mx(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K), C=TensorDef(T1, S.M, output=True)):
            implements(ContractionOpInterface)
            C[D.m] = ReduceFn.max_signed[D.k](A[D.m, D.k] * B[D.k])
        """, "got max_signed of mul"),
    "contraction with zero points": ("""
        def qz(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K), C=TensorDef(T1, S.M, output=True)):
            implements(ContractionOpInterface)
            C[D.m] += (A[D.m, D.k] - const(3)) * B[D.k]
        """, "expected the mul to apply to the inputs 'A' and 'B'"),
    "convolution of one input": ("""
        def c1(I=TensorDef(T1, S.N), O=TensorDef(T1, S.N, output=True)):
            implements(ConvolutionOpInterface)
            O[D.n] += I[D.n]
        """, "expected op with 2 inputs and 1 output, got 1 and 1"),
    "convolution with a three-term input index": ("""
        def c3(I=TensorDef(T1, S.W), K=TensorDef(T1, S.KW, S.KH), O=TensorDef(T1, S.OW, output=True)):
            implements(ConvolutionOpInterface)
            O[D.ow] += I[D.ow + D.kw + D.kh] * K[D.kw, D.kh]
        """, "unexpected input indexing map for convolutions"),
    "convolution without convolved dims": ("""
        def c0(I=TensorDef(T1, S.N, S.C), K=TensorDef(T1, S.C, S.F), O=TensorDef(T1, S.N, S.F, output=True)):
            implements(ConvolutionOpInterface)
            O[D.n, D.f] += I[D.n, D.c] * K[D.c, D.f]
        """, "expected convolved dim to be non-empty"),
    "convolution with a loop of no role": ("""
        def cr(I=TensorDef(T1, S.W, S.Z), K=TensorDef(T1, S.KW), O=TensorDef(T1, S.OW, output=True)):
            implements(ConvolutionOpInterface)
            O[D.ow] += I[D.ow + D.kw, D.z] * K[D.kw]
        """, "unexpected loop dimension for convolution op (d2 fits no convolution role)"),
    "fill from a tensor": ("""
        def ft(I=TensorDef(T1, S.M), O=TensorDef(T1, S.M, output=True)):
            implements(FillOpInterface)
            O[D.m] = I[D.m]
        """, "expected op with scalar input ('I' is a tensor; use ScalarDef)"),
    "fill with two inputs": ("""
        def f2(a=ScalarDef(T1), b=ScalarDef(T1), O=TensorDef(T1, S.M, output=True)):
            implements(FillOpInterface)
            O[D.m] = a + b
        """, "expected op with 1 input and 1 output, got 2 and 1"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAD))
def test_interfaces_mlir_refuses_are_warnings_at_the_def_line(tmp_path: Path, name: str) -> None:
    # Upstream's OpDSL writes these ops: dump-oplib writes the same bytes and warns.
    body, message = BAD[name]
    code, err = dump(tmp_path, body)
    assert code == 0
    assert "ops.py:5:1: warning: [op " in err, err
    assert "but MLIR refuses every instance of it: " in err and message in err, err
    assert (tmp_path / "o.yaml").exists()


def test_index_to_float_cast_is_reported_at_its_dsl_line(tmp_path: Path) -> None:
    code, err = dump(tmp_path, """
        def iota(O=TensorDef(U, S.N, output=True)):
            O[D.n] = TypeFn.cast_signed(F32, index(D.n) + index(D.n))
        """)  # fmt: skip
    assert code == 1
    assert "ops.py:6:" in err
    assert "MLIR converts index only to integers; cast through I64 first" in err


def test_yaml_positions_point_at_the_interface_and_the_cast(tmp_path: Path) -> None:
    code, _ = dump(tmp_path, """
        def qk(A=TensorDef(T1, S.M, S.K), B=TensorDef(T1, S.K, S.N), Z=TensorDef(T1, S.K),
               C=TensorDef(T1, S.M, S.N, output=True)):
            implements(ContractionOpInterface)
            C[D.m, D.n] += TypeFn.cast_signed(T1, index(D.k)) * A[D.m, D.k] * B[D.k, D.n] * Z[D.k]
        """)  # fmt: skip
    assert code == 0  # written as upstream's OpDSL writes it (with warnings); by hand below
    yaml_text = textwrap.dedent(
        """\
        --- !LinalgOpConfig
        metadata: !LinalgOpMetadata
          name: qk
          cpp_class_name: QkOp
          doc: Bad.
          implements:
          - LinalgContractionOpInterface
        structured_op: !LinalgStructuredOpConfig
          args:
          - !LinalgOperandDefConfig
            name: A
            kind: input_tensor
            type_var: T1
            shape_map: affine_map<()[s0, s1] -> (s0)>
          - !LinalgOperandDefConfig
            name: O
            kind: output_tensor
            type_var: U
            shape_map: affine_map<()[s0, s1] -> (s0)>
          indexing_maps: !LinalgIndexingMapsConfig
            static_indexing_maps:
            - affine_map<(d0)[s0, s1] -> (d0)>
            - affine_map<(d0)[s0, s1] -> (d0)>
          iterator_types:
          - parallel
          assignments:
          - !ScalarAssign
            arg: O
            value: !ScalarExpression
              scalar_fn:
                kind: type
                fn_name: cast_signed
                type_var: F64
                operands:
                - !ScalarExpression
                  scalar_index: 0
        """
    )
    path = tmp_path / "bad.yaml"
    path.write_text(yaml_text)
    result = CliRunner().invoke(main, ["validate", "--format", "json", str(path)])
    assert result.exit_code == 1
    found = {(d["line"], d["path"]) for d in json.loads(result.stdout)}
    assert (7, "metadata.implements[0]") in found
    assert (31, "structured_op.assignments[0].value.scalar_fn") in found


LATE_CAST = """
    def mv_late_cast(A=TensorDef(T1, S.M, S.K), x=TensorDef(T1, S.K), y=TensorDef(U, S.M, output=True)):
        implements(ContractionOpInterface)
        y[D.m] += TypeFn.cast_signed(U, A[D.m, D.k] * x[D.k])
    """
# (input type, output type) -> whether MLIR builds a contraction body for the instance
LATE_CAST_INSTANCES = {("i8", "i32"): True, ("i8", "f32"): False, ("f32", "f64"): True,
                       ("f32", "i32"): False, ("i1", "i1"): True}  # fmt: skip


def _late_cast_op(tmp_path: Path):
    from linalg_odsgen.dsl.library import load_file

    src = tmp_path / "late.py"
    src.write_text(HEADER + textwrap.dedent(LATE_CAST))
    return load_file(str(src))[0]


@pytest.mark.parametrize(("types", "accepted"), sorted(LATE_CAST_INSTANCES.items()))
def test_instance_whose_multiply_and_add_differ_in_kind_is_refused(
    tmp_path: Path, types: tuple[str, str], accepted: bool
) -> None:
    from linalg_odsgen.runtime import OpError
    from linalg_odsgen.types import ShapedType, parse_element_type

    cls = _late_cast_op(tmp_path).op_class
    t_in, t_out = (parse_element_type(t) for t in types)
    args = [ShapedType("memref", (2, 3), t_in), ShapedType("memref", (3,), t_in),
            ShapedType("memref", (2,), t_out)]  # fmt: skip
    if accepted:
        cls.from_types(args)
        return
    with pytest.raises(OpError, match="which MLIR refuses"):
        cls.from_types(args)


@pytest.mark.slow
@pytest.mark.mlir
def test_instance_verdicts_match_a_plugin_built_by_mlir(tmp_path: Path) -> None:
    from dialect_build import HAVE_TOOLS, build_plugin, opt

    if not HAVE_TOOLS:
        pytest.skip("MLIR 22 dev files, cmake, ninja or g++ missing")
    op = _late_cast_op(tmp_path)
    from linalg_odsgen.yaml_io import dump_library

    (tmp_path / "late.yaml").write_text(dump_library((op.config,)))
    plugin = build_plugin([str(tmp_path / "late.yaml")], "late", tmp_path / "proj")
    for (t_in, t_out), accepted in LATE_CAST_INSTANCES.items():
        text = (
            f"func.func @f(%a: memref<2x3x{t_in}>, %b: memref<3x{t_in}>, %c: memref<2x{t_out}>) {{\n"
            f"  late.mv_late_cast ins(%a, %b : memref<2x3x{t_in}>, memref<3x{t_in}>) "
            f"outs(%c : memref<2x{t_out}>)\n  return\n}}\n"
        )
        done = opt(plugin, text)
        assert (done.returncode == 0) == accepted, (t_in, t_out, done.stderr)
        if not accepted:
            assert "expected add/mul op in the body" in done.stderr
