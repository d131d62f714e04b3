"""A test case as plain data: which op, which operand types and attributes, which form.

Cases cross process and machine boundaries (a process pool, Dask workers), so
they name their op by where it comes from (a library file, the core library,
or an op config drawn by the fuzzer) rather than by a generated class; each
process builds the classes once (`op_class`).
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from linalg_odsgen.types import ShapedType

if TYPE_CHECKING:
    from linalg_odsgen.model import OpConfig
    from linalg_odsgen.runtime import StructuredOp


@dataclass(frozen=True)
class OpSource:
    """An op config drawn or mutated by the fuzzer, or op `name` of a library file
    (`library=None`: the core library with MLIR 22's contract and elementwise)."""

    name: str
    library: str | None = None
    config: OpConfig | None = None


@dataclass(frozen=True)
class CaseSpec:
    """One op instance to run through a pipeline: static operand types (value operands in
    declaration order), attributes, the printed form, buffer kind, whether the kernel takes
    dynamic sizes, and the data (drawn from `seed`, or given explicitly by the minimiser)."""

    source: OpSource
    types: tuple[Any, ...]
    attrs: tuple[tuple[str, Any], ...] = ()
    form: str = "generic"
    kind: str = "tensor"
    dynamic: bool = False
    seed: int = 0
    label: str = ""
    dialect: str | None = None  # the named form in a gen-dialect plugin's dialect
    data: tuple[Any, ...] | None = field(default=None, compare=False, hash=False)

    @property
    def attr_dict(self) -> dict[str, Any]:
        return dict(self.attrs)

    def with_(self, **changes: Any) -> CaseSpec:
        return replace(self, **changes)

    def describe(self) -> str:
        types = ", ".join(str(t) for t in self.types)
        attrs = "".join(f" {k}={_attr_text(v)}" for k, v in self.attrs)
        dyn = " dynamic" if self.dynamic else ""
        form = f"{self.dialect}." if self.dialect and self.form == "named" else ""
        return f"{self.source.name} [{form}{self.form} {self.kind}{dyn}] ({types}){attrs}"


def _attr_text(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


@functools.lru_cache(maxsize=16)
def library_classes(library: str | None) -> dict[str, type[StructuredOp]]:
    """Report name -> class of a library file (op-config YAML, TC, or a DSL `.py` file), or
    of the core library."""
    if library is None:
        from linalg_odsgen.conformance.library import _name, core_classes

        return {_name(cls): cls for cls in core_classes()}
    from linalg_odsgen.diagnostics import format_diagnostics
    from linalg_odsgen.runtime.opclass import op_classes
    from linalg_odsgen.sources import read_file

    lib, warnings = read_file(library, run_python=True)
    if warnings:
        print(format_diagnostics(warnings), file=sys.stderr)
    return op_classes(lib.ops)


@functools.lru_cache(maxsize=512)
def _config_class(config: OpConfig) -> type[StructuredOp]:
    from linalg_odsgen.runtime.opclass import op_class as build_class

    return build_class(config)


def op_class(source: OpSource) -> type[StructuredOp]:
    if source.config is not None:
        return _config_class(source.config)
    return library_classes(source.library)[source.name]


def with_kind(types: tuple[Any, ...], kind: str, dynamic: bool = False) -> list[Any]:
    """The operand types as `kind` (tensor/memref), every size `?` when `dynamic`."""
    out: list[Any] = []
    for t in types:
        if isinstance(t, ShapedType):
            shape = (None,) * len(t.shape) if dynamic else t.shape
            out.append(ShapedType(kind, shape, t.element))
        else:
            out.append(t)
    return out


def instance(spec: CaseSpec, *, dynamic: bool | None = None) -> StructuredOp:
    """The op instance of a case (static sizes unless `dynamic`)."""
    cls = op_class(spec.source)
    dyn = spec.dynamic if dynamic is None else dynamic
    return cls.from_types(with_kind(spec.types, spec.kind, dyn), **spec.attr_dict)


__all__ = ["CaseSpec", "OpSource", "instance", "library_classes", "op_class", "with_kind"]
