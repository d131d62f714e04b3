"""The one execution harness: a *program* (op applications over data slots) as a runnable
module, the lowering that runs it under `mlir-runner-22`, and the bits read back.

Every runnable module the project writes comes from here: the conformance table
(`run_cases`), the pipeline tester (`conform`, `fuzz`: `conformance.harness`) and
`emit --main` (`driver`). A program is a list of slots holding data (operands) and
applications of ops to them, producer to consumer; one op is the trivial program.
The module holds a kernel `@<prefix>_k<i>` per program (just the ops, as a user's
function would hold them: tensors in and out, or memrefs written in place) and a
runner `@<prefix>_run<i>` that builds the data, calls the kernel and prints every
output slot: its bit patterns as i64 on one comma-separated line (`Style.BITS`, compared
bit for bit) or its values row by row (`Style.VALUES`, for a person). Data literals
are written element by element (`literals.dense_literal`), never as MLIR's hex blob,
so another MLIR version reads the module the same.
"""

from __future__ import annotations

import enum
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from linalg_odsgen.mlir.literals import dense_literal, format_scalar
from linalg_odsgen.mlir.printer import Form, OperandSig, operand_signature, print_op
from linalg_odsgen.mlir.region_printer import NameScope
from linalg_odsgen.mlir.tools import mlir_opt, mlir_runner
from linalg_odsgen.mlir.type_syntax import spell_type, static_shape
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
FASTMATH_ATTR = re.compile(r" \{fastmath = #arith\.fastmath<[a-z, ]*>\}")

# 8-bit floats have no LLVM type: MLIR 22 turns their arithmetic and conversions into
# APFloat runtime calls. The pass rewrites *every* float op that way (and emits invalid
# IR for 64-bit conversions), so it runs only on modules that use 8-bit floats. This is
# the one place that rule lives: every lowering asks `with_apfloat`.
APFLOAT_PASS = "--convert-arith-to-apfloat"
# `xf8E5M2` inside shaped types too (a named op on f8 tensors has no standalone f8 type)
_F8_TYPE = re.compile(r"(?:\b|x)f8E[0-9A-Za-z]+\b")


def module_uses_f8(module: str) -> bool:
    """Whether module text mentions an 8-bit float type anywhere."""
    return _F8_TYPE.search(module) is not None


def op_uses_f8(op: Any) -> bool:
    """Whether an instance computes with an 8-bit float (operands or payload values)."""
    types = [*op.element_types, *(v.type for p in op.region.ops for v in (*p.operands, p.result))]
    return any(getattr(t, "is_float", False) and t.width == 8 for t in types)


def with_apfloat(passes: Sequence[str], f8: bool) -> tuple[str, ...]:
    """`passes` with the APFloat conversion before `--convert-arith-to-llvm` when `f8`."""
    passes = tuple(passes)
    if not f8 or "--convert-arith-to-llvm" not in passes:
        return passes
    i = passes.index("--convert-arith-to-llvm")
    return (*passes[:i], APFLOAT_PASS, *passes[i:])


class Style(enum.Enum):
    """How the runner prints outputs: bit patterns (compared) or values (read by people)."""

    BITS = "bits"
    VALUES = "values"


PRINT_DECLS = {
    Style.BITS: (
        "  func.func private @printI64(i64)\n"
        "  func.func private @printComma()\n"
        "  func.func private @printNewline()\n"
    ),
    Style.VALUES: (
        "  func.func private @printI64(i64)\n"
        "  func.func private @printF32(f32)\n"
        "  func.func private @printF64(f64)\n"
        "  func.func private @printOpen()\n"
        "  func.func private @printClose()\n"
        "  func.func private @printComma()\n"
        "  func.func private @printNewline()\n"
    ),
}


@dataclass(frozen=True)
class Apply:
    """One op applied to slots: `operands[i]` is the slot of value operand `i`
    (declaration order). `kernel_op` is what the kernel prints (the same op, or its
    dynamic-size instance); `dialect` spells the named form (a gen-dialect plugin's)."""

    op: Any
    kernel_op: Any
    form: Form
    operands: tuple[int, ...]
    dialect: str | None = None


@dataclass(frozen=True)
class Program:
    """Ops applied in order to data slots (`values`: each slot's initial value). A slot an
    op writes is an *output slot*; later ops reading it see that result. `kind` forces
    tensor/memref operands (default: the instances' own). `results` limits which output
    slots the kernel returns and the runner prints (default: all; an intermediate left out
    is one a fusion pass may remove)."""

    applies: tuple[Apply, ...]
    values: tuple[Any, ...]
    kind: str | None = None
    label: str = ""
    results: tuple[int, ...] | None = None

    @classmethod
    def single(
        cls,
        op: Any,
        values: Sequence[Any],
        form: Form | str = Form.NAMED,
        *,
        kernel_op: Any = None,
        dialect: str | None = None,
        kind: str | None = None,
        label: str = "",
    ) -> Program:
        """The trivial program: one op, one slot per value operand."""
        n = len(op.value_operands)
        apply = Apply(op, kernel_op or op, Form(form), tuple(range(n)), dialect)
        return cls((apply,), tuple(values), kind, label)

    def __post_init__(self) -> None:
        kinds = set()
        for a in self.applies:
            if len(a.operands) != len(a.op.value_operands):
                raise ValueError(f"{a.op.OP_NAME}: {len(a.operands)} slots for {len(a.op.value_operands)} operands")  # fmt: skip
            if len(set(a.operands)) != len(a.operands):
                raise ValueError(f"{a.op.OP_NAME} uses one slot twice (operands would alias)")
            if any(not 0 <= k < len(self.values) for k in a.operands):
                raise ValueError(f"{a.op.OP_NAME} names a slot out of range")
            kinds |= {s.kind for s in operand_signature(a.op, self.kind)} - {None}
        if len(kinds) > 1:
            raise ValueError("a program's ops must all take tensors or all take memrefs")
        if self.results is not None and not set(self.results) <= set(self._written()):
            raise ValueError(f"results {self.results} name slots no op writes")

    def sigs(self) -> tuple[list[OperandSig], list[OperandSig]]:
        """(static, kernel) type of every slot, from the first op using it."""
        static: dict[int, OperandSig] = {}
        kernel: dict[int, OperandSig] = {}
        for a in self.applies:
            s = operand_signature(a.op, self.kind)
            k = operand_signature(a.kernel_op, self.kind)
            for pos, slot in enumerate(a.operands):
                static.setdefault(slot, s[pos])
                kernel.setdefault(slot, k[pos])
        missing = [j for j in range(len(self.values)) if j not in static]
        if missing:
            raise ValueError(f"slot(s) {missing} are used by no op")
        return [static[j] for j in range(len(self.values))], [kernel[j] for j in range(len(self.values))]  # fmt: skip

    def _written(self) -> list[int]:
        written = {
            slot
            for a in self.applies
            for d, slot in zip(a.op.value_operands, a.operands, strict=True)
            if d.kind is OperandKind.OUTPUT_TENSOR
        }
        return sorted(written)

    def output_slots(self) -> list[int]:
        """The slots printed (`results`, else every slot some op writes), in slot order."""
        return sorted(self.results) if self.results is not None else self._written()

    def output_types(self) -> list[ElementType]:
        static, _ = self.sigs()
        return [static[j].element for j in self.output_slots()]

    @property
    def op(self) -> Any:
        """The first op (the only one of a single-op program): what a report names."""
        return self.applies[0].op

    @property
    def tensor(self) -> bool:
        return any(s.kind == "tensor" for s in self.sigs()[0])

    @property
    def uses_f8(self) -> bool:
        return any(op_uses_f8(a.op) for a in self.applies)


def kernel_function(program: Program, name: str) -> str:
    """`func.func @name(slots...) [-> output slots]` holding the program's ops in order."""
    _, ksigs = program.sigs()
    outs = program.output_slots()
    scope = NameScope()
    current = [scope.named(f"arg{j}") for j in range(len(ksigs))]
    params = ", ".join(f"{n}: {s}" for n, s in zip(current, ksigs, strict=True))
    body: list[str] = []
    for a in program.applies:
        sigs = [ksigs[k] for k in a.operands]
        names = [current[k] for k in a.operands]
        lines, results = print_op(
            a.kernel_op, a.form, names, sigs, scope, "    ", dialect=a.dialect or "linalg"
        )
        body += lines
        # results come in MLIR order: the tensor outputs, in declaration order
        written = [k for d, k in zip(a.op.value_operands, a.operands, strict=True) if d.kind is OperandKind.OUTPUT_TENSOR]  # fmt: skip
        for k, r in zip([k for k in written if ksigs[k].kind == "tensor"], results, strict=True):
            current[k] = r
    ret_types = [str(ksigs[k]) for k in outs if ksigs[k].kind == "tensor"]
    head = f"  func.func @{name}({params})"
    if ret_types:
        head += f" -> ({', '.join(ret_types)})" if len(ret_types) > 1 else f" -> {ret_types[0]}"
        ret = f"    return {', '.join(current[k] for k in outs)} : {', '.join(ret_types)}"
    else:
        ret = "    return"
    return "\n".join([head + " {", *body, ret, "  }"]) + "\n"


def _py(value: Any) -> Any:
    """A NumPy scalar as the Python value `format_scalar` wants."""
    if isinstance(value, np.generic):
        if isinstance(value, np.bool_):
            return bool(value)
        if isinstance(value, np.integer):
            return int(value)
        return float(value)
    return value


def runner_lines(
    program: Program,
    kernel: str,
    scope: NameScope,
    *,
    style: Style = Style.BITS,
    global_name: Callable[[int], str] = lambda j: f"g{j}",
) -> tuple[list[str], list[str]]:
    """(module-level globals, body lines) that build the slots' data, call `@kernel` and
    print every output slot. Tensors are constants; memrefs are globals (`global_name`)."""
    static, ksigs = program.sigs()
    outs = set(program.output_slots())
    floats = "bits" if style is Style.BITS else "decimal"
    globals_: list[str] = []
    body: list[str] = []
    args: list[str] = []
    names: dict[int, str] = {}
    for j, (sig, ksig, value) in enumerate(zip(static, ksigs, program.values, strict=True)):
        if sig.kind is None:
            name = scope.named(f"s{j}")
            body.append(f"    {name} = arith.constant {format_scalar(_py(value), sig.element)}")
            args.append(name)
            continue
        lit = dense_literal(value, sig.element, static_shape(sig.shape), floats)
        name = scope.named(f"v{j}")
        if sig.kind == "tensor":
            body.append(f"    {name} = arith.constant {lit} : {sig}")
        else:
            const = "" if j in outs else "constant "
            globals_.append(f'  memref.global "private" {const}@{global_name(j)} : {sig} = {lit}')
            body.append(f"    {name} = memref.get_global @{global_name(j)} : {sig}")
        names[j] = name
        if str(ksig) != str(sig):
            cast = scope.named(f"a{j}")
            body.append(f"    {cast} = {sig.kind}.cast {name} : {sig} to {ksig}")
            name = cast
        args.append(name)
    arg_types = ", ".join(str(s) for s in ksigs)
    out_slots = program.output_slots()
    tensor_outs = [k for k in out_slots if ksigs[k].kind == "tensor"]
    call = f"func.call @{kernel}({', '.join(args)}) : ({arg_types}) -> "
    rtypes = ", ".join(str(ksigs[k]) for k in tensor_outs)
    if tensor_outs:
        res = scope.named("r")
        call += rtypes if len(tensor_outs) == 1 else f"({rtypes})"
        body.append(f"    {res}:{len(tensor_outs)} = {call}")
        for n, k in enumerate(tensor_outs):
            val = f"{res}#{n}"
            if str(ksigs[k]) != str(static[k]):
                cast = scope.named(f"rs{n}")
                body.append(f"    {cast} = tensor.cast {val} : {ksigs[k]} to {static[k]}")
                val = cast
            mem = scope.named(f"m{n}")
            mtype = spell_type("memref", static[k].shape, static[k].element)
            body.append(f"    {mem} = bufferization.to_buffer {val} : {static[k]} to {mtype}")
            names[k] = mem
    else:
        body.append(f"    {call}()")
    for k in out_slots:
        mtype = spell_type("memref", static[k].shape, static[k].element)
        shape = static_shape(static[k].shape)
        if style is Style.BITS:
            body += _print_bits_lines(names[k], mtype, static[k].element, shape, scope)
        else:
            body += _print_value_lines(names[k], mtype, static[k].element, shape, scope)
    return globals_, body


def build_module(
    programs: Sequence[Program],
    prefix: str = "t",
    entry: str = "main",
    *,
    style: Style = Style.BITS,
) -> str:
    """One module running every program in order from `@<entry>`."""
    globals_: list[str] = []
    funcs: list[str] = []
    for i, p in enumerate(programs):
        funcs.append(kernel_function(p, f"{prefix}_k{i}"))
        g, body = runner_lines(
            p, f"{prefix}_k{i}", NameScope(), style=style, global_name=lambda j, i=i: f"{prefix}_g{i}_{j}"  # type: ignore[misc]
        )  # fmt: skip
        globals_ += g
        funcs.append("\n".join([f"  func.func @{prefix}_run{i}() {{", *body, "    return", "  }"]) + "\n")  # fmt: skip
    calls = "".join(f"    func.call @{prefix}_run{i}() : () -> ()\n" for i in range(len(programs)))
    main = f"  func.func @{entry}() {{\n{calls}    return\n  }}\n"
    parts = ["module {\n", *(g + "\n" for g in globals_), PRINT_DECLS[style], *funcs, main, "}\n"]
    return "".join(parts)


def _loops(
    shape: Sequence[int],
    scope: NameScope,
    lines: list[str],
    indent: str,
    before_last: str | None = None,
) -> tuple[list[str], str, str]:
    """Open one `scf.for` per dim (appended to `lines`, `before_last` just outside the
    innermost one); the induction variables, the indent inside and the zero constant."""
    c0, c1 = scope.named("c0"), scope.named("c1")
    lines += [f"{indent}{c0} = arith.constant 0 : index", f"{indent}{c1} = arith.constant 1 : index"]  # fmt: skip
    ivs: list[str] = []
    for pos, d in enumerate(shape):
        if before_last is not None and pos == len(shape) - 1:
            lines.append(f"{indent}{before_last}")
        ub = scope.named(f"c{d}")
        iv = scope.named("i")
        lines.append(f"{indent}{ub} = arith.constant {d} : index")
        lines.append(f"{indent}scf.for {iv} = {c0} to {ub} step {c1} {{")
        ivs.append(iv)
        indent += "  "
    return ivs, indent, c0


def _print_bits_lines(
    mem: str, mtype: str, t: ElementType, shape: Sequence[int], scope: NameScope
) -> list[str]:
    """Loops loading every element of `mem`, printing its bits as i64 followed by a comma;
    one line per output."""
    lines: list[str] = []
    ivs, indent, _ = _loops(shape, scope, lines, "    ")
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


def _print_value(v: str, t: ElementType, scope: NameScope, indent: str) -> list[str]:
    """Lines printing SSA value `v` of type `t` as a number (widened to i64, f32 or f64)."""
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


def _print_value_lines(
    mem: str, mtype: str, t: ElementType, shape: Sequence[int], scope: NameScope
) -> list[str]:
    """Loops printing every element's value, one line `( a, b )` per run of the last dim."""
    lines: list[str] = []
    indent = "    "
    if not shape:
        v = scope.numbered()
        lines.append(f"{indent}func.call @printOpen() : () -> ()")
        lines.append(f"{indent}{v} = memref.load {mem}[] : {mtype}")
        lines += _print_value(v, t, scope, indent)
        lines += [f"{indent}func.call @printClose() : () -> ()", f"{indent}func.call @printNewline() : () -> ()"]  # fmt: skip
        return lines
    ivs, indent, c0 = _loops(shape, scope, lines, indent, "func.call @printOpen() : () -> ()")
    first = scope.numbered()
    lines.append(f"{indent}{first} = arith.cmpi ne, {ivs[-1]}, {c0} : index")
    lines += [f"{indent}scf.if {first} {{", f"{indent}  func.call @printComma() : () -> ()", f"{indent}}}"]  # fmt: skip
    v = scope.numbered()
    lines.append(f"{indent}{v} = memref.load {mem}[{', '.join(ivs)}] : {mtype}")
    lines += _print_value(v, t, scope, indent)
    for pos in reversed(range(len(shape))):
        indent = indent[:-2]
        lines.append(f"{indent}}}")
        if pos == len(shape) - 1:
            lines.append(f"{indent}func.call @printClose() : () -> ()")
            lines.append(f"{indent}func.call @printNewline() : () -> ()")
    return lines


def parse_bits(stdout: str, programs: Sequence[Program], start: int = 0) -> list[list[np.ndarray]]:
    """Per program, per output slot, the flat uint64 bit patterns a BITS module printed
    from line `start` on; ValueError when the output ends early."""
    lines = stdout.splitlines()
    pos = start
    results: list[list[np.ndarray]] = []
    for p in programs:
        outs: list[np.ndarray] = []
        for t in p.output_types():
            if pos >= len(lines):
                raise ValueError("the runner's output ended early")
            fields = [f for f in lines[pos].split(",") if f.strip()]
            pos += 1
            mask = (1 << 64) - 1 if t.width == 64 else (1 << max(t.width, 1)) - 1
            outs.append(np.array([int(f) & mask for f in fields], dtype=np.uint64))
        results.append(outs)
    return results


def run_program(program: Program, backend: str = "loops") -> list[Any]:
    """Every slot's final value when our runtime runs the ops in order on copies of the data."""
    slots = [v.copy() if isinstance(v, np.ndarray) else v for v in program.values]
    for a in program.applies:
        values = [slots[k].copy() if isinstance(slots[k], np.ndarray) else slots[k] for k in a.operands]  # fmt: skip
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            a.op.run(values, backend=backend)
        for d, k, v in zip(a.op.value_operands, a.operands, values, strict=True):
            if d.kind is OperandKind.OUTPUT_TENSOR:
                slots[k] = v
    return slots


def expected_bits(program: Program, backend: str = "loops") -> list[np.ndarray]:
    """Our runtime's result for each output slot, as `parse_bits` reads MLIR's."""
    slots = run_program(program, backend)
    types = program.output_types()
    return [to_bits(slots[k], t).reshape(-1) for k, t in zip(program.output_slots(), types, strict=True)]  # fmt: skip


# -- the conformance table's batches: one module, MLIR 22's own lowering, one JIT run --


@dataclass(frozen=True)
class ExecCase:
    """One op instance with concrete operands (value operands, declaration order)."""

    label: str
    op: Any
    operands: tuple[Any, ...]
    form: Form = Form.NAMED

    def program(self) -> Program:
        return Program.single(self.op, self.operands, self.form, kind="memref", label=self.label)


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


def lowering_passes(module: str) -> tuple[str, ...]:
    """`LOWERING_PASSES`, with the APFloat conversion when the module uses 8-bit floats."""
    return with_apfloat(LOWERING_PASSES, module_uses_f8(module))


def lower(module: str, *, timeout: float = 300.0, plugin: str | None = None) -> str:
    """The module lowered to the LLVM dialect, ready for `mlir-runner-22` (`plugin`: a
    dialect plugin `mlir-opt-22` loads first, for modules using its ops)."""
    extra = (f"--load-dialect-plugin={plugin}",) if plugin else ()
    out = mlir_opt(module, *extra, *lowering_passes(module), timeout=timeout).stdout
    return FASTMATH_ATTR.sub("", out)


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
    programs = [c.program() for c in cases]
    f8 = [p.uses_f8 for p in programs]
    if any(f8) and not all(f8):  # lowered apart: the APFloat pass must not see the others
        parts = {
            flag: iter(run_cases([c for c, u in zip(cases, f8, strict=True) if u == flag],
                                 timeout=timeout, plugin=plugin, rewrite=rewrite))
            for flag in (True, False)
        }  # fmt: skip
        return [next(parts[u]) for u in f8]
    module = build_module(programs, "case")
    if rewrite is not None:
        module = rewrite(module)
    stdout = mlir_runner(lower(module, timeout=timeout, plugin=plugin), timeout=timeout).stdout
    try:
        return parse_bits(stdout, programs)
    except ValueError:
        raise RuntimeError("mlir-runner output ended before the last case") from None


def output_bits(op: Any, operands: Sequence[Any]) -> list[np.ndarray]:
    """Flat uint64 bit patterns of the output operands (after running), in declaration order."""
    return [
        to_bits(np.asarray(v), t).reshape(-1)
        for odef, t, v in zip(op.value_operands, op.element_types, operands, strict=True)
        if odef.kind is OperandKind.OUTPUT_TENSOR
    ]


__all__ = [
    "APFLOAT_PASS",
    "FASTMATH_ATTR",
    "LOWERING_PASSES",
    "PRINT_DECLS",
    "Apply",
    "ExecCase",
    "Program",
    "Style",
    "build_module",
    "expected_bits",
    "kernel_function",
    "lower",
    "lowering_passes",
    "module_uses_f8",
    "op_uses_f8",
    "output_bits",
    "parse_bits",
    "run_cases",
    "run_program",
    "runner_lines",
    "to_bits",
    "with_apfloat",
]
