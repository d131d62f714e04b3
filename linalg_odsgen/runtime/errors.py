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
