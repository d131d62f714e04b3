"""The formula gen-doc prints computes what the op computes: each formula, run as Python
over the op's loop nest, gives the loops backend's result on the same data."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.docgen.formula import formulas, shape_text
from linalg_odsgen.docgen.picture import shapes
from linalg_odsgen.dsl import (
    T1,
    T2,
    D,
    IndexAttrDef,
    ReduceFn,
    S,
    TensorDef,
    TypeFn,
    U,
    domain,
    linalg_structured_op,
)
from linalg_odsgen.model import OpConfig, OperandKind
from linalg_odsgen.validation import load_valid_library

REPO = Path(__file__).resolve().parents[2]
CORE = load_valid_library(
    (REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "core.yaml"
)

# What each function of a formula means on non-negative float64 data.
FUNCTIONS = {
    "cast_signed": lambda _t, x: float(x),
    "cast_unsigned": lambda _t, x: float(x),
    "cast": lambda _t, x: float(x),
    "max_signed": max,
    "min_signed": min,
    "exp": math.exp,
    "index": float,
}


def run_formula(op: OpConfig, cls: type, arrays: dict[str, np.ndarray], attrs: dict) -> None:
    """Execute the op's formulas over its whole loop nest, updating the outputs in `arrays`."""
    value_names = [a.name for a in op.structured_op.value_args]
    code = compile("\n".join(formulas(op)), f"<{op.name} formula>", "exec")
    instance, _ = cls.from_arrays(
        *[arrays[n] for n in value_names[:-1]], outs=[arrays[value_names[-1]]], **attrs
    )
    defaults = {
        a.name: list(a.default_indices or ())
        for a in op.structured_op.args
        if a.kind is OperandKind.INDEX_ATTR
    }
    scope = _Scope({**FUNCTIONS, **arrays, **defaults, **attrs})
    for point in itertools.product(*(range(n) for n in instance.loop_ranges())):
        scope.update({f"d{i}": v for i, v in enumerate(point)})
        exec(code, {}, scope)


class _Scope(dict):
    """Names of a formula: a type name (`U`, `AccumType`) stands for itself."""

    def __missing__(self, key: str) -> str:
        return key


@pytest.mark.parametrize(
    "name",
    [
        "matmul",
        "quantized_matmul",
        "batch_matvec",
        "conv_2d_nhwc_hwcf",
        "depthwise_conv_2d_nhwc_hwc",
        "pooling_nhwc_max",
        "pooling_ncw_sum",
        "matmul_transpose_a",
        "batch_reduce_matmul",
    ],
)
def test_core_op_formula_computes_what_the_loops_backend_computes(name: str) -> None:
    op = CORE.by_name()[name]
    rng = np.random.default_rng(7)
    arrays: dict[str, np.ndarray] = {}
    for arg in op.structured_op.value_args:
        if arg.kind is OperandKind.SCALAR:
            dtype = np.int32 if arg.type_var == "I32" else np.float64
            arrays[arg.name] = dtype(rng.integers(0, 3))
        else:
            arrays[arg.name] = rng.integers(0, 5, size=shapes(op)[arg.name]).astype(np.float64)
    names = [a.name for a in op.structured_op.value_args]
    expected = ops.OPS[name].call(
        *[arrays[n] for n in names[:-1]], outs=[arrays[names[-1]].copy()], backend="loops"
    )
    got = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in arrays.items()}
    run_formula(op, ops.OPS[name], got, {})
    np.testing.assert_allclose(got[names[-1]], expected)


@linalg_structured_op
def strided_window_max(
    I=TensorDef(T1, S.N, S.OW * S.SW + S.KW * S.DW),
    K=TensorDef(T2, S.KW, index_dims=[D.kw]),
    O=TensorDef(U, S.N, S.OW, output=True),
    strides=IndexAttrDef(S.SW, default=[2]),
    dilations=IndexAttrDef(S.DW, default=[3]),
):
    """Maximum over strided, dilated windows."""
    domain(D.n, D.ow, D.kw)
    O[D.n, D.ow] = ReduceFn.max_signed[D.kw](
        TypeFn.cast_signed(U, I[D.n, D.ow * S.SW + D.kw * S.DW])
    )


def test_attributes_read_as_their_entries_in_formulas_and_shapes() -> None:
    op = strided_window_max.config
    assert formulas(op) == [
        "O[d0, d1] = max_signed(O[d0, d1], cast_signed(U, I[d0, d1 * strides[0] + d2 * dilations[0]]))"
    ]
    i_def = op.structured_op.arg("I")
    assert shape_text(op, i_def.shape_map) == "[s0, s1 * strides[0] + s3 * dilations[0]]"
    # ... and the formula runs: a strided, dilated window maximum computed by hand
    rng = np.random.default_rng(3)
    data = rng.random((2, 12))
    out = np.full((2, 3), -np.inf)
    arrays = {"I": data, "K": np.zeros(2), "O": out}
    run_formula(op, strided_window_max.op_class, arrays, {"strides": [2], "dilations": [3]})
    by_hand = [
        [max(data[n, ow * 2 + kw * 3] for kw in range(2)) for ow in range(3)] for n in range(2)
    ]
    np.testing.assert_array_equal(arrays["O"], by_hand)
