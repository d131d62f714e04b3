"""What the fast backend learns from an op's region and maps before choosing a strategy.

Everything is derived from the payload (`op.region`) and the indexing maps,
never from the op's name: which loop dims each SSA value depends on, whether it
reads an output, whether each yield is `combiner(out, expr)` (a reduction the
backend may reassociate) and whether it is `add(out, mul(x, y))` (a contraction
that maps to a BLAS call).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from linalg_odsgen.payload import PayloadOp, Region, Value
from linalg_odsgen.payloads import Reducer, derived, field_table, records

# Payload ops that may combine an output with a value in any order: associative
# and commutative on their type (i1 addi is xor, muli is and): those with a reducer.
COMBINERS: dict[str, Reducer] = field_table(lambda r: r.reducer)

# (sum, product) pairs forming a semiring whose contraction is a matmul.
CONTRACTION_PAIRS: dict[tuple[str, str], bool] = derived(
    lambda: {
        (r.name, r.reducer.contraction_with): True
        for r in records()
        if r.reducer is not None and r.reducer.contraction_with is not None
    }
)


@dataclass(frozen=True)
class OutputReduction:
    """Yield `output` is `combiner(out_arg, value)` with `value` not reading any output."""

    output: int
    combiner: PayloadOp
    value: Value


@dataclass(frozen=True)
class Contraction:
    """Yield 0 is `sum(out_arg, product(lhs, rhs))`: a matmul-like semiring contraction."""

    reduction: OutputReduction
    product: PayloadOp
    lhs: Value
    rhs: Value


class RegionInfo:
    """Dependencies of every SSA value of a region on loop dims and on outputs."""

    def __init__(
        self,
        region: Region,
        arg_dims: Sequence[frozenset[int]],
        output_args: Sequence[int],
    ) -> None:
        self.region = region
        self.output_args = tuple(output_args)
        self.producer: dict[int, PayloadOp] = {op.result.id: op for op in region.ops}
        self.dims: dict[int, frozenset[int]] = {}
        self.reads_output: dict[int, bool] = {}
        outs = set(output_args)
        for a in region.args:
            self.dims[a.id] = arg_dims[a.id]
            self.reads_output[a.id] = a.id in outs
        self.uses: dict[int, int] = {}
        for op in region.ops:
            rid = op.result.id
            if op.name == "linalg.index":
                self.dims[rid] = frozenset({int(op.attr("dim"))})
                self.reads_output[rid] = False
                continue
            deps: frozenset[int] = frozenset()
            reads = False
            for v in op.operands:
                deps |= self.dims[v.id]
                reads = reads or self.reads_output[v.id]
                self.uses[v.id] = self.uses.get(v.id, 0) + 1
            self.dims[rid] = deps
            self.reads_output[rid] = reads
        for v in region.yields:
            self.uses[v.id] = self.uses.get(v.id, 0) + 1

    def ops_for(self, values: Iterable[Value], exclude: Iterable[int] = ()) -> list[PayloadOp]:
        """The ops (in region order) needed to compute `values`, skipping those in `exclude`."""
        needed: set[int] = set()
        stop = set(exclude)
        stack = [v.id for v in values]
        while stack:
            vid = stack.pop()
            if vid in needed or vid in stop or vid not in self.producer:
                continue
            needed.add(vid)
            stack.extend(v.id for v in self.producer[vid].operands)
        return [op for op in self.region.ops if op.result.id in needed]

    def reduction(self, output: int) -> OutputReduction | None:
        """Yield `output` as `combiner(out, expr)` with `expr` free of outputs, if it is one."""
        y = self.region.yields[output]
        op = self.producer.get(y.id)
        if op is None or op.name not in COMBINERS:
            return None
        out_arg = self.output_args[output]
        a, b = op.operands
        if a.id == out_arg and not self.reads_output[b.id]:
            return OutputReduction(output, op, b)
        if b.id == out_arg and not self.reads_output[a.id]:
            return OutputReduction(output, op, a)
        return None

    def reductions(self) -> list[OutputReduction] | None:
        """One reduction per output, or None when any yield is not a plain reduction."""
        found = [self.reduction(i) for i in range(len(self.output_args))]
        if any(r is None for r in found):
            return None
        return [r for r in found if r is not None]

    def contraction(self) -> Contraction | None:
        """The single output as a semiring contraction `out + lhs * rhs`, if it is one."""
        if len(self.output_args) != 1:
            return None
        red = self.reduction(0)
        if red is None:
            return None
        prod = self.producer.get(red.value.id)
        if prod is None or (red.combiner.name, prod.name) not in CONTRACTION_PAIRS:
            return None
        if COMBINERS[red.combiner.name].contraction_on_i1 != prod.result.type.is_bool:
            # i1 addi is xor (not what a bool matmul computes); ori/andi on wider
            # integers are bitwise, not a semiring NumPy multiplies.
            return None
        lhs, rhs = prod.operands
        return Contraction(red, prod, lhs, rhs)


__all__ = ["COMBINERS", "CONTRACTION_PAIRS", "Contraction", "OutputReduction", "RegionInfo"]
