"""A case as a runnable MLIR module: the op in a kernel function, a `main` that feeds it
the case's data and prints every output element's bits.

The kernel `@<prefix>_k<i>` holds just the op (tensor kind: it returns the
outputs; memref kind: it writes them in place), with dynamic sizes when the
case asks, so a pipeline sees the op as a user's function would hold it. The
runner `@<prefix>_run<i>` builds the operands (tensor constants, or memref
globals), casts them to the kernel's types, calls it and prints each output on
one line of comma-separated bit patterns (`printI64`). `@<prefix>_main` (or
`@main`) calls the runners in order. The whole module goes through the
pipeline, so a reproducer's `input.mlir` is exactly what was tested.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from linalg_odsgen.mlir.execution import _dense, _print_element_lines, _py
from linalg_odsgen.mlir.literals import format_scalar
from linalg_odsgen.mlir.printer import Form, operand_signature, print_func
from linalg_odsgen.mlir.region_printer import NameScope
from linalg_odsgen.mlir.type_syntax import spell_type, static_shape
from linalg_odsgen.model import OperandKind

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp

PRINT_DECLS = (
    "  func.func private @printI64(i64)\n"
    "  func.func private @printComma()\n"
    "  func.func private @printNewline()\n"
)
_DECL_LINE = re.compile(r"^\s*func\.func private @print(?:I64|Comma|Newline)\(.*\n", re.M)


@dataclass(frozen=True)
class Entry:
    """One case of a module: its static instance, the kernel's instance (maybe dynamic),
    the form the kernel prints, and the operand values."""

    op: StructuredOp
    kernel_op: StructuredOp
    form: Form
    values: tuple[Any, ...]
    dialect: str | None = None  # named form spelled `<dialect>.<op>` (a gen-dialect plugin)


def num_output_lines(entry: Entry) -> int:
    return sum(1 for d in entry.op.value_operands if d.kind is OperandKind.OUTPUT_TENSOR)


def _runner(prefix: str, i: int, e: Entry) -> tuple[list[str], str]:
    """(module-level globals, function text) of the runner of case `i`."""
    kernel = f"@{prefix}_k{i}"
    sigs = operand_signature(e.op)
    ksigs = operand_signature(e.kernel_op)
    tensor = any(s.kind == "tensor" for s in sigs)
    scope = NameScope()
    globals_: list[str] = []
    body: list[str] = []
    args: list[str] = []
    outs: list[tuple[str, Any]] = []  # (static value name, sig) of each output
    for j, (d, sig, ksig, value) in enumerate(zip(e.op.value_operands, sigs, ksigs, e.values, strict=True)):  # fmt: skip
        if sig.kind is None:
            name = scope.named(f"s{j}")
            body.append(f"    {name} = arith.constant {format_scalar(_py(value), sig.element)}")
            args.append(name)
            continue
        shape = static_shape(sig.shape)
        lit = _dense(value, sig.element, shape)
        name = scope.named(f"v{j}")
        if tensor:
            body.append(f"    {name} = arith.constant {lit} : {sig}")
        else:
            g = f"{prefix}_g{i}_{j}"
            const = "" if d.kind is OperandKind.OUTPUT_TENSOR else "constant "
            globals_.append(f'  memref.global "private" {const}@{g} : {sig} = {lit}')
            body.append(f"    {name} = memref.get_global @{g} : {sig}")
        if d.kind is OperandKind.OUTPUT_TENSOR:
            outs.append((name, sig))
        if str(ksig) != str(sig):
            cast = scope.named(f"a{j}")
            op = "tensor.cast" if tensor else "memref.cast"
            body.append(f"    {cast} = {op} {name} : {sig} to {ksig}")
            name = cast
        args.append(name)
    arg_types = ", ".join(str(s) for s in ksigs)
    out_ksigs = [k for d, k in zip(e.op.value_operands, ksigs, strict=True) if d.kind is OperandKind.OUTPUT_TENSOR]  # fmt: skip
    if tensor:
        res = scope.named("r")
        results = ", ".join(str(k) for k in out_ksigs)
        rtype = results if len(out_ksigs) == 1 else f"({results})"
        body.append(f"    {res}:{len(out_ksigs)} = func.call {kernel}({', '.join(args)}) : ({arg_types}) -> {rtype}")  # fmt: skip
        for k, ((_, sig), ksig) in enumerate(zip(outs, out_ksigs, strict=True)):
            val = f"{res}#{k}"
            if str(ksig) != str(sig):
                cast = scope.named(f"rs{k}")
                body.append(f"    {cast} = tensor.cast {val} : {ksig} to {sig}")
                val = cast
            mem = scope.named(f"m{k}")
            mtype = spell_type("memref", sig.shape, sig.element)
            body.append(f"    {mem} = bufferization.to_buffer {val} : {sig} to {mtype}")
            body += _print_element_lines(mem, mtype, sig.element, static_shape(sig.shape), scope)
    else:
        body.append(f"    func.call {kernel}({', '.join(args)}) : ({arg_types}) -> ()")
        for name, sig in outs:
            body += _print_element_lines(name, str(sig), sig.element, static_shape(sig.shape), scope)  # fmt: skip
    func = "\n".join([f"  func.func @{prefix}_run{i}() {{", *body, "    return", "  }"]) + "\n"
    return globals_, func


def build_module(entries: Sequence[Entry], prefix: str = "t", entry: str = "main") -> str:
    """One module running every entry in order from `@<entry>`."""
    globals_: list[str] = []
    funcs: list[str] = []
    for i, e in enumerate(entries):
        kernel = print_func(e.kernel_op, e.form, name=f"{prefix}_k{i}")
        if e.dialect and e.form is Form.NAMED:
            name = e.op.OP_NAME
            kernel = re.sub(rf"\blinalg\.{re.escape(name)}\b", f"{e.dialect}.{name}", kernel)
        funcs.append(kernel)
        g, f = _runner(prefix, i, e)
        globals_ += g
        funcs.append(f)
    calls = "".join(f"    func.call @{prefix}_run{i}() : () -> ()\n" for i in range(len(entries)))
    main = f"  func.func @{entry}() {{\n{calls}    return\n  }}\n"
    parts = ["module {\n", *(g + "\n" for g in globals_), PRINT_DECLS, *funcs, main, "}\n"]
    return "".join(parts)


_MODULE_HEAD = re.compile(r"^module(?: attributes \{.*\})? \{\n", re.M)


def module_body(text: str) -> str | None:
    """The ops of a printed module (between `module {` and its closing brace), without the
    print declarations; None when the text is not a single custom-printed module."""
    m = _MODULE_HEAD.search(text)
    end = text.rstrip().rfind("\n}")
    if m is None or end < m.end() or text[: m.start()].strip():
        return None
    return _DECL_LINE.sub("", text[m.end() : end + 1])


def merge_modules(bodies: Sequence[str], entries: Sequence[str]) -> str:
    """One module of several bodies (with their print declarations removed) and a `@main`
    calling each body's entry in order."""
    calls = "".join(f"    func.call @{e}() : () -> ()\n" for e in entries)
    main = f"  func.func @main() {{\n{calls}    return\n  }}\n"
    return "module {\n" + PRINT_DECLS + "".join(bodies) + main + "}\n"


def parse_lines(stdout: str, entries: Sequence[Entry], start: int = 0) -> list[list[np.ndarray]]:
    """Per entry, per output, the flat uint64 bit patterns printed from line `start` on."""
    lines = stdout.splitlines()
    pos = start
    results: list[list[np.ndarray]] = []
    for e in entries:
        outs: list[np.ndarray] = []
        for d, t in zip(e.op.value_operands, e.op.element_types, strict=True):
            if d.kind is not OperandKind.OUTPUT_TENSOR:
                continue
            if pos >= len(lines):
                raise ValueError("the runner's output ended early")
            fields = [f for f in lines[pos].split(",") if f.strip()]
            pos += 1
            mask = (1 << 64) - 1 if t.width == 64 else (1 << max(t.width, 1)) - 1
            outs.append(np.array([int(f) & mask for f in fields], dtype=np.uint64))
        results.append(outs)
    return results


__all__ = [
    "Entry",
    "build_module",
    "merge_modules",
    "module_body",
    "num_output_lines",
    "parse_lines",
]
