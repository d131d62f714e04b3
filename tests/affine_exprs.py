"""Affine expressions for the tests of linalg_odsgen.affine: random ones (hypothesis and a
seeded generator), the maps of the upstream reference library, and how mlir-opt-22 prints
maps (the oracle of the printing tests)."""

from __future__ import annotations

import random
import re

import yaml
from hypothesis import strategies as st
from mlir_opt import mlir_opt
from reference_corpus import REFERENCE as REFERENCE_YAML

from linalg_odsgen.affine import AffineExpr, AffineMap, constant, dim, sym

NUM_DIMS, NUM_SYMS = 3, 2


def leaves() -> st.SearchStrategy[AffineExpr]:
    return st.one_of(
        st.integers(0, NUM_DIMS - 1).map(dim),
        st.integers(0, NUM_SYMS - 1).map(sym),
        st.integers(-9, 9).map(constant),
    )


def combine(children: st.SearchStrategy[AffineExpr]) -> st.SearchStrategy[AffineExpr]:
    def build(args: tuple[str, AffineExpr, AffineExpr, int]) -> AffineExpr:
        op, a, b, c = args
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "neg":
            return -a
        if op == "*":
            return a * b if (a.is_symbolic_or_constant() or b.is_symbolic_or_constant()) else a * c
        divisor = c if c != 0 else 3
        return getattr(a, op)(divisor)

    ops = st.sampled_from(["+", "-", "neg", "*", "floordiv", "ceildiv", "mod"])
    return st.tuples(ops, children, children, st.integers(-4, 5)).map(build)


EXPRS = st.recursive(leaves(), combine, max_leaves=12)


POINTS = st.tuples(
    st.lists(st.integers(-20, 20), min_size=NUM_DIMS, max_size=NUM_DIMS),
    st.lists(st.integers(-20, 20), min_size=NUM_SYMS, max_size=NUM_SYMS),
)


def as_map(e: AffineExpr) -> AffineMap:
    return AffineMap(NUM_DIMS, NUM_SYMS, (e,))


def eval_or_none(e: AffineExpr, point: tuple[list[int], list[int]]) -> int | None:
    try:
        return e.eval(*point)
    except ZeroDivisionError:
        return None


def sample_exprs(n: int) -> list[AffineExpr]:
    """Deterministic pseudo-random expressions (no hypothesis: one mlir-opt call for all)."""
    rng = random.Random(1234)

    def gen(depth: int) -> AffineExpr:
        if depth == 0 or rng.random() < 0.25:
            k = rng.randrange(3)
            if k == 0:
                return dim(rng.randrange(NUM_DIMS))
            if k == 1:
                return sym(rng.randrange(NUM_SYMS))
            return constant(rng.randint(-8, 8))
        a, b = gen(depth - 1), gen(depth - 1)
        op = rng.choice(["+", "-", "*", "floordiv", "ceildiv", "mod", "neg"])
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "neg":
            return -a
        if op == "*":
            return a * (b if b.is_symbolic_or_constant() else rng.randint(-3, 4))
        if not b.is_symbolic_or_constant():
            b = constant(rng.choice([2, 3, 4, -2]))
        return getattr(a, op)(b)

    return [gen(rng.randrange(1, 6)) for _ in range(n)]


def reference_maps() -> list[str]:
    """Every affine_map scalar of the upstream dump (YAML folds long ones; loading unfolds)."""

    class _Loader(yaml.SafeLoader):
        pass

    def _untagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> object:
        if isinstance(node, yaml.MappingNode):
            return loader.construct_mapping(node, deep=True)
        if isinstance(node, yaml.SequenceNode):
            return loader.construct_sequence(node, deep=True)
        return loader.construct_scalar(node)  # type: ignore[arg-type]

    _Loader.add_multi_constructor("!", _untagged)
    out: list[str] = []
    stack: list[object] = list(yaml.load_all(REFERENCE_YAML.read_text(), Loader=_Loader))
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str) and x.startswith("affine_map<"):
            out.append(x)
    return out


def mlir_print(bodies: list[str]) -> list[str]:
    """Ask mlir-opt-22 how it prints each `affine_map<body>`."""
    lines = [f"#m{i} = affine_map<{b}>" for i, b in enumerate(bodies)]
    attrs = ", ".join(f"a{i} = #m{i}" for i in range(len(bodies)))
    src = "\n".join(lines) + f"\nfunc.func private @f() attributes {{{attrs}}}\n"
    printed = mlir_opt(src, "--mlir-print-local-scope")
    found = {int(k): v for k, v in re.findall(r"a(\d+) = affine_map<((?:->|[^>])*)>", printed)}
    return [found[i] for i in range(len(bodies))]
