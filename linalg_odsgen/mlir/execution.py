"""Differential execution: run printed ops through MLIR's own lowering and JIT, read back bits.

Each case becomes one function over `memref.global`s holding its operands
(inputs constant, outputs writable and pre-filled, so reductions accumulate
into known values); after the op it prints every output element's bit
pattern as an i64 (`printI64`), so floats compare bit for bit. Many cases go
into one module: one `mlir-opt-22` lowering and one `mlir-runner-22` JIT run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from linalg_odsgen.mlir.literals import format_scalar
from linalg_odsgen.mlir.printer import Form, operand_signature, print_op
from linalg_odsgen.mlir.region_printer import NameScope
from linalg_odsgen.mlir.tools import mlir_opt, mlir_runner
from linalg_odsgen.mlir.type_syntax import static_shape
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import ElementType

# Lowering of a module of memref-based linalg ops to the LLVM dialect. Math ops with
# LLVM intrinsics keep their type (LLVM computes f16/bf16 steps in f32 and rounds
# after each, as our runtime does); the rest (erf) is widened to f32 where needed
# and becomes a libm call.
LOWERING_PASSES: tuple[str, ...] = (
    "--convert-linalg-to-loops",
    "--convert-math-to-llvm",
    "--math-extend-to-supported-types",
    "--convert-math-to-libm",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-func-to-llvm",
    "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
)

# `arith.fastmath` flags survive on llvm ops as discardable attributes the runner
# (which registers only the LLVM dialect) cannot parse; they carry no semantics here.
_FASTMATH_ATTR = re.compile(r" \{fastmath = #arith\.fastmath<[a-z, ]*>\}")


@dataclass(frozen=True)
class ExecCase:
    """One op instance with concrete operands (value operands, declaration order)."""

    label: str
    op: Any
    operands: tuple[Any, ...]
    form: Form = Form.NAMED


def _bits_dtype(t: ElementType) -> np.dtype:
    if t.is_bool:
        return np.dtype(bool)
    return t.unsigned_dtype if t.is_integer else np.dtype(f"uint{t.width}")


def to_bits(value: Any, t: ElementType) -> np.ndarray:
    """The raw bit patterns of an array (or scalar) of element type `t`, as uint64."""
    arr = np.array(value, dtype=t.dtype, order="C")  # keeps 0-d shapes, unlike ascontiguousarray
    if t.is_bool:
        return arr.astype(np.uint64)
    return arr.reshape(-1).view(_bits_dtype(t)).astype(np.uint64).reshape(arr.shape)


def _sub_byte(t: ElementType) -> bool:
    """Integer types narrower than a byte, whose `dense` literals are written element-wise."""
    return t.is_integer and t.width < 8


def _dense(value: Any, t: ElementType, shape: Sequence[int]) -> str:
    """A `dense<...>` literal holding `value` exactly: raw little-endian hex, nested lists for i1."""
    arr = np.asarray(value, dtype=t.dtype).reshape(tuple(shape))
    if _sub_byte(t):  # i1, i4: MLIR's hex form packs bits; spell each element instead

        def nest(a: np.ndarray) -> str:
            if a.ndim == 0:
                if t.is_bool:
                    return "true" if bool(a) else "false"
                return str(int(a))
            return "[" + ", ".join(nest(x) for x in a) + "]"

        return f"dense<{nest(arr)}>"
    data = np.ascontiguousarray(arr).tobytes()  # the host (x86/arm64) is little-endian like MLIR
    return f'dense<"0x{data.hex().upper()}">'


def _print_element_lines(
    mem: str, mtype: str, t: ElementType, shape: Sequence[int], scope: NameScope
) -> list[str]:
    """Loops loading every element of `mem`, printing its bits as i64 followed by a comma."""
    lines: list[str] = []
    ivs: list[str] = []
    indent = "    "
    c0, c1 = scope.named("c0"), scope.named("c1")
    lines += [f"    {c0} = arith.constant 0 : index", f"    {c1} = arith.constant 1 : index"]
    for d in shape:
        ub = scope.named(f"c{d}")
        iv = scope.named("i")
        lines.append(f"{indent}{ub} = arith.constant {d} : index")
        lines.append(f"{indent}scf.for {iv} = {c0} to {ub} step {c1} {{")
        ivs.append(iv)
        indent += "  "
    v = scope.numbered()
    lines.append(f"{indent}{v} = memref.load {mem}[{', '.join(ivs)}] : {mtype}")
    if t.is_float:
        if t.width == 64:
            w = scope.numbered()
            lines.append(f"{indent}{w} = arith.bitcast {v} : {t} to i64")
        else:
            b = scope.numbered()
            w = scope.numbered()
            lines.append(f"{indent}{b} = arith.bitcast {v} : {t} to i{t.width}")
            lines.append(f"{indent}{w} = arith.extui {b} : i{t.width} to i64")
    elif t.is_index:
        w = scope.numbered()
        lines.append(f"{indent}{w} = arith.index_cast {v} : index to i64")
    elif t.width < 64:
        w = scope.numbered()
        lines.append(f"{indent}{w} = arith.extui {v} : {t} to i64")
    else:
        w = v
    lines.append(f"{indent}func.call @printI64({w}) : (i64) -> ()")
    lines.append(f"{indent}func.call @printComma() : () -> ()")
    for _ in shape:
        indent = indent[:-2]
        lines.append(f"{indent}}}")
    lines.append("    func.call @printNewline() : () -> ()")
    return lines


def case_function(index: int, case: ExecCase) -> tuple[list[str], str]:
    """(module-level globals, function text) running `case` as `@case<index>`."""
    op = case.op
    sigs = operand_signature(op, "memref")
    scope = NameScope()
    globals_: list[str] = []
    body: list[str] = []
    arg_names: list[str] = []
    outputs: list[tuple[str, str, ElementType, tuple[int, ...]]] = []
    for j, (odef, sig, value) in enumerate(
        zip(op.value_operands, sigs, case.operands, strict=True)
    ):
        if sig.kind is None:
            name = scope.named(f"s{j}")
            body.append(f"    {name} = arith.constant {format_scalar(_py(value), sig.element)}")
            arg_names.append(name)
            continue
        shape = static_shape(sig.shape)
        gname = f"case{index}_{j}"
        const = "constant " if odef.kind is not OperandKind.OUTPUT_TENSOR else ""
        globals_.append(
            f'  memref.global "private" {const}@{gname} : {sig} = '
            f"{_dense(value, sig.element, shape)}"
        )
        name = scope.named(f"m{j}")
        body.append(f"    {name} = memref.get_global @{gname} : {sig}")
        arg_names.append(name)
        if odef.kind is OperandKind.OUTPUT_TENSOR:
            outputs.append((name, str(sig), sig.element, shape))
    op_lines, _ = print_op(op, case.form, arg_names, sigs, scope, "    ")
    body += op_lines
    for mem, mtype, t, shape in outputs:
        body += _print_element_lines(mem, mtype, t, shape, scope)
    func = "\n".join([f"  func.func @case{index}() {{", *body, "    return", "  }"]) + "\n"
    return globals_, func


def _py(value: Any) -> Any:
    """A NumPy scalar as the Python value `format_scalar` wants."""
    if isinstance(value, np.generic):
        if isinstance(value, np.bool_):
            return bool(value)
        if isinstance(value, np.integer):
            return int(value)
        return float(value)
    return value


def build_module(cases: Sequence[ExecCase]) -> str:
    """One module running every case in order from `@main`."""
    globals_: list[str] = []
    funcs: list[str] = []
    for i, case in enumerate(cases):
        g, f = case_function(i, case)
        globals_ += g
        funcs.append(f)
    calls = "".join(f"    func.call @case{i}() : () -> ()\n" for i in range(len(cases)))
    main = f"  func.func @main() {{\n{calls}    return\n  }}\n"
    decls = (
        "  func.func private @printI64(i64)\n"
        "  func.func private @printComma()\n"
        "  func.func private @printNewline()\n"
    )
    return "module {\n" + "\n".join(globals_) + "\n" + decls + "".join(funcs) + main + "}\n"


# 8-bit floats have no LLVM type: MLIR 22 turns their arithmetic and conversions into
# APFloat runtime calls. The pass rewrites *every* float op that way (and emits invalid
# IR for 64-bit conversions), so it runs only on modules that use 8-bit floats.
APFLOAT_PASS = "--convert-arith-to-apfloat"
_F8_TYPE = re.compile(r"\bf8E[0-9A-Za-z]+\b")


def lowering_passes(module: str) -> tuple[str, ...]:
    """`LOWERING_PASSES`, with the APFloat conversion when the module uses 8-bit floats."""
    if not _F8_TYPE.search(module):
        return LOWERING_PASSES
    i = LOWERING_PASSES.index("--convert-arith-to-llvm")
    return (*LOWERING_PASSES[:i], APFLOAT_PASS, *LOWERING_PASSES[i:])


def uses_f8(case: ExecCase) -> bool:
    """Whether the case computes with an 8-bit float (and needs the APFloat lowering)."""
    types = [v.type for p in case.op.region.ops for v in (*p.operands, p.result)]
    return any(getattr(t, "is_float", False) and t.width == 8 for t in types) or any(
        t.is_float and t.width == 8 for t in case.op.element_types
    )


def lower(module: str, *, timeout: float = 300.0, plugin: str | None = None) -> str:
    """The module lowered to the LLVM dialect, ready for `mlir-runner-22` (`plugin`: a
    dialect plugin `mlir-opt-22` loads first, for modules using its ops)."""
    extra = (f"--load-dialect-plugin={plugin}",) if plugin else ()
    out = mlir_opt(module, *extra, *lowering_passes(module), timeout=timeout).stdout
    return _FASTMATH_ATTR.sub("", out)


def run_cases(
    cases: Sequence[ExecCase],
    *,
    timeout: float = 300.0,
    plugin: str | None = None,
    rewrite: Callable[[str], str] | None = None,
) -> list[list[np.ndarray]]:
    """Lower, JIT-run and parse: per case, per output, the flat uint64 bit patterns MLIR computed.

    `rewrite` edits the module text before lowering (e.g. to put named ops in a plugin's
    dialect), `plugin` is loaded into `mlir-opt-22` for it.
    """
    if not cases:
        return []
    f8 = [uses_f8(c) for c in cases]
    if any(f8) and not all(f8):  # lowered apart: the APFloat pass must not see the others
        parts = {
            flag: iter(run_cases([c for c, u in zip(cases, f8, strict=True) if u == flag],
                                 timeout=timeout, plugin=plugin, rewrite=rewrite))
            for flag in (True, False)
        }  # fmt: skip
        return [next(parts[u]) for u in f8]
    module = build_module(cases)
    if rewrite is not None:
        module = rewrite(module)
    stdout = mlir_runner(lower(module, timeout=timeout, plugin=plugin), timeout=timeout).stdout
    lines = stdout.splitlines()
    results: list[list[np.ndarray]] = []
    pos = 0
    for case in cases:
        outs: list[np.ndarray] = []
        for odef, t in zip(case.op.value_operands, case.op.element_types, strict=True):
            if odef.kind is not OperandKind.OUTPUT_TENSOR:
                continue
            if pos >= len(lines):
                raise RuntimeError(f"mlir-runner output ended before case {case.label!r}")
            fields = [f for f in lines[pos].split(",") if f.strip()]
            pos += 1
            mask = (1 << 64) - 1 if t.width == 64 else (1 << max(t.width, 1)) - 1
            outs.append(np.array([int(f) & mask for f in fields], dtype=np.uint64))
        results.append(outs)
    return results


def output_bits(op: Any, operands: Sequence[Any]) -> list[np.ndarray]:
    """Flat uint64 bit patterns of the output operands (after running), in declaration order."""
    return [
        to_bits(np.asarray(v), t).reshape(-1)
        for odef, t, v in zip(op.value_operands, op.element_types, operands, strict=True)
        if odef.kind is OperandKind.OUTPUT_TENSOR
    ]


__all__ = [
    "LOWERING_PASSES",
    "ExecCase",
    "build_module",
    "case_function",
    "lower",
    "output_bits",
    "run_cases",
    "to_bits",
]
