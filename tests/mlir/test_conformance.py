"""Every core op against MLIR 22: named form verifies, generic form equals MLIR's
generalization, MLIR-lowered execution matches our loops backend bit for bit, and
mlir-opt-22 reprints our text of both forms unchanged."""

from __future__ import annotations

import pytest

from linalg_odsgen import ops
from linalg_odsgen.conformance import library as conformance
from linalg_odsgen.conformance.library import EXPECTED_NOT_IN_MLIR22, OpReport, Status
from linalg_odsgen.mlir import region_printer

pytestmark = pytest.mark.mlir

OP_NAMES = list(ops.OPS)


@pytest.fixture(scope="module")
def reports() -> dict[str, OpReport]:
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 or its runtime libraries are missing")
    return {r.name: r for r in conformance.check_library(conformance.core_classes())}


def _details(rep: OpReport) -> str:
    return "\n".join(rep.failures[:5])


def test_mlir22_lacks_exactly_the_removed_ops(reports: dict[str, OpReport]) -> None:
    missing = {name for name, rep in reports.items() if not rep.in_mlir}
    assert missing == EXPECTED_NOT_IN_MLIR22


@pytest.mark.parametrize("name", OP_NAMES)
def test_op_conforms_to_mlir22(reports: dict[str, OpReport], name: str) -> None:
    rep = reports[name]
    assert rep.cases >= 2, rep.labels
    if rep.in_mlir:
        assert rep.named is Status.OK, _details(rep)
    assert rep.generic is Status.OK, _details(rep)
    assert rep.execution is Status.OK, _details(rep)
    assert rep.fixpoint is Status.OK, _details(rep)


def test_coverage_includes_types_and_attributes(reports: dict[str, OpReport]) -> None:
    labels = {name: set(rep.labels) for name, rep in reports.items()}
    assert {"f32", "f16", "i8->i32", "i32"} <= labels["matmul"]
    assert "i8->i32 cast=cast_unsigned" in labels["matmul"]
    assert {"f32 strides=2", "f32 dilations=2"} <= labels["conv_2d_nhwc_hwcf"]
    assert "i8->i32 strides=2" in labels["pooling_nhwc_max_unsigned"]
    assert "f32 fun=mul" in labels["elemwise_binary"]
    assert any("dynamic" in label for label in labels["conv_2d_nhwc_hwcf"])


def test_a_wrong_payload_is_caught_by_both_oracles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison is not vacuous: a printer writing subf for mulf fails generic and execution."""
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    original = region_printer.print_payload_op
    monkeypatch.setattr(
        region_printer,
        "print_payload_op",
        lambda op, names: original(op, names).replace("arith.mulf", "arith.subf"),
    )
    (rep,) = conformance.check_library([ops.OPS["matvec"]])
    assert rep.named is Status.OK
    assert rep.generic is Status.FAIL
    assert rep.execution is Status.FAIL
    assert any("differs from MLIR's generalization" in f for f in rep.failures)


# The compiled backend against MLIR 22 directly (it equals loops on the whole corpus in
# tests/runtime/backends/compiled; `scripts/conformance_table.py --backend compiled` runs
# every op): op classes that exercise each kind of kernel and every conversion.
COMPILED_SAMPLE = [
    "matmul",
    "batch_reduce_matmul",
    "quantized_matmul",
    "conv_2d_nhwc_hwcf",
    "depthwise_conv_2d_nhwc_hwc_q",
    "pooling_nhwc_max_unsigned",
    "pooling_nchw_max",
    "elemwise_unary",
    "elemwise_binary",
    "fill",
    "copy",
    "matmul_transpose_a",
]


@pytest.mark.slow
def test_compiled_backend_matches_mlir22_bit_for_bit() -> None:
    pytest.importorskip("numba")
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 or its runtime libraries are missing")
    classes = [ops.OPS[n] for n in COMPILED_SAMPLE]
    reports = conformance.check_library(classes, backend="compiled")
    bad = [f"{r.name}: {_details(r)}" for r in reports if r.execution is not Status.OK]
    assert not bad, "\n".join(bad)
