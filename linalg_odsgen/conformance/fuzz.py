"""Random structured ops for the fuzzer, drawn from a seed, free of undefined behaviour.

Three sources, interleaved by case number:

* *from scratch*: a loop nest with parallel and reduction dims; output maps that
  permute all the parallel dims (rank 0 when there are none; outputs accumulate
  over the reduction dims, so no result depends on the iteration order); input maps that
  permute, broadcast, or read a window (`d_p * stride + d_r * dilation`);
  payloads over add/sub/mul/div/min/max (signed and unsigned), float unary
  functions, select on an i1 input, casts of both signednesses, constants,
  `linalg.index`, scalars and up to two outputs, as contractions, reductions or
  elementwise trees;
* *mutations* of the core library's ops, so that passes pattern-matching named
  ops are reached: flip a cast's signedness, change element types (i1 and i4
  included), wrap a value in a unary function, add `linalg.index` to a
  reduction, swap the operands of a binary function;
* *core-op instances*, unmutated, mostly in their named form (element types and
  attributes as conformance draws them), for passes that work on named ops.

Undefined behaviour is never generated: integer division only divides by an
operand cast that the data keeps positive (`make_data` draws [1, 100] when a
payload divides), floats are converted to integers only from operands whose
data stays in range (no special values then, no i1 target), and there are no
shifts or `nsw`/`nuw` flags.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from linalg_odsgen import payloads
from linalg_odsgen.affine import AffineExpr, AffineMap, dim, sym
from linalg_odsgen.conformance.spec import CaseSpec, OpSource, op_class
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.types import (
    BF16,
    F16,
    F32,
    F64,
    I1,
    I4,
    I8,
    I16,
    I32,
    ElementType,
    ShapedType,
)

# (input type, output type): the payload computes in the output type.
TYPE_PAIRS: tuple[tuple[ElementType, ElementType], ...] = (
    (F32, F32),
    (F16, F16),
    (BF16, BF16),
    (F16, F32),
    (F64, F64),
    (I8, I32),
    (I8, I8),
    (I8, F32),
    (I16, I32),
    (I32, I32),
    (I4, I8),
    (I1, I8),
    (I1, I1),
    (F32, I32),
    (I32, I8),
)
FLOAT_UNARY = ("exp", "log", "abs", "ceil", "floor", "negf", "round", "sqrt", "tanh", "reciprocal", "square")  # fmt: skip
FLOAT_BINARY = ("add", "sub", "mul", "div", "max_signed", "min_signed")
INT_BINARY = ("add", "sub", "mul", "max_signed", "min_signed", "max_unsigned", "min_unsigned")
BOOL_BINARY = ("add", "mul", "max_signed", "min_signed")
FLOAT_COMBINERS = ("add", "mul", "max_signed", "min_signed")
INT_COMBINERS = ("add", "mul", "max_signed", "min_signed", "max_unsigned", "min_unsigned")
_MAX_POINTS = 256


def shapes_for(maps: Sequence[AffineMap], sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Each operand just large enough for every access of the loop domain `sizes`."""
    shapes = []
    points = list(itertools.product(*[range(n) for n in sizes]))
    for m in maps:
        ext = [0] * m.num_results
        for p in points:
            for r, v in enumerate(m.eval(p)):
                ext[r] = max(ext[r], v + 1)
        shapes.append(tuple(ext))
    return shapes


def _shape_map(m: AffineMap, n: int) -> AffineMap:
    return AffineMap(0, n, tuple(r.replace(dims={i: sym(i) for i in range(n)}) for r in m.results))


class _Draw:
    """One random op: the choices, then the op config and a case."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, xs: Sequence[Any]) -> Any:
        return xs[self.rng.randrange(len(xs))]

    def op(self, seed: int, label: str) -> CaseSpec:
        r = self.rng
        n = r.randint(1, 4)
        par = [d for d in range(n) if r.random() < 0.65]
        red = [d for d in range(n) if d not in par]
        tin, tout = self.pick(TYPE_PAIRS)
        out_maps: list[list[int]] = [list(par)]
        r.shuffle(out_maps[0])
        if par and r.random() < 0.25:
            # every parallel dim indexes each output: an output element written by several
            # parallel iterations would depend on their order, which Linalg leaves open
            out_maps.append(r.sample(par, len(par)))
        in_maps: list[list[AffineExpr]] = []
        sized: set[int] = set(par)
        for _ in range(r.randint(1, 3)):
            results: list[AffineExpr] = []
            for _ in range(r.randint(0, 3)):
                if red and par and r.random() < 0.25:  # a window: d_p * stride + d_r * dilation
                    results.append(dim(self.pick(par)) * r.randint(1, 2) + dim(self.pick(red)) * r.randint(1, 2))  # fmt: skip
                else:
                    d = r.randrange(n)
                    results.append(dim(d))
                    sized.add(d)
            in_maps.append(results)
        for d in red:
            if d not in sized:
                in_maps[r.randrange(len(in_maps))].append(dim(d))
        divides = tin.is_integer and tout.is_integer and not tout.is_bool and tout.width >= tin.width and not tin.is_bool  # fmt: skip
        fp_to_int = tin.is_float and not tout.is_float
        args: list[OperandDef] = []
        maps: list[AffineMap] = []
        for k, res in enumerate(in_maps):
            m = AffineMap(n, 0, tuple(res))
            args.append(
                OperandDef(f"I{k}", OperandKind.INPUT_TENSOR, "T1", shape_map=_shape_map(m, n))
            )
            maps.append(m)
        has_cond = r.random() < 0.2
        if has_cond:
            m = AffineMap(n, 0, tuple(dim(d) for d in par))
            args.append(OperandDef("C", OperandKind.INPUT_TENSOR, "TC", shape_map=_shape_map(m, n)))
            maps.append(m)
        has_scalar = r.random() < 0.25
        if has_scalar:
            args.append(OperandDef("s", OperandKind.SCALAR, "T1"))
            maps.append(AffineMap(n, 0, ()))
        for k, out_dims in enumerate(out_maps):
            m = AffineMap(n, 0, tuple(dim(d) for d in out_dims))
            args.append(
                OperandDef(f"O{k}", OperandKind.OUTPUT_TENSOR, "U", shape_map=_shape_map(m, n))
            )
            maps.append(m)

        def cast(e: ScalarExpr, signed: bool | None = None) -> ScalarExpr:
            if signed is None:
                signed = r.random() < 0.5
            return ScalarFn(FnKind.TYPE, (e,), fn_name="cast_signed" if signed else "cast_unsigned", type_var="U")  # fmt: skip

        inputs = [a.name for a in args if a.kind.is_input and a.name != "C"]
        arg_leaves: list[ScalarExpr] = [cast(ScalarArg(a)) for a in inputs]
        leaves = list(arg_leaves)
        if not fp_to_int:
            leaves.append(cast(ScalarConst(f"{r.randint(-3, 3)} : i64"), True))
            idx = ScalarFn(FnKind.TYPE, (ScalarIndex(r.randrange(n)),), fn_name="cast_signed", type_var="I64")  # fmt: skip
            leaves.append(cast(idx, True))
        is_float = tout.is_float

        def tree(depth: int, pool: list[ScalarExpr]) -> ScalarExpr:
            roll = r.random()
            if depth == 0 or roll < 0.3:
                return self.pick(pool)
            if is_float and roll < 0.45:
                return ScalarFn(
                    FnKind.UNARY, (tree(depth - 1, pool),), fn_name=self.pick(FLOAT_UNARY)
                )
            if has_cond and roll < 0.55:
                c = ScalarArg("C")
                return ScalarFn(FnKind.TERNARY, (c, tree(depth - 1, pool), tree(depth - 1, pool)), fn_name="select")  # fmt: skip
            if divides and roll < 0.6:
                return ScalarFn(FnKind.BINARY, (tree(depth - 1, pool), self.pick(arg_leaves)), fn_name=self.pick(("div", "div_unsigned")))  # fmt: skip
            names = FLOAT_BINARY if is_float else (BOOL_BINARY if tout.is_bool else INT_BINARY)
            return ScalarFn(FnKind.BINARY, (tree(depth - 1, pool), tree(depth - 1, pool)), fn_name=self.pick(names))  # fmt: skip

        assigns = []
        for k in range(len(out_maps)):
            out = ScalarArg(f"O{k}")
            # with reduction dims the output accumulates (an overwrite would keep whichever
            # iteration came last, an order Linalg leaves open)
            mode = self.pick(("contraction", "reduction")) if red else "elementwise"
            if mode == "contraction":
                prod = ScalarFn(FnKind.BINARY, (tree(1, leaves), tree(1, leaves)), fn_name="mul")
                value: ScalarExpr = ScalarFn(FnKind.BINARY, (out, prod), fn_name="add")
            elif mode == "reduction":
                comb = self.pick(FLOAT_COMBINERS if is_float else INT_COMBINERS)
                if tout.is_bool:
                    comb = self.pick(BOOL_BINARY)
                value = ScalarFn(FnKind.BINARY, (out, tree(2, leaves)), fn_name=comb)
            else:
                value = tree(3, [*leaves, out])
            assigns.append(ScalarAssign(f"O{k}", value))
        config = OpConfig(
            OpMetadata("fuzz_op", "FuzzOp", "An op drawn by the fuzzer."),
            StructuredOpConfig(
                args=tuple(args),
                indexing_maps=tuple(maps),
                iterator_types=tuple(
                    IteratorType.PARALLEL if d in par else IteratorType.REDUCTION for d in range(n)
                ),
                assignments=tuple(assigns),
            ),
        )
        sizes = [r.randint(1, 5) for _ in range(n)]
        while _prod(sizes) > _MAX_POINTS:
            sizes[sizes.index(max(sizes))] -= 1
        shapes = shapes_for(maps, sizes)
        types: list[Any] = []
        for a, shape in zip(args, shapes, strict=True):
            t = {"T1": tin, "U": tout, "TC": I1}[a.type_var or "U"]
            types.append(t if a.kind is OperandKind.SCALAR else ShapedType("tensor", shape, t))
        return CaseSpec(
            OpSource("fuzz_op", config=config),
            tuple(types),
            form="generic",
            dynamic=r.random() < 0.3,
            seed=seed,
            label=label,
        )


def _prod(xs: Sequence[int]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


@functools.lru_cache(maxsize=1)
def _core_configs() -> tuple[OpConfig, ...]:
    from importlib import resources

    from linalg_odsgen.sources import read

    text = resources.files("linalg_odsgen.opspecs").joinpath("core_named_ops.yaml").read_text()
    lib, _ = read(text, "core_named_ops.yaml")
    return tuple(c for c in lib.ops if not _rank_polymorphic(c))


def _rank_polymorphic(c: OpConfig) -> bool:
    return any(a.kind.is_tensor and a.shape_map is None for a in c.structured_op.args)


def _map_expr(e: ScalarExpr, fn: Any, counter: list[int] | None = None) -> ScalarExpr:
    """Rebuild an expression, `fn(node, preorder_index)` applied to every node bottom-up
    (indices as `_nodes` lists them)."""
    counter = counter if counter is not None else [0]
    index = counter[0]
    counter[0] += 1
    if isinstance(e, ScalarFn):
        e = replace(e, operands=tuple(_map_expr(x, fn, counter) for x in e.operands))
    return fn(e, index)


def _nodes(e: ScalarExpr) -> list[ScalarExpr]:
    out = [e]
    if isinstance(e, ScalarFn):
        for x in e.operands:
            out += _nodes(x)
    return out


MUTATIONS = ("flip-cast", "types", "unary", "index-in-reduction", "swap")
# Flipping a cast's signedness is drawn most: passes that raise generics to named ops
# have to carry it over (as the `cast` attribute), and it only shows on narrow integers.
_MUTATION_WEIGHTS = (4, 1, 1, 1, 1)
_FLIP_TYPES = ((I8, I32), (I4, I32), (I8, F32), (I16, I32), (I1, I32), (I8, I16))


def _op_weight(name: str) -> int:
    """How often a core op is mutated: the contraction family (most named-op patterns
    match it) most, windowed ops next."""
    if any(k in name for k in ("matmul", "matvec", "vecmat", "dot", "mmt4d")):
        return 10
    if any(k in name for k in ("conv", "pooling")):
        return 2
    return 1


def mutate(rng: random.Random, seed: int, label: str) -> CaseSpec | None:
    """A core op's config, mutated once, with element types and sizes; None when the
    drawn mutation does not apply to the drawn op."""
    from linalg_odsgen.conformance.library import TYPE_COMBOS, _shapes, _types_for

    configs = _core_configs()
    base = rng.choices(configs, weights=[_op_weight(c.name) for c in configs])[0]
    what = rng.choices(MUTATIONS, weights=_MUTATION_WEIGHTS)[0]
    sop = base.structured_op
    assigns = list(sop.assignments)
    k = rng.randrange(len(assigns))
    target = assigns[k].value
    nodes = _nodes(target)
    attrs: dict[str, Any] = {}
    if what == "flip-cast":
        casts = [x for x in nodes if isinstance(x, ScalarFn) and x.kind is FnKind.TYPE]
        if not casts:
            return None
        victim = nodes.index(rng.choice(casts))

        def flip(e: ScalarExpr, i: int) -> ScalarExpr:
            if i != victim or not isinstance(e, ScalarFn):
                return e
            if e.attr_name is not None:
                attrs[e.attr_name] = "cast_unsigned"
                return e
            other = "cast_unsigned" if e.fn_name == "cast_signed" else "cast_signed"
            return replace(e, fn_name=other)

        target = _map_expr(target, flip)
    elif what == "unary":
        leaves = [x for x in nodes if isinstance(x, ScalarFn) and x.kind is FnKind.TYPE]
        if not leaves:
            return None
        victim = nodes.index(rng.choice(leaves))
        fn = rng.choice(FLOAT_UNARY)
        target = _map_expr(target, lambda e, i: ScalarFn(FnKind.UNARY, (e,), fn_name=fn) if i == victim else e)  # fmt: skip
    elif what == "index-in-reduction":
        reds = [i for i, t in enumerate(sop.iterator_types) if t is IteratorType.REDUCTION]
        out_var = next(a.type_var for a in sop.args if a.name == assigns[k].arg)
        if not reds or not isinstance(target, ScalarFn) or len(target.operands) != 2:
            return None
        idx = ScalarFn(FnKind.TYPE, (ScalarIndex(rng.choice(reds)),), fn_name="cast_signed", type_var="I64")  # fmt: skip
        idx = ScalarFn(FnKind.TYPE, (idx,), fn_name="cast_signed", type_var=out_var)
        body = ScalarFn(FnKind.BINARY, (target.operands[1], idx), fn_name="add")
        target = replace(target, operands=(target.operands[0], body))
    elif what == "swap":
        bins = [x for x in nodes if isinstance(x, ScalarFn) and x.kind is FnKind.BINARY]
        bins = [x for x in bins if x.fn_name in ("sub", "div", "max_signed", "min_signed", "mul", "add")]  # fmt: skip
        if not bins:
            return None
        victim = nodes.index(rng.choice(bins))
        target = _map_expr(target, lambda e, i: replace(e, operands=e.operands[::-1]) if i == victim and isinstance(e, ScalarFn) else e)  # fmt: skip
    assigns[k] = replace(assigns[k], value=target)
    config = replace(base, structured_op=replace(sop, assignments=tuple(assigns)))
    _, tin, tout = rng.choice(TYPE_COMBOS)
    if tin.width == 8 and tin.is_float:  # 8-bit floats lower through APFloat calls: slow
        return None
    if what == "types":
        tin = rng.choice((I1, I4, I8, I16, I32, F16, BF16, F32))
        tout = rng.choice((I1, I8, I32, F32, F16))
    elif what == "flip-cast":
        tin, tout = rng.choice(_FLIP_TYPES)
    src = OpSource(base.name, config=config)
    try:
        cls = op_class(src)
        shapes = _shapes(cls, attrs)
        if shapes is None:
            return None
        types = _types_for(cls, tin, tout, shapes)
        op = cls.from_types([ShapedType("tensor", t.shape, t.element) if isinstance(t, ShapedType) else t for t in types], **attrs)  # fmt: skip
    except Exception:
        return None
    if not _safe(op):
        return None
    return CaseSpec(
        src,
        tuple(op.operand_types),
        tuple(attrs.items()),
        form="generic",
        dynamic=rng.random() < 0.3,
        seed=seed,
        label=f"{label} {what}",
    )


def _safe(op: Any) -> bool:
    """No payload op whose result the data could make undefined (see the module doc)."""
    ops = {p.name: p for p in op.region.ops}
    for p in op.region.ops:
        undefined_on = payloads.lookup(p.name).undefined_on
        if undefined_on == "float" and p.result.type.width < 8:  # float to i1/i4
            return False
        if undefined_on == "all":  # integer division
            divisor = p.operands[1]
            src = getattr(divisor, "op", None)
            if src is not None and getattr(src, "name", "") not in ("arith.extsi", "arith.extui"):
                return False
    del ops
    return True


@functools.lru_cache(maxsize=128)
def _library_cases(name: str) -> tuple[Any, ...]:
    from linalg_odsgen.conformance.library import cases_for
    from linalg_odsgen.conformance.spec import library_classes

    return tuple(c for c in cases_for(library_classes(None)[name]) if c.execute)


def library_instance(rng: random.Random, seed: int, label: str) -> CaseSpec | None:
    """An unmutated instance of a core op (any element types and attributes conformance
    tries), mostly in its named form: what passes working on named ops take."""
    from linalg_odsgen.conformance.library import EXPECTED_NOT_IN_MLIR22
    from linalg_odsgen.conformance.spec import library_classes

    names = sorted(library_classes(None))
    name = rng.choices(names, weights=[_op_weight(n) for n in names])[0]
    cases = _library_cases(name)
    if not cases:
        return None
    case = rng.choice(cases)
    named_ok = name not in EXPECTED_NOT_IN_MLIR22 and not case.divergence
    form = "named" if named_ok and rng.random() < 0.7 else "generic"
    types = tuple(
        ShapedType("tensor", t.shape, t.element) if isinstance(t, ShapedType) else t
        for t in case.types
    )
    return CaseSpec(
        OpSource(name),
        types,
        case.attrs,
        form=form,
        dynamic=rng.random() < 0.3,
        seed=seed,
        label=f"{label} library {case.label}",
    )


def draw_case(seed: int, index: int, ops: int = 1) -> Any:
    """Case `index` of the campaign with this seed (the same on every machine): a third
    drawn from scratch, a half mutations of core ops, a sixth core-op instances; with
    `ops` > 1 every other case is a program of up to `ops` ops instead (program.py)."""
    rng = random.Random(f"fuzz/{seed}/{index}")
    data_seed = rng.getrandbits(32)
    label = f"case {index}"
    if ops > 1 and index % 2 == 1:
        from linalg_odsgen.conformance.program import draw_program

        return draw_program(rng, data_seed, label, ops)
    source = index % 6
    if source == 5:
        spec = library_instance(rng, data_seed, label)
        if spec is not None:
            return spec
    if source in (1, 3, 5):
        for _ in range(20):
            spec = mutate(rng, data_seed, label)
            if spec is not None:
                return spec
    return _Draw(rng).op(data_seed, label)


__all__ = ["MUTATIONS", "TYPE_PAIRS", "draw_case", "library_instance", "mutate", "shapes_for"]
