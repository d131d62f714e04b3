"""What MLIR 22 has of each op of the core library: whether `mlir-opt-22` knows its
named form, and the attributes that form takes there.

The table is checked in (the docs build without MLIR) and measured again by
tests/docgen/test_mlir22_table.py with the real `mlir-opt-22`: an op is known when
its named form, as `emit` prints it, parses; its attributes are the ones
`mlir-opt-22 --mlir-print-op-generic` shows on it, plus `indexing_maps` where MLIR 22
lets a caller give its own maps (measured by parsing a form that gives them).
"""

from __future__ import annotations

from dataclasses import dataclass

from linalg_odsgen.model import OpConfig


@dataclass(frozen=True)
class Mlir22Op:
    """MLIR 22's view of one op: known by name, and the attributes its named form takes."""

    known: bool
    extra_attributes: tuple[str, ...] = ()  # beyond the op config's own attributes


# Ops of the core library mlir-opt-22 calls unknown ("custom op 'linalg.X' is unknown").
NOT_IN_MLIR22 = (
    "matmul_transpose_a",
    "matmul_transpose_b",
    "batch_matmul_transpose_a",
    "batch_matmul_transpose_b",
    "elemwise_unary",
    "elemwise_binary",
)
# Ops whose MLIR 22 form also takes `indexing_maps` (transposed/broadcast operands).
WITH_INDEXING_MAPS = ("matmul", "batch_matmul", "batch_reduce_matmul")


def mlir22_op(name: str) -> Mlir22Op:
    """The table's entry for a core-library op."""
    if name in NOT_IN_MLIR22:
        return Mlir22Op(known=False)
    return Mlir22Op(True, ("indexing_maps",) if name in WITH_INDEXING_MAPS else ())


def attribute_names(op: OpConfig, entry: Mlir22Op) -> tuple[str, ...]:
    """Every attribute MLIR 22's `linalg.NAME` takes: the config's, then MLIR's own."""
    own = tuple(a.name for a in op.structured_op.args if not a.kind.is_value)
    return own + tuple(a for a in entry.extra_attributes if a not in own)
