"""A runnable module around one op instance: deterministic data in, the outputs printed.

`emit --main` writes it so nobody has to hand-write the `main` that fills operands,
calls the op and prints results. The same data can be run through our own runtime
(`expected_output`), which prints exactly what the module prints under
`mlir-runner-22`, so the two can be compared with `diff`.

Printing uses the C runner utilities every `mlir-runner-22` install ships: each
output is printed row by row (its last dim on one line, `( a, b, c )`), integers as
signed decimals (`i1` as 0/1), floats widened exactly to f64 and printed by C's
`%g` (six significant digits; `printF32`/`printF64`). The data are small integers (floats too), so most
results are exact and compare equal however they are printed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.mlir.execution import APFLOAT_PASS, LOWERING_PASSES
from linalg_odsgen.mlir.literals import format_float, format_int
from linalg_odsgen.mlir.printer import (
    Form,
    OperandSig,
    operand_signature,
    print_func,
)
from linalg_odsgen.mlir.region_printer import NameScope
from linalg_odsgen.mlir.tools import MLIR_OPT, MLIR_RUNNER
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import ElementType

# Tensor modules are bufferized first (function boundaries included); the rest is the
# loop lowering the conformance harness uses for memrefs.
BUFFERIZE_PASS = "--one-shot-bufferize=bufferize-function-boundaries"
GENERALIZE_PASS = "--linalg-generalize-named-ops"

# Functions of the runner utilities the module calls.
_RUNTIME_DECLS = (
    "  func.func private @printI64(i64)\n"
    "  func.func private @printF32(f32)\n"
    "  func.func private @printF64(f64)\n"
    "  func.func private @printOpen()\n"
    "  func.func private @printClose()\n"
    "  func.func private @printComma()\n"
    "  func.func private @printNewline()\n"
)


def _error(op: Any, message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, op=op.OP_NAME))


def _static_sigs(op: Any, kind: str | None) -> tuple[OperandSig, ...]:
    sigs = operand_signature(op, kind)
    for odef, sig in zip(op.value_operands, sigs, strict=True):
        if any(d is None for d in sig.shape):
            raise _error(
                op,
                f"a runnable module needs static sizes: operand {odef.name!r} has type {sig}; "
                "give every size (e.g. memref<4x8xf32>)",
            )
    return sigs


def sample_operands(op: Any, seed: int = 0) -> list[Any]:
    """Deterministic operands for `op` (value operands in declaration order).

    Small integers in [-4, 4] for every numeric type (floats included, so sums and
    products are exact), [0, 4] for `index`, random booleans for `i1`; scalars are
    NumPy scalars of their element type. Outputs are filled too: reductions
    accumulate into them.
    """
    _static_sigs(op, None)
    rng = np.random.default_rng(seed)
    values: list[Any] = []
    for odef, elem, shape in zip(op.value_operands, op.element_types, op.shapes, strict=True):
        dims = tuple(int(d) for d in shape)
        if elem.is_bool:
            raw = rng.integers(0, 2, dims).astype(bool)
        elif elem.is_index:
            raw = rng.integers(0, 5, dims)
        else:
            raw = rng.integers(-4, 5, dims)
        arr = np.asarray(raw).astype(elem.dtype)
        if odef.kind is OperandKind.SCALAR:
            values.append(arr.reshape(()).dtype.type(arr.reshape(())[()]))
        else:
            values.append(arr)
    return values


def _literal(value: Any, t: ElementType) -> str:
    """One element as MLIR writes it inside `dense<...>` (or before `: type`)."""
    if t.is_float:
        return format_float(float(value), t)
    if t.is_bool:
        return "true" if bool(value) else "false"
    return format_int(int(value), t)


def _dense(value: Any, t: ElementType) -> str:
    arr = np.asarray(value)
    if arr.size == 0:
        return "dense<>"  # MLIR's spelling of an empty literal of any shape

    def nest(a: np.ndarray) -> str:
        if a.ndim == 0:
            return _literal(a[()], t)
        return "[" + ", ".join(nest(x) for x in a) + "]"

    return f"dense<{nest(arr)}>"


def _print_value(v: str, t: ElementType, scope: NameScope, indent: str) -> list[str]:
    """Lines printing SSA value `v` of type `t` (widened to i64 or f64)."""
    if t.is_float:
        # Widened to f32 (exact), not f64: MLIR 22's lowering of 8-bit floats cannot convert
        # them to 64-bit types. printF32 prints the value as a double, like printF64.
        if t.width == 64:
            return [f"{indent}func.call @printF64({v}) : (f64) -> ()"]
        if t.width == 32:
            return [f"{indent}func.call @printF32({v}) : (f32) -> ()"]
        w = scope.numbered()
        return [
            f"{indent}{w} = arith.extf {v} : {t} to f32",
            f"{indent}func.call @printF32({w}) : (f32) -> ()",
        ]
    lines: list[str] = []
    w = v
    if t.is_index:
        w = scope.numbered()
        lines.append(f"{indent}{w} = arith.index_cast {v} : index to i64")
    elif t.width < 64:
        w = scope.numbered()
        ext = "extui" if t.is_bool else "extsi"
        lines.append(f"{indent}{w} = arith.{ext} {v} : {t} to i64")
    lines.append(f"{indent}func.call @printI64({w}) : (i64) -> ()")
    return lines


def _print_output(
    value: str, sig: OperandSig, shape: tuple[int, ...], scope: NameScope
) -> list[str]:
    """Loops printing every element of one output, one line per run of its last dim."""
    read = "memref.load" if sig.kind == "memref" else "tensor.extract"
    lines: list[str] = []
    indent = "    "
    if not shape:
        v = scope.numbered()
        lines.append(f"{indent}func.call @printOpen() : () -> ()")
        lines.append(f"{indent}{v} = {read} {value}[] : {sig}")
        lines += _print_value(v, sig.element, scope, indent)
        lines.append(f"{indent}func.call @printClose() : () -> ()")
        lines.append(f"{indent}func.call @printNewline() : () -> ()")
        return lines
    c0, c1 = scope.named("c0"), scope.named("c1")
    lines += [
        f"{indent}{c0} = arith.constant 0 : index",
        f"{indent}{c1} = arith.constant 1 : index",
    ]
    ivs: list[str] = []
    for pos, size in enumerate(shape):
        last = pos == len(shape) - 1
        if last:
            lines.append(f"{indent}func.call @printOpen() : () -> ()")
        ub = scope.named(f"c{size}")
        iv = scope.named("i")
        lines.append(f"{indent}{ub} = arith.constant {size} : index")
        lines.append(f"{indent}scf.for {iv} = {c0} to {ub} step {c1} {{")
        ivs.append(iv)
        indent += "  "
    first = scope.numbered()
    lines.append(f"{indent}{first} = arith.cmpi ne, {ivs[-1]}, {c0} : index")
    lines.append(f"{indent}scf.if {first} {{")
    lines.append(f"{indent}  func.call @printComma() : () -> ()")
    lines.append(f"{indent}}}")
    v = scope.numbered()
    lines.append(f"{indent}{v} = {read} {value}[{', '.join(ivs)}] : {sig}")
    lines += _print_value(v, sig.element, scope, indent)
    for pos in reversed(range(len(shape))):
        indent = indent[:-2]
        lines.append(f"{indent}}}")
        if pos == len(shape) - 1:
            lines.append(f"{indent}func.call @printClose() : () -> ()")
            lines.append(f"{indent}func.call @printNewline() : () -> ()")
    return lines


def function_name(op: Any) -> str:
    """The op's function in the module: `op_NAME`. Never the bare name: the JIT links the
    module against the C library, and a function called `exp` would replace the `exp` that
    `math.exp` lowers to (and `main`, `print*` are the module's own)."""
    return f"op_{op.OP_NAME}"


def main_module(
    op: Any,
    operands: Sequence[Any],
    form: Form | str = Form.NAMED,
    *,
    kind: str | None = None,
    dialect: str = "linalg",
    header: Sequence[str] = (),
) -> str:
    """A module holding the op's function and a `main` that calls it on `operands` (value
    operands in declaration order) and prints every output; `header` lines go first as
    `//` comments."""
    sigs = _static_sigs(op, kind)
    fname = function_name(op)
    scope = NameScope()
    globals_: list[str] = []
    body: list[str] = []
    args: list[str] = []
    for j, (odef, sig, value) in enumerate(zip(op.value_operands, sigs, operands, strict=True)):
        if sig.kind is None:
            name = scope.named(f"s{j}")
            body.append(f"    {name} = arith.constant {_literal(value, sig.element)} : {sig}")
        elif sig.kind == "tensor":
            name = scope.named(f"t{j}")
            body.append(f"    {name} = arith.constant {_dense(value, sig.element)} : {sig}")
        else:
            output = odef.kind is OperandKind.OUTPUT_TENSOR
            const = "" if output else "constant "
            gname = f"{odef.name}_data" if odef.name.isidentifier() else f"operand{j}_data"
            globals_.append(
                f'  memref.global "private" {const}@{gname} : {sig} = {_dense(value, sig.element)}'
            )
            name = scope.named(f"m{j}")
            body.append(f"    {name} = memref.get_global @{gname} : {sig}")
        args.append(name)
    order_out = [j for j, d in enumerate(op.value_operands) if d.kind is OperandKind.OUTPUT_TENSOR]
    arg_types = ", ".join(str(s) for s in sigs)
    tensor_outs = [j for j in order_out if sigs[j].kind == "tensor"]
    result_types = ", ".join(str(sigs[j]) for j in tensor_outs)
    call = f"func.call @{fname}({', '.join(args)}) : ({arg_types}) -> "
    call += f"({result_types})" if len(tensor_outs) != 1 else result_types
    printed: dict[int, str] = {j: args[j] for j in order_out}
    if tensor_outs:
        base = scope.numbered()
        if len(tensor_outs) == 1:
            body.append(f"    {base} = {call}")
            printed[tensor_outs[0]] = base
        else:
            body.append(f"    {base}:{len(tensor_outs)} = {call}")
            for i, j in enumerate(tensor_outs):
                printed[j] = f"{base}#{i}"
    else:
        body.append(f"    {call}")
    for j in order_out:
        shape = tuple(int(d) for d in sigs[j].shape if d is not None)
        body += _print_output(printed[j], sigs[j], shape, scope)
    func = print_func(op, form, name=fname, kind=kind, dialect=dialect)
    main = "\n".join(["  func.func @main() {", *body, "    return", "  }"]) + "\n"
    lines = [f"// {h}" if h else "//" for h in header]
    text = "module {\n"
    if globals_:
        text += "\n".join(globals_) + "\n"
    text += _RUNTIME_DECLS + func + main + "}\n"
    return "\n".join(lines) + ("\n" if lines else "") + text


def _computes_f8(op: Any) -> bool:
    """Whether the instance has an 8-bit float anywhere (operands or payload values)."""
    types = [*op.element_types, *(v.type for p in op.region.ops for v in (*p.operands, p.result))]
    return any(getattr(t, "is_float", False) and t.width == 8 for t in types)


def pipeline(op: Any, kind: str | None, plugin: bool = False) -> tuple[str, ...]:
    """`mlir-opt-22` passes turning a `main_module` of `op` into what `mlir-runner-22` runs.

    8-bit floats go through MLIR's APFloat lowering. A gen-dialect plugin's ops on
    tensors are generalized first: bufferization knows `linalg.generic`, not them."""
    passes = LOWERING_PASSES
    if _computes_f8(op):
        i = passes.index("--convert-arith-to-llvm")
        passes = (*passes[:i], APFLOAT_PASS, *passes[i:])
    if kind != "tensor":
        return passes
    first = (GENERALIZE_PASS,) if plugin else ()
    return (*first, BUFFERIZE_PASS, *passes)


def run_command(op: Any, kind: str | None, file: str, plugin: str | None = None) -> str:
    """The shell pipeline (lowering | JIT run) for the module saved as `file`."""
    from linalg_odsgen.mlir.tools import RUNNER_LIB_DIR, runner_libs

    libs = runner_libs() or tuple(
        f"{RUNNER_LIB_DIR}/{n}.so"
        for n in ("libmlir_runner_utils", "libmlir_c_runner_utils", "libmlir_apfloat_wrappers")
    )
    load = [f"--load-dialect-plugin={plugin}"] if plugin else []
    lower = " ".join([MLIR_OPT, *load, *pipeline(op, kind, plugin is not None), file])
    run = f"{MLIR_RUNNER} -e main -entry-point-result=void -shared-libs={','.join(libs)}"
    return f"{lower} | {run}"


def format_element(value: Any, t: ElementType) -> str:
    """One element as the module prints it: signed decimal, 0/1 for i1, C's `%g` for floats."""
    if t.is_float:
        x = float(value)
        if math.isnan(x):
            return "-nan" if math.copysign(1.0, x) < 0 else "nan"
        return f"{x:g}"
    if t.is_bool:
        return "1" if bool(value) else "0"
    return format_int(int(value), t) if not t.is_index else str(int(value))


def _rows(value: Any, t: ElementType) -> list[str]:
    """One value's lines as `main` prints an output: its last dim on each line."""
    arr = np.asarray(value)
    if arr.ndim == 0:
        return [f"( {format_element(arr[()], t)} )"]
    flat = arr.reshape(math.prod(arr.shape[:-1]), arr.shape[-1])
    return ["( " + ", ".join(format_element(x, t) for x in row) + " )" for row in flat]


def format_outputs(op: Any, operands: Sequence[Any]) -> str:
    """The outputs among `operands` printed as `main_module`'s `main` prints them."""
    lines: list[str] = []
    for odef, t, v in zip(op.value_operands, op.element_types, operands, strict=True):
        if odef.kind is OperandKind.OUTPUT_TENSOR:
            lines += _rows(v, t)
    return "".join(line + "\n" for line in lines)


def format_operands(op: Any, operands: Sequence[Any]) -> str:
    """Every operand's data (outputs as they start), headed `NAME: TYPE`, in `main`'s format."""
    lines: list[str] = []
    for odef, t, v, sig in zip(
        op.value_operands, op.element_types, operands, operand_signature(op), strict=True
    ):
        lines.append(f"{odef.name}: {sig}")
        lines += _rows(v, t)
    return "".join(line + "\n" for line in lines)


def expected_output(op: Any, operands: Sequence[Any], backend: str = "loops") -> str:
    """What `main_module`'s `main` prints, computed by our runtime on the same data."""
    values = [np.copy(v) if isinstance(v, np.ndarray) else v for v in operands]
    op.run(values, backend=backend)
    return format_outputs(op, values)


__all__ = [
    "BUFFERIZE_PASS",
    "GENERALIZE_PASS",
    "expected_output",
    "format_element",
    "format_operands",
    "format_outputs",
    "function_name",
    "main_module",
    "pipeline",
    "run_command",
    "sample_operands",
]
