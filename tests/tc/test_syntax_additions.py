"""TC forms beyond the seeds' grammar that historical spec files use: constant output
indices and affine divisions; executed against independent NumPy/Python references.
(MLIR 22 agreement is checked for every file of tests/data/tc by test_historical.)"""

from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen.codegen import generate_from_yaml
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.tc import read_tc, read_tc_diagnostics, tc_to_yaml

PATH = Path(__file__).resolve().parents[1] / "data" / "tc" / "historical_forms.tc"
TEXT, _ = tc_to_yaml([(PATH.read_bytes(), str(PATH))])
MODULE = types.ModuleType("historical_forms")
exec(compile(generate_from_yaml(TEXT, PATH.name), PATH.name, "exec"), MODULE.__dict__)
RNG = np.random.default_rng(26)
OPS = {op.name: op for op in read_tc([(PATH.read_bytes(), str(PATH))]).library.ops}


def test_constant_output_index_is_a_constant_result_of_the_output_map():
    dot = OPS["dot_at_zero"].structured_op
    assert str(dot.indexing_maps[2]) == "(d0)[s0] -> (0)"
    assert str(dot.args[2].shape_map) == "()[s0] -> (1)"
    sums = OPS["row_sums_at_column_one"].structured_op
    assert str(sums.indexing_maps[1]) == "(d0, d1)[s0, s1] -> (d0, 1)"


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_reduction_into_index_zero_accumulates_there(backend):
    a, b = RNG.standard_normal((2, 7)).astype(np.float32)
    x = np.array([0.25], np.float32)
    got = MODULE.dot_at_zero(a, b, outs=[x.copy()], backend=backend)
    np.testing.assert_allclose(got, [0.25 + float(np.dot(a, b))], rtol=1e-5)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_constant_column_is_the_only_one_written(backend):
    a = RNG.standard_normal((4, 5))
    c = RNG.standard_normal((4, 2))
    got = MODULE.row_sums_at_column_one(a, outs=[c.copy()], backend=backend)
    np.testing.assert_allclose(got[:, 0], c[:, 0])
    np.testing.assert_allclose(got[:, 1], c[:, 1] + a.sum(axis=1))


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_floordiv_ceildiv_and_mod_index_as_python_integer_division(backend):
    m_size, w_size = 6, 5
    # largest index: m + w // 2 + w % 3 + ceil(m / 4)
    n_size = max(m + w // 2 + w % 3 + -(-m // 4) for m in range(m_size) for w in range(w_size))
    i = RNG.standard_normal(n_size + 1).astype(np.float32)
    k = RNG.standard_normal(w_size).astype(np.float32)
    o = RNG.standard_normal(m_size).astype(np.float32)
    want = o.astype(np.float64).copy()
    for m in range(m_size):
        for w in range(w_size):
            want[m] += float(i[m + w // 2 + w % 3 + -(-m // 4)]) * float(k[w])
    got = MODULE.divided_window(i, k, outs=[o.copy()], backend=backend)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


BASE = "def t(A: f32(M), B: f32(K)) -> (C: f32(M)) {{ {} }}"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("C(m) = std_addf<k>(std_mulf(A(m floordiv 0), B(k)));", "needs a positive integer"),
        ("C(m) = std_addf<k>(std_mulf(A(m mod -2), B(k)));", "needs a positive integer"),
        ("C(m) = std_addf<k>(std_mulf(A(m ceildiv k), B(k)));", "found k"),
    ],
)
def test_division_needs_a_positive_constant_divisor(body, fragment):
    _, diags = read_tc_diagnostics(BASE.format(body), "d.tc")
    (err,) = [d for d in diags if d.is_error]
    assert fragment in err.message and err.line == 1 and err.column > 40


def test_constant_output_index_beyond_the_declared_size_is_an_error():
    src = "def t(A: f32(M)) -> (x: f32(1)) {\n  x(1) = std_addf<m>(A(m));\n}"
    _, diags = read_tc_diagnostics(src, "d.tc")
    (err,) = [d for d in diags if d.is_error]
    assert (err.line, err.column) == (2, 5) and "out of range" in err.message


def test_constant_output_index_on_a_symbolic_size_is_left_to_the_runtime_bounds_check():
    src = "def t(A: f32(M)) -> (x: f32(N)) {\n  x(3) = std_addf<m>(A(m));\n}"
    (op,) = read_tc([(src, "d.tc")]).library.ops
    assert str(op.structured_op.indexing_maps[1]) == "(d0)[s0, s1] -> (3)"


def test_same_word_as_a_tensor_name_is_still_a_name():
    src = "def t(mod: f32(M)) -> (C: f32(M)) { C(m) = mod(m); }"
    (op,) = read_tc([(src, "d.tc")]).library.ops
    assert op.structured_op.args[0].name == "mod"


def test_unknown_attribute_type_is_reported_at_its_declaration_and_at_its_use():
    src = (
        "def t(A: f32(M), B: f32(K)) -> (C: f32(M))\n"
        "attr(strides: 1xf33)\n"
        "{ C(m) = std_addf<k>(std_mulf(A(m + k * strides[0]), B(k))); }"
    )
    with pytest.raises(DiagnosticError) as err:
        read_tc([(src, "d.tc")])
    got = [(d.line, d.column) for d in err.value.diagnostics]
    assert got == [(2, 15), (3, 41)]
    assert "f33" in err.value.diagnostics[0].message
    assert "unknown element type" in err.value.diagnostics[1].message
