"""The names an op's author gave its loop dims and size symbols, for formulas that read
`C[m, n] += A[m, k] * B[k, n]` instead of `C[d0, d1] += A[d0, d2] * B[d2, d1]`.

Op-config YAML keeps only positions, so the names come from the source the YAML was
made from: an OpDSL definition (`D.m`, `S.M`) or a TC def (`C(m, n)`, `f32(M, K)`).
Ops without a source, or whose names cannot be recovered, keep MLIR's `d0`/`s0`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.dsl.op import OpDefinition
from linalg_odsgen.model import OpConfig, OpLibrary


@dataclass(frozen=True)
class OpNames:
    """Names of loop dims (`d0, d1, ...` in order) and of size symbols (`s0, ...`)."""

    dims: tuple[str, ...]
    symbols: tuple[str, ...]

    def fits(self, op: OpConfig) -> bool:
        """True when there is exactly one distinct name per dim and per symbol of `op`."""
        maps = op.structured_op.indexing_maps
        if not maps:
            return False
        ok_dims = len(self.dims) == maps[0].num_dims and len(set(self.dims)) == len(self.dims)
        # A symbol list may stop short: index-attribute symbols read as `strides[0]` anyway.
        ok_syms = len(self.symbols) <= maps[0].num_symbols and len(set(self.symbols)) == len(
            self.symbols
        )
        return ok_dims and ok_syms and not set(self.dims) & set(self.symbols)


def dsl_names(definition: OpDefinition) -> OpNames | None:
    """The `D.`/`S.` names of an OpDSL op, numbered as its op config numbers them (the
    DSL records them when it builds the op)."""
    names = OpNames(definition.dim_names, definition.symbol_names)
    return names if names.fits(definition.config) else None


def tc_names(source: bytes | str, file: str) -> dict[str, OpNames]:
    """Op name -> the dim and shape-symbol names of each def of a TC source that lowers."""
    from linalg_odsgen.tc.lexer import decode
    from linalg_odsgen.tc.lower import _Lowering
    from linalg_odsgen.tc.parser import parse

    out: dict[str, OpNames] = {}
    for d in parse(decode(source, file), file).defs:
        if d.incomplete or not d.comprehensions:
            continue
        lowering = _Lowering(d, file)
        try:
            tensors = lowering.declare_tensors()
            attrs = lowering.declare_attrs(tensors)
            shape_symbols = lowering.shape_symbols(tensors)
            comp = d.comprehensions[0]
            dims, _, _ = lowering.number_dims(comp.targets, comp.values, attrs, shape_symbols)
        except Exception:  # a def with errors: gen-doc reports them through the front end
            continue
        if lowering.diags:
            continue
        by_dim = sorted(dims, key=lambda n: dims[n].index)
        by_sym = sorted(shape_symbols, key=lambda n: shape_symbols[n])
        out[d.name] = OpNames(tuple(by_dim), tuple(by_sym))
    return out


def names_for(ops: Sequence[OpConfig], found: dict[str, OpNames]) -> dict[str, OpNames]:
    """The entries of `found` that fit the op of their name in `ops`."""
    return {op.name: found[op.name] for op in ops if op.name in found and found[op.name].fits(op)}


def read_with_names(
    path: str, display: str
) -> tuple[OpLibrary, dict[str, OpNames], list[Diagnostic]]:
    """The op library of a gen-doc input, its ops' names and the front end's warnings: an
    OpDSL `.py` file is run (gen-doc was asked to document it), a `.tc` file parsed, YAML
    has no names."""
    from linalg_odsgen import sources
    from linalg_odsgen.dsl.library import dsl_definitions_of_source

    kind = sources.FrontEnd.YAML if path == sources.STDIN else sources.front_end_of(path)
    if kind is sources.FrontEnd.DSL:
        source = sources.read_source(path, allow_python=True)
        definitions, library, warnings = dsl_definitions_of_source(source, display)
        found = {d.name: n for d in definitions if (n := dsl_names(d))}
        return library, names_for(library.ops, found), warnings
    library, warnings = sources.read_file(path, display)
    if kind is sources.FrontEnd.TC:
        source = sources.read_source(path)
        return library, names_for(library.ops, tc_names(source, display)), warnings
    return library, {}, warnings
