"""gen-doc's pictures mark exactly the input elements one output element depends on.

The reference is the runtime, not the maps: each input element is set to NaN in
turn and the op is run; the output element turns NaN exactly when it reads it."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.docgen.picture import panels, reads, render_svg, shapes, wants_picture
from linalg_odsgen.model import OperandKind
from linalg_odsgen.validation import load_valid_library

REPO = Path(__file__).resolve().parents[2]
CORE = load_valid_library(
    (REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "core.yaml"
)


def _payload_reads(op) -> set[str]:
    return set(re.findall(r"scalar_arg='?(\w+)", repr(op.structured_op.assignments)))


@pytest.mark.parametrize(
    "name",
    ["matmul", "conv_1d_nwc_wcf", "depthwise_conv_2d_nhwc_hwc", "pooling_nhwc_max", "batch_vecmat"],
)
def test_picture_marks_the_inputs_whose_nan_reaches_the_drawn_output_element(name: str) -> None:
    op = CORE.by_name()[name]
    cls = ops.OPS[name]
    shape = shapes(op)
    value_args = op.structured_op.value_args
    (out_name,) = [a.name for a in value_args if a.kind is OperandKind.OUTPUT_TENSOR]
    (point,) = reads(op, out_name)
    inputs = [a.name for a in value_args if a.kind is OperandKind.INPUT_TENSOR]
    for probed in inputs:
        if probed not in _payload_reads(op):
            continue  # a shape-only tensor (a pooling window) sizes loops, nothing reads it
        depends = set()
        for idx in itertools.product(*(range(n) for n in shape[probed])):
            arrays = {n: np.ones(shape[n]) for n in inputs}
            arrays[probed][idx] = np.nan
            out = cls.call(*[arrays[n] for n in inputs], outs=[np.zeros(shape[out_name])])
            if np.isnan(out[point]):
                depends.add(idx)
        assert depends == reads(op, probed), probed
        (panel,) = [p for p in panels(op) if p.name == probed]
        assert panel.marked == {tuple(i[a] for a in panel.axes) for i in depends}


def test_ops_reading_windows_or_slices_get_pictures_elementwise_ops_do_not() -> None:
    by_name = CORE.by_name()
    for name in ("matmul", "conv_2d_nhwc_hwcf", "pooling_nwc_sum", "batch_matmul_transpose_b"):
        assert wants_picture(by_name[name]), name
    for name in ("add", "exp", "fill", "copy", "elemwise_binary"):
        assert not wants_picture(by_name[name]), name


def test_svg_is_well_formed_deterministic_and_marks_one_output_cell() -> None:
    import xml.etree.ElementTree as ET

    op = CORE.by_name()["conv_2d_nhwc_hwcf"]
    text = render_svg(op)
    assert text == render_svg(op)
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    fills = [r.get("fill") for r in root.iter(f"{ns}rect")]
    # the input window: 3x3 (kh, kw) at stride and dilation 1 (defaults), the filter 3x3
    assert fills.count("#2f6fde") == 9 + 9
    assert fills.count("#e8772e") == 1
    assert int(root.get("width")) > 0 and int(root.get("height")) > 0


def test_a_window_far_along_a_long_axis_is_still_drawn() -> None:
    from linalg_odsgen.dsl import T1, D, IndexAttrDef, S, TensorDef, U, linalg_structured_op

    @linalg_structured_op
    def far_window(
        I=TensorDef(T1, S.OW * S.SW + S.KW),
        K=TensorDef(T1, S.KW),
        O=TensorDef(U, S.OW, output=True),
        strides=IndexAttrDef(S.SW, default=[20]),
    ):
        """Windows 20 elements apart."""
        O[D.ow] += I[D.ow * S.SW + D.kw] * K[D.kw]

    (panel,) = [p for p in panels(far_window.config) if p.name == "I"]
    assert panel.marked == {(20,), (21,), (22,)}  # output element 1 reads 1 * 20 + kw
    assert panel.extents == (23,)  # past the usual cap of 16 cells, up to the last read cell
