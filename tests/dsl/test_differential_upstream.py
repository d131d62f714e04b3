"""Upstream's OpDSL (in the iree-base-compiler wheel) as the oracle of ours, program by program.

Hypothesis writes small OpDSL files; each runs through upstream's OpDSL and through ours,
and both must write the same YAML bytes, or both refuse. Upstream runs in this process:
its dump is a pure function of the op definition (a fresh MLIR context per op), so the
comparison is deterministic and costs about a millisecond per program.
The default profile runs about a hundred programs; `slow` runs thousands.
"""

from __future__ import annotations

import re
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.dsl.library import dsl_library_of_source
from linalg_odsgen.yaml_io import dump_library

opdsl = pytest.importorskip("iree.compiler.dialects.linalg.opdsl.lang")
from iree.compiler.dialects.linalg.opdsl.lang.config import LinalgOpConfig  # noqa: E402
from iree.compiler.dialects.linalg.opdsl.lang.dsl import DefinedOpCallable  # noqa: E402
from iree.compiler.dialects.linalg.opdsl.lang.yaml_helper import yaml_dump_all  # noqa: E402

UPSTREAM_PRELUDE = "from iree.compiler.dialects.linalg.opdsl.lang import *\n"
OUR_PRELUDE = "from mlir.dialects.linalg.opdsl.lang import *\n"  # answered by our DSL

UNARY = ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt",
         "square", "tanh", "erf"]  # fmt: skip
BINARY = ["add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed",
          "max_unsigned", "min_unsigned", "powf"]  # fmt: skip
REDUCE = ["add", "mul", "max_signed", "min_signed", "max_unsigned", "min_unsigned"]
TYPE_FNS = ["cast_signed", "cast_unsigned"]


def upstream_yaml(body: str) -> str | None:
    """What upstream's `dump_oplib` prints for the file, or None when it refuses it."""
    module = types.ModuleType("upstream_generated_ops")
    try:
        exec(compile(UPSTREAM_PRELUDE + body, "<generated>", "exec"), module.__dict__)
        configs = []
        for value in module.__dict__.values():
            if isinstance(value, DefinedOpCallable):
                configs.extend(LinalgOpConfig.from_linalg_op_def(value.op_def))
        return yaml_dump_all(configs) + "\n"  # dump_oplib print()s the stream
    except Exception:
        return None


def our_yaml(body: str) -> str | None:
    """What `linalg-ods-gen dump-oplib --file` writes for the file, or None when it refuses it."""
    try:
        library, _warnings = dsl_library_of_source(OUR_PRELUDE + body, "generated_ops.py")
    except DiagnosticError:
        return None
    return dump_library(library.ops, null_doc=True)


# -- the program generator -----------------------------------------------------------------

PARALLEL = ["m", "n"]
REDUCED = ["k", "j"]
SIZES = ["M", "N", "K", "J", "P"]


@st.composite
def index_expr(draw: st.DrawFn, dims: list[str], strided: bool) -> str:
    """One subscript: a dim, a sum of two dims, or a strided window (symbols inside)."""
    a = draw(st.sampled_from(dims))
    shapes = ["plain", "sum"] + (["window"] if strided else [])
    shape = draw(st.sampled_from(shapes))
    if shape == "plain" or len(dims) < 2:
        return f"D.{a}"
    b = draw(st.sampled_from([d for d in dims if d != a]))
    if shape == "sum":
        return f"D.{a} + D.{b}"
    return f"D.{a} * S.SW + D.{b} * S.DW"


@st.composite
def programs(draw: st.DrawFn) -> str:
    ops = [draw(op_source(i)) for i in range(draw(st.integers(1, 2)))]
    return "\n\n".join(ops)


@st.composite
def op_source(draw: st.DrawFn, number: int) -> str:
    out_dims = draw(st.lists(st.sampled_from(PARALLEL), unique=True, max_size=2))
    red_dims = draw(st.lists(st.sampled_from(REDUCED), unique=True, max_size=2))
    loop_dims = out_dims + red_dims
    strided = draw(st.booleans())
    params: list[str] = []
    uses: dict[str, str] = {}  # tensor name -> its (one) subscript
    n_inputs = draw(st.integers(1, 3))
    for i in range(n_inputs):
        if loop_dims:
            idx = draw(st.lists(index_expr(loop_dims, strided), min_size=0, max_size=3))
        else:
            idx = []
        shape = [f"S.{draw(st.sampled_from(SIZES))}" for _ in idx]
        type_var = draw(st.sampled_from(["TV.T1", "TV.T2", "U", "T"]))
        params.append(f"I{i}=TensorDef({', '.join([type_var, *shape])})")
        uses[f"I{i}"] = f"I{i}[{', '.join(idx)}]" if idx else f"I{i}[None]"
    scalar = draw(st.booleans())
    if scalar:
        params.append(f"val=ScalarDef({draw(st.sampled_from(['TV.T1', 'U', 'I32', 'F32']))})")
    if draw(st.booleans()) and red_dims:
        d = red_dims[0]
        params.append(f"K=TensorDef(T, S.KW, index_dims=[D.{d}])")
    # Upstream's OpDSL takes one assignment per op ("Only one comprehension supported");
    # ours also takes several (a deliberate extension, see `_agree`).
    n_outputs = draw(st.sampled_from([1] * 9 + [2]))
    outputs = []
    for o in range(n_outputs):
        shape = [f"S.{s}" for s in ["M", "N"][: len(out_dims)]]
        params.append(f"O{o}=TensorDef({', '.join(['U', *shape])}, output=True)")
        outputs.append(
            f"O{o}[{', '.join('D.' + d for d in out_dims)}]" if out_dims else f"O{o}[None]"
        )
    attrs = []
    if strided:
        params.append(f"strides=IndexAttrDef(S.SW, default=[{draw(st.integers(1, 3))}])")
        params.append("dilations=IndexAttrDef(S.DW, default=[1])")
    if draw(st.booleans()):
        attrs.append("fun")
        params.append(f"fun=UnaryFnAttrDef(default=UnaryFn.{draw(st.sampled_from(UNARY))})")
    if draw(st.booleans()):
        attrs.append("bfun")
        params.append(f"bfun=BinaryFnAttrDef(default=BinaryFn.{draw(st.sampled_from(BINARY))})")
    if draw(st.booleans()):
        attrs.append("cast")
        params.append(f"cast=TypeFnAttrDef(default=TypeFn.{draw(st.sampled_from(TYPE_FNS))})")

    leaves = [*uses.values()] + (["val"] if scalar else [])
    depth = draw(st.integers(0, 3))

    def expr(level: int) -> str:
        kind = draw(st.sampled_from(["leaf", "unary", "binary", "op", "attr"]))
        if level >= depth or kind == "leaf":
            leaf = draw(st.sampled_from(["tensor", "tensor", "const", "index"]))
            if leaf == "const":
                return f"TypeFn.cast_signed(U, const({draw(st.sampled_from(['1.5', '2', '-3', '0.0']))}))"
            if leaf == "index" and loop_dims:
                return f"TypeFn.cast_signed(U, index(D.{draw(st.sampled_from(loop_dims))}))"
            fn = (
                "cast"
                if "cast" in attrs and draw(st.booleans())
                else (f"TypeFn.{draw(st.sampled_from(TYPE_FNS))}")
            )
            return f"{fn}(U, {draw(st.sampled_from(leaves))})"
        if kind == "unary":
            fn = (
                "fun"
                if "fun" in attrs and draw(st.booleans())
                else (f"UnaryFn.{draw(st.sampled_from(UNARY))}")
            )
            return f"{fn}({expr(level + 1)})"
        if kind == "op":
            return f"({expr(level + 1)} {draw(st.sampled_from(['+', '-', '*']))} {expr(level + 1)})"
        fn = (
            "bfun"
            if kind == "attr" and "bfun" in attrs
            else (f"BinaryFn.{draw(st.sampled_from(BINARY))}")
        )
        return f"{fn}({expr(level + 1)}, {expr(level + 1)})"

    def read_all(value: str) -> str:
        """Upstream refuses an input never read: add the ones the tree left out."""
        for leaf in leaves:
            if leaf not in value:
                value = f"BinaryFn.add({value}, TypeFn.cast_signed(U, {leaf}))"
        return value

    body = []
    if draw(st.booleans()):
        body.append('    """Generated op.\n\n    With a second paragraph.\n    """')
    if draw(st.booleans()):
        body.append(
            f"    implements({draw(st.sampled_from(['ContractionOpInterface', 'ConvolutionOpInterface', 'FillOpInterface']))})"
        )
    if draw(st.booleans()):
        body.append("    defines(Canonicalizer)")
    statements = []
    for target in outputs:
        form = draw(st.sampled_from(["=", "+=", "reduce_list", "reduce_tuple"]))
        value = read_all(expr(0))
        if form in ("=", "+="):
            statements.append(f"    {target} {form} {value}")
        elif red_dims:
            dims = ", ".join("D." + d for d in red_dims)
            # `ReduceFn.add[D.k]` (one dim, no list) is LLVM 22's spelling, which LLVM 24
            # refuses: a single dim goes in a list here, and a unit test pins the old form.
            tuple_ok = form == "reduce_tuple" and len(red_dims) > 1
            subscript = dims if tuple_ok else f"[{dims}]"
            if "bfun" in attrs and draw(st.booleans()):  # a BinaryFnAttrDef reduces too
                statements.append(f"    {target} = bfun[[{dims}]]({value})")
            else:
                fn = draw(st.sampled_from(REDUCE))
                statements.append(f"    {target} = ReduceFn.{fn}[{subscript}]({value})")
        else:
            statements.append(f"    {target} = {value}")
    # Upstream's iteration domain: the dims of tensor accesses (not of ReduceFn[...] or
    # index(...)); now and then the domain also lists every dim written anywhere.
    text = "\n".join(statements)
    if draw(st.integers(0, 4)):
        text = re.sub(r"ReduceFn\.\w+\[[^(]*\]|index\(D\.\w+\)", "", text)
    used = dict.fromkeys(re.findall(r"D\.(\w+)", text))
    if draw(st.booleans()) and used:
        order = draw(st.permutations(list(used)))
        body.append(f"    domain({', '.join('D.' + d for d in order)})")
    body += statements
    decorator = "@linalg_structured_op"
    if draw(st.booleans()):
        decorator += f'(op_name="renamed_{number}")'
    signature = ",\n    ".join(params)
    return f"{decorator}\ndef gen_op_{number}(\n    {signature},\n):\n" + "\n".join(body) + "\n"


def _agree(body: str) -> None:
    theirs, ours = upstream_yaml(body), our_yaml(body)
    if body.count("output=True") > body.count("@linalg_structured_op"):
        # Several assignments in one op: upstream refuses every such op, ours writes it.
        assert theirs is None
        return
    if theirs is None:
        assert ours is None, f"upstream refuses, ours writes:\n{body}"
        return
    assert ours is not None, f"upstream writes, ours refuses:\n{body}"
    assert ours == theirs, body


_FAST = settings(max_examples=120, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip
_SLOW = settings(max_examples=4000, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip


@_FAST
@given(programs())
def test_generated_programs_write_upstreams_bytes_or_both_refuse(body: str) -> None:
    _agree(body)


@pytest.mark.slow
@_SLOW
@given(programs())
def test_thousands_of_generated_programs_agree_with_upstream(body: str) -> None:
    _agree(body)
