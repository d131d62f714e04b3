"""The collector every semantic check writes to, and the YAML paths it positions by.

A check reports each defect through `Checker.report`, which positions it in the
source document and says whether the rule is ours or the format's (upstream's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from linalg_odsgen.diagnostics import Diagnostic, Severity, SourcePos
from linalg_odsgen.model import OpConfig
from linalg_odsgen.yaml_io.loader import NodePath, format_path

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument


# YAML paths of model parts.
ARGS: NodePath = ("structured_op", "args")
MAPS: NodePath = ("structured_op", "indexing_maps", "static_indexing_maps")
ITERATORS: NodePath = ("structured_op", "iterator_types")
ASSIGNMENTS: NodePath = ("structured_op", "assignments")


# What a finding upstream accepts breaks (said in gen-ods's warning).
BREAKS_RUNTIME = "gen-impl and the runtime refuse the op"
BREAKS_MLIR = "MLIR will refuse or misbuild instances of the op"
BREAKS_CPP = "the generated C++ will not compile"


def arg_path(i: int, *rest: str | int) -> NodePath:
    """The YAML path of operand `i` (and of a key below it)."""
    return (*ARGS, i, *rest)


#: Appended to a runtime rule's error in `validate`: the rule is ours, not the format's.
UPSTREAM_ACCEPTS = "mlir-linalg-ods-yaml-gen accepts this"


@dataclass
class Checker:
    """Collects the diagnostics of one op; knows how to position a YAML path.

    `as_upstream` is how `gen-ods` reads: a rule that protects our runtime but that
    `mlir-linalg-ods-yaml-gen` does not enforce (`runtime_rule=...`) gives a
    warning there, naming what the finding breaks, instead of an error.
    """

    op: OpConfig
    doc: LoadedDocument | None
    diags: list[Diagnostic] = field(default_factory=list)
    as_upstream: bool = False

    def pos(self, path: NodePath, *, key: bool = False) -> SourcePos | None:
        if self.doc is None:
            return None
        return self.doc.key_pos(path) if key else self.doc.pos(path)

    def report(
        self,
        path: NodePath,
        message: str,
        *,
        key: bool = False,
        severity: Severity = Severity.ERROR,
        runtime_rule: str | None = None,
    ) -> None:
        """One finding; `runtime_rule` (what the finding breaks) marks a rule upstream lacks."""
        if runtime_rule is not None and severity is Severity.ERROR:
            if self.as_upstream:
                severity = Severity.WARNING
                message = (
                    f"{message} ({UPSTREAM_ACCEPTS}: written as upstream writes it; {runtime_rule})"
                )
            else:
                message = f"{message} ({UPSTREAM_ACCEPTS})"
        self.diags.append(
            Diagnostic.at(
                self.pos(path, key=key),
                message,
                severity=severity,
                op=self.op.name,
                path=format_path(path),
                file=self.doc.file if self.doc is not None else "<input>",
            )
        )

    def warn(self, path: NodePath, message: str) -> None:
        self.report(path, message, severity=Severity.WARNING)

    def line_of(self, path: NodePath) -> str:
        """` (first at line N)` when positions are known, for 'duplicate' messages."""
        if self.doc is None:
            return ""
        return f" (first at line {self.doc.pos(path).line})"
