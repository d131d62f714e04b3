"""Reading generated C++ as a compiler does: where user text ends up (code, or inert)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

GXX = shutil.which("g++")
TBLGEN = shutil.which("mlir-tblgen-22")
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
needs_gxx = pytest.mark.skipif(GXX is None, reason="g++ absent")
needs_tblgen = pytest.mark.skipif(
    TBLGEN is None or not (MLIR_INCLUDE / "mlir/IR/OpBase.td").exists(),
    reason="mlir-tblgen-22 or the MLIR 22 .td headers absent",
)


def code_outside_comments(cpp: str) -> str:
    """The C++ text as g++'s preprocessor leaves it: comments gone, line splices and CR
    line breaks applied, directives run (`#include`s dropped, every `#ifdef`'d name
    defined so no part of the file is skipped)."""
    assert GXX is not None
    text = re.sub(r"(?m)^[ \t]*#[ \t]*include\b.*$", "", cpp)
    defines = sorted(set(re.findall(r"(?m)^[ \t]*#[ \t]*if(?:n?def)?[ \t]+(\w+)", text)))
    done = subprocess.run(
        [GXX, "-std=gnu++17", "-E", "-P", "-w", "-x", "c++", *(f"-D{d}" for d in defines), "-"],
        input=text.encode("utf-8", "surrogateescape"),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done.stdout.decode("utf-8", "surrogateescape")


def outside_literals(code: str) -> str:
    """`code` with its string and character literals removed (C++ lexing, no raw strings)."""
    out = []
    i = 0
    while i < len(code):
        ch = code[i]
        if ch in "\"'":
            j = i + 1
            while j < len(code) and code[j] != ch:
                j += 2 if code[j] == "\\" else 1
            out.append(" ")
            i = j + 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def tblgen(td: Path, includes: list[Path], *actions: str, dialect: str) -> dict[str, str]:
    """The C++ mlir-tblgen-22 writes for each action (it must accept the file)."""
    assert TBLGEN is not None
    flags = [f for inc in [*includes, MLIR_INCLUDE] for f in ("-I", str(inc))]
    out = {}
    for action in actions:
        done = subprocess.run(
            [TBLGEN, action, f"-dialect={dialect}", *flags, str(td)],
            capture_output=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
        out[action] = done.stdout.decode("utf-8", "surrogateescape")
    return out


def compiles(cpp: str) -> bool:
    """Whether g++ accepts `cpp` (a self-contained translation unit)."""
    assert GXX is not None
    done = subprocess.run(
        [GXX, "-std=gnu++17", "-fsyntax-only", "-w", "-x", "c++", "-"],
        input=cpp.encode("utf-8", "surrogateescape"),
        capture_output=True,
        timeout=60,
    )
    return done.returncode == 0
