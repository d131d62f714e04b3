"""The pipeline tester's view of the one execution harness (`mlir.execution`): a case is a
`Program` (one op, or ops joined producer to consumer), built into a module whose kernels
a pipeline transforms and whose runners print every output slot's bits.

The whole module goes through the pipeline, so a reproducer's `input.mlir` is exactly
what was tested. What is added here is only what the tester needs around it: cutting a
pipelined module's body out and merging bodies under one `@main` (one lowering and one
JIT run for a batch and its baseline).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from linalg_odsgen.mlir.execution import (
    PRINT_DECLS,
    Apply,
    Program,
    Style,
    build_module,
    expected_bits,
    parse_bits,
)

# A case of the tester: a program (the trivial one for a single op).
Entry = Program

_DECL_LINE = re.compile(r"^\s*func\.func private @print(?:I64|Comma|Newline)\(.*\n", re.M)
_MODULE_HEAD = re.compile(r"^module(?: attributes \{.*\})? \{\n", re.M)


def num_output_lines(entry: Program) -> int:
    return len(entry.output_slots())


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
    return "module {\n" + PRINT_DECLS[Style.BITS] + "".join(bodies) + main + "}\n"


def parse_lines(stdout: str, entries: Sequence[Program], start: int = 0) -> list[list[np.ndarray]]:
    """Per entry, per output slot, the flat uint64 bit patterns printed from line `start` on."""
    return parse_bits(stdout, entries, start)


__all__ = [
    "Apply",
    "Entry",
    "Program",
    "build_module",
    "expected_bits",
    "merge_modules",
    "module_body",
    "num_output_lines",
    "parse_lines",
]
