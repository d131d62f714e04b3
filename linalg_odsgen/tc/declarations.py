"""Lowering phase 1: the header's declarations (tensors, attributes, shape symbols).

Names must be unique and typed; attributes usable in index expressions are
integer lists or scalars; shape symbols are numbered in textual order.
"""

from __future__ import annotations

from linalg_odsgen.affine import AffineExpr, sym
from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.tc.intrinsics import ELEMENT_TYPES, INT_TYPES
from linalg_odsgen.tc.state import ATTR_ONLY_TYPES, IndexAttr, LoweringState
from linalg_odsgen.tc.syntax import Affine, AttrElem, AttrParam, Name, TensorParam
from linalg_odsgen.tc.walk import build_affine, leaves


class Declarations(LoweringState):
    """Checks and numbers what the def's header declares."""

    def declare_tensors(self) -> dict[str, TensorParam]:
        tensors: dict[str, TensorParam] = {}
        for t in (*self.d.inputs, *self.d.outputs):
            if t.name in tensors:
                first = tensors[t.name]
                self.error(
                    t.pos,
                    f"tensor '{t.name}' is declared twice (first at line {first.pos.line})",
                )
                continue
            tensors[t.name] = t
            if t.elem_type not in ELEMENT_TYPES:
                self.error(
                    t.type_pos,
                    f"unknown element type '{t.elem_type}' of tensor '{t.name}'; expected one "
                    f"of: {', '.join(ELEMENT_TYPES)}",
                )
        if not self.d.outputs:
            self.error(self.d.pos, "the def has no output tensor: `-> (C: f32(M, N))`")
        return tensors

    def declare_attrs(self, tensors: dict[str, TensorParam]) -> dict[str, IndexAttr]:
        """Every attribute; those with an integer element type and at most one dimension
        can be used in index expressions (the others only get a warning)."""
        usable: dict[str, IndexAttr] = {}
        seen: dict[str, AttrParam] = {}
        for a in self.d.attrs:
            if a.name in seen or a.name in tensors:
                first = seen[a.name].pos if a.name in seen else tensors[a.name].pos
                self.error(
                    a.pos, f"attribute '{a.name}' is declared twice (first at line {first.line})"
                )
                continue
            seen[a.name] = a
            if self.bad_type(a) and a.name not in self.index_names():
                self.warn(a.type_pos, f"unknown attribute type '{a.type_text}'")
            elif self.bad_type(a):
                # an error here, at its cause, and where an index expression uses it: the
                # rest of the def is still checked, so that use is reported too
                self.declaration_errors.append(
                    Diagnostic(
                        f"unknown element type '{a.elem_type}' in the type '{a.type_text}' of "
                        f"attribute '{a.name}'; expected one of: "
                        f"{', '.join([*ELEMENT_TYPES, *ATTR_ONLY_TYPES])}",
                        self.file,
                        a.type_pos.line,
                        a.type_pos.column,
                        op=self.d.name,
                    )
                )
                continue
            is_int = a.elem_type in INT_TYPES or a.elem_type == "index"
            if not is_int:
                self.warn(
                    a.pos,
                    f"attribute '{a.name}' ({a.type_text}) is ignored: only integer attributes "
                    "used in index expressions (strides, dilations) mean something to an op "
                    "config",
                )
                continue
            if a.array_size is not None:
                if a.vector_shape or a.array_size < 0:
                    self.warn(
                        a.pos,
                        f"attribute '{a.name}' ({a.type_text}) is ignored: an index attribute "
                        "needs a known length (e.g. 2xi64 or i64[2])",
                    )
                    continue
                length, scalar = a.array_size, False
            elif len(a.vector_shape) > 1:
                self.warn(
                    a.pos,
                    f"attribute '{a.name}' ({a.type_text}) is ignored: index expressions can "
                    "only use integer scalars and 1-D integer vectors",
                )
                continue
            elif a.vector_shape:
                length, scalar = a.vector_shape[0], False
            else:
                length, scalar = 1, True
            if length == 0:
                self.warn(a.pos, f"attribute '{a.name}' ({a.type_text}) has no elements; ignored")
                continue
            usable[a.name] = IndexAttr(a, length, scalar)
        return usable

    def shape_symbols(self, tensors: dict[str, TensorParam]) -> dict[str, int]:
        """Shape symbols, discovered eagerly in textual order over the header."""
        symbols: dict[str, int] = {}
        for t in tensors.values():
            for e in t.shape:
                for leaf in leaves(e):
                    if isinstance(leaf, Name):
                        symbols.setdefault(leaf.name, len(symbols))
                    elif isinstance(leaf, AttrElem):
                        self.error(
                            leaf.pos,
                            f"'{leaf.name}[{leaf.index}]' in the shape of '{t.name}': shapes "
                            "are built from size symbols and integers only",
                        )
        return symbols

    def shape_expr(self, e: Affine, symbols: dict[str, int]) -> AffineExpr:
        return build_affine(e, lambda n: sym(symbols[n.name]))
