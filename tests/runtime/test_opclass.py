"""The in-memory op classes (`runtime.opclass`) behave exactly like the generated modules.

For every op of the checked-in libraries (the core named ops and the classic TC ops)
the class built from the op config in memory and the class `gen-impl` wrote must
agree on what they state (maps, iterator types, attributes and their defaults), on
every instance conformance checks (element types, attribute variants, dynamic
sizes): instance maps, printed MLIR in both forms, and the output bits of the loops
and fast backends on deterministic data; and on the errors bad operands raise.
"""

from __future__ import annotations

import importlib
from importlib import resources
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_ops import Drawn, class_of, generated_class, op_configs, operands_for

from linalg_odsgen.conformance.library import cases_for, make_data
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.runtime import ShapedType, StructuredOp
from linalg_odsgen.runtime.opclass import op_class, op_classes
from linalg_odsgen.sources import read
from linalg_odsgen.types import F32, I32

LIBRARIES = ("core_named_ops", "classic_ops")


def _pairs() -> list[tuple[str, type[StructuredOp], type[StructuredOp]]]:
    out = []
    for lib in LIBRARIES:
        text = resources.files("linalg_odsgen.opspecs").joinpath(f"{lib}.yaml").read_text()
        in_memory = op_classes(read(text, f"{lib}.yaml")[0].ops)
        generated = importlib.import_module(f"linalg_odsgen.generated.{lib}").OPS
        assert list(in_memory) == list(generated)
        out += [(f"{lib}:{name}", generated[name], in_memory[name]) for name in generated]
    return out


PAIRS = _pairs()
IDS = [p[0] for p in PAIRS]

STATED = (
    "OP_NAME",
    "CPP_CLASS_NAME",
    "DOC",
    "IMPLEMENTS",
    "DEFINES",
    "OPERANDS",
    "STATIC_INDEXING_MAPS",
    "ITERATOR_TYPES",
    "RANK_POLYMORPHIC",
    "USES_INDEX",
    "SYMBOL_NAMES",
    "__name__",
    "__doc__",
)


@pytest.mark.parametrize(("label", "gen", "mem"), PAIRS, ids=IDS)
def test_the_classes_state_the_same_op(label: str, gen: Any, mem: Any) -> None:
    for attr in STATED:
        assert getattr(mem, attr) == getattr(gen, attr), attr
    assert mem.MAPS.takes_indexing_maps() == gen.MAPS.takes_indexing_maps()
    assert type(mem.MAPS) is type(gen.MAPS)


def _outcome(cls: Any, types: list[Any], attrs: dict[str, Any]) -> tuple[str, Any]:
    try:
        return "ok", cls.from_types(types, **attrs)
    except DiagnosticError as err:
        return "error", str(err)


def _run(cls: Any, op: StructuredOp, data: list[Any], backend: str) -> list[bytes]:
    values = [v.copy() if isinstance(v, np.ndarray) else v for v in data]
    op.run(values, backend)
    return [np.asarray(v).tobytes() for v in values[op.num_inputs :]]


@pytest.mark.parametrize(("label", "gen", "mem"), PAIRS, ids=IDS)
def test_every_instance_prints_and_computes_the_same(label: str, gen: Any, mem: Any) -> None:
    cases = cases_for(gen)
    assert cases, f"{label}: no instance to compare"
    for n, case in enumerate(cases):
        a, b = gen.from_types(list(case.types), **case.attr_dict), None
        kind, b = _outcome(mem, list(case.types), case.attr_dict)
        assert kind == "ok", f"{label} {case.label}: {b}"
        assert b.indexing_maps == a.indexing_maps and b.iterator_types == a.iterator_types
        assert b.attributes == a.attributes
        assert b.loop_ranges() == a.loop_ranges()
        for form in ("named", "generic"):
            assert b.to_mlir(form) == a.to_mlir(form), (case.label, form)
        if not case.execute or (n > 3 and not case.attrs):
            continue  # printing only (dynamic sizes); data for a few type combos and every attr
        data = make_data(a, seed=n)
        for backend in ("loops", "fast"):
            assert _run(mem, b, data, backend) == _run(gen, a, data, backend), (case.label, backend)


def _bad_type_lists(cls: Any) -> list[tuple[list[Any], dict[str, Any]]]:
    """Operand lists a verifier must refuse: one operand short, an extra rank, sizes that
    disagree, an unknown attribute, a bad attribute value."""
    cases = cases_for(cls)
    good = list(cases[0].types)
    bad: list[tuple[list[Any], dict[str, Any]]] = [(good[:-1], {}), (good, {"no_such": 1})]
    for k, t in enumerate(good):
        if isinstance(t, ShapedType):
            bad.append(
                ([*good[:k], ShapedType(t.kind, (*t.shape, 3), t.element), *good[k + 1 :]], {})
            )
            if t.shape:
                grown = (t.shape[0] + 7, *t.shape[1:])
                bad.append(([*good[:k], ShapedType(t.kind, grown, t.element), *good[k + 1 :]], {}))
        else:
            bad.append(([*good[:k], ShapedType("memref", (2,), F32), *good[k + 1 :]], {}))
    bad.append(
        ([ShapedType(t.kind, t.shape, I32) if isinstance(t, ShapedType) else I32 for t in good], {})
    )
    for d in cls.OPERANDS:
        if not d.kind.is_value:
            bad.append((good, {d.name: "no_such_fn" if d.kind.is_fn_attr else [0] * 9}))
    return bad


@pytest.mark.parametrize(("label", "gen", "mem"), PAIRS, ids=IDS)
def test_bad_operands_get_the_same_errors(label: str, gen: Any, mem: Any) -> None:
    for types, attrs in _bad_type_lists(gen):
        want = _outcome(gen, types, attrs)
        got = _outcome(mem, types, attrs)
        assert got[0] == want[0], (types, attrs)
        if want[0] == "error":
            assert got[1] == want[1]


def test_the_call_form_runs_on_arrays_like_the_generated_function() -> None:
    from linalg_odsgen import ops

    text = resources.files("linalg_odsgen.opspecs").joinpath("core_named_ops.yaml").read_text()
    cls = op_class(read(text, "core_named_ops.yaml")[0].by_name()["matmul"])
    rng = np.random.default_rng(5)
    a = rng.integers(-9, 9, (3, 4)).astype(np.int8)
    b = rng.integers(-9, 9, (4, 2)).astype(np.int8)
    want = ops.matmul(a, b, outs=[np.zeros((3, 2), np.int32)])
    got = cls.call(a, b, outs=[np.zeros((3, 2), np.int32)])
    np.testing.assert_array_equal(got, a.astype(np.int32) @ b.astype(np.int32))
    np.testing.assert_array_equal(got, want)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=op_configs(), seed=st.integers(0, 2**31 - 1))
def test_random_ops_compute_the_same_bits_either_way(drawn: Drawn, seed: int) -> None:
    gen, mem = generated_class(drawn.config), class_of(drawn.config)
    ins, outs = operands_for(gen, drawn, np.random.default_rng(seed))
    for backend in ("loops", "fast"):
        want = [o.copy() for o in outs]
        gen.call(*ins, outs=want, backend=backend, **drawn.attrs)
        got = [o.copy() for o in outs]
        mem.call(*ins, outs=got, backend=backend, **drawn.attrs)
        assert [g.tobytes() for g in got] == [w.tobytes() for w in want]
    a, _ = gen.from_arrays(*ins, outs=[o.copy() for o in outs], **drawn.attrs)
    b, _ = mem.from_arrays(*ins, outs=[o.copy() for o in outs], **drawn.attrs)
    assert b.indexing_maps == a.indexing_maps
    assert b.to_mlir("generic") == a.to_mlir("generic")
