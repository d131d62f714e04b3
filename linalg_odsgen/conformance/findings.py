"""Findings: their signatures (for deduplication) and self-contained reproducer directories.

`OUT/findings.json` lists one entry per distinct finding (kind, pipeline,
transform, the op, what differs, the reproducer's path); each reproducer
`OUT/<kind>-<signature>/` holds:

* `input.mlir`: the op in a kernel function and a `main` that builds the data,
  calls it and prints every output element's bits (one line per output);
* `pipeline.txt` (and `transform.mlir` when a script was used);
* `expected.txt`: the values our runtime computes; `actual.txt`: what MLIR printed
  (or `stderr.txt` for a crash, invalid IR or a refused pipeline);
* `reproduce.sh`: the commands (pipeline, standard lowering, runner);
* `case.json`: the case as data (op, operand types, attributes, form, seed).

Files are written to a temporary name and renamed, so a stopped campaign never
leaves a truncated file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from linalg_odsgen.conformance import pipeline as pl
from linalg_odsgen.conformance.engine import Outcome, prepare
from linalg_odsgen.conformance.harness import build_module
from linalg_odsgen.conformance.pipeline import Kind, Pipeline, crash_site

_NUMBERS = re.compile(r"\d+")


_OP_AT = re.compile(r'(?:^|=)\s*"?([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*)"?(?=[\s({<:]|$)')
_KERNEL_HEAD = re.compile(r"func\.func\s+(?:private\s+)?@\w+_k\d+\(")


def kernel_ops(module: str) -> Counter[str]:
    """How often each op name occurs inside a module's kernel functions (`@<prefix>_k<i>`);
    in the whole module when it has none (the runner functions around them are left out)."""
    chunks = re.split(r"(?=func\.func\b)", module)
    kernels = [c for c in chunks if _KERNEL_HEAD.match(c)] or [module]
    names: Counter[str] = Counter()
    for chunk in kernels:
        for line in chunk.splitlines():
            names.update(m.group(1) for m in _OP_AT.finditer(line))
    del names["func.func"]
    return names


def ir_change(before: str, after: str) -> str:
    """What a pipeline did to the kernels: the op names it made fewer (-) and more (+),
    whatever the counts (one extui turned into an extsi, or three, is the same change)."""
    a, b = kernel_ops(before), kernel_ops(after)
    fewer = sorted(n for n in a if b[n] < a[n])
    more = sorted(n for n in b if b[n] > a[n])
    return ",".join([f"-{n}" for n in fewer] + [f"+{n}" for n in more]) or "(same ops)"


def _payload_key(outcome: Outcome) -> str:
    try:
        op = prepare(outcome.spec).entry.op
        return ",".join(sorted({x.name for x in op.region.ops} - {"arith.constant"}))
    except Exception:
        return outcome.spec.source.name


def signature(outcome: Outcome, stderr: str = "", pipe: Pipeline | None = None) -> str:
    """What makes two findings the same bug, as a short hash of the pipeline and the root
    cause: for a miscompile what the pipeline changes in the case's IR (op names removed and
    added: the same wrong rewrite on i8 and on f16, on a matmul or a conv, is one bug); for a
    crash where it crashed; for invalid IR the error with numbers blanked. Without `pipe`
    (or when the pipeline cannot be rerun) a miscompile is keyed by its payload ops."""
    if outcome.kind is Kind.MISCOMPILE:
        key = _miscompile_key(outcome, pipe)
    elif outcome.kind is Kind.CRASH:
        key = crash_site(stderr) or _NUMBERS.sub("N", outcome.detail)
    else:
        key = _NUMBERS.sub("N", outcome.detail)
    where = pipe.describe() if pipe is not None else ""
    text = f"{outcome.kind.value}|{where}|{key}"
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def _miscompile_key(outcome: Outcome, pipe: Pipeline | None) -> str:
    if pipe is None or getattr(pipe, "target", "mlir") not in ("mlir", None):
        return _payload_key(outcome)
    try:
        module = build_module([prepare(outcome.spec).entry], "t", "main")
        step = pl.apply(pipe, module)
    except Exception:
        return _payload_key(outcome)
    if not step.ok:
        return _payload_key(outcome)
    return ir_change(module, step.stdout)


def _atomic_write(path: str, text: str, mode: int | None = None) -> None:
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _atomic_write_bytes(path: str, data: bytes) -> None:
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _values_text(bits: Sequence[Sequence[int]], types: Sequence[Any]) -> str:
    """One line per output: element values (decoded from their bits) and the bits in hex."""
    lines = []
    for j, (b, t) in enumerate(zip(bits, types, strict=True)):
        arr = np.array(b, dtype=np.uint64)
        if t.is_float:
            vals = arr.astype(np.dtype(f"uint{t.width}")).view(t.dtype).astype(np.float64)
            shown = ", ".join(repr(float(v)) for v in vals)
        elif t.is_bool:
            shown = ", ".join(str(int(v)) for v in arr)
        else:
            w = t.width
            shown = ", ".join(str(int(v) - (1 << w) if int(v) >> (w - 1) else int(v)) for v in arr)
        hexes = ", ".join(f"0x{int(v):X}" for v in arr)
        printed = "".join(f"{int(v)}, " for v in arr).rstrip()
        lines.append(f"output {j} ({t}): {shown}\n  bits: {hexes}\n  as printed: {printed}")
    return "\n".join(lines) + "\n"


@dataclass
class Finding:
    """A distinct finding as listed in findings.json."""

    kind: str
    signature: str
    op: str
    case: str
    detail: str
    pipeline: str
    transform: str | None
    path: str
    index: int  # the campaign's case number (orders findings.json)
    minimized: bool = True
    tool_version: str = ""  # `TOOL --version` of the tool that ran the pipeline

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _reproduce_sh(pipe: Pipeline, has_transform: bool) -> str:
    """The reproducer's commands, rerunning with the tool the finding was found with."""
    return pl.reproduce_script(pipe, "transform.mlir" if has_transform else None)


def write_reproducer(
    out: str,
    outcome: Outcome,
    pipe: Pipeline,
    index: int,
    *,
    sig: str | None = None,
    minimized: bool = True,
) -> Finding:
    """The reproducer directory of a finding under `out` (replacing an older one of the
    same signature)."""
    stderr = outcome.stderr
    sig = sig or signature(outcome, stderr)
    name = f"{outcome.kind.value}-{sig}"
    final = os.path.join(out, name)
    tmp = tempfile.mkdtemp(dir=out, prefix=".tmp-")
    try:
        p = prepare(outcome.spec)
        module = build_module([p.entry], "t", "main")
        files = {
            "input.mlir": module,
            "pipeline.txt": shlex.join(pipe.flags) + "\n",
            "case.json": json.dumps(_case_json(outcome, p), indent=2) + "\n",
            "expected.txt": _values_text([x.tolist() for x in p.expected], p.out_types),
        }
        if outcome.kind is Kind.MISCOMPILE and outcome.got:
            files["actual.txt"] = _values_text(outcome.got, p.out_types)
        if stderr or outcome.kind is not Kind.MISCOMPILE:
            files["stderr.txt"] = (stderr or outcome.detail) + "\n"
        if pipe.transform:
            shutil.copyfile(pipe.transform, os.path.join(tmp, "transform.mlir"))
        script = _reproduce_sh(pipe, bool(pipe.transform))
        if pipe.target == "iree":  # the kernel, iree-compile and iree-run-module (36a's target)
            from linalg_odsgen.conformance.targets.iree import reproducer_files

            files["pipeline.txt"] = pipe.describe() + "\n"
            files.update(reproducer_files(p.entry, pipe.iree_flags))
            script = files.pop("reproduce.sh")
        for fname, text in files.items():
            with open(os.path.join(tmp, fname), "w") as fh:
                fh.write(text)
        sh = os.path.join(tmp, "reproduce.sh")
        with open(sh, "w") as fh:
            fh.write(script)
        os.chmod(sh, 0o755)
        os.chmod(tmp, 0o755)
        if os.path.exists(final):
            shutil.rmtree(final)
        os.replace(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Finding(
        outcome.kind.value,
        sig,
        outcome.spec.source.name,
        outcome.spec.describe(),
        outcome.detail,
        shlex.join(pipe.flags),
        pipe.transform,
        name,
        index,
        minimized,
        _tool_version(pipe),
    )


def _tool_version(pipe: Pipeline) -> str:
    if pipe.target == "iree":
        from linalg_odsgen.conformance.targets.iree import iree_version

        return iree_version()
    try:
        return str(pipe.version)
    except Exception:  # a tool that cannot say (a wrapper script): recorded as unknown
        return ""


def _case_json(outcome: Outcome, p: Any) -> dict[str, Any]:
    spec = outcome.spec
    return {
        "op": spec.source.name,
        "library": spec.source.library,
        "generated": spec.source.config is not None,
        "label": spec.label,
        "form": spec.form,
        "kind": spec.kind,
        "dynamic": spec.dynamic,
        "operand_types": [str(t) for t in spec.types],
        "attributes": {k: str(v) for k, v in spec.attrs},
        "seed": spec.seed,
        "outcome": outcome.kind.value,
        "detail": outcome.detail,
    }


def write_index(out: str, findings: Sequence[Finding]) -> None:
    """`findings.json`, ordered by case number (the same for any --jobs or scheduler)."""
    entries = [f.to_json() for f in sorted(findings, key=lambda f: (f.index, f.signature))]
    _atomic_write(os.path.join(out, "findings.json"), json.dumps(entries, indent=2) + "\n")


def read_index(out: str) -> list[Finding]:
    path = os.path.join(out, "findings.json")
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return [Finding(**e) for e in json.load(fh)]


__all__ = [
    "Finding",
    "crash_site",
    "ir_change",
    "kernel_ops",
    "read_index",
    "signature",
    "write_index",
    "write_reproducer",
]
