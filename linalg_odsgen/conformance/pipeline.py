"""The user's pipeline and the standard lowering, run as black-box tools, with what
happened classified.

A pipeline is mlir-opt flags and/or a transform-dialect script (applied with
`--transform-interpreter`, the script preloaded as a library), run by
`mlir-opt-22` or by another executable taking its arguments (a wrapper script
that injects a fault, a tool with extra passes). Its output is lowered with
one fixed pipeline (one-shot bufferization, loops, the standard conversions to
the LLVM dialect) and JIT-run by `mlir-runner-22`.
"""

from __future__ import annotations

import bisect
import enum
import functools
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from linalg_odsgen.mlir.execution import FASTMATH_ATTR, module_uses_f8, with_apfloat
from linalg_odsgen.mlir.tools import (
    MLIR_OPT,
    MLIR_RUNNER,
    ToolError,
    mlir_runner,
    run_tool,
    runner_libs,
)

# Lowering of what a pipeline leaves (linalg on tensors or buffers, scf loops and
# foralls, tensor slices, vectors, affine) to the LLVM dialect.
LOWERING: tuple[str, ...] = (
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--convert-linalg-to-loops",
    "--scf-forall-to-for",
    "--lower-vector-mask",
    "--lower-vector-multi-reduction",
    "--convert-vector-to-scf",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-math-to-llvm",
    "--math-extend-to-supported-types",
    "--convert-math-to-libm",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-vector-to-llvm",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-ub-to-llvm",
    "--convert-func-to-llvm",
    "--convert-cf-to-llvm",
    "--reconcile-unrealized-casts",
)
_CRASH_MARKS = ("PLEASE submit a bug report", "Stack dump:", "Assertion `", "LLVM ERROR:")


class Kind(str, enum.Enum):
    """What a case came to: the first three are findings."""

    MISCOMPILE = "miscompile"
    CRASH = "crash"
    INVALID_IR = "invalid-ir"
    NOT_APPLICABLE = "not-applicable"
    OK = "ok"
    SKIPPED = "skipped"  # MLIR's own lowering disagrees with us without the pipeline

    @property
    def is_finding(self) -> bool:
        return self in (Kind.MISCOMPILE, Kind.CRASH, Kind.INVALID_IR)


@dataclass(frozen=True)
class Pipeline:
    """mlir-opt flags, a transform script (applied first), an optional dialect plugin, and
    the executable that runs them."""

    flags: tuple[str, ...] = ()
    transform: str | None = None
    plugin: str | None = None
    opt: str = MLIR_OPT
    target: str = "mlir"  # "mlir": lowered and run by MLIR 22; "iree": compiled by iree-compile
    iree_flags: tuple[str, ...] = ()

    @classmethod
    def parse(
        cls,
        flags: str | Sequence[str] = (),
        transform: str | None = None,
        plugin: str | None = None,
        opt: str | None = None,
        *,
        target: str = "mlir",
        iree_flags: str | Sequence[str] = (),
    ) -> Pipeline:
        words = tuple(shlex.split(flags)) if isinstance(flags, str) else tuple(flags)
        extra = tuple(shlex.split(iree_flags)) if isinstance(iree_flags, str) else tuple(iree_flags)
        return cls(words, transform, plugin, opt or MLIR_OPT, target, extra)

    @property
    def version(self) -> str:
        """`TOOL --version`'s LLVM line (recorded with every finding)."""
        return tool_version(self.opt)

    @property
    def cross_version(self) -> bool:
        """Whether the opt tool is another MLIR version than the lowering's (MLIR 22): then
        only version-neutral text crosses (generic op form, element-wise literals) and its
        output is read back by `mlir-opt-22` before lowering (`import_module`)."""
        return self.opt != MLIR_OPT and "version 22." not in self.version

    def print_args(self) -> list[str]:
        """How the tool prints its output: generic op form for another version."""
        return list(CROSS_VERSION_PRINT) if self.cross_version else []

    def baseline(self) -> Pipeline:
        """The same tool with an empty pipeline: what findings are measured against."""
        return Pipeline((), None, self.plugin, self.opt, self.target, self.iree_flags)

    def plugin_args(self) -> list[str]:
        return [f"--load-dialect-plugin={self.plugin}"] if self.plugin else []

    def args(self) -> list[str]:
        out = self.plugin_args()
        if self.transform:
            out += [
                f"--transform-preload-library=transform-library-paths={self.transform}",
                "--transform-interpreter",
            ]
        return out + list(self.flags)

    def describe(self) -> str:
        if self.target == "iree":
            return "iree-compile (llvm-cpu, host)" + (f" {shlex.join(self.iree_flags)}" if self.iree_flags else "")  # fmt: skip
        parts = [shlex.join(self.flags)] if self.flags else []
        if self.transform:
            parts.insert(0, f"transform {self.transform}")
        return " + ".join(parts) or "(lowering only)"


@dataclass(frozen=True)
class Step:
    """A tool run: ok, or failed as a crash (signal, assertion, timeout) or an error."""

    ok: bool
    crash: bool
    stdout: str
    stderr: str

    @property
    def message(self) -> str:
        return first_error(self.stderr)


_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (.*)$")


def _frame_name(text: str) -> str:
    """`mlir::Foo::bar(args) (/path/libMLIR.so+0x12)` -> `mlir::Foo::bar`; unnamed frames
    keep their library and offset."""
    m = _FRAME_TEXT.match(text)
    if m is None:
        return text
    name, where = m.group(1), m.group(2)
    return name.split("(")[0] if name else where


_FRAME_TEXT = re.compile(r"^(?:(.*?)\s+)?\((?:\S*/)?([^/()]+\+0x[0-9a-f]+)\)$")


def crash_site(stderr: str) -> str:
    """Where a tool crashed: the assertion or LLVM error when there is one, else the first
    frames below the signal handlers (the same bug crashes at the same place)."""
    for line in stderr.splitlines():
        if "Assertion `" in line or "LLVM ERROR:" in line:
            return line.strip()
    frames = [m.group(1) for m in map(_FRAME.match, stderr.splitlines()) if m]
    # the signal handlers run first, then the C library's trampoline, then the crash site
    libc = [i for i, f in enumerate(frames[:8]) if "libc.so" in f]
    if libc:
        frames = frames[libc[0] + 1 :]
    frames = [f for f in frames if "llvm::sys::" not in f]
    return " | ".join(_frame_name(f) for f in frames[:3])


def first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    site = crash_site(stderr)
    if site:
        return "crashed in " + site
    lines = [x for x in stderr.strip().splitlines() if x.strip()]
    return lines[0].strip() if lines else "failed"


# What another MLIR version's tool prints so that MLIR 22 reads it the same: the generic op
# form (no custom syntax that changed between versions) and dense literals element by
# element (how the hex form packs i1 differs between versions).
CROSS_VERSION_PRINT = (
    "--mlir-print-op-generic",
    "--mlir-print-elementsattrs-with-hex-if-larger=-1",
)


@functools.lru_cache(maxsize=8)
def tool_version(tool: str) -> str:
    """The `LLVM version ...` line of `tool --version` ("unknown" when it prints none)."""
    try:
        res = run_tool(tool, ["--version"], "", timeout=30, check=False)
    except ToolError:
        return "unknown"
    for line in (res.stdout + res.stderr).splitlines():
        if "version" in line.lower():
            return line.strip()
    return "unknown"


def _run(tool: str, args: Sequence[str], text: str, timeout: float) -> Step:
    try:
        res = run_tool(tool, [*args, "--mlir-print-local-scope", "-"], text, timeout=timeout, check=False)  # fmt: skip
    except ToolError as exc:  # timeout or missing tool
        if exc.returncode is None:
            return Step(False, True, "", f"timed out after {timeout:g} s\n{exc.stderr}")
        raise
    crash = res.returncode < 0 or res.returncode > 1 or any(m in res.stderr for m in _CRASH_MARKS)
    return Step(res.returncode == 0 and not crash, crash, res.stdout, res.stderr)


def apply(pipeline: Pipeline, module: str, *, timeout: float = 60.0, verify: bool = True) -> Step:
    """The pipeline on a module (`verify=False`: without the verifier between passes)."""
    extra = [] if verify else ["--verify-each=false"]
    return _run(pipeline.opt, [*pipeline.args(), *extra, *pipeline.print_args()], module, timeout)


def import_module(pipeline: Pipeline, text: str, *, timeout: float = 60.0) -> Step:
    """Another version's output read (and reprinted in custom form) by `mlir-opt-22`; a
    failure is a format difference between versions, never the pipeline's fault."""
    return _run(MLIR_OPT, pipeline.plugin_args(), text, timeout)


def apply_split(pipeline: Pipeline, modules: Sequence[str], *, timeout: float = 60.0) -> Step:
    """The pipeline on several modules in one run (`--split-input-file`), each on its own."""
    args = [*pipeline.args(), "--split-input-file", *pipeline.print_args()]
    return _run(pipeline.opt, args, SPLIT.join(modules), timeout)


SPLIT = "// -----\n"
_STDIN_LINE = re.compile(r"<stdin>:(\d+):\d+:")


def failing_modules(step: Step, modules: Sequence[str]) -> set[int] | None:
    """Which of the modules `apply_split` ran have diagnostics (by their line numbers);
    None when that cannot be told (a crash, or errors without a position in the input)."""
    if step.crash:
        return None
    starts: list[int] = []
    line = 1
    for m in modules:
        starts.append(line)
        line += m.count("\n") + 1  # the separator line
    failing: set[int] = set()
    for hit in _STDIN_LINE.finditer(step.stderr):
        failing.add(bisect.bisect_right(starts, int(hit.group(1))) - 1)
    return failing or None


def verify(pipeline: Pipeline, module: str, *, timeout: float = 60.0) -> Step:
    """Parse and verify a module with `mlir-opt-22` (plugin loaded), no passes."""
    return _run(MLIR_OPT, pipeline.plugin_args(), module, timeout)


def lowering(module: str) -> tuple[str, ...]:
    """`LOWERING`, with the APFloat conversion of 8-bit floats when the module uses them."""
    return with_apfloat(LOWERING, module_uses_f8(module))


def lower(pipeline: Pipeline, module: str, *, timeout: float = 120.0) -> Step:
    step = _run(MLIR_OPT, [*pipeline.plugin_args(), *lowering(module)], module, timeout)
    if step.ok:
        return Step(True, False, FASTMATH_ATTR.sub("", step.stdout), step.stderr)
    return step


def execute(llvm_module: str, *, timeout: float = 120.0) -> Step:
    """JIT-run `@main` of a lowered module."""
    try:
        res = mlir_runner(llvm_module, timeout=timeout)
    except ToolError as exc:
        rc = exc.returncode
        crash = rc is None or rc < 0 or rc > 1 or any(m in exc.stderr for m in _CRASH_MARKS)
        msg = exc.stderr if rc is not None else f"timed out after {timeout:g} s\n{exc.stderr}"
        return Step(False, crash, "", msg)
    return Step(True, False, res.stdout, res.stderr)


def reproduce_script(pipe: Pipeline, transform_file: str | None = "transform.mlir") -> str:
    """`reproduce.sh` of a finding: the pipeline with the tool it was found with (its
    version in a comment), MLIR 22 reading it back when that is another version, then
    the standard lowering and the JIT runner."""
    args = [pipe.opt, *pipe.plugin_args()]
    if pipe.transform and transform_file:
        args += [
            f"--transform-preload-library=transform-library-paths={transform_file}",
            "--transform-interpreter",
        ]
    args += [*pipe.flags, *pipe.print_args()]
    libs = ",".join(runner_libs() or ())
    runner = [MLIR_RUNNER, "-e", "main", "-entry-point-result=void", "-O0", f"-shared-libs={libs}"]
    read_back = ""
    if pipe.cross_version:
        imp = [MLIR_OPT, *pipe.plugin_args(), "after-pipeline.mlir"]
        read_back = f"{shlex.join(imp)} > after-pipeline.mlir22 && mv after-pipeline.mlir22 after-pipeline.mlir || exit 1\n"  # fmt: skip
    return (
        "#!/bin/sh\n"
        f"# Found with {pipe.opt}: {pipe.version}\n"
        "# The pipeline under test, then the standard lowering and the JIT runner.\n"
        "# Compare the printed lines with expected.txt (bits, one line per output).\n"
        'cd "$(dirname "$0")"\n'
        f"{shlex.join(args)} input.mlir > after-pipeline.mlir || exit 1\n"
        f"{read_back}"
        f"{lowering_command(pipe.plugin)} after-pipeline.mlir | {shlex.join(runner)}\n"
    )


def lowering_command(plugin: str | None = None) -> str:
    """The lowering as a shell command line (for reproducers)."""
    args = [MLIR_OPT, *([f"--load-dialect-plugin={plugin}"] if plugin else []), *LOWERING]
    return shlex.join(args)


__all__ = [
    "CROSS_VERSION_PRINT",
    "LOWERING",
    "Kind",
    "Pipeline",
    "Step",
    "apply",
    "crash_site",
    "execute",
    "first_error",
    "import_module",
    "lower",
    "lowering",
    "lowering_command",
    "reproduce_script",
    "tool_version",
    "verify",
]
