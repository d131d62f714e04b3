"""The conformance table: an op library against MLIR 22 (`scripts/conformance_table.py`, tests).

For every op three questions, each answered by `mlir-opt-22`/`mlir-runner-22`
as black-box oracles over many instances (element types, memref and tensor,
static and dynamic sizes, non-default attributes):

1. *named verifies*: our `linalg.<op>` text parses and verifies;
2. *generic equal*: our `linalg.generic` equals what MLIR's
   `--linalg-generalize-named-ops` makes of our named form, both passed through
   `--canonicalize --cse` and compared as printed text, function by function
   (for ops MLIR 22 does not know: our generic form verifies);
3. *execution equal*: both forms lowered by MLIR to LLVM and JIT-run on
   deterministic data give the same output bits as our `loops` backend.
   Payloads calling libm-style functions (exp, log, tanh, erf) are
   compared within `MATH_ULPS` units in the last place instead: MLIR calls the
   C library while NumPy uses its own implementations (documented in README).

Instances are batched into one module per tool invocation; a failing batch is
split per op, then per instance, to name the culprit.
"""

from __future__ import annotations

import bisect
import enum
import random
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from linalg_odsgen.conformance.compare import MATH_ULPS, compare_bits
from linalg_odsgen.conformance.library_cases import (
    LIBM_OPS,
    Case,
    _copy,
    _name,
    _region_op_names,
    _with_kind,
    cases_for,
    make_data,
    mlir22_cannot_lower,
)
from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
from linalg_odsgen.mlir.printer import Form, print_func, wrap_module
from linalg_odsgen.mlir.tools import ToolError, mlir_opt
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import (
    ElementType,
)

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp

    OpClass = type[StructuredOp]


class Status(enum.Enum):
    OK = "ok"
    FAIL = "FAIL"
    NA = "n/a"


@dataclass
class OpReport:
    """What the three checks found for one op."""

    name: str
    in_mlir: bool = True
    named: Status = Status.NA
    generic: Status = Status.NA
    execution: Status = Status.NA
    fixpoint: Status = Status.NA  # mlir-opt-22 reprints our text unchanged
    approx: bool = False
    max_ulps: int = 0  # largest distance seen where `approx` (libm functions)
    cases: int = 0
    labels: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        checks = [self.generic, self.execution, self.fixpoint]
        checks += [self.named] if self.in_mlir else []
        return all(c is Status.OK for c in checks)


# -- checks ---


def _func_name(op_name: str, i: int, kind: str) -> str:
    return f"{op_name}__{i}_{kind}"


def _split_funcs(text: str) -> dict[str, str]:
    """Printed module -> {function name: its text, from `func.func` to its closing brace}."""
    funcs: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"(\s*)func\.func (?:private )?@([\w$.]+)", lines[i])
        if not m:
            i += 1
            continue
        indent, name = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and lines[j] != indent + "}":
            j += 1
        funcs[name] = "\n".join(lines[i : j + 1])
        i = j + 1
    return funcs


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else "failed"


_SPLIT = "// -----\n"
_DIAG = re.compile(r"^<stdin>:(\d+):\d+: error: (.*)$")


def _opt_batch(
    funcs: dict[str, str], passes: Sequence[str], *, split: bool = False
) -> tuple[dict[str, str], dict[str, str]]:
    """Run `mlir-opt-22 passes` on functions; (printed per function, error per failing function).

    First all functions in one module (fast); if that fails, or with `split`, one
    invocation with `--split-input-file` where each function is its own module, so
    one bad function hides no other; errors map back through their line numbers.
    """
    if not split:
        res = mlir_opt(wrap_module(list(funcs.values())), *passes, check=False)
        if res.returncode == 0:
            return _split_funcs(res.stdout), {}
    names = list(funcs)
    chunks = [wrap_module([funcs[n]]) for n in names]
    starts: list[int] = []
    line = 1
    for chunk in chunks:
        starts.append(line)
        line += chunk.count("\n") + 1  # the separator line
    res = mlir_opt(_SPLIT.join(chunks), "--split-input-file", *passes, check=False)
    errors: dict[str, str] = {}
    for err_line in res.stderr.splitlines():
        m = _DIAG.match(err_line)
        if m:
            k = bisect.bisect_right(starts, int(m.group(1))) - 1
            errors.setdefault(names[k], m.group(2))
    if res.returncode != 0 and not errors:
        errors = {n: _first_error(res.stderr) for n in names}
    printed: dict[str, str] = {}
    for name, out in zip(names, res.stdout.split(_SPLIT), strict=False):
        if name not in errors:
            printed.update(_split_funcs(out))
    return printed, errors


def _unknown_op(error: str, op_name: str) -> bool:
    return f"'linalg.{op_name}' is unknown" in error


@dataclass
class _Instance:
    case: Case
    index: int
    kind: str
    op: StructuredOp


def check_library(
    classes: Sequence[OpClass],
    *,
    execute: bool = True,
    progress: Callable[[str], None] | None = None,
    backend: str = "loops",
) -> list[OpReport]:
    """Run the three checks over every op class; one report per op, in the given order.
    Execution compares MLIR 22's output bits with those of `backend`."""
    say = progress or (lambda _msg: None)
    reports = {_name(cls): OpReport(_name(cls)) for cls in classes}
    instances: list[_Instance] = []
    all_cases = {_name(cls): cases_for(cls) for cls in classes}
    for cls in classes:
        cases = all_cases[_name(cls)]
        rep = reports[_name(cls)]
        rep.cases = len(cases)
        rep.labels = [c.label for c in cases]
        if not cases:
            rep.failures.append("no instance could be built")
            rep.named = rep.generic = rep.execution = Status.FAIL
            continue
        for i, case in enumerate(cases):
            for kind in ("memref", "tensor"):
                op = cls.from_types(_with_kind(case.types, kind), **case.attr_dict)
                instances.append(_Instance(case, i, kind, op))
    say(f"{len(instances)} instances of {len(classes)} ops")

    named = {
        _func_name(x.case.op_name, x.index, x.kind): print_func(
            x.op, Form.NAMED, name=_func_name(x.case.op_name, x.index, x.kind)
        )
        for x in instances
    }
    generic = {
        _func_name(x.case.op_name, x.index, x.kind): print_func(
            x.op, Form.GENERIC, name=_func_name(x.case.op_name, x.index, x.kind)
        )
        for x in instances
    }
    say("mlir-opt: which ops MLIR 22 knows")
    probes: dict[str, str] = {}
    for x in instances:
        key = _func_name(x.case.op_name, x.index, x.kind)
        if x.case.op_name not in {k.split("__")[0] for k in probes}:
            probes[key] = named[key]
    _, probe_errors = _opt_batch(probes, [], split=True)
    unknown_ops = {
        k.split("__")[0] for k, e in probe_errors.items() if _unknown_op(e, k.split("__")[0])
    }
    say("mlir-opt: named forms")
    gen_of_named, named_errors = _opt_batch(
        {k: v for k, v in named.items() if k.split("__")[0] not in unknown_ops},
        ["--linalg-generalize-named-ops", "--canonicalize", "--cse"],
    )
    say("mlir-opt: generic forms")
    ours, generic_errors = _opt_batch(generic, ["--canonicalize", "--cse"])
    say("mlir-opt: printed text round trip")
    known_named = {k: v for k, v in named.items() if k.split("__")[0] not in unknown_ops}
    reprinted = {"named": _opt_batch(known_named, [])[0], "generic": _opt_batch(generic, [])[0]}

    by_op: dict[str, list[_Instance]] = {}
    for x in instances:
        by_op.setdefault(x.case.op_name, []).append(x)
    for name, xs in by_op.items():
        rep = reports[name]
        keys = [_func_name(name, x.index, x.kind) for x in xs]
        rep.in_mlir = name not in unknown_ops
        rep.notes = sorted({x.case.divergence for x in xs if x.case.divergence})
        if rep.in_mlir:
            bad = [k for k in keys if k in named_errors]
            rep.named = Status.FAIL if bad else Status.OK
            for k in bad[:3]:
                rep.failures.append(f"named {_label(xs, keys, k)}: {named_errors[k]}")
        bad_generic = [k for k in keys if k in generic_errors]
        for k in bad_generic[:3]:
            rep.failures.append(f"generic {_label(xs, keys, k)}: {generic_errors[k]}")
        diffs = []
        if rep.in_mlir:
            diffs = [
                k
                for k, x in zip(keys, xs, strict=True)
                if k not in named_errors
                and k not in generic_errors
                and not x.case.divergence
                and (k not in gen_of_named or gen_of_named.get(k) != ours.get(k))
            ]
            for k in diffs[:3]:
                rep.failures.append(
                    f"generic {_label(xs, keys, k)} differs from MLIR's generalization:\n"
                    f"  MLIR: {gen_of_named.get(k)}\n  ours: {ours.get(k)}"
                )
        rep.generic = Status.FAIL if bad_generic or diffs else Status.OK
        # Our text is exactly mlir-opt's own printing of it (a fixpoint), both forms.
        printed_by_form = {"named": named, "generic": generic}
        changed = [
            (form, k)
            for form, texts in printed_by_form.items()
            for k in keys
            if (form == "generic" or rep.in_mlir)
            and reprinted[form].get(k) != texts[k].rstrip("\n")
        ]
        rep.fixpoint = Status.FAIL if changed else Status.OK
        for form, k in changed[:2]:
            rep.failures.append(
                f"{form} {_label(xs, keys, k)}: mlir-opt-22 prints our text differently:\n"
                f"  MLIR: {reprinted[form].get(k)}\n  ours: {printed_by_form[form][k]}"
            )
    if execute:
        _check_execution(classes, all_cases, reports, say, backend)
    return [reports[_name(cls)] for cls in classes]


def _label(xs: Sequence[_Instance], keys: Sequence[str], key: str) -> str:
    x = xs[list(keys).index(key)]
    return f"[{x.case.label}, {x.kind}]"


@dataclass
class _Run:
    op_name: str
    label: str
    exec_case: ExecCase
    expected: list[np.ndarray]
    types: list[ElementType]
    approx: bool


def _check_execution(
    classes: Sequence[OpClass],
    all_cases: dict[str, list[Case]],
    reports: dict[str, OpReport],
    say: Callable[[str], None],
    backend: str = "loops",
) -> None:
    from linalg_odsgen.runtime import backends

    run_ours = backends.get_backend(backend)
    runs: list[_Run] = []
    for cls in classes:
        rep = reports[_name(cls)]
        for case in all_cases[_name(cls)]:
            if not case.execute:
                continue
            op = cls.from_types(list(case.types), **case.attr_dict)
            limitation = mlir22_cannot_lower(op)
            if limitation is not None:
                rep.notes = sorted({*rep.notes, limitation})
                continue
            seed = random.Random(f"{_name(cls)}/{case.label}").getrandbits(32)
            data = make_data(op, seed)
            ins = [v for d, v in zip(op.value_operands, data, strict=True) if d.kind.is_input]
            outs = [v for d, v in zip(op.value_operands, data, strict=True) if not d.kind.is_input]
            op, operands = cls.from_arrays(*_copy(ins), outs=_copy(outs), **case.attr_dict)
            initial = _copy(operands)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # compiled: f8 runs on loops
                run_ours(op, operands)
            expected = output_bits(op, operands)
            out_types = [
                t
                for d, t in zip(op.value_operands, op.element_types, strict=True)
                if d.kind is OperandKind.OUTPUT_TENSOR
            ]
            approx = bool(_region_op_names(op) & LIBM_OPS)
            rep.approx = rep.approx or approx
            forms = [Form.GENERIC] + ([Form.NAMED] if rep.in_mlir and not case.divergence else [])
            for form in forms:
                label = f"{case.label} [{form.value}]"
                runs.append(
                    _Run(
                        _name(cls),
                        label,
                        ExecCase(f"{_name(cls)} {label}", op, tuple(initial), form),
                        expected,
                        out_types,
                        approx,
                    )
                )
    say(f"executing {len(runs)} instances with mlir-runner")
    results = _run_batched(runs)
    for rep in reports.values():
        if rep.execution is Status.NA and any(r.op_name == rep.name for r in runs):
            rep.execution = Status.OK
    for run, got in zip(runs, results, strict=True):
        rep = reports[run.op_name]
        if isinstance(got, str):
            rep.execution = Status.FAIL
            rep.failures.append(f"execution {run.label}: {got}")
            continue
        for j, (g, e, t) in enumerate(zip(got, run.expected, run.types, strict=True)):
            ulps: list[int] = []
            problem = compare_bits(g, e, t, run.approx, ulps)
            rep.max_ulps = max([rep.max_ulps, *ulps])
            if problem:
                rep.execution = Status.FAIL
                rep.failures.append(f"execution {run.label} output {j}: {problem}")


def _run_batched(runs: Sequence[_Run]) -> list[list[np.ndarray] | str]:
    """Execute all runs in one JIT module; on failure per op, then per run, to isolate errors."""
    try:
        return list(run_cases([r.exec_case for r in runs]))
    except (ToolError, RuntimeError):
        pass
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(runs):
        groups.setdefault(r.op_name, []).append(i)
    slots: dict[int, list[np.ndarray] | str] = {}
    for idxs in groups.values():
        try:
            for i, res in zip(idxs, run_cases([runs[i].exec_case for i in idxs]), strict=True):
                slots[i] = res
            continue
        except (ToolError, RuntimeError):
            pass
        for i in idxs:
            try:
                slots[i] = run_cases([runs[i].exec_case])[0]
            except (ToolError, RuntimeError) as exc:
                slots[i] = _first_error(str(exc))
    return [slots[i] for i in range(len(runs))]


def _cell(status: Status, ok_text: str) -> str:
    return {Status.OK: ok_text, Status.FAIL: "FAIL", Status.NA: "n/a"}[status]


def format_table(reports: Sequence[OpReport]) -> str:
    """A Markdown table (op | named verifies | generic equal | execution equal | printed as
    MLIR | instances), followed by the numbered notes its cells refer to. "printed as MLIR":
    mlir-opt-22 reprints our text of both forms byte for byte."""
    notes = sorted({n for r in reports for n in r.notes})
    rows = [
        ("op", "named verifies", "generic equal", "execution equal", "printed as MLIR", "instances")
    ]
    for r in reports:
        exact = f"yes (libm: max {r.max_ulps} ulp, ≤{MATH_ULPS})" if r.approx else "yes"
        if r.in_mlir:
            named = _cell(r.named, "yes")
            generic = _cell(r.generic, "yes")
            exe = _cell(r.execution, exact)
        else:
            named = "n/a — not in MLIR 22"
            generic = _cell(r.generic, "n/a — not in MLIR 22 (generic verifies)")
            exe = _cell(r.execution, f"generic form: {exact}")
        marks = "".join(f" [{notes.index(n) + 1}]" for n in r.notes)
        rows.append((r.name + marks, named, generic, exe, _cell(r.fixpoint, "yes"), str(r.cases)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for i, note in enumerate(notes, start=1):
        lines.append(f"\n[{i}] {note}")
    return "\n".join(lines)


__all__ = ["OpReport", "Status", "check_library", "format_table"]
