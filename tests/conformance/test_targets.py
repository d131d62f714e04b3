"""Other targets than MLIR 22 alone: another version's opt tool in front of MLIR 22's
runner (`--mlir-opt iree-opt`, LLVM 24git) and IREE's CPU compiler (`--target iree`).

Known bugs are the oracle that the targets find real ones: LLVM 24's
`--linalg-specialize-generic-ops` turns `out + a * sqrt(b)` into a contraction and drops
the sqrt; IREE 3.13 folds a reduction whose value reads no input element into one step.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from linalg_odsgen.conformance.engine import run_batch
from linalg_odsgen.conformance.pipeline import Kind, Pipeline
from linalg_odsgen.conformance.spec import CaseSpec, OpSource
from linalg_odsgen.types import F16, F32, F64, I1, I8, I32, ShapedType

needs_iree_opt = pytest.mark.skipif(
    shutil.which("iree-opt") is None, reason="iree-opt (the iree extra) not installed"
)

SQRT_MATMUL = '''from linalg_odsgen.dsl import *


@linalg_structured_op
def sqrt_matmul(
    A=TensorDef(T1, S.M, S.K),
    B=TensorDef(T1, S.K, S.N),
    C=TensorDef(U, S.M, S.N, output=True),
):
    """C += A * sqrt(B), summed over k."""
    domain(D.m, D.n, D.k)
    C[D.m, D.n] += TypeFn.cast_signed(U, A[D.m, D.k]) * UnaryFn.sqrt(TypeFn.cast_signed(U, B[D.k, D.n]))
'''

# A reduction over (a, c) that adds 2 per point and reads no element of I (written as an
# op config: the DSL refuses an input it never reads).
COUNT_REDUCE = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: count_reduce
  cpp_class_name: CountReduceOp
  doc: 'O[b] += 2 for every (a, c).'
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T1
    shape_map: affine_map<()[s0, s1, s2] -> (s0, s1)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: U
    shape_map: affine_map<()[s0, s1, s2] -> (s2)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
    - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1)>
  iterator_types:
  - reduction
  - parallel
  - reduction
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        fn_name: add
        operands:
        - !ScalarExpression
          scalar_arg: O
        - !ScalarExpression
          scalar_fn:
            kind: type
            fn_name: cast_signed
            type_var: U
            operands:
            - !ScalarExpression
              scalar_const: '2 : i64'
"""


def _t(shape: tuple[int, ...], t, kind: str = "tensor") -> ShapedType:
    return ShapedType(kind, shape, t)


def _matmul(tin, tout, *, form: str = "generic", dynamic: bool = False, cast: str = "cast_signed") -> CaseSpec:  # fmt: skip
    types = (_t((3, 4), tin), _t((4, 2), tin), _t((3, 2), tout))
    return CaseSpec(OpSource("matmul"), types, (("cast", cast),), form=form, dynamic=dynamic, seed=11)  # fmt: skip


def _sqrt_matmul(lib: Path, t, *, dynamic: bool = False) -> CaseSpec:
    types = (_t((3, 4), t), _t((4, 2), t), _t((3, 2), t))
    return CaseSpec(OpSource("sqrt_matmul", str(lib)), types, dynamic=dynamic, seed=3)


def _clean_cases() -> list[CaseSpec]:
    """Matmuls in both forms and i1 data (the hex-packed-i1 false positive of issue 36)."""
    i1_fill = CaseSpec(OpSource("copy"), (_t((3, 5), I1), _t((3, 5), I1)), seed=2)
    return [
        _matmul(I8, I32),
        _matmul(I8, I32, cast="cast_unsigned", dynamic=True),
        _matmul(F32, F32, form="named"),
        _matmul(F64, F64),
        i1_fill,
        i1_fill.with_(form="named", seed=4),
    ]


@needs_iree_opt
def test_llvm24_specialization_dropping_sqrt_is_found_through_iree_opt(tmp_path: Path) -> None:
    lib = tmp_path / "sqrt_lib.py"
    lib.write_text(SQRT_MATMUL)
    specs = [_sqrt_matmul(lib, F32), _sqrt_matmul(lib, F64, dynamic=True)]
    pipe = Pipeline.parse("--linalg-specialize-generic-ops", opt="iree-opt")
    assert pipe.cross_version and "24." in pipe.version
    outs = run_batch(pipe, specs)
    assert [o.kind for o in outs] == [Kind.MISCOMPILE, Kind.MISCOMPILE]
    assert "np.float" not in outs[0].detail  # plain numbers (issue 35)
    # the same cases through the same tool without the pass are clean
    assert {o.kind for o in run_batch(Pipeline.parse("", opt="iree-opt"), specs)} == {Kind.OK}


@needs_iree_opt
@pytest.mark.parametrize("flags", ["", "--linalg-generalize-named-ops", "--canonicalize --cse"])
def test_clean_pipelines_through_iree_opt_find_nothing(flags: str) -> None:
    outs = run_batch(Pipeline.parse(flags, opt="iree-opt"), _clean_cases())
    assert not [o for o in outs if o.kind.is_finding], [(o.spec.describe(), o.detail) for o in outs]  # fmt: skip
    assert sum(o.kind is Kind.OK for o in outs) >= 5


@needs_iree_opt
def test_a_tool_output_mlir22_cannot_read_is_skipped_not_a_finding(make_wrapper) -> None:
    # A tool of "another version" whose output uses an op MLIR 22 does not know.
    wrapper = make_wrapper("future", "out = out.replace('\"linalg.yield\"', '\"linalg.yield_v2\"')")
    fake24 = Path(wrapper).with_name("fake-opt-24")
    fake24.write_text(
        Path(wrapper)
        .read_text()
        .replace(
            "import re, subprocess, sys",
            "import re, subprocess, sys\n"
            "if sys.argv[1:] == ['--version']:\n    print('LLVM version 24.0.0git'); sys.exit(0)",
        )
    )
    fake24.chmod(0o755)
    pipe = Pipeline.parse("--canonicalize", opt=str(fake24))
    assert pipe.cross_version
    outs = run_batch(pipe, [_matmul(I8, I32)])
    assert [o.kind for o in outs] == [Kind.SKIPPED]
    assert "MLIR 22" in outs[0].detail


def _iree() -> None:
    pytest.importorskip("iree.runtime")
    if shutil.which("iree-compile") is None:
        pytest.skip("iree-compile (the iree extra) not installed")


def test_iree_finds_the_invariant_reduction_and_runs_the_rest_in_one_module(tmp_path: Path) -> None:  # fmt: skip
    _iree()
    lib = tmp_path / "count.yaml"
    lib.write_text(COUNT_REDUCE)
    count = [
        CaseSpec(OpSource("count_reduce", str(lib)), (_t((2, 2), t), _t((1,), t)), seed=s)
        for t, s in ((I8, 1), (I32, 2))
    ]
    specs = [*count, _matmul(I8, I32, cast="cast_unsigned"), _matmul(F32, F32, form="named", dynamic=True)]  # fmt: skip
    specs.append(_matmul(I8, I32).with_(kind="memref"))
    specs.append(CaseSpec(OpSource("dot"), (_t((5,), I32), _t((5,), I32), _t((), I32)), seed=3))  # rank 0 out  # fmt: skip
    # an f16 scalar (the binding passes Python floats as f32 bits: a false positive once)
    specs.append(CaseSpec(OpSource("fill"), (F16, _t((2, 3), F16)), seed=5))
    specs.append(_matmul(F64, F64))  # IREE demotes f64 to f32 by default: not compared
    outs = run_batch(Pipeline(target="iree"), specs)
    kinds = [o.kind for o in outs]
    assert kinds == [Kind.MISCOMPILE, Kind.MISCOMPILE, Kind.OK, Kind.OK, Kind.SKIPPED, Kind.OK, Kind.OK, Kind.SKIPPED]  # fmt: skip
    assert "demotes f64" in outs[-1].detail
    assert outs[0].detail.startswith("output 0: 1 elements differ; first at 0: IREE ")
    # 2 per point of the 2x2 reduction: ours adds 8, IREE once
    assert (outs[0].expected[0][0] - outs[0].got[0][0]) % 256 == 6


@pytest.mark.slow  # two iree-compile runs and an iree-opt run: ~10 s on a busy 2-core machine
def test_iree_refusing_a_kernel_is_not_applicable_and_the_batch_still_runs() -> None:
    _iree()
    add = CaseSpec(OpSource("add"), (_t((3, 4), F32),) * 3, form="named", seed=1)
    outs = run_batch(Pipeline(target="iree"), [_matmul(I8, I32), add, _matmul(F32, F32)])
    assert [o.kind for o in outs] == [Kind.OK, Kind.NOT_APPLICABLE, Kind.OK]
    assert "linalg.add" in outs[1].detail


@pytest.mark.slow  # compiles the kernel twice (the run and the reproducer's own commands)
def test_an_iree_reproducer_reruns_the_exact_commands_and_shows_what_iree_printed(tmp_path: Path) -> None:  # fmt: skip
    import subprocess

    from linalg_odsgen.conformance.findings import write_reproducer

    _iree()
    lib = tmp_path / "count.yaml"
    lib.write_text(COUNT_REDUCE)
    spec = CaseSpec(OpSource("count_reduce", str(lib)), (_t((2, 2), I32), _t((1,), I32)), seed=2)
    pipe = Pipeline(target="iree")
    (outcome,) = run_batch(pipe, [spec])
    assert outcome.kind is Kind.MISCOMPILE
    out = tmp_path / "out"
    out.mkdir()
    finding = write_reproducer(str(out), outcome, pipe, 0)
    assert "IREE compiler version 3.13" in finding.tool_version
    d = out / finding.path
    script = (d / "reproduce.sh").read_text()
    assert "iree-compile kernel.mlir --iree-hal-target-device=local" in script
    assert "--input=2x2xi32=" in script and "--input=1xi32=" in script
    # the script prints IREE's (wrong) value: got, not expected
    done = subprocess.run(["sh", str(d / "reproduce.sh")], capture_output=True, text=True, timeout=300)  # fmt: skip
    got = outcome.got[0][0]
    want = outcome.expected[0][0]
    signed = got - (1 << 32) if got >> 31 else got
    assert f"1xi32={signed}" in done.stdout, done.stdout + done.stderr
    assert f"1xi32={signed}" in (d / "iree-printed.txt").read_text()
    assert want != got
