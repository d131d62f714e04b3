"""IREE as a target: a batch of cases' kernels (tensors in, tensors out) compiled into one
module by `iree-compile` for the host CPU and run in-process by `iree.runtime`.

Only the kernels go to IREE (the runners that print bits are MLIR 22's business): each
case's kernel becomes one exported function `@k<i>`, the runtime calls it on the case's
NumPy data and the returned tensors are compared with our loops backend by the usual
rules. A compile failure is classified on the lone kernel: `crash` when iree-compile
dies or asserts, `invalid-ir` when it reports a verifier failure, `not-applicable` when
it refuses cleanly (or IREE's MLIR does not read the kernel at all).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from linalg_odsgen.conformance.pipeline import crash_site
from linalg_odsgen.mlir.execution import Program, kernel_function, to_bits
from linalg_odsgen.mlir.tools import tool_path

IREE_COMPILE = "iree-compile"
IREE_OPT = "iree-opt"
IREE_RUN = "iree-run-module"
# The host CPU through IREE's llvm-cpu backend; the user's --iree-flags come after.
COMPILE_FLAGS: tuple[str, ...] = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)
_CRASH_MARKS = ("PLEASE submit a bug report", "Stack dump:", "Assertion `", "LLVM ERROR:")
_VERIFIER = re.compile(r"failed to verify|verification failed|verifier|op verification", re.I)


# A crashing iree-compile symbolizes its stack with llvm-symbolizer, which takes minutes
# on a busy machine; frames as library+offset name the crash site just as well.
_QUICK_CRASH = {**os.environ, "LLVM_DISABLE_SYMBOLIZATION": "1"}


def _exe(tool: str) -> str:
    """The binary behind pip's wrapper script where IREE's package names it (see tool_path)."""
    return tool_path(tool) or tool


def have_iree() -> bool:
    """iree-compile on PATH and the `iree.runtime` Python package importable."""
    if tool_path(IREE_COMPILE) is None:
        return False
    try:
        import iree.runtime  # noqa: F401
    except ImportError:
        return False
    return True


def demotes_f64(flags: Sequence[str]) -> bool:
    """Whether iree-compile turns f64 into f32 (its default): f64 kernels then compute
    another type than the op, so they are not compared."""
    return "--iree-input-demote-f64-to-f32=false" not in flags


def uses_f64(program: Program) -> bool:
    """Whether any operand or payload value of the program is f64."""
    static, _ = program.sigs()
    if any(s.element.is_float and s.element.width == 64 for s in static):
        return True
    return any(
        getattr(v.type, "is_float", False) and v.type.width == 64
        for a in program.applies
        for p in a.op.region.ops
        for v in (*p.operands, p.result)
    )


def kernel_name(i: int) -> str:
    return f"k{i}"


def kernel_module(programs: Sequence[Program]) -> str:
    """One module exporting every program's kernel as `@k<i>` (nothing else)."""
    funcs = [kernel_function(p, kernel_name(i)) for i, p in enumerate(programs)]
    return "module {\n" + "".join(funcs) + "}\n"


@dataclass(frozen=True)
class Compiled:
    """What iree-compile did: the module's bytes, or why not (crash: signal, assertion,
    timeout)."""

    ok: bool
    crash: bool
    vmfb: bytes
    stderr: str


def compile_module(
    module: str, flags: Sequence[str] = (), *, timeout: float = 300.0, symbolize: bool = False
) -> Compiled:
    """`iree-compile` of module text for the host CPU with the user's `flags` appended
    (`symbolize`: a crash's stack with function names, slow)."""
    with tempfile.TemporaryDirectory(prefix="iree-") as tmp:
        src = os.path.join(tmp, "kernels.mlir")
        out = os.path.join(tmp, "kernels.vmfb")
        with open(src, "w") as fh:
            fh.write(module)
        cmd = [_exe(IREE_COMPILE), src, *COMPILE_FLAGS, *flags, "-o", out]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False, env=None if symbolize else _QUICK_CRASH)  # fmt: skip
        except subprocess.TimeoutExpired:
            return Compiled(False, True, b"", f"iree-compile timed out after {timeout:g} s")
        crash = proc.returncode < 0 or proc.returncode > 1
        crash = crash or any(m in proc.stderr for m in _CRASH_MARKS)
        if proc.returncode != 0 or crash:
            return Compiled(False, crash, b"", proc.stderr)
        with open(out, "rb") as fh:
            return Compiled(True, False, fh.read(), proc.stderr)


def reads_kernel(module: str, *, timeout: float = 60.0) -> tuple[bool, str]:
    """Whether IREE's own MLIR parses and verifies the kernel (no passes), and its errors."""
    try:
        proc = subprocess.run(
            [_exe(IREE_OPT), "-", "-o", os.devnull],
            input=module,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return False, "iree-opt timed out"
    return proc.returncode == 0, proc.stderr


_SPLIT = "// -----\n"
_STDIN_LINE = re.compile(r"<stdin>:(\d+):\d+:")


def unreadable_kernels(programs: Sequence[Program], *, timeout: float = 60.0) -> set[int]:
    """Which programs' kernels IREE's own MLIR does not read (one `iree-opt` run over all of
    them, split): those are refused before compiling, without halving a whole batch."""
    modules = [kernel_module([p]) for p in programs]
    try:
        proc = subprocess.run(
            [_exe(IREE_OPT), "--split-input-file", "-", "-o", os.devnull],
            input=_SPLIT.join(modules),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return set()
    starts: list[int] = []
    line = 1
    for m in modules:
        starts.append(line)
        line += m.count("\n") + 1
    bad: set[int] = set()
    for hit in _STDIN_LINE.finditer(proc.stderr):
        n = int(hit.group(1))
        bad.add(max(i for i, s in enumerate(starts) if s <= n))
    return bad


def classify_failure(
    module: str, compiled: Compiled, flags: Sequence[str] = ()
) -> tuple[str, str, str]:
    """(kind, message, stderr) of a lone kernel iree-compile failed on: crash, invalid-ir or
    not-applicable (kinds as `pipeline.Kind` values). A crash is compiled once more with
    its stack symbolized, so that the same bug gets the same crash site."""
    message = _first_error(compiled.stderr)
    if compiled.crash:
        again = compile_module(module, flags, timeout=240.0, symbolize=True)
        stderr = again.stderr if again.crash and "#0 " in again.stderr else compiled.stderr
        return "crash", "iree-compile crashed: " + _first_error(stderr), stderr
    ok, errors = reads_kernel(module)
    if not ok:
        return "not-applicable", "IREE does not read the kernel: " + _first_error(errors), errors
    if _VERIFIER.search(compiled.stderr):
        return "invalid-ir", "iree-compile: " + message, compiled.stderr
    return "not-applicable", "iree-compile refuses: " + message, compiled.stderr


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    site = crash_site(stderr)
    if site:
        return "in " + site
    lines = [x for x in stderr.strip().splitlines() if x.strip()]
    return lines[0].strip() if lines else "failed"


def _argument(value: Any, sig: Any) -> Any:
    """A slot's value as `iree.runtime` takes it: arrays as they are, scalars as Python
    numbers (a NumPy scalar would be passed as a buffer, not a value)."""
    if sig.kind is None:
        t = sig.element
        if t.is_float and t.width < 32:  # the binding passes a Python float as f32 bits
            return int(to_bits(value, t))
        return float(value) if t.is_float else int(value)
    return np.array(value, order="C")  # a copy, rank 0 kept (ascontiguousarray makes it 1-d)


@dataclass(frozen=True)
class Ran:
    """One kernel's run: per output slot, flat uint64 bits; or why it did not run
    (`unsupported`: the runtime refused the call, e.g. an element type its Python binding
    cannot pass, which is no finding)."""

    bits: list[np.ndarray] | None
    error: str = ""
    unsupported: bool = False


_REFUSALS = (
    "INVALID_ARGUMENT",
    "FAILED_PRECONDITION",
    "UNIMPLEMENTED",
    "not a value type",
    "dtype",
)


def run_kernels(vmfb: bytes, programs: Sequence[Program]) -> list[Ran]:
    """Call every program's kernel of a compiled module on its data, in this process."""
    import iree.runtime as rt

    config = rt.Config("local-task")
    ctx = rt.SystemContext(config=config)
    vm = rt.VmModule.copy_buffer(config.vm_instance, vmfb)
    ctx.add_vm_module(vm)
    module = ctx.modules[vm.name]
    out: list[Ran] = []
    for i, p in enumerate(programs):
        static, _ = p.sigs()
        try:
            args = [_argument(v, s) for v, s in zip(p.values, static, strict=True)]
            res = module[kernel_name(i)](*args)
        except (RuntimeError, TypeError, ValueError) as exc:
            text = str(exc)
            refused = isinstance(exc, TypeError | ValueError) or any(r in text for r in _REFUSALS)
            out.append(Ran(None, text, unsupported=refused))
            continue
        results = list(res) if isinstance(res, tuple | list) else [res]
        types = p.output_types()
        if len(results) != len(types):
            out.append(Ran(None, f"the kernel returned {len(results)} values, expected {len(types)}"))  # fmt: skip
            continue
        bits = [to_bits(np.asarray(r.to_host()), t).reshape(-1) for r, t in zip(results, types, strict=True)]  # fmt: skip
        out.append(Ran(bits))
    return out


# -- reproducers --------------------------------------------------------------------------


def _text_value(x: Any, t: Any) -> str:
    if t.is_float:
        return repr(float(x))
    if t.is_bool:
        return "1" if bool(x) else "0"
    return str(int(x))


def input_flag(value: Any, sig: Any) -> str:
    """`--input=` of one argument as iree-run-module reads it (`2x3xf32=1 2 3 4 5 6`)."""
    t = sig.element
    if sig.kind is None:
        return f"--input={_text_value(value, t)}"
    arr = np.asarray(value)
    dims = "x".join(str(d) for d in arr.shape)
    head = f"{dims}x{t}" if dims else str(t)
    return f"--input={head}=" + " ".join(_text_value(x, t) for x in arr.reshape(-1))


def compile_command(flags: Sequence[str], src: str = "kernel.mlir", out: str = "kernel.vmfb") -> str:  # fmt: skip
    return shlex.join([IREE_COMPILE, src, *COMPILE_FLAGS, *flags, "-o", out])


def run_command(program: Program, vmfb: str = "kernel.vmfb", function: str = "k0") -> str:
    static, _ = program.sigs()
    inputs = [input_flag(v, s) for v, s in zip(program.values, static, strict=True)]
    return shlex.join([IREE_RUN, "--device=local-task", f"--module={vmfb}", f"--function={function}", *inputs])  # fmt: skip


def reproducer_files(program: Program, flags: Sequence[str]) -> dict[str, str]:
    """`kernel.mlir`, `reproduce.sh` (iree-compile, then iree-run-module with the case's
    `--input=` values) and `iree-printed.txt` (what those commands print, run once now) of
    a finding against IREE."""
    script = (
        "#!/bin/sh\n"
        "# IREE's CPU compiler on the kernel, then IREE's runner on the case's data.\n"
        "# Compare what it prints with expected.txt.\n"
        'cd "$(dirname "$0")"\n'
        f"{compile_command(flags)} || exit 1\n"
        f"{run_command(program)}\n"
    )
    kernel = kernel_module([program])
    return {"kernel.mlir": kernel, "reproduce.sh": script, "iree-printed.txt": _printed(kernel, program, flags)}  # fmt: skip


def _printed(kernel: str, program: Program, flags: Sequence[str]) -> str:
    """What iree-compile and iree-run-module print on the kernel (the reproducer's commands)."""
    with tempfile.TemporaryDirectory(prefix="iree-") as tmp:
        with open(os.path.join(tmp, "kernel.mlir"), "w") as fh:
            fh.write(kernel)
        out = []
        for cmd in (compile_command(flags), run_command(program)):
            try:
                proc = subprocess.run(cmd, shell=True, cwd=tmp, capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
            except subprocess.TimeoutExpired:
                out.append(f"$ {cmd}\n(timed out)\n")
                break
            out.append(f"$ {cmd}\n{proc.stdout}{proc.stderr}(exit {proc.returncode})\n")
            if proc.returncode != 0:
                break
        return "".join(out)


def iree_version() -> str:
    """`iree-compile --version`'s IREE line (recorded with findings)."""
    try:
        proc = subprocess.run([_exe(IREE_COMPILE), "--version"], capture_output=True, text=True, timeout=30, check=False)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    lines = [x.strip() for x in (proc.stdout + proc.stderr).splitlines() if x.strip()]
    return " / ".join(lines[:2]) if lines else "unknown"


__all__ = [
    "COMPILE_FLAGS",
    "Compiled",
    "Ran",
    "classify_failure",
    "compile_command",
    "compile_module",
    "demotes_f64",
    "have_iree",
    "input_flag",
    "iree_version",
    "kernel_module",
    "reproducer_files",
    "run_command",
    "run_kernels",
    "unreadable_kernels",
    "uses_f64",
]
