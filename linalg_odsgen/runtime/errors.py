"""The runtime's user-facing error: a misuse of one op instance (wrong operands, attributes,
shapes or types), reported with the op's name and, when known, the offending operand."""

from __future__ import annotations

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


class OpError(DiagnosticError):
    """`matmul: operand 'B' dim 0 has size 4 but ...` — raised before anything runs."""

    def __init__(self, op_name: str, message: str, operand: str | None = None) -> None:
        self.op_name = op_name
        self.operand = operand
        self.message = message
        super().__init__(Diagnostic(message, file="<runtime>", op=op_name, path=operand))

    def __str__(self) -> str:
        return f"{self.op_name}: {self.message}"


def count(n: int, noun: str) -> str:
    """`1 integer`, `2 integers`: a number with its noun in agreement (`noun` is singular)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def a_type(t: object) -> str:
    """An element type with its article as spoken: `an i32`, `an f16`, `an index`, `a bf16`."""
    name = str(t)
    return f"a {name}" if name[:1] not in ("i", "f", "e", "a", "o", "u") else f"an {name}"
