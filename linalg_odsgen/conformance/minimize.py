"""Shrinking a finding while it stays a finding of the same kind (greedy delta debugging).

In turn: static sizes instead of dynamic ones; the payload (a function node
replaced by one of its operands, for ops the fuzzer drew or mutated); operands the
payload no longer reads (inputs, and outputs other ops do not read); element
types (all operands of one type moved to f32, or i32 or i8); the loop sizes (each to 1, else one smaller); the data (an operand all zeros or
all ones, then halves of its elements set to zero). A candidate is kept when
running it alone through the pipeline gives the same kind of finding; the
number of runs is bounded. A program of several ops shrinks by dropping its last op
and by plain slot data (`program.program_candidates`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import numpy as np

from linalg_odsgen.conformance.engine import NotRunnable, Outcome, prepare, run_batch
from linalg_odsgen.conformance.fuzz import shapes_for
from linalg_odsgen.conformance.pipeline import Pipeline
from linalg_odsgen.conformance.program import ProgramSpec, program_candidates
from linalg_odsgen.conformance.spec import CaseSpec, OpSource
from linalg_odsgen.model import OperandKind, ScalarArg, ScalarFn
from linalg_odsgen.types import ShapedType


def _payload_candidates(spec: CaseSpec) -> Iterator[CaseSpec]:
    config = spec.source.config
    if config is None:
        return
    sop = config.structured_op
    for k, assign in enumerate(sop.assignments):
        for path, node in _walk(assign.value, ()):
            if not isinstance(node, ScalarFn):
                continue
            for child in node.operands:
                value = _replace_at(assign.value, path, child)
                assigns = list(sop.assignments)
                assigns[k] = replace(assign, value=value)
                new = replace(config, structured_op=replace(sop, assignments=tuple(assigns)))
                yield spec.with_(source=OpSource(spec.source.name, spec.source.library, new))


def _arg_names(e: Any) -> set[str]:
    if isinstance(e, ScalarArg):
        return {e.arg}
    if isinstance(e, ScalarFn):
        return set().union(*(_arg_names(x) for x in e.operands))
    return set()


def _operand_candidates(spec: CaseSpec) -> Iterator[CaseSpec]:
    """The op without one operand its payload does not read (an input, or an output with
    its assignment when there are several); a domain that can no longer be sized fails to
    build and is not kept."""
    config = spec.source.config
    if config is None:
        return
    sop = config.structured_op
    outputs = [a for a in sop.args if a.kind is OperandKind.OUTPUT_TENSOR]
    for k, a in enumerate(sop.args):
        assigns = sop.assignments
        if a.kind is OperandKind.OUTPUT_TENSOR:
            if len(outputs) < 2:
                continue
            assigns = tuple(x for x in assigns if x.arg != a.name)
        read = set().union(*(_arg_names(x.value) for x in assigns))
        if a.name in read:
            continue
        new_sop = replace(
            sop,
            args=sop.args[:k] + sop.args[k + 1 :],
            indexing_maps=sop.indexing_maps[:k] + sop.indexing_maps[k + 1 :],
            assignments=assigns,
        )
        data = None if spec.data is None else spec.data[:k] + spec.data[k + 1 :]
        source = OpSource(spec.source.name, spec.source.library, replace(config, structured_op=new_sop))  # fmt: skip
        yield spec.with_(source=source, types=spec.types[:k] + spec.types[k + 1 :], data=data)


def _walk(e: Any, path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], Any]]:
    yield path, e
    if isinstance(e, ScalarFn):
        for i, x in enumerate(e.operands):
            yield from _walk(x, (*path, i))


def _replace_at(e: Any, path: tuple[int, ...], new: Any) -> Any:
    if not path:
        return new
    ops = list(e.operands)
    ops[path[0]] = _replace_at(ops[path[0]], path[1:], new)
    return replace(e, operands=tuple(ops))


def _size_candidates(spec: CaseSpec) -> Iterator[CaseSpec]:
    try:
        op = prepare(spec.with_(data=None)).entry.op
        sizes = [int(n or 1) for n in op.loop_ranges()]
    except Exception:  # an instance our runtime refuses: nothing to shrink
        return
    for d, n in enumerate(sizes):
        for smaller in sorted({1, n - 1}):
            if not 1 <= smaller < n:
                continue
            new_sizes = [*sizes[:d], smaller, *sizes[d + 1 :]]
            shapes = shapes_for(op.indexing_maps, new_sizes)
            types = tuple(
                ShapedType(t.kind, s, t.element) if isinstance(t, ShapedType) else t
                for t, s in zip(spec.types, shapes, strict=True)
            )
            yield spec.with_(types=types, data=None)


_SIMPLER = {"float": ("f32",), "integer": ("i32", "i8")}


def _type_candidates(spec: CaseSpec) -> Iterator[CaseSpec]:
    """Every operand of one element type moved to a plainer type (f32; i32 or i8)."""
    from linalg_odsgen.types import parse_element_type

    elems = [t.element if isinstance(t, ShapedType) else t for t in spec.types]
    for old in dict.fromkeys(elems):
        kind = (
            "float" if old.is_float else "integer" if old.is_integer and not old.is_bool else None
        )
        for name in _SIMPLER.get(kind or "", ()):
            new = parse_element_type(name)
            if new == old or (new.width > old.width and kind == "integer" and name == "i8"):
                continue
            types = tuple(
                (ShapedType(t.kind, t.shape, new) if isinstance(t, ShapedType) else new)
                if (t.element if isinstance(t, ShapedType) else t) == old
                else t
                for t in spec.types
            )
            yield spec.with_(types=types, data=None)


def _data_candidates(spec: CaseSpec) -> Iterator[CaseSpec]:
    try:
        values = list(prepare(spec).entry.values)
    except NotRunnable:
        return
    for j, v in enumerate(values):
        arr = np.asarray(v)
        for fill in (0, 1):
            if np.all(arr == fill):
                continue
            new = list(values)
            new[j] = np.full_like(arr, fill)[()] if arr.ndim == 0 else np.full_like(arr, fill)
            yield spec.with_(data=tuple(new))
        if arr.ndim == 0 or arr.size < 2:
            continue
        flat = arr.reshape(-1)
        step = flat.size // 2
        while step >= 1:
            for start in range(0, flat.size, step):
                chunk = flat.copy()
                if np.all(chunk[start : start + step] == 0):
                    continue
                chunk[start : start + step] = 0
                new = list(values)
                new[j] = chunk.reshape(arr.shape)
                yield spec.with_(data=tuple(new))
            step //= 2


def minimize(
    pipe: Pipeline, outcome: Outcome, *, budget: int = 60, until: float | None = None
) -> Outcome:
    """A smaller case with the same kind of finding (the original when nothing shrinks);
    at most `budget` runs, none started after the wall-clock time `until` (`time.time()`)."""
    best = outcome
    runs = 0

    def attempt(candidates: Callable[[CaseSpec], Iterator[CaseSpec]]) -> bool:
        nonlocal best, runs
        for cand in candidates(best.spec):
            if runs >= budget or (until is not None and time.time() >= until):
                return False
            runs += 1
            got = run_batch(pipe, [cand])[0]
            if got.kind is best.kind:
                if got.kind.value == "miscompile" and cand.data is None:
                    cand = cand.with_(data=tuple(prepare(cand).entry.values))
                    got = replace(got, spec=cand)
                best = got
                return True
        return False

    if isinstance(best.spec, ProgramSpec):
        while attempt(program_candidates):
            pass
        return best
    if best.spec.dynamic:
        attempt(lambda s: iter([s.with_(dynamic=False)]))
    stages = (_payload_candidates, _operand_candidates, _type_candidates, _size_candidates, _data_candidates)  # fmt: skip
    for stage in stages:
        while attempt(stage):
            pass
    return best


__all__ = ["minimize"]
