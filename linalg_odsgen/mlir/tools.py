"""Running the MLIR 22 command-line tools as black-box oracles (found on PATH, bounded by timeouts).

Only tests, the conformance script and users call these; the printer never
needs MLIR installed.
"""

from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

MLIR_OPT = "mlir-opt-22"
MLIR_RUNNER = "mlir-runner-22"
RUNNER_LIB_DIR = "/usr/lib/llvm-22/lib"
_RUNNER_LIB_NAMES = ("libmlir_runner_utils", "libmlir_c_runner_utils", "libmlir_apfloat_wrappers")


def runner_libs() -> tuple[str, ...] | None:
    """Paths of the runner-utils libraries (`.so` or, as Debian ships them, `.so.22.1`)."""
    found: list[str] = []
    for lib in _RUNNER_LIB_NAMES:
        candidates = sorted(glob.glob(os.path.join(RUNNER_LIB_DIR, f"{lib}.so*")), key=len)
        if not candidates:
            return None
        found.append(candidates[0])
    return tuple(found)


class ToolError(RuntimeError):
    """An MLIR tool failed (non-zero exit or timeout); carries its stderr for the report."""

    def __init__(self, tool: str, args: Sequence[str], returncode: int | None, stderr: str) -> None:
        self.tool = tool
        self.args = tuple(args)
        self.returncode = returncode
        self.stderr = stderr
        status = "timed out" if returncode is None else f"exited with {returncode}"
        super().__init__(f"{tool} {' '.join(args)} {status}:\n{stderr}")


def tool_path(tool: str) -> str | None:
    """The executable that runs `tool` (PATH's), or None. pip's IREE wheels put `iree-opt`
    and `iree-compile` on PATH as Python wrappers (half a second of startup per call, in a
    campaign of thousands); IREE's own `find_tool` names the binary they start."""
    if tool in ("iree-opt", "iree-compile"):
        binary = _iree_binary(tool)
        if binary is not None:
            return binary
    return shutil.which(tool)


@functools.cache
def _iree_binary(tool: str) -> str | None:
    try:
        from iree.compiler.tools.binaries import find_tool

        return os.path.realpath(find_tool(tool))
    except Exception:  # no IREE package, or one laid out otherwise: PATH decides
        return None


def have_tool(name: str = MLIR_OPT) -> bool:
    return tool_path(name) is not None


def have_runner() -> bool:
    return have_tool(MLIR_RUNNER) and runner_libs() is not None


@dataclass(frozen=True)
class ToolResult:
    returncode: int
    stdout: str
    stderr: str


def run_tool(
    tool: str, args: Sequence[str], stdin: str, *, timeout: float = 120.0, check: bool = True
) -> ToolResult:
    """Run `tool args` with `stdin` as input; raises ToolError on failure when `check`."""
    path = tool_path(tool)
    if path is None:
        raise ToolError(tool, args, -1, f"{tool} not found on PATH")
    try:
        proc = subprocess.run(
            [path, *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        err = exc.stderr.decode() if isinstance(exc.stderr, bytes) else (exc.stderr or "")
        raise ToolError(tool, args, None, err) from None
    if check and proc.returncode != 0:
        raise ToolError(tool, args, proc.returncode, proc.stderr)
    return ToolResult(proc.returncode, proc.stdout, proc.stderr)


def mlir_opt(module: str, *passes: str, timeout: float = 120.0, check: bool = True) -> ToolResult:
    """`mlir-opt-22 PASSES -` on `module`; attributes are printed inline (no `#map` aliases)."""
    return run_tool(
        MLIR_OPT, [*passes, "--mlir-print-local-scope", "-"], module, timeout=timeout, check=check
    )


def mlir_runner(module: str, *, entry: str = "main", timeout: float = 120.0) -> ToolResult:
    """JIT-run `entry` (returning void) of an LLVM-dialect module with the runner-utils libraries."""
    libs = runner_libs()
    if libs is None:
        raise ToolError(
            MLIR_RUNNER, [], -1, f"runner-utils libraries not found in {RUNNER_LIB_DIR}"
        )
    args = [
        "-e",
        entry,
        "-entry-point-result=void",
        "-O0",  # JIT compile time dominates; optimisation cannot change IEEE results here
        f"-shared-libs={','.join(libs)}",
        "-",
    ]
    return run_tool(MLIR_RUNNER, args, module, timeout=timeout)


__all__ = [
    "MLIR_OPT",
    "MLIR_RUNNER",
    "ToolError",
    "ToolResult",
    "have_runner",
    "have_tool",
    "mlir_opt",
    "mlir_runner",
    "run_tool",
    "runner_libs",
]
