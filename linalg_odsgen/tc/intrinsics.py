"""The intrinsics of TC files (`std_addf`, `std_sexti32`, ...) and what each one means.

Each maps to one payload function of the op-config model. The float/integer
variants of one model function (`std_addf`, `std_addi` -> `add`) differ in
which declared element types they accept, which is how the TC front end keeps
their meaning: a float intrinsic on integer tensors is an error, not a
silent change of arithmetic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from linalg_odsgen.model import FnKind
from linalg_odsgen.payloads import linalg_fns

FLOAT_TYPES: tuple[str, ...] = ("f16", "bf16", "f32", "f64")
INT_TYPES: tuple[str, ...] = ("i1", "i8", "i16", "i32", "i64")
ELEMENT_TYPES: tuple[str, ...] = (*FLOAT_TYPES, *INT_TYPES)
WIDTH: dict[str, int] = {
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "f64": 64,
    "i1": 1,
    "i8": 8,
    "i16": 16,
    "i32": 32,
    "i64": 64,
}


def type_class(elem: str) -> str:
    """'float' or 'integer' (for messages and operand checks)."""
    return "float" if elem in FLOAT_TYPES else "integer"


@dataclass(frozen=True)
class Intrinsic:
    """One TC intrinsic: its model function, arity and the element types it takes."""

    name: str
    kind: FnKind
    fn: str
    operands: str  # 'float', 'integer' or 'any' (select's values)
    target: str | None = None  # conversions: the element type produced
    width_rule: str | None = None  # conversions: 'wider' or 'narrower' than the source

    @property
    def arity(self) -> int:
        return 3 if self.kind is FnKind.TERNARY else self.kind.arity

    @property
    def can_reduce(self) -> bool:
        """Whether `<dims>` may follow it: binary arithmetic and select combine with an
        accumulator; unary functions and conversions do not."""
        return self.kind in (FnKind.BINARY, FnKind.TERNARY)


def _table() -> dict[str, Intrinsic]:
    """Every intrinsic the payload registry's Linalg function records name."""
    rows = [
        Intrinsic(name, FnKind(f.kind), f.name, operands)
        for f in linalg_fns()
        for name, operands in f.tc
    ]
    return {r.name: r for r in rows}


INTRINSICS: dict[str, Intrinsic] = _table()

# Conversions carry their target type in the name: std_sexti32, std_sitofpf32, ...
# family -> (source class, target class, model function, width rule)
_CASTS: dict[str, tuple[str, str, str, str | None]] = {
    "sext": ("integer", "integer", "cast_signed", "wider"),
    "zext": ("integer", "integer", "cast_unsigned", "wider"),
    "trunc": ("integer", "integer", "cast_signed", "narrower"),
    "fpext": ("float", "float", "cast_signed", "wider"),
    "fptrunc": ("float", "float", "cast_signed", "narrower"),
    "sitofp": ("integer", "float", "cast_signed", None),
    "uitofp": ("integer", "float", "cast_unsigned", None),
    "fptosi": ("float", "integer", "cast_signed", None),
    "fptoui": ("float", "integer", "cast_unsigned", None),
}
_CAST_RE = re.compile(r"std_(?P<family>[a-z]+?)(?P<target>bf16|f16|f32|f64|i1|i8|i16|i32|i64)\Z")
CAST_FAMILIES: tuple[str, ...] = tuple(_CASTS)


def lookup(name: str) -> Intrinsic | None:
    """The intrinsic called `name`, or None."""
    found = INTRINSICS.get(name)
    if found is not None:
        return found
    m = _CAST_RE.match(name)
    if m is None:
        return None
    family, target = m.group("family"), m.group("target")
    # `std_trunci8`: the family is `trunc` with an `i` spelled into the name
    if family.endswith("i") and family[:-1] == "trunc":
        family = "trunc"
    spec = _CASTS.get(family)
    if spec is None or type_class(target) != spec[1]:
        return None
    source, _, fn, rule = spec
    return Intrinsic(name, FnKind.TYPE, fn, source, target=target, width_rule=rule)


def known_names() -> str:
    """The intrinsic names for an 'expected one of' hint."""
    casts = ", ".join(f"std_{f}<type>" for f in CAST_FAMILIES)
    return ", ".join(INTRINSICS) + ", and conversions " + casts


@dataclass(frozen=True)
class Comparison:
    """`std_cmpf_ogt`, `std_cmpi_slt`, ...: only meaningful as `std_select`'s condition in the
    max/min idiom `std_select(cmp(a, b), a, b)`, since op configs have no comparison function."""

    name: str
    operands: str  # 'float' or 'integer'
    greater: bool  # gt/ge: selecting the first operand when it is larger
    unsigned: bool  # integer ult/ugt...: the unsigned max/min


_CMP_RE = re.compile(r"std_cmp(?P<cls>[fi])_(?P<pred>[a-z]+)\Z")
_FLOAT_PREDICATES = {"ogt", "oge", "olt", "ole", "ugt", "uge", "ult", "ule"}
_INT_PREDICATES = {"sgt", "sge", "slt", "sle", "ugt", "uge", "ult", "ule"}
ALL_FLOAT_PREDICATES = [
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
]
ALL_INT_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def comparison(name: str) -> tuple[Comparison | None, bool]:
    """(the comparison, whether `name` is a comparison at all). A comparison whose predicate
    has no max/min reading (eq, ne, ord, ...) is `(None, True)`."""
    m = _CMP_RE.match(name)
    if m is None:
        return None, False
    cls, pred = m.group("cls"), m.group("pred")
    known = ALL_FLOAT_PREDICATES if cls == "f" else ALL_INT_PREDICATES
    if pred not in known:
        return None, False
    usable = _FLOAT_PREDICATES if cls == "f" else _INT_PREDICATES
    if pred not in usable:
        return None, True
    return (
        Comparison(
            name,
            "float" if cls == "f" else "integer",
            greater=pred[1] == "g",
            unsigned=cls == "i" and pred[0] == "u",
        ),
        True,
    )
