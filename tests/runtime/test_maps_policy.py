"""Each op class declares one maps policy; instances get their maps from it alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import IteratorType, OperandDef, OperandKind
from linalg_odsgen.runtime import OpError, RegionHelper, StructuredOp
from linalg_odsgen.runtime.maps_policy import (
    MapsError,
    PerInstanceMaps,
    RankPolymorphicMaps,
    StaticMaps,
)
from linalg_odsgen.runtime.protocol import Shape

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def test_every_library_class_has_a_policy_of_the_kind_its_maps_need() -> None:
    library = ops.library()
    assert isinstance(library["copy"].MAPS, RankPolymorphicMaps)
    assert isinstance(library["conv_2d_nhwc_hwcf"].MAPS, StaticMaps)
    for name in ("matmul", "batch_matmul", "batch_reduce_matmul", "contract", "elementwise_add"):
        assert library[name].MAPS.takes_indexing_maps(), name
    assert not library["conv_2d_nhwc_hwcf"].MAPS.takes_indexing_maps()
    assert not library["matvec"].MAPS.takes_indexing_maps()
    # One object per class, made when the class was: instances share it.
    assert ops.MatmulOp.MAPS is ops.OPS["matmul"].MAPS


def test_static_maps_substitute_the_instance_strides_and_dilations() -> None:
    policy = ops.OPS["conv_1d_nwc_wcf"].MAPS
    found = policy.maps_for({"strides": (3,), "dilations": (2,)}, [(1, 9, 2), (2, 2, 4), (1, 3, 4)])
    # input index along W: ow * stride + kw * dilation
    assert found.maps[0].to_mlir() == (
        "affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 3 + d3 * 2, d4)>"
    )
    assert found.iterator_types == (P, P, P, R, R)
    assert found.given is None


def test_a_stride_of_zero_is_refused_by_the_policy_with_the_operand() -> None:
    with pytest.raises(MapsError) as info:
        ops.OPS["conv_1d_nwc_wcf"].MAPS.maps_for({"strides": (0,), "dilations": (1,)}, [()] * 3)
    assert info.value.operand == "I"
    assert "loop d1 drops out" in info.value.message


def test_matmul_takes_instance_maps_and_falls_back_to_its_op_config() -> None:
    policy = ops.MatmulOp.MAPS
    shapes = [(4, 3), (3, 5), (4, 5)]
    own = policy.maps_for({"cast": "cast_signed"}, shapes)
    assert own.given is None and own.iterator_types == (P, P, R)
    transposed = AffineMap.parse("affine_map<(d0, d1, d2) -> (d2, d0)>")
    rest = tuple(
        AffineMap.parse(t) for t in ("(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)")
    )
    given = policy.maps_for({"indexing_maps": (transposed, *rest)}, shapes)
    assert given.maps[0] == transposed and given.given is not None
    with pytest.raises(MapsError, match=r"the lhs map .* is not one MLIR 22 accepts"):
        policy.maps_for(
            {"indexing_maps": (AffineMap.parse("(d0, d1, d2) -> (d1, d2)"), *rest)}, shapes
        )


def test_contract_requires_maps_but_the_library_entry_defaults_to_matmul() -> None:
    a, b = np.ones((2, 3), np.int32), np.full((3, 4), 2, np.int32)
    with pytest.raises(OpError, match="'indexing_maps' is required"):
        ops.contract(a, b, outs=[np.zeros((2, 4), np.int32)])
    out = ops.library()["contract"].call(a, b, outs=[np.zeros((2, 4), np.int32)], backend="loops")
    np.testing.assert_array_equal(out, a @ b)


def test_rank_polymorphic_policy_names_an_operand_of_the_wrong_rank() -> None:
    with pytest.raises(MapsError) as info:
        ops.CopyOp.MAPS.maps_for({}, [(2,), (2, 3)])
    assert info.value.operand == "I"
    found = ops.CopyOp.MAPS.maps_for({}, [(), (2, 3)])
    assert [m.to_mlir() for m in found.maps] == [
        "affine_map<(d0, d1) -> ()>",
        "affine_map<(d0, d1) -> (d0, d1)>",
    ]


# -- a new op with per-instance maps is one rule -------------------------------------------


@dataclass(frozen=True)
class TwoLoopRule:
    """Any two maps over two loops (d0, d1); an instance must give them."""

    prints_defaults = False

    def default(self, shapes: Sequence[Shape]) -> tuple[AffineMap, ...] | None:
        return None

    def problem(self, maps: Sequence[AffineMap], shapes: Sequence[Shape]) -> str | None:
        if len(maps) != 2 or any(m.num_dims != 2 for m in maps):
            return "expected 2 maps over (d0, d1)"
        return None

    def iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        used = maps[-1].used_dims()
        return tuple(P if i in used else R for i in range(maps[-1].num_dims))


class RowSumOp(StructuredOp):
    """O += I over the dims O's map leaves out: the maps come with each instance."""

    OP_NAME = "row_sum"
    OPERANDS = (
        OperandDef("I", OperandKind.INPUT_TENSOR, "T"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T"),
    )
    MAPS = PerInstanceMaps(TwoLoopRule())

    def build_region(self, b: RegionHelper) -> None:
        b.yield_(b.binary("add", b.arg("O"), b.arg("I")))

    def run_loops(self, operands: Sequence[object]) -> None:
        from linalg_odsgen.runtime.reference import run_by_maps

        run_by_maps(self, operands)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_an_op_written_against_a_rule_runs_and_prints_its_maps(backend: str) -> None:
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    maps = ["affine_map<(d0, d1) -> (d1, d0)>", "affine_map<(d0, d1) -> (d0)>"]
    out = RowSumOp.call(
        x.T.copy(), outs=[np.zeros(2, np.float32)], indexing_maps=maps, backend=backend
    )
    np.testing.assert_array_equal(out, x.sum(axis=1))
    op, _ = RowSumOp.from_arrays(x.T.copy(), outs=[np.zeros(2, np.float32)], indexing_maps=maps)
    assert op.iterator_types == (P, R)
    assert "indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>" in op.to_mlir()
    with pytest.raises(OpError, match="expected 2 maps over"):
        RowSumOp.from_arrays(x, outs=[np.zeros(2, np.float32)], indexing_maps=maps[:1])
