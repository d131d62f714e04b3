"""Running a batch of cases through a pipeline and comparing with our `loops` backend.

One batch costs one pipeline run, one lowering and one JIT run: the module
holding every case goes through the pipeline, is lowered and run. Cases whose
bits differ from ours run again without the pipeline (the *baseline*): a case
is judged only when the baseline gives our bits (MLIR's own lowering agrees
with our semantics); then the pipelined result that differs is a miscompile. When a step fails for the batch it is split in halves until
the failing cases stand alone; a lone failure is classified: a crash (signal,
assertion, timeout), invalid IR (the pipeline passes without the verifier but
its output does not verify) or not applicable (the pipeline refuses cleanly).
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from linalg_odsgen.conformance import pipeline as pl
from linalg_odsgen.conformance.compare import compare_bits
from linalg_odsgen.conformance.data import case_data, order_problem
from linalg_odsgen.conformance.harness import (
    Program,
    build_module,
    expected_bits,
    merge_modules,
    module_body,
    parse_lines,
)
from linalg_odsgen.conformance.library import LIBM_OPS, _region_op_names, mlir22_cannot_lower
from linalg_odsgen.conformance.pipeline import Kind, Pipeline
from linalg_odsgen.conformance.spec import CaseSpec, instance, op_class, with_kind
from linalg_odsgen.mlir.execution import op_uses_f8, output_bits
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import ElementType


@dataclass
class Prepared:
    """A case ready to run: its module entry, our output bits, output element types."""

    spec: CaseSpec
    entry: Program
    expected: list[np.ndarray]
    out_types: list[ElementType]
    approx: bool
    f8: bool


@dataclass
class Outcome:
    """What one case came to; `expected`/`got` are the outputs' bit patterns on a miscompile."""

    spec: CaseSpec
    kind: Kind
    detail: str = ""
    expected: list[list[int]] = field(default_factory=list)
    got: list[list[int]] = field(default_factory=list)
    stderr: str = ""  # the failing tool's messages (crash, invalid IR, refusal)


class NotRunnable(Exception):
    """The case cannot be built or has no MLIR 22 lowering to compare with."""


def prepare(spec: CaseSpec) -> Prepared:
    """Build the instance, its data (the spec's own, or drawn from its seed) and our results."""
    from linalg_odsgen.diagnostics import DiagnosticError
    from linalg_odsgen.runtime import backends

    if hasattr(spec, "build_program"):
        return _prepare_program(spec)
    try:
        op = instance(spec, dynamic=False)
        kernel_op = instance(spec) if spec.dynamic else op
    except (DiagnosticError, ValueError, TypeError, KeyError, NotImplementedError) as exc:
        raise NotRunnable(f"cannot build {spec.describe()}: {exc}") from None
    limitation = mlir22_cannot_lower(op)
    if limitation is not None:
        raise NotRunnable(limitation)
    values = list(spec.data) if spec.data is not None else case_data(op, spec.seed)
    problem = order_problem(op, values)  # a legal reordering of the sum would differ
    if problem is not None:
        raise NotRunnable(problem)
    values = [v.copy() if isinstance(v, np.ndarray) else v for v in values]
    ins = [v for d, v in zip(op.value_operands, values, strict=True) if d.kind.is_input]
    outs = [v.copy() for d, v in zip(op.value_operands, values, strict=True) if not d.kind.is_input]
    cls = op_class(spec.source)
    try:
        run_op, operands = cls.from_arrays(*ins, outs=outs, **spec.attr_dict)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            backends.get_backend("loops")(run_op, operands)
    except (DiagnosticError, ValueError, TypeError, KeyError, NotImplementedError) as exc:
        raise NotRunnable(f"our runtime cannot run {spec.describe()}: {exc}") from None
    expected = output_bits(run_op, operands)
    out_types = [
        t
        for d, t in zip(op.value_operands, op.element_types, strict=True)
        if d.kind is OperandKind.OUTPUT_TENSOR
    ]
    f8 = op_uses_f8(op)
    entry = Program.single(op, values, spec.form, kernel_op=kernel_op, dialect=spec.dialect)
    approx = bool(_region_op_names(op) & LIBM_OPS)
    return Prepared(spec, entry, expected, out_types, approx, f8)


def _prepare_program(spec: Any) -> Prepared:
    """A spec of several ops (`spec.build_program()`): our results run the ops in order."""
    from linalg_odsgen.diagnostics import DiagnosticError

    errors = (DiagnosticError, ValueError, TypeError, KeyError, NotImplementedError)
    try:
        program = spec.build_program()
    except errors as exc:
        raise NotRunnable(f"cannot build {spec.describe()}: {exc}") from None
    for a in program.applies:
        limitation = mlir22_cannot_lower(a.op)
        if limitation is not None:
            raise NotRunnable(limitation)
    try:
        expected = expected_bits(program)
    except errors as exc:
        raise NotRunnable(f"our runtime cannot run {spec.describe()}: {exc}") from None
    approx = any(_region_op_names(a.op) & LIBM_OPS for a in program.applies)
    return Prepared(spec, program, expected, program.output_types(), approx, program.uses_f8)


def _compare(p: Prepared, got: list[np.ndarray], who: str = "MLIR") -> str:
    # IREE's CPU code flushes subnormals to zero by design: not a finding there
    ftz = who == "IREE"
    for j, (g, e, t) in enumerate(zip(got, p.expected, p.out_types, strict=True)):
        problem = compare_bits(g, e, t, p.approx, who=who, flushes_subnormals=ftz)
        if problem:
            return f"output {j}: {problem}"
    return ""


# Vectors of integers narrower than a byte: LLVM packs their bits, while a memref of them
# keeps one element per byte, so vector loads and stores of such memrefs (without MLIR's
# narrow-type emulation) read and write other elements. A pipeline producing them is not
# blamed for the difference; the case is skipped.
_SUB_BYTE_VECTOR = re.compile(r"vector<[^>]*xi[1-7]>")
SUB_BYTE_NOTE = (
    "sub-byte vectors: LLVM bit-packs vector<...xi1/i4> while memrefs keep a byte per "
    "element (MLIR needs narrow-type emulation here), not compared"
)


def _sub_byte(case: Prepared) -> bool:
    return any(t.is_integer and t.width < 8 for t in case.entry.op.element_types)


def _lower_and_run(pipe: Pipeline, module: str) -> pl.Step:
    low = pl.lower(pipe, module)
    if not low.ok:
        return pl.Step(False, low.crash, "", "lowering: " + low.stderr)
    return pl.execute(low.stdout)


def _read_back(pipe: Pipeline, step: pl.Step) -> pl.Step:
    """A tool's output as MLIR 22 reads it: itself for MLIR 22, else reprinted by
    `mlir-opt-22` (a failure there is a format difference between versions)."""
    if not pipe.cross_version or not step.ok:
        return step
    return pl.import_module(pipe, step.stdout)


def _baseline_module(pipe: Pipeline, module: str) -> pl.Step:
    """The module the baseline lowers: ours as printed for MLIR 22; for another version's
    tool, ours through that tool with an empty pipeline and read back, so a difference
    between versions is never blamed on the pipeline."""
    if not pipe.cross_version:
        return pl.Step(True, False, module, "")
    through = pl.apply(pipe.baseline(), module)
    if not through.ok:
        return pl.Step(False, through.crash, "", f"{pipe.opt} with an empty pipeline: {through.stderr}")  # fmt: skip
    back = pl.import_module(pipe, through.stdout)
    if not back.ok:
        return pl.Step(False, False, "", f"MLIR 22 reading {pipe.opt}'s output: {back.stderr}")
    return back


def _baseline_run(pipe: Pipeline, module: str) -> pl.Step:
    base = _baseline_module(pipe, module)
    return _lower_and_run(pipe, base.stdout) if base.ok else base


def _try_batch(pipe: Pipeline, cases: Sequence[Prepared]) -> tuple[list[Outcome] | None, str]:
    """Outcomes of a whole batch, or (None, stage) when a tool failed for it.

    The pipelined module runs first; only the cases whose bits differ from ours run again
    without the pipeline (the baseline), merged with them for one lowering and one run."""
    entries = [c.entry for c in cases]
    piped = pl.apply(pipe, build_module(entries, "p", "p_main"))
    if not piped.ok:
        return None, "pipeline"
    piped = _read_back(pipe, piped)
    if not piped.ok:
        return None, "import"
    p_body = module_body(piped.stdout)
    if p_body is None:
        return None, "merge"
    ran = _lower_and_run(pipe, merge_modules([p_body], ["p_main"]))
    if not ran.ok:
        return None, "run"
    try:
        got = parse_lines(ran.stdout, entries)
    except ValueError:
        return None, "run"
    problems = [_compare(c, g) for c, g in zip(cases, got, strict=True)]
    packed = bool(_SUB_BYTE_VECTOR.search(piped.stdout))
    suspects = [i for i, problem in enumerate(problems) if problem]
    base: dict[int, list[np.ndarray]] = {}
    if suspects:
        b_module = _baseline_module(pipe, build_module([entries[i] for i in suspects], "b", "b_main"))  # fmt: skip
        b_body = module_body(b_module.stdout) if b_module.ok else None
        if b_body is None:
            return None, "run"
        ran_b = _lower_and_run(pipe, merge_modules([b_body], ["b_main"]))
        if not ran_b.ok:
            return None, "run"
        try:
            rows = parse_lines(ran_b.stdout, [entries[i] for i in suspects])
        except ValueError:
            return None, "run"
        base = dict(zip(suspects, rows, strict=True))
    outcomes: list[Outcome] = []
    for i, (c, g, problem) in enumerate(zip(cases, got, problems, strict=True)):
        if not problem:
            outcomes.append(Outcome(c.spec, Kind.OK))
            continue
        base_problem = _compare(c, base[i])
        if packed and _sub_byte(c):
            outcomes.append(Outcome(c.spec, Kind.SKIPPED, SUB_BYTE_NOTE))
            continue
        if base_problem:
            outcomes.append(Outcome(c.spec, Kind.SKIPPED, f"MLIR 22 without the pipeline: {base_problem}"))  # fmt: skip
            continue
        outcomes.append(
            Outcome(
                c.spec,
                Kind.MISCOMPILE,
                problem,
                [x.tolist() for x in c.expected],
                [x.tolist() for x in g],
            )
        )
    return outcomes, ""


def _classify_alone(pipe: Pipeline, case: Prepared, stage: str) -> Outcome:
    """Why one case fails at `stage`."""
    module = build_module([case.entry], "p", "main")
    spec = case.spec
    if stage == "pipeline":
        step = pl.apply(pipe, module)
        if step.crash:
            return Outcome(spec, Kind.CRASH, "pipeline: " + step.message, stderr=step.stderr)
        unverified = pl.apply(pipe, module, verify=False)
        if unverified.crash:
            return Outcome(spec, Kind.CRASH, "pipeline (no verifier): " + unverified.message, stderr=unverified.stderr)  # fmt: skip
        if unverified.ok:
            return Outcome(spec, Kind.INVALID_IR, step.message, stderr=step.stderr)
        return Outcome(spec, Kind.NOT_APPLICABLE, step.message, stderr=step.stderr)
    baseline = _baseline_run(pipe, module)
    if not baseline.ok:
        return Outcome(spec, Kind.SKIPPED, "MLIR 22 without the pipeline: " + pl.first_error(baseline.stderr))  # fmt: skip
    piped = pl.apply(pipe, module)
    if not piped.ok:  # flaky pipeline: classify as above
        return _classify_alone(pipe, case, "pipeline")
    if pipe.cross_version:
        piped = pl.import_module(pipe, piped.stdout)
        if not piped.ok:
            return Outcome(spec, Kind.SKIPPED, f"MLIR 22 cannot read {pipe.opt}'s output (a format difference between versions, not a finding): {piped.message}", stderr=piped.stderr)  # fmt: skip
    checked = pl.verify(pipe, piped.stdout)
    if not checked.ok:
        kind = Kind.CRASH if checked.crash else Kind.INVALID_IR
        return Outcome(spec, kind, "pipeline output: " + checked.message, stderr=checked.stderr)
    low = pl.lower(pipe, piped.stdout)
    if not low.ok:
        if low.crash:
            return Outcome(spec, Kind.CRASH, "lowering the pipeline's output: " + low.message, stderr=low.stderr)  # fmt: skip
        return Outcome(spec, Kind.NOT_APPLICABLE, "the standard lowering cannot lower the pipeline's output: " + low.message)  # fmt: skip
    ran = pl.execute(low.stdout)
    if not ran.ok and ran.crash:
        return Outcome(spec, Kind.CRASH, "running the pipeline's output: " + ran.message, stderr=ran.stderr)  # fmt: skip
    if not ran.ok:  # e.g. ops the standard lowering left behind
        return Outcome(spec, Kind.NOT_APPLICABLE, "the runner cannot run the lowered pipeline output: " + ran.message, stderr=ran.stderr)  # fmt: skip
    try:
        got = parse_lines(ran.stdout, [case.entry])[0]
    except ValueError:
        return Outcome(spec, Kind.CRASH, "the pipeline's output printed too few results")
    problem = _compare(case, got)
    if problem and _sub_byte(case) and _SUB_BYTE_VECTOR.search(piped.stdout):
        return Outcome(spec, Kind.SKIPPED, SUB_BYTE_NOTE)
    if problem:
        return Outcome(
            spec,
            Kind.MISCOMPILE,
            problem,
            [x.tolist() for x in case.expected],
            [x.tolist() for x in got],
        )
    return Outcome(spec, Kind.OK)


def _evaluate(pipe: Pipeline, cases: Sequence[Prepared]) -> list[Outcome]:
    outcomes, stage = _try_batch(pipe, cases)
    if outcomes is not None:
        return outcomes
    if len(cases) == 1:
        return [_classify_alone(pipe, cases[0], stage)]
    if stage == "pipeline":
        # One run with each case as its own module tells which ones the pipeline rejects
        # (a transform script failing on one op fails the whole module): those go alone,
        # the rest stay a batch. Halving is the fallback when that cannot be told.
        modules = [build_module([c.entry], "p", "p_main") for c in cases]
        bad = pl.failing_modules(pl.apply_split(pipe, modules), modules)
        if bad is not None and len(bad) < len(cases):
            rest = [c for i, c in enumerate(cases) if i not in bad]
            slots = dict(zip([i for i in range(len(cases)) if i not in bad], _evaluate(pipe, rest), strict=True))  # fmt: skip
            for i in sorted(bad):
                slots[i] = _evaluate(pipe, [cases[i]])[0]
            return [slots[i] for i in range(len(cases))]
    half = len(cases) // 2
    return _evaluate(pipe, cases[:half]) + _evaluate(pipe, cases[half:])


def run_batch(pipe: Pipeline, specs: Sequence[CaseSpec]) -> list[Outcome]:
    """Outcomes of every spec, in order (cases that cannot run are `skipped`)."""
    slots: dict[int, Outcome] = {}
    groups: dict[bool, list[tuple[int, Prepared]]] = {False: [], True: []}
    for i, spec in enumerate(specs):
        try:
            p = prepare(spec)
        except NotRunnable as exc:
            slots[i] = Outcome(spec, Kind.SKIPPED, str(exc))
            continue
        groups[p.f8].append((i, p))
    evaluate = _evaluate_iree if pipe.target == "iree" else _evaluate
    for group in groups.values():  # 8-bit floats need a lowering of their own
        if not group:
            continue
        for (i, _), out in zip(group, evaluate(pipe, [p for _, p in group]), strict=True):
            slots[i] = out
    return [slots[i] for i in range(len(specs))]


# -- IREE as the target --------------------------------------------------------------------


def _evaluate_iree(pipe: Pipeline, cases: Sequence[Prepared]) -> list[Outcome]:
    """Kernels compiled together by iree-compile (a failing batch split in halves until the
    failing kernel stands alone), run by iree.runtime, compared with ours; a difference
    counts only when MLIR 22's own lowering agrees with us on the case (the baseline)."""
    from linalg_odsgen.conformance.targets import iree

    demoted = iree.demotes_f64(pipe.iree_flags)
    why = {
        id(c): "the iree target takes tensor kernels (--kind tensor)" if not c.entry.tensor
        else "iree-compile demotes f64 to f32 by default (--iree-flags --iree-input-demote-f64-to-f32=false compares f64)"
        for c in cases
        if not c.entry.tensor or (demoted and iree.uses_f64(c.entry))
    }  # fmt: skip
    if why:
        runnable = [c for c in cases if id(c) not in why]
        done = dict(zip([id(c) for c in runnable], _evaluate_iree(pipe, runnable), strict=True)) if runnable else {}  # fmt: skip
        return [done[id(c)] if id(c) in done else Outcome(c.spec, Kind.SKIPPED, why[id(c)]) for c in cases]  # fmt: skip
    programs = [c.entry for c in cases]
    module = iree.kernel_module(programs)
    compiled = iree.compile_module(module, pipe.iree_flags)
    if not compiled.ok:
        if len(cases) == 1:
            kind, message, stderr = iree.classify_failure(module, compiled, pipe.iree_flags)
            return [Outcome(cases[0].spec, Kind(kind), message, stderr=stderr)]
        bad = iree.unreadable_kernels(programs)
        if bad and len(bad) < len(cases):
            rest = [c for i, c in enumerate(cases) if i not in bad]
            rest_outs = iter(_evaluate_iree(pipe, rest))
            return [_evaluate_iree(pipe, [c])[0] if i in bad else next(rest_outs) for i, c in enumerate(cases)]  # fmt: skip
        half = len(cases) // 2
        return _evaluate_iree(pipe, cases[:half]) + _evaluate_iree(pipe, cases[half:])
    ran = iree.run_kernels(compiled.vmfb, programs)
    outcomes: list[Outcome | None] = []
    suspects: list[int] = []
    for i, (c, r) in enumerate(zip(cases, ran, strict=True)):
        if r.bits is None:
            kind = Kind.SKIPPED if r.unsupported else Kind.CRASH
            outcomes.append(Outcome(c.spec, kind, "iree.runtime: " + r.error[:500], stderr=r.error))
        elif _compare(c, r.bits, "IREE"):
            outcomes.append(None)
            suspects.append(i)
        else:
            outcomes.append(Outcome(c.spec, Kind.OK))
    base = _mlir22_bits(pipe, [cases[i] for i in suspects]) if suspects else []
    for i, b in zip(suspects, base, strict=True):
        c, got = cases[i], ran[i].bits or []
        if isinstance(b, str) or _compare(c, b):
            base_why = b if isinstance(b, str) else _compare(c, b)
            outcomes[i] = Outcome(c.spec, Kind.SKIPPED, f"MLIR 22 without a pipeline: {base_why}")
            continue
        outcomes[i] = Outcome(c.spec, Kind.MISCOMPILE, _compare(c, got, "IREE"), [x.tolist() for x in c.expected], [x.tolist() for x in got])  # fmt: skip
    return [o for o in outcomes if o is not None]


def _mlir22_bits(pipe: Pipeline, cases: Sequence[Prepared]) -> list[list[np.ndarray] | str]:
    """Per case, the bits MLIR 22's own lowering computes (or why it could not run)."""
    mlir22 = Pipeline(plugin=pipe.plugin)
    entries = [c.entry for c in cases]
    ran = _lower_and_run(mlir22, build_module(entries, "b", "main"))
    if ran.ok:
        try:
            return list(parse_lines(ran.stdout, entries))
        except ValueError:
            pass
    if len(cases) == 1:
        return [pl.first_error(ran.stderr)]
    half = len(cases) // 2
    return _mlir22_bits(pipe, cases[:half]) + _mlir22_bits(pipe, cases[half:])


def spec_seed(*parts: Any) -> int:
    """A 32-bit seed derived deterministically from `parts`."""
    return random.Random("/".join(str(p) for p in parts)).getrandbits(32)


__all__ = ["NotRunnable", "Outcome", "Prepared", "prepare", "run_batch", "spec_seed", "with_kind"]
