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
from linalg_odsgen.mlir.execution import (
    LOWERING_PASSES,
    PRINT_DECLS,
    Program,
    Style,
    kernel_function,
    op_uses_f8,
    runner_lines,
    with_apfloat,
)
from linalg_odsgen.mlir.literals import format_int
from linalg_odsgen.mlir.printer import Form, OperandSig, operand_signature
from linalg_odsgen.mlir.region_printer import NameScope
from linalg_odsgen.mlir.tools import MLIR_OPT, MLIR_RUNNER
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import ElementType

# Tensor modules are bufferized first (function boundaries included); the rest is the
# loop lowering the conformance harness uses for memrefs.
BUFFERIZE_PASS = "--one-shot-bufferize=bufferize-function-boundaries"
GENERALIZE_PASS = "--linalg-generalize-named-ops"


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
    `//` comments. Built by the one harness (`execution`), printing values for a reader."""
    _static_sigs(op, kind)
    program = Program.single(op, operands, form, dialect=dialect, kind=kind)
    names = [d.name for d in op.value_operands]

    def global_name(j: int) -> str:
        return f"{names[j]}_data" if names[j].isidentifier() else f"operand{j}_data"

    fname = function_name(op)
    globals_, body = runner_lines(
        program, fname, NameScope(), style=Style.VALUES, global_name=global_name
    )
    main = "\n".join(["  func.func @main() {", *body, "    return", "  }"]) + "\n"
    lines = [f"// {h}" if h else "//" for h in header]
    text = "module {\n"
    if globals_:
        text += "\n".join(globals_) + "\n"
    text += PRINT_DECLS[Style.VALUES] + kernel_function(program, fname) + main + "}\n"
    return "\n".join(lines) + ("\n" if lines else "") + text


def pipeline(op: Any, kind: str | None, plugin: bool = False) -> tuple[str, ...]:
    """`mlir-opt-22` passes turning a `main_module` of `op` into what `mlir-runner-22` runs.

    8-bit floats go through MLIR's APFloat lowering (`execution.with_apfloat`). A
    gen-dialect plugin's ops on tensors are generalized first: bufferization knows
    `linalg.generic`, not them."""
    passes = with_apfloat(LOWERING_PASSES, op_uses_f8(op))
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
