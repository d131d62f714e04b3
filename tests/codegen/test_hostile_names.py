"""Names that validate must give a module that imports and ops that work; names that
would hijack the module are refused by the validator (the same rule everywhere)."""

from __future__ import annotations

import types

import numpy as np
import pytest

from linalg_odsgen.codegen import generate_from_yaml
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.tc import tc_to_yaml


def _module(*defs: str) -> types.ModuleType:
    text, _ = tc_to_yaml([("\n".join(defs), "names.tc")])
    module = types.ModuleType("names")
    exec(compile(generate_from_yaml(text, "names.yaml"), "names", "exec"), module.__dict__)
    return module


def _shift(op: str = "t", a: str = "A", c: str = "C", attr: str = "s") -> str:
    return (
        f"def {op}({a}: f32(M)) -> ({c}: f32(N)) attr({attr}: i64) {{ {c}(n) = {a}(n * {attr}); }}"
    )


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize(
    ("op", "a", "attr"),
    [("range", "A", "s"), ("len", "A", "s"), ("np", "A", "s"), ("OPS", "A", "s"),
     ("t", "range", "s"), ("t", "builtins", "s"), ("t", "np", "s"), ("t", "self", "s"),
     ("t", "A", "cls"), ("t", "A", "self"), ("t", "A", "range")],
)  # fmt: skip
def test_names_that_validate_give_working_ops(op, a, attr, backend):
    # a second, rank-1 op after the first: its loops must not see a shadowed builtin
    module = _module(_shift(op, a, attr=attr), _shift("after"))
    x = np.arange(8, dtype=np.float32)
    got = module.OPS[op].call(x, outs=[np.zeros(4, np.float32)], backend=backend, **{attr: [2]})
    assert got.tolist() == [0, 2, 4, 6]
    assert module.after(x, outs=[np.zeros(4, np.float32)], s=[2], backend=backend).tolist() == [
        0,
        2,
        4,
        6,
    ]


@pytest.mark.parametrize("name", ["__builtins__", "__getattr__", "__all__", "__class__"])
def test_dunder_names_are_refused_with_the_rule(name):
    for src in (_shift(op=name), _shift(a=name), _shift(attr=name)):
        with pytest.raises(DiagnosticError) as err:
            _module(src)
        assert "has the form __name__" in str(err.value)


@pytest.mark.parametrize("attr", ["outs", "backend"])
def test_call_form_parameters_are_refused_as_attribute_names(attr):
    with pytest.raises(DiagnosticError) as err:
        _module(_shift(attr=attr))
    assert f"attribute name '{attr}' is reserved" in str(err.value)
