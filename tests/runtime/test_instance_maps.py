"""MLIR 22's per-instance `indexing_maps` on the matmul family: which maps are accepted
(mlir-opt-22 is the oracle) and what they compute (einsum written here)."""

from __future__ import annotations

import itertools
import random
import subprocess

import numpy as np
import pytest
from mlir_opt import MLIR_OPT, needs_mlir_opt

from linalg_odsgen import ops
from linalg_odsgen.affine import AffineMap, dim
from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.instance_maps import RULES

LETTERS = {"matmul": "mnk", "batch_matmul": "bmnk", "batch_reduce_matmul": "bmnk"}
SIZES = {"b": 2, "m": 3, "n": 4, "k": 5}


def _map(n: int, positions: tuple[int, ...]) -> AffineMap:
    return AffineMap(n, 0, tuple(dim(p) for p in positions))


def _accepted(name: str) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    rule = RULES[name]
    return [
        (a, b)
        for a, b in itertools.product(sorted(rule.lhs), sorted(rule.rhs))
        if rule.check(
            (_map(rule.num_dims, a), _map(rule.num_dims, b), _map(rule.num_dims, rule.out))
        )
        is None
    ]


CASES = [(name, a, b) for name in RULES for a, b in _accepted(name)]


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_matmul_writes_a_transposed_output(backend):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(12, dtype=np.float32).reshape(3, 4)
    maps = [_map(3, (0, 2)), _map(3, (2, 1)), _map(3, (1, 0))]
    got = ops.matmul(a, b, outs=[np.zeros((4, 2), np.float32)], indexing_maps=maps, backend=backend)
    np.testing.assert_array_equal(got, (a @ b).T)


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize(("name", "lhs", "rhs"), CASES, ids=[f"{n}-{a}-{b}" for n, a, b in CASES])
def test_transposed_and_broadcast_operands_compute_the_einsum(name, lhs, rhs, backend):
    letters = LETTERS[name]
    rule = RULES[name]
    rng = np.random.default_rng(len(lhs) * 7 + len(rhs))
    sub = lambda pos: "".join(letters[p] for p in pos)  # noqa: E731
    a = rng.integers(-3, 4, [SIZES[c] for c in sub(lhs)]).astype(np.float32)
    b = rng.integers(-3, 4, [SIZES[c] for c in sub(rhs)]).astype(np.float32)
    c = rng.integers(-3, 4, [SIZES[ch] for ch in sub(rule.out)]).astype(np.float32)
    maps = [_map(rule.num_dims, p) for p in (lhs, rhs, rule.out)]
    got = getattr(ops, name)(a, b, outs=[c.copy()], indexing_maps=maps, backend=backend)
    o = sub(rule.out)  # a ones operand over the output dims: broadcast inputs lack some
    want = c + np.einsum(f"{sub(lhs)},{sub(rhs)},{o}->{o}", a, b, np.ones(c.shape, np.float32))
    np.testing.assert_array_equal(got, want)


def test_maps_mlir_refuses_are_refused_with_a_reason():
    a, b, c = np.ones((3, 5), np.float32), np.ones((5, 4), np.float32), np.zeros((3, 4), np.float32)
    bad = "[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]"
    with pytest.raises(OpError, match=r"the rhs map .* is not one MLIR 22 accepts"):
        ops.matmul(a, b[:, 0], outs=[c], indexing_maps=bad)
    with pytest.raises(OpError, match="unknown attribute 'indexing_maps'"):
        ops.add(c, c, outs=[c.copy()], indexing_maps=bad)


def _mlir_accepts(name: str, maps: list[AffineMap]) -> bool:
    letters = LETTERS[name]

    def ty(m: AffineMap) -> str:
        return "memref<" + "".join(f"{SIZES[letters[p]]}x" for p in m.dim_positions()) + "f32>"  # type: ignore[index]

    a, b, c = (ty(m) for m in maps)
    src = (
        f"func.func @f(%a: {a}, %b: {b}, %c: {c}) {{\n"
        f"  linalg.{name} indexing_maps = [{', '.join(m.to_mlir() for m in maps)}] "
        f"ins(%a, %b : {a}, {b}) outs(%c : {c})\n  return\n}}\n"
    )
    assert MLIR_OPT is not None
    return subprocess.run([MLIR_OPT], input=src, capture_output=True, text=True).returncode == 0


@needs_mlir_opt
@pytest.mark.mlir
@pytest.mark.parametrize(
    "name", [n if n == "matmul" else pytest.param(n, marks=pytest.mark.slow) for n in sorted(RULES)]
)
def test_our_rule_agrees_with_mlir_opt_on_every_input_map_pair(name):
    rule = RULES[name]
    n = rule.num_dims
    inputs = [p for r in (1, 2, 3) for p in itertools.permutations(range(n), r)]
    pairs = list(itertools.product(inputs, inputs))
    # Every pair we accept, and a fixed sample of the others (one mlir-opt run each).
    accepted = [(a, b) for a, b in pairs if a in rule.lhs and b in rule.rhs]
    others = [p for p in pairs if p not in accepted]
    sample = accepted + random.Random(name).sample(others, min(len(others), 80))
    disagree = []
    for out_dims in (rule.out, *rule.other_outs):
        out = _map(n, out_dims)
        for lhs, rhs in sample if out_dims == rule.out else accepted:
            maps = [_map(n, lhs), _map(n, rhs), out]
            ours = rule.check(maps) is None
            if ours != _mlir_accepts(name, maps):
                disagree.append((lhs, rhs, out_dims, ours))
    assert disagree == []
