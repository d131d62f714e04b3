"""MLIR 22's `linalg.contract` and `linalg.elementwise` in the runtime: results against
einsum/NumPy written here, the map rules against mlir-opt-22."""

from __future__ import annotations

import itertools
import random
import subprocess

import numpy as np
import numpy_reference as ref
import pytest
from mlir_opt import MLIR_OPT, needs_mlir_opt

from linalg_odsgen import ops
from linalg_odsgen.affine import AffineMap, dim
from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.mlir22_ops import ELEMENTWISE_KINDS, ContractRule, elementwise_class

BACKENDS = ["loops", "fast"]
LET = "abcd"


def _map(n: int, dims: tuple[int, ...]) -> AffineMap:
    return AffineMap(n, 0, tuple(dim(p) for p in dims))


CONTRACTIONS = [
    ((0, 2), (2, 1), (0, 1)),
    ((2, 0), (1, 2), (1, 0)),
    ((0, 1, 3), (0, 3, 2), (0, 1, 2)),
    ((1, 3), (0, 3, 2), (0, 1, 2)),
    ((0, 2, 3), (3, 2, 1), (0, 1)),
    ((0,), (0,), ()),
    ((0, 2), (2, 1), (0, 1, 3)),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("a", "b", "c"), CONTRACTIONS, ids=str)
def test_contract_computes_the_einsum_of_its_maps(a, b, c, backend):
    n = 1 + max(a + b + c)
    sizes = [2, 3, 4, 5][:n]
    rng = np.random.default_rng(n)
    x = rng.integers(-4, 5, [sizes[i] for i in a]).astype(np.float32)
    y = rng.integers(-4, 5, [sizes[i] for i in b]).astype(np.float32)
    z = rng.integers(-4, 5, [sizes[i] for i in c]).astype(np.float32)
    s = lambda ds: "".join(LET[i] for i in ds)  # noqa: E731
    want = z + np.einsum(f"{s(a)},{s(b)},{s(c)}->{s(c)}", x, y, np.ones_like(z))
    maps = [_map(n, m) for m in (a, b, c)]
    got = ops.contract(x, y, outs=[z.copy()], indexing_maps=maps, backend=backend)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_contract_casts_operands_to_the_output_type(backend):
    x = np.array([[200, 1]], np.uint8).view(np.int8)  # 200 is -56 as signed i8
    y = np.array([[1], [1]], np.int8)
    maps = "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]"
    signed = ops.contract(
        x, y, outs=[np.zeros((1, 1), np.int32)], indexing_maps=maps, backend=backend
    )
    unsigned = ops.contract(
        x,
        y,
        outs=[np.zeros((1, 1), np.int32)],
        indexing_maps=maps,
        cast="cast_unsigned",
        backend=backend,
    )
    assert signed.tolist() == [[-55]] and unsigned.tolist() == [[201]]


@pytest.mark.parametrize(
    ("maps", "fragment"),
    [
        ("[affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]", "no contracting dim"),
        ("[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0)>]", "neither parallel"),
        ("[affine_map<(d0, d1, d2) -> (d0 + d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]", "projected permutation"),
    ],
)  # fmt: skip
def test_contract_refuses_what_mlir_refuses(maps, fragment):
    with pytest.raises(OpError, match=fragment):
        ops.ContractOp.from_types(
            _types_for(AffineMap.parse(m) for m in _split(maps)), indexing_maps=maps
        )


def _split(text: str) -> list[str]:
    from linalg_odsgen.runtime.instance_maps import parse_maps

    return [m.to_mlir() for m in parse_maps(text)]


def _types_for(maps):
    from linalg_odsgen.types import F32, ShapedType

    out = []
    for m in maps:
        out.append(ShapedType("memref", tuple(3 for _ in m.results), F32))
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind", sorted(ELEMENTWISE_KINDS))
def test_elementwise_kinds_equal_numpy(kind, backend):
    arity = ELEMENTWISE_KINDS[kind]
    rng = np.random.default_rng(len(kind))
    x = rng.uniform(0.5, 2.0, (3, 4)).astype(np.float64)
    y = rng.uniform(0.5, 2.0, (3, 4)).astype(np.float64)
    out = np.zeros((3, 4))
    if arity == 1:
        got = ops.elementwise(x, outs=[out], kind=kind, backend=backend)
        want = {"exp": np.exp, "log": np.log, "abs": np.abs, "ceil": np.ceil, "floor": np.floor,
                "negf": np.negative, "reciprocal": lambda v: 1 / v, "round": ref.round_half_away,
                "sqrt": np.sqrt, "rsqrt": lambda v: 1 / np.sqrt(v), "square": np.square,
                "tanh": np.tanh, "erf": ref.erf}[kind](x)  # fmt: skip
    elif arity == 2:
        if kind.endswith("unsigned"):
            x, y = (x * 100).astype(np.int32), (y * 100).astype(np.int32)
            out = np.zeros((3, 4), np.int32)
        got = ops.elementwise(x, y, outs=[out], kind=kind, backend=backend)
        want = ref.binary(kind, x, y)
    else:
        cond = x > 1
        got = ops.elementwise(cond, x, y, outs=[out], kind=kind, backend=backend)
        want = np.where(cond, x, y)
    np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_elementwise_takes_broadcast_and_transposed_maps(backend):
    x = np.arange(12.0).reshape(3, 4)
    y = np.arange(4.0)
    maps = "[affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>]"
    got = ops.elementwise(
        x, y, outs=[np.zeros((3, 4))], kind="sub", indexing_maps=maps, backend=backend
    )
    np.testing.assert_array_equal(got, x - y)
    tmaps = "[affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]"
    got = ops.elementwise(
        x.T.copy(), outs=[np.zeros((3, 4))], kind="negf", indexing_maps=tmaps, backend=backend
    )
    np.testing.assert_array_equal(got, -x)


def test_elementwise_kind_must_fit_the_inputs():
    with pytest.raises(OpError, match="does not take 2 input"):
        elementwise_class("add").from_arrays(np.ones(2), np.ones(2), outs=[np.zeros(2)], kind="exp")


def _mlir_accepts_contract(maps: list[AffineMap]) -> bool:
    def ty(m: AffineMap) -> str:
        return "memref<" + "3x" * len(m.results) + "f32>"

    a, b, c = (ty(m) for m in maps)
    src = (
        f"func.func @f(%a: {a}, %b: {b}, %c: {c}) {{\n  linalg.contract indexing_maps = "
        f"[{', '.join(m.to_mlir() for m in maps)}] ins(%a, %b : {a}, {b}) outs(%c : {c})\n"
        "  return\n}\n"
    )
    assert MLIR_OPT is not None
    return subprocess.run([MLIR_OPT], input=src, capture_output=True, text=True).returncode == 0


@needs_mlir_opt
@pytest.mark.mlir
@pytest.mark.slow
def test_contract_rule_agrees_with_mlir_opt_on_a_sample_of_maps():
    n = 3
    seqs = [p for r in (0, 1, 2, 3) for p in itertools.permutations(range(n), r)]
    triples = list(itertools.product(seqs, repeat=3))
    sample = random.Random(7).sample(triples, 150)
    disagree = []
    for a, b, c in sample:
        maps = [_map(n, a), _map(n, b), _map(n, c)]
        ours = ContractRule().problem(maps, ()) is None
        if ours != _mlir_accepts_contract(maps):
            disagree.append((a, b, c, ours))
    assert disagree == []


def test_readme_example_runs():
    import re

    from readme import readme_section

    code = re.findall(r"```python\n(.*?)```", readme_section("MLIR 22's op surface"), re.S)[0]
    scope: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), scope)
    assert scope["c"].tolist() == [[5.0] * 4] * 3  # type: ignore[attr-defined]
    assert scope["e"].tolist() == [[6.0] * 4] * 3  # type: ignore[attr-defined]


def test_readme_table_lists_every_op_the_harness_checks():
    from readme import readme_section

    section = readme_section("MLIR 22's op surface")
    rows = {line.split("|")[1].split()[0] for line in section.splitlines() if line.startswith("| ")}
    assert set(ops.library()) <= rows  # the classes `conform` checks, by report name
