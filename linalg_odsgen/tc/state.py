"""What lowering one TC def keeps while it runs: its diagnostics, and what every phase reads.

Each phase of the lowering (declarations, indexing, values) is a mixin over this
state, so a phase reads like one idea while they share the def and its findings.
"""

from __future__ import annotations

from dataclasses import dataclass

from linalg_odsgen.diagnostics import Diagnostic, Severity
from linalg_odsgen.tc.intrinsics import ELEMENT_TYPES
from linalg_odsgen.tc.lexer import Pos
from linalg_odsgen.tc.syntax import AttrParam, Def, TensorParam
from linalg_odsgen.tc.walk import accesses_of, leaves

# Element types an attribute may have that no tensor has.
ATTR_ONLY_TYPES = ("bool", "string", "index")


def type_var(elem: str) -> str:
    """The type variable standing for a TC element type name (`f32` -> `T_f32`)."""
    return f"T_{elem}"


@dataclass(frozen=True)
class IndexAttr:
    """An integer attribute usable in index expressions, and how many elements it has."""

    param: AttrParam
    length: int
    scalar: bool  # used bare (`stride`), not indexed (`strides[0]`)


class Failed(Exception):
    """This def has errors already reported; stop lowering it."""


class LoweringState:
    """The def being lowered, its diagnostics and the YAML paths of its parts."""

    def __init__(self, d: Def, file: str) -> None:
        self.d = d
        self.file = file
        self.diags: list[Diagnostic] = []
        self.paths: dict[str, Pos] = {}  # YAML path -> TC position, for validator findings
        # errors that do not stop lowering (so their uses are reported too)
        self.declaration_errors: list[Diagnostic] = []

    # -- reporting -----------------------------------------------------------------------

    def error(self, pos: Pos, message: str) -> None:
        self.diags.append(Diagnostic(message, self.file, pos.line, pos.column, op=self.d.name))

    def warn(self, pos: Pos, message: str) -> None:
        self.diags.append(
            Diagnostic(message, self.file, pos.line, pos.column, Severity.WARNING, op=self.d.name)
        )

    @property
    def failed(self) -> bool:
        return any(x.is_error for x in self.diags)

    def checkpoint(self) -> None:
        if self.failed:
            raise Failed

    def index_names(self) -> set[str]:
        """Every name an index expression of the body mentions (attributes among them)."""
        names: set[str] = set()
        for comp in self.d.comprehensions:
            accesses = [*comp.targets, *(x for v in comp.values for x in accesses_of(v))]
            for access in accesses:
                for idx in access.indices:
                    names.update(leaf.name for leaf in leaves(idx))
        return names

    @staticmethod
    def bad_type(a: AttrParam) -> bool:
        return a.elem_type not in ELEMENT_TYPES and a.elem_type not in ATTR_ONLY_TYPES

    def all_tensors(self) -> tuple[TensorParam, ...]:
        """The def's tensors, inputs first."""
        return (*self.d.inputs, *self.d.outputs)


def choices(params: tuple[TensorParam, ...]) -> str:
    return f"; expected one of: {', '.join(p.name for p in params)}" if params else ""


def attr_choices(attrs: dict[str, IndexAttr]) -> str:
    return f"; expected one of: {', '.join(attrs)}" if attrs else " (the def has no attr(...))"
