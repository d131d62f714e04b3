"""Op instances print as MLIR modules: named form, generic form, types, attributes, regions."""

from __future__ import annotations

import pytest

from linalg_odsgen import ops
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.mlir import print_func, print_module
from linalg_odsgen.mlir.tools import mlir_opt
from linalg_odsgen.types import F32, F64, I8, I32, ShapedType


def mem(*shape, elem=F32):
    return ShapedType("memref", shape, elem)


def ten(*shape, elem=F32):
    return ShapedType("tensor", shape, elem)


def test_named_matmul_on_memrefs_prints_ins_outs_and_no_results() -> None:
    op = ops.OPS["matmul"].from_types([mem(4, 3), mem(3, None), mem(4, None)])
    assert print_module(op) == (
        "module {\n"
        "  func.func @matmul(%arg0: memref<4x3xf32>, %arg1: memref<3x?xf32>, "
        "%arg2: memref<4x?xf32>) {\n"
        "    linalg.matmul {cast = #linalg.type_fn<cast_signed>} "
        "ins(%arg0, %arg1 : memref<4x3xf32>, memref<3x?xf32>) outs(%arg2 : memref<4x?xf32>)\n"
        "    return\n"
        "  }\n"
        "}\n"
    )


def test_tensor_outputs_become_results_and_are_returned() -> None:
    op = ops.OPS["matmul"].from_types([ten(4, 3), ten(3, 5), ten(4, 5)])
    text = print_module(op)
    assert "-> tensor<4x5xf32> {" in text
    assert "%0 = linalg.matmul" in text
    assert "outs(%arg2 : tensor<4x5xf32>) -> tensor<4x5xf32>" in text
    assert "return %0 : tensor<4x5xf32>" in text


def test_index_and_function_attributes_use_mlir_attribute_syntax() -> None:
    conv = ops.OPS["conv_2d_nhwc_hwcf"].from_types(
        [mem(1, 9, 9, 2), mem(2, 2, 2, 3), mem(1, 4, 4, 3)], strides=[2, 2]
    )
    text = print_func(conv)
    # Sorted by name, splats as one value: as mlir-opt prints them.
    assert "{dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}" in text
    mixed = ops.OPS["conv_2d_nhwc_hwcf"].from_types(
        [mem(1, 9, 8, 2), mem(2, 2, 2, 3), mem(1, 4, 4, 3)], strides=[2, 1]
    )
    assert "strides = dense<[2, 1]> : tensor<2xi64>" in print_func(mixed)
    binary = ops.OPS["elemwise_binary"].from_types([mem(2), mem(2), mem(2)], fun="mul")
    assert "fun = #linalg.binary_fn<mul>" in print_func(binary)


def test_generic_form_has_substituted_maps_iterators_and_payload() -> None:
    conv = ops.OPS["conv_1d_nwc_wcf"].from_types(
        [mem(1, 7, 2), mem(2, 2, 3), mem(1, 3, 3)], strides=[2]
    )
    text = print_func(conv, "generic")
    assert "affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 * 2 + d3, d4)>" in text
    assert 'iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]' in text
    assert "^bb0(%in: f32, %in_0: f32, %out: f32):" in text
    assert "arith.mulf %in, %in_0 : f32" in text
    assert "linalg.yield" in text


def test_generic_payload_spells_casts_with_source_and_result_types() -> None:
    op = ops.OPS["matmul"].from_types(
        [mem(2, 3, elem=I8), mem(3, 4, elem=I8), mem(2, 4, elem=I32)], cast="cast_unsigned"
    )
    lines = [line.strip() for line in print_func(op, "generic").splitlines()]
    assert "^bb0(%in: i8, %in_0: i8, %out: i32):" in lines
    assert "%0 = arith.extui %in : i8 to i32" in lines
    assert "%1 = arith.extui %in_0 : i8 to i32" in lines
    assert "%2 = arith.muli %0, %1 : i32" in lines
    assert "%3 = arith.addi %out, %2 : i32" in lines
    assert "linalg.yield %3 : i32" in lines


def test_scalars_are_bare_element_types_and_constants_print_like_mlir() -> None:
    op = ops.OPS["fill_rng_2d"].from_types([F64, F64, I32, mem(3, 4)])
    text = print_func(op, "generic")
    assert "(%arg0: f64, %arg1: f64, %arg2: i32, %arg3: memref<3x4xf32>)" in text
    assert "ins(%arg0, %arg1, %arg2 : f64, f64, i32)" in text
    assert "= arith.constant 1103515245 : i64" in text  # as the op config spells it
    assert "= linalg.index 0 : index" in text
    assert "= arith.constant 2.3283063999999999E-10 : f64" in text


def test_mixing_memrefs_and_tensors_is_a_diagnostic() -> None:
    op = ops.OPS["matmul"].from_types([ten(4, 3), mem(3, 5), ten(4, 5)])
    with pytest.raises(DiagnosticError, match="mix memref and tensor"):
        print_module(op)


def test_kind_override_prints_the_same_instance_as_tensors() -> None:
    op = ops.OPS["copy"].from_types([mem(2, 3), mem(2, 3)])
    assert "tensor<2x3xf32>" in print_module(op, kind="tensor")


@pytest.mark.mlir
@pytest.mark.parametrize("form", ["named", "generic"])
def test_printed_modules_round_trip_through_mlir_opt(form: str) -> None:
    op = ops.OPS["depthwise_conv_2d_nhwc_hwc"].from_types(
        [ten(1, 5, 5, 2), ten(2, 2, 2), ten(1, 2, 2, 2)], strides=[2, 2], dilations=[1, 1]
    )
    ours = print_module(op, form)
    assert mlir_opt(ours).stdout.strip().splitlines()[0] == "module {"


def test_instances_print_themselves_through_the_module_printer() -> None:
    import numpy as np

    from linalg_odsgen import ops
    from linalg_odsgen.mlir import print_module

    op, _ = ops.OPS["conv_1d_nwc_wcf"].from_arrays(
        np.zeros((1, 8, 3), np.int8),
        np.zeros((2, 3, 4), np.int8),
        outs=[np.zeros((1, 3, 4), np.int32)],
        strides=[2],
    )
    assert op.to_mlir() == print_module(op, "named")
    generic = op.to_mlir("generic", kind="tensor")
    assert generic == print_module(op, "generic", kind="tensor")
    assert "d1 * 2 + d3" in generic and "tensor<1x8x3xi8>" in generic


def test_several_tensor_results_print_a_parenthesized_type_list() -> None:
    import types as pytypes

    from linalg_odsgen.codegen import generate_from_yaml
    from linalg_odsgen.tc import tc_to_yaml

    yaml_text, _ = tc_to_yaml(
        [("def two(A: f32(M)) -> (P: f32(M), Q: f32(M)) { P(m), Q(m) = A(m), A(m); }", "t.tc")]
    )
    module = pytypes.ModuleType("two")
    exec(compile(generate_from_yaml(yaml_text, "t.yaml"), "t", "exec"), module.__dict__)
    op = module.OPS["two"].from_types([ten(3), ten(3), ten(3)])
    for form in ("named", "generic"):
        text = print_module(op, form)
        assert "%0:2 = " in text
        assert "} -> (tensor<3xf32>, tensor<3xf32>)" in text or (
            ") -> (tensor<3xf32>, tensor<3xf32>)\n" in text
        )
        assert "return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>" in text
