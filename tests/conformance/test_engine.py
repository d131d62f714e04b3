"""The batch engine classifies what a pipeline does to real op instances."""

from __future__ import annotations

from linalg_odsgen.conformance.engine import run_batch
from linalg_odsgen.conformance.pipeline import Kind, Pipeline
from linalg_odsgen.conformance.spec import CaseSpec, OpSource
from linalg_odsgen.types import F32, I8, I32, ShapedType


def _matmul(cast: str, *, form: str = "generic", dynamic: bool = False, tin=I8, tout=I32) -> CaseSpec:  # fmt: skip
    types = (
        ShapedType("tensor", (3, 4), tin),
        ShapedType("tensor", (4, 2), tin),
        ShapedType("tensor", (3, 2), tout),
    )
    return CaseSpec(
        OpSource("matmul"), types, (("cast", cast),), form=form, dynamic=dynamic, seed=7
    )


def test_specialize_generic_ops_drops_the_unsigned_cast_of_a_zero_extending_matmul() -> None:
    specs = [
        _matmul("cast_unsigned"),
        _matmul("cast_unsigned", dynamic=True),
        _matmul("cast_signed"),
        _matmul("cast_unsigned", form="named"),
        _matmul("cast_signed", tin=F32, tout=F32),
    ]
    outs = run_batch(Pipeline.parse("--linalg-specialize-generic-ops"), specs)
    kinds = [o.kind for o in outs]
    assert kinds == [Kind.MISCOMPILE, Kind.MISCOMPILE, Kind.OK, Kind.OK, Kind.OK]
    assert "elements differ" in outs[0].detail
    assert outs[0].expected != outs[0].got


def test_generalization_and_the_lowering_alone_are_clean_on_the_same_cases() -> None:
    specs = [_matmul(c, form=f) for c in ("cast_signed", "cast_unsigned") for f in ("named", "generic")]  # fmt: skip
    for flags in ("--linalg-generalize-named-ops", "", "--canonicalize --cse"):
        assert {o.kind for o in run_batch(Pipeline.parse(flags), specs)} == {Kind.OK}


def test_a_pipeline_that_refuses_is_not_applicable_and_a_bad_one_alone_is_isolated(make_wrapper) -> None:  # fmt: skip
    # Refuses (a clean error) only modules holding an unsigned cast; the batch is split.
    opt = make_wrapper(
        "refuse",
        "if 'arith.extui %in' in out:\n    sys.stderr.write('<stdin>:1:1: error: refused\\n'); sys.exit(1)",
    )
    specs = [_matmul("cast_signed"), _matmul("cast_unsigned"), _matmul("cast_signed", tin=F32, tout=F32)]  # fmt: skip
    outs = run_batch(Pipeline.parse("", opt=opt), specs)
    assert [o.kind for o in outs] == [Kind.OK, Kind.NOT_APPLICABLE, Kind.OK]


def test_a_crashing_pipeline_is_a_crash_and_invalid_output_is_invalid_ir(make_wrapper) -> None:
    crash = make_wrapper(
        "crash",
        "if 'arith.extui %in' in out:\n    import os, signal; os.kill(os.getpid(), signal.SIGSEGV)",
    )
    outs = run_batch(Pipeline.parse("", opt=crash), [_matmul("cast_unsigned"), _matmul("cast_signed")])  # fmt: skip
    assert [o.kind for o in outs] == [Kind.CRASH, Kind.OK]
    # the output yields an i8 where the op computes i32: the verifier rejects it
    invalid = make_wrapper(
        "invalid", "out = re.sub(r'linalg.yield (%\\w+) : i32', 'linalg.yield %in : i8', out)"
    )
    outs = run_batch(Pipeline.parse("", opt=invalid), [_matmul("cast_signed")])
    assert [o.kind for o in outs] == [Kind.INVALID_IR]


def test_buffer_semantics_cases_run_through_the_pipeline_too() -> None:
    # memref operands: the kernel writes its output in place, main prints the global
    specs = [_matmul("cast_unsigned").with_(kind="memref"), _matmul("cast_signed").with_(kind="memref", dynamic=True)]  # fmt: skip
    outs = run_batch(Pipeline.parse("--linalg-specialize-generic-ops"), specs)
    assert [o.kind for o in outs] == [Kind.MISCOMPILE, Kind.OK]
    outs = run_batch(Pipeline.parse("--linalg-generalize-named-ops"), specs)
    assert [o.kind for o in outs] == [Kind.OK, Kind.OK]
