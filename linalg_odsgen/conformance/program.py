"""Small programs for the fuzzer: a few structured ops joined producer to consumer, so that
fusion passes (elementwise fusion, tile-and-fuse, IREE's dispatch formation) have work.

A program is a list of steps over data *slots*: each step applies one op to some slots,
and a slot an op writes is read by the later ops that name it. The shapes drawn:

* an elementwise op after a contraction (`matmul`, named or generic, then a payload tree);
* a reduction followed by a broadcast of its result back over the reduced dim;
* a transpose feeding a matmul;
* one producer with two consumers (an elementwise op and a reduction);
* a windowed op (a 1-D convolution or pooling) after an elementwise op;

then elementwise ops appended while the program has fewer than `max_ops` ops. The
intermediate slots are not printed, so a pass may fuse them away. Our result runs the ops
in order (`execution.run_program`). The rules of single ops stay: payloads are free of
undefined behaviour (no integer division, no float-to-integer conversion), and before
each op runs, `order_problem` checks that a float reduction's result cannot depend on its
summation order for the values it actually receives (else the case is skipped).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from linalg_odsgen.affine import AffineExpr, AffineMap, dim, sym
from linalg_odsgen.conformance.data import case_data, exact_values, order_problem
from linalg_odsgen.conformance.spec import CaseSpec, OpSource, instance
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
    StructuredOpConfig,
)
from linalg_odsgen.types import BF16, F16, F32, F64, I8, I32, ElementType, ShapedType

PROGRAM_TYPES: tuple[ElementType, ...] = (F32, F32, F16, BF16, F64, I32, I8)
_FLOAT_UNARY = ("exp", "abs", "ceil", "floor", "negf", "round", "tanh", "square", "sqrt")
_FLOAT_BINARY = ("add", "sub", "mul", "div", "max_signed", "min_signed")
# what an op feeding a float reduction computes: exact on small integers and halves
_EXACT_UNARY = ("abs", "ceil", "floor", "negf", "round", "square")
_EXACT_BINARY = ("add", "sub", "mul", "max_signed", "min_signed")
_INT_BINARY = ("add", "sub", "mul", "max_signed", "min_signed", "max_unsigned", "min_unsigned")
SHAPES = ("contraction-elementwise", "reduction-broadcast", "transpose-matmul", "two-consumers", "elementwise-window")  # fmt: skip


@dataclass(frozen=True)
class Step:
    """One op of a program: its source, static operand types, attributes, printed form and
    the slot of each value operand."""

    source: OpSource
    types: tuple[Any, ...]
    slots: tuple[int, ...]
    form: str = "generic"
    attrs: tuple[tuple[str, Any], ...] = ()

    def spec(self) -> CaseSpec:
        return CaseSpec(self.source, self.types, self.attrs, form=self.form)


@dataclass(frozen=True)
class ProgramSpec:
    """A fuzz case of several ops (engine.prepare runs it through `build_program`)."""

    steps: tuple[Step, ...]
    results: tuple[int, ...]
    shape: str = ""
    seed: int = 0
    label: str = ""
    form: str = "generic"
    kind: str = "tensor"
    dynamic: bool = False
    dialect: str | None = None
    attrs: tuple[tuple[str, Any], ...] = ()
    data: tuple[Any, ...] | None = field(default=None, compare=False, hash=False)

    @property
    def source(self) -> OpSource:
        return OpSource(f"program:{self.shape}")

    @property
    def types(self) -> tuple[Any, ...]:
        return tuple(t for s in self.steps for t in s.types)

    def with_(self, **changes: Any) -> ProgramSpec:
        return replace(self, **changes)

    def describe(self) -> str:
        ops = " -> ".join(f"{_op_name(s)}{list(s.slots)}" for s in self.steps)
        slots = ", ".join(f"%{k}: {t}" for k, t in sorted(self.slot_types().items()))
        return f"program {self.shape} [{ops}] ({slots}) results {list(self.results)}"

    def slot_types(self) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for s in self.steps:
            for k, t in zip(s.slots, s.types, strict=True):
                out.setdefault(k, t)
        return out

    def initial_values(self) -> list[Any]:
        """Each slot's data: drawn for the first op using it (so its value rules hold)."""
        if self.data is not None:
            return [v.copy() if isinstance(v, np.ndarray) else v for v in self.data]
        values: dict[int, Any] = {}
        for i, s in enumerate(self.steps):
            op = instance(s.spec())
            # float data small integers and halves: the ops' results stay exact, so a
            # reduction downstream sums them the same in any order
            draw = exact_values if s.types[-1].element.is_float else case_data
            drawn = draw(op, self.seed + 7 * i)
            for k, v in zip(s.slots, drawn, strict=True):
                values.setdefault(k, v)
        return [values[k] for k in range(len(values))]

    def build_program(self) -> Any:
        """The harness's Program; ValueError when a float reduction would receive values
        whose result depends on the summation order."""
        from linalg_odsgen.mlir.execution import Apply, Program
        from linalg_odsgen.mlir.printer import Form

        applies = []
        for s in self.steps:
            op = instance(s.spec())
            applies.append(Apply(op, op, Form(s.form), s.slots))
        values = self.initial_values()
        _check_order(applies, values)
        return Program(tuple(applies), tuple(values), kind=self.kind, label=self.label, results=self.results)  # fmt: skip


def _op_name(s: Step) -> str:
    return s.source.config.name if s.source.config is not None else s.source.name


def _check_order(applies: Sequence[Any], values: Sequence[Any]) -> None:
    """Run the ops in order on our runtime; raise when one would get order-dependent data."""
    import warnings

    slots = [v.copy() if isinstance(v, np.ndarray) else v for v in values]
    for a in applies:
        args = [slots[k].copy() if isinstance(slots[k], np.ndarray) else slots[k] for k in a.operands]  # fmt: skip
        problem = order_problem(a.op, args)
        if problem is not None:
            raise ValueError(problem)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            a.op.run(args, backend="loops")
        for d, k, v in zip(a.op.value_operands, a.operands, args, strict=True):
            if d.kind is OperandKind.OUTPUT_TENSOR:
                slots[k] = v


# -- generated ops ------------------------------------------------------------------------


def _generic(
    name: str,
    n: int,
    in_maps: Sequence[Sequence[AffineExpr]],
    out_map: Sequence[AffineExpr],
    reduction: Sequence[int],
    value: Any,
) -> OpConfig:
    """A one-output op of `n` loops over inputs I0.. and output O (all of type T); `value`
    builds the payload from the input leaves and the output leaf."""
    args: list[OperandDef] = []
    maps: list[AffineMap] = []
    for k, res in enumerate([*in_maps, out_map]):
        m = AffineMap(n, 0, tuple(res))
        kind = OperandKind.OUTPUT_TENSOR if k == len(in_maps) else OperandKind.INPUT_TENSOR
        shape = AffineMap(0, n, tuple(r.replace(dims={i: sym(i) for i in range(n)}) for r in m.results))  # fmt: skip
        args.append(OperandDef("O" if kind is OperandKind.OUTPUT_TENSOR else f"I{k}", kind, "T", shape_map=shape))  # fmt: skip
        maps.append(m)
    leaves = [ScalarArg(f"I{k}") for k in range(len(in_maps))]
    return OpConfig(
        OpMetadata(name, "".join(w.title() for w in name.split("_")), "An op of a fuzzed program."),
        StructuredOpConfig(
            args=tuple(args),
            indexing_maps=tuple(maps),
            iterator_types=tuple(
                IteratorType.REDUCTION if d in reduction else IteratorType.PARALLEL
                for d in range(n)
            ),
            assignments=(ScalarAssign("O", value(leaves, ScalarArg("O"))),),
        ),
    )


class _Draw:
    """One program: its element type, then steps over fresh slots."""

    def __init__(self, rng: random.Random, max_ops: int) -> None:
        self.r = rng
        self.max_ops = max_ops
        self.t: ElementType = rng.choice(PROGRAM_TYPES)
        self.steps: list[Step] = []
        self.slot_types: list[ShapedType] = []

    def shape(self, k: int) -> tuple[int, ...]:
        return tuple(int(n or 1) for n in self.slot_types[k].shape)

    def slot(self, shape: Sequence[int]) -> int:
        self.slot_types.append(ShapedType("tensor", tuple(shape), self.t))
        return len(self.slot_types) - 1

    def tree(self, leaves: list[ScalarExpr], depth: int, exact: bool = False) -> ScalarExpr:
        """A payload over `leaves`; `exact`: only functions exact on small values (the op
        feeds a float reduction)."""
        r = self.r
        if depth == 0 or r.random() < 0.25:
            if r.random() < 0.15:
                c = ScalarConst(f"{r.randint(-3, 3)} : i64")
                return ScalarFn(FnKind.TYPE, (c,), fn_name="cast_signed", type_var="T")
            return r.choice(leaves)
        if self.t.is_float and r.random() < 0.3:
            unary = _EXACT_UNARY if exact else _FLOAT_UNARY
            return ScalarFn(FnKind.UNARY, (self.tree(leaves, depth - 1, exact),), fn_name=r.choice(unary))  # fmt: skip
        names = (_EXACT_BINARY if exact else _FLOAT_BINARY) if self.t.is_float else _INT_BINARY
        return ScalarFn(FnKind.BINARY, (self.tree(leaves, depth - 1, exact), self.tree(leaves, depth - 1, exact)), fn_name=r.choice(names))  # fmt: skip

    def add(self, source: OpSource, slots: Sequence[int], form: str = "generic") -> int:
        types = tuple(self.slot_types[k] for k in slots)
        self.steps.append(Step(source, types, tuple(slots), form))
        return slots[-1]

    def elementwise(
        self, inputs: Sequence[int], *, broadcast: bool = False, exact: bool = False
    ) -> int:
        shape = self.shape(inputs[0])
        n = len(shape)
        ident = [dim(d) for d in range(n)]
        in_maps = [ident for _ in inputs]
        ins = list(inputs)
        if broadcast and n >= 2:  # one more input, read along all dims but one
            drop = self.r.randrange(n)
            kept = [d for d in range(n) if d != drop]
            ins.append(self.slot([shape[d] for d in kept]))
            in_maps.append([dim(d) for d in kept])
        out = self.slot(shape)
        use_out = self.r.random() < 0.3
        cfg = _generic(f"ew{len(self.steps)}", n, in_maps, ident, (), lambda lv, o: self.tree([*lv, *([o] if use_out else [])], 3, exact))  # fmt: skip
        return self.add(OpSource(cfg.name, config=cfg), [*ins, out])

    def reduction(self, x: int) -> int:
        shape = self.shape(x)
        n = len(shape)
        red = self.r.randrange(n)
        kept = [d for d in range(n) if d != red]
        out = self.slot([shape[d] for d in kept])
        comb = self.r.choice(("add", "max_signed", "min_signed", "add"))
        cfg = _generic(f"reduce{len(self.steps)}", n, [[dim(d) for d in range(n)]], [dim(d) for d in kept], (red,), lambda lv, o: ScalarFn(FnKind.BINARY, (o, self.tree(lv, 1, exact=True)), fn_name=comb))  # fmt: skip
        return self.add(OpSource(cfg.name, config=cfg), [x, out])

    def transpose(self, x: int) -> int:
        a, b = self.shape(x)
        out = self.slot([b, a])
        cfg = _generic(f"transpose{len(self.steps)}", 2, [[dim(1), dim(0)]], [dim(0), dim(1)], (), lambda lv, o: self.tree(lv, 1, exact=True))  # fmt: skip
        return self.add(OpSource(cfg.name, config=cfg), [x, out])

    def matmul(self, a: int, b: int) -> int:
        m, _ = self.shape(a)
        _, n = self.shape(b)
        out = self.slot([m, n])
        return self.add(OpSource("matmul"), [a, b, out], self.r.choice(("named", "generic")))

    def window(self, x: int) -> int:
        """out[b, o] (+)= in[b, o * stride + k * dilation] (* w[k]): a 1-D conv or pooling."""
        batch, width = self.shape(x)
        stride, dil = self.r.randint(1, 2), self.r.randint(1, 2)
        taps = self.r.randint(1, 3)
        outw = (width - 1 - (taps - 1) * dil) // stride + 1
        if outw < 1:
            taps, dil, stride, outw = 1, 1, 1, width
        win = dim(1) * stride + dim(2) * dil
        if self.r.random() < 0.5:
            w = self.slot([taps])
            out = self.slot([batch, outw])
            cfg = _generic(f"conv{len(self.steps)}", 3, [[dim(0), win], [dim(2)]], [dim(0), dim(1)], (2,), lambda lv, o: ScalarFn(FnKind.BINARY, (o, ScalarFn(FnKind.BINARY, tuple(lv), fn_name="mul")), fn_name="add"))  # fmt: skip
            return self.add(OpSource(cfg.name, config=cfg), [x, w, out])
        w = self.slot([taps])  # its shape sizes the window (the payload does not read it)
        out = self.slot([batch, outw])
        comb = self.r.choice(("max_signed", "add"))
        cfg = _generic(f"pool{len(self.steps)}", 3, [[dim(0), win], [dim(2)]], [dim(0), dim(1)], (2,), lambda lv, o: ScalarFn(FnKind.BINARY, (o, lv[0]), fn_name=comb))  # fmt: skip
        return self.add(OpSource(cfg.name, config=cfg), [x, w, out])

    def program(self, shape: str) -> list[int]:
        """Draw the steps of `shape`; the slots the program returns."""
        r = self.r
        size = lambda: r.randint(1, 5)  # noqa: E731
        if shape == "contraction-elementwise":
            c = self.matmul(self.slot([size(), k := size()]), self.slot([k, size()]))
            results = [self.elementwise([c], broadcast=r.random() < 0.5)]
        elif shape == "reduction-broadcast":
            x = self.slot([size(), size()])
            red = self.reduction(x)
            # the reduced value read back along the dim it lost, next to the input
            shape_x = self.shape(x)
            out = self.slot(shape_x)
            kept = self.steps[-1].source.config.structured_op.indexing_maps[1].results  # type: ignore[union-attr]
            cfg = _generic(f"bcast{len(self.steps)}", 2, [[dim(0), dim(1)], list(kept)], [dim(0), dim(1)], (), lambda lv, o: self.tree(lv, 2))  # fmt: skip
            results = [self.add(OpSource(cfg.name, config=cfg), [x, red, out])]
        elif shape == "transpose-matmul":
            t = self.transpose(self.slot([k := size(), size()]))
            results = [self.matmul(t, self.slot([k, size()]))]
        elif shape == "two-consumers":
            p = self.elementwise([self.slot([size(), size()])], exact=True)
            results = [self.elementwise([p]), self.reduction(p)]
        else:
            e = self.elementwise([self.slot([size(), r.randint(3, 8)])], exact=True)
            results = [self.window(e)]
        while len(self.steps) < self.max_ops and r.random() < 0.5:
            results[-1] = self.elementwise([results[-1]])
        return results


def draw_program(rng: random.Random, seed: int, label: str, max_ops: int) -> ProgramSpec:
    """A program of two to `max_ops` ops (the shapes that fit), deterministic in `rng`."""
    fits = [s for s in SHAPES if max_ops >= 2]
    shape = rng.choice(fits)
    d = _Draw(rng, max_ops)
    results = d.program(shape)
    return ProgramSpec(tuple(d.steps), tuple(dict.fromkeys(results)), shape, seed, label)


def program_candidates(spec: ProgramSpec) -> Iterator[ProgramSpec]:
    """Smaller programs for the minimiser: the last op dropped (its input printed instead),
    then each slot's data all zeros or all ones."""
    if len(spec.steps) > 1:
        last = spec.steps[-1]
        keep = spec.steps[:-1]
        written = {k for s in keep for k, t in zip(s.slots, instance(s.spec()).value_operands, strict=True) if t.kind is OperandKind.OUTPUT_TENSOR}  # fmt: skip
        feeds = [k for k in last.slots if k in written]
        results = tuple(dict.fromkeys([*(k for k in spec.results if k in written), *feeds]))
        used = sorted({k for s in keep for k in s.slots})
        if results and used == list(range(len(used))):
            data = spec.data[: len(used)] if spec.data is not None else None
            yield spec.with_(steps=keep, results=results, data=data)
    values = spec.initial_values()
    for k, v in enumerate(values):
        arr = np.asarray(v)
        for fill in (0, 1):
            if np.all(arr == fill):
                continue
            new = list(values)
            new[k] = np.full_like(arr, fill)
            yield spec.with_(data=tuple(new))


__all__ = ["SHAPES", "ProgramSpec", "Step", "draw_program", "program_candidates"]
