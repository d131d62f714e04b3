"""Each OpDSL construct on a small op whose expected config is worked out by hand."""

from __future__ import annotations

import pytest

import linalg_odsgen.dsl as dsl
from linalg_odsgen.dsl import *
from linalg_odsgen.dsl import OpDefinition, collect_ops, cpp_class_name
from linalg_odsgen.dsl.errors import DslError
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OperandKind,
    ScalarArg,
    ScalarConst,
    ScalarFn,
    ScalarIndex,
)

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def maps(op: OpDefinition) -> list[str]:
    return [str(m) for m in op.config.structured_op.indexing_maps]


def arg(op: OpDefinition, name: str):
    found = op.config.structured_op.arg(name)
    assert found is not None
    return found


def value(op: OpDefinition, i: int = 0):
    return op.config.structured_op.assignments[i].value


def cast(type_var: str, operand, fn: str = "cast_signed") -> ScalarFn:
    return ScalarFn(FnKind.TYPE, (operand,), fn_name=fn, type_var=type_var)


def binary(fn: str, a, b) -> ScalarFn:
    return ScalarFn(FnKind.BINARY, (a, b), fn_name=fn)


def test_scalar_and_tensor_operands_get_maps_over_all_dims_and_symbols():
    @linalg_structured_op
    def copy_and_scale(
        val=ScalarDef(T),
        I=TensorDef(T, S.M, S.K),
        O=TensorDef(T, S.M, S.K, output=True),
    ):
        """Scales I by val."""
        O[D.m, D.n] = I[D.m, D.n] * val

    sop = copy_and_scale.config.structured_op
    assert [(a.name, a.kind, a.type_var) for a in sop.args] == [
        ("val", OperandKind.SCALAR, "T"),
        ("I", OperandKind.INPUT_TENSOR, "T"),
        ("O", OperandKind.OUTPUT_TENSOR, "T"),
    ]
    assert arg(copy_and_scale, "val").shape_map is None
    assert str(arg(copy_and_scale, "I").shape_map) == "()[s0, s1] -> (s0, s1)"
    assert maps(copy_and_scale) == [
        "(d0, d1)[s0, s1] -> ()",
        "(d0, d1)[s0, s1] -> (d0, d1)",
        "(d0, d1)[s0, s1] -> (d0, d1)",
    ]
    assert sop.iterator_types == (P, P)
    assert sop.assignments[0].arg == "O"
    assert value(copy_and_scale) == binary("mul", ScalarArg("I"), ScalarArg("val"))
    md = copy_and_scale.config.metadata
    assert (md.name, md.cpp_class_name, md.doc) == (
        "copy_and_scale",
        "CopyAndScaleOp",
        "Scales I by val.",
    )


def test_dims_without_domain_are_numbered_in_name_order_as_upstream_numbers_them():
    # Neither the order of first use nor Python's evaluation order: the dims sorted by name.
    @linalg_structured_op
    def transpose(I=TensorDef(T, S.M, S.N), O=TensorDef(T, S.N, S.M, output=True)):
        O[D.n, D.m] = I[D.m, D.n]

    assert maps(transpose) == ["(d0, d1)[s0, s1] -> (d0, d1)", "(d0, d1)[s0, s1] -> (d1, d0)"]


def test_plus_equals_reduces_over_right_hand_side_only_dims():
    @linalg_structured_op
    def vecmat(y=TensorDef(T1, S.M), A=TensorDef(T2, S.M, S.N), x=TensorDef(U, S.N, output=True)):
        x[D.n] += TypeFn.cast_signed(U, y[D.m]) * TypeFn.cast_signed(U, A[D.m, D.n])

    assert maps(vecmat) == [
        "(d0, d1)[s0, s1] -> (d0)",
        "(d0, d1)[s0, s1] -> (d0, d1)",
        "(d0, d1)[s0, s1] -> (d1)",
    ]
    assert vecmat.config.structured_op.iterator_types == (R, P)
    assert value(vecmat) == binary(
        "add",
        ScalarArg("x"),
        binary("mul", cast("U", ScalarArg("y")), cast("U", ScalarArg("A"))),
    )


def test_domain_fixes_the_dim_order():
    @linalg_structured_op
    def row_sum(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
        domain(D.k, D.m)
        O[D.m] += I[D.m, D.k]

    assert maps(row_sum) == ["(d0, d1)[s0, s1] -> (d1, d0)", "(d0, d1)[s0, s1] -> (d1)"]
    assert row_sum.config.structured_op.iterator_types == (R, P)


def test_index_attribute_symbols_come_after_shape_symbols():
    @linalg_structured_op
    def strided_copy(
        I=TensorDef(T, S.IH, S.IW),
        O=TensorDef(T, S.OH, S.OW, output=True),
        strides=IndexAttrDef(S.SH, S.SW, default=[1, 2]),
    ):
        O[D.oh, D.ow] = I[D.oh * S.SH, D.ow * S.SW]

    syms = "[s0, s1, s2, s3, s4, s5]"
    strides = arg(strided_copy, "strides")
    assert strides.kind is OperandKind.INDEX_ATTR
    assert str(strides.index_attr_map) == f"(){syms} -> (s4, s5)"
    assert strides.default_indices == (1, 2)
    assert maps(strided_copy) == [
        f"(d0, d1){syms} -> (d0 * s4, d1 * s5)",
        f"(d0, d1){syms} -> (d0, d1)",
    ]


def test_symbols_in_shape_expressions_are_numbered_in_written_order():
    @linalg_structured_op
    def conv(
        I=TensorDef(T1, S.N, S.OW * S.SW + S.KW * S.DW),
        K=TensorDef(T2, S.KW),
        O=TensorDef(U, S.N, S.OW, output=True),
        strides=IndexAttrDef(S.SW, default=[1]),
        dilations=IndexAttrDef(S.DW, default=[1]),
    ):
        O[D.n, D.ow] += TypeFn.cast_signed(U, I[D.n, D.ow * S.SW + D.kw * S.DW]) * (
            TypeFn.cast_signed(U, K[D.kw])
        )

    syms = "[s0, s1, s2, s3, s4]"  # N, OW, SW, KW, DW
    assert str(arg(conv, "I").shape_map) == f"(){syms} -> (s0, s1 * s2 + s3 * s4)"
    assert str(arg(conv, "K").shape_map) == f"(){syms} -> (s3)"
    assert str(arg(conv, "dilations").index_attr_map) == f"(){syms} -> (s4)"
    assert maps(conv)[0] == f"(d0, d1, d2){syms} -> (d1, d2 * s2 + d0 * s4)"  # kw, n, ow
    assert conv.config.structured_op.iterator_types == (R, P, P)


def test_shape_only_tensor_maps_its_index_dims_and_reduce_fn_combines_with_output():
    @linalg_structured_op
    def pool(
        I=TensorDef(T1, S.N, S.OH + S.KH, S.C),
        K=TensorDef(T2, S.KH, index_dims=[D.kh]),
        O=TensorDef(U, S.N, S.OH, S.C, output=True),
    ):
        O[D.n, D.oh, D.c] = ReduceFn.max_unsigned[D.kh](
            TypeFn.cast_unsigned(U, I[D.n, D.oh + D.kh, D.c])
        )

    syms = "[s0, s1, s2, s3]"  # N, OH, KH, C
    assert maps(pool) == [  # c, kh, n, oh: upstream's OpDSL writes these bytes
        f"(d0, d1, d2, d3){syms} -> (d2, d1 + d3, d0)",
        f"(d0, d1, d2, d3){syms} -> (d1)",
        f"(d0, d1, d2, d3){syms} -> (d2, d3, d0)",
    ]
    assert pool.config.structured_op.iterator_types == (P, R, P, P)
    assert value(pool) == binary(
        "max_unsigned", ScalarArg("O"), cast("U", ScalarArg("I"), "cast_unsigned")
    )


def test_shape_only_dims_must_index_an_accessed_operand_as_upstream_requires():
    with pytest.raises(DslError, match=r"index_dims of K lists D\.kw, which no accessed operand"):

        @linalg_structured_op
        def window_sum(
            I=TensorDef(T, S.N),
            K=TensorDef(T, S.KW, index_dims=[D.kw]),
            O=TensorDef(T, S.N, output=True),
        ):
            O[D.n] = ReduceFn.add[D.kw](I[D.n])


def test_reduce_dims_no_access_uses_are_dropped_with_a_warning_as_upstream_drops_them():
    @linalg_structured_op
    def no_window(I=TensorDef(T, S.N), O=TensorDef(T, S.N, output=True)):
        O[D.n] = ReduceFn.add[[D.kw]](I[D.n])

    assert no_window.config.structured_op.iterator_types == (P,)
    (warning,) = no_window.warnings
    assert "reduces over D.kw, which no operand access uses" in warning.message


def test_right_hand_side_dim_not_written_nor_reduced_is_parallel_with_a_warning():
    @linalg_structured_op
    def last_column(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[D.m, D.k]

    assert last_column.config.structured_op.iterator_types == (P, P)  # k, m
    (warning,) = last_column.warnings
    assert "D.k is read on the right-hand side but does not index the output O" in warning.message


def test_reduce_fn_takes_llvm_22_and_llvm_24_subscripts_alike():
    def body(reduce):
        @linalg_structured_op
        def row_max(I=TensorDef(T, S.M, S.K, S.J), O=TensorDef(T, S.M, output=True)):
            O[D.m] = reduce(I[D.m, D.k, D.j])

        return row_max.config

    one = body(lambda x: ReduceFn.max_signed[D.k, D.j](x))
    assert one == body(lambda x: ReduceFn.max_signed[[D.k, D.j]](x))
    assert one == body(lambda x: ReduceFn.max_signed[(D.k, D.j)](x))
    assert one.structured_op.iterator_types == (R, R, P)


def test_const_and_index_special_forms():
    @linalg_structured_op
    def iota_plus(O=TensorDef(I64, S.M, output=True), F=TensorDef(F64, S.M, output=True)):
        O[D.m] = TypeFn.cast_signed(I64, index(D.m)) + const(42)
        F[D.m] = const(1.0) + const(0.1) + TypeFn.cast_signed(F64, const(-3)) * const(7.5)

    assert value(iota_plus, 0) == binary(
        "add", cast("I64", ScalarIndex(0)), ScalarConst("42 : i64")
    )
    assert value(iota_plus, 1) == binary(
        "add",
        binary("add", ScalarConst("1.000000e+00 : f64"), ScalarConst("1.000000e-01 : f64")),
        binary("mul", cast("F64", ScalarConst("-3 : i64")), ScalarConst("7.500000e+00 : f64")),
    )


def test_rank_polymorphic_op_has_no_dims():
    @linalg_structured_op
    def fill(value=ScalarDef(T1), O=TensorDef(U, output=True)):
        O[None] = TypeFn.cast_signed(U, value)

    assert maps(fill) == ["() -> ()", "() -> ()"]
    assert str(arg(fill, "O").shape_map) == "() -> ()"
    assert fill.config.structured_op.iterator_types == ()


def test_function_attributes_are_called_like_functions():
    @linalg_structured_op
    def elemwise_binary(
        lhs=TensorDef(T1),
        rhs=TensorDef(T2),
        O=TensorDef(U, output=True),
        fun=BinaryFnAttrDef(default=BinaryFn.mul),
        cast=TypeFnAttrDef(default=TypeFn.cast_unsigned),
    ):
        O[None] = fun(cast(U, lhs[None]), cast(U, rhs[None]))

    assert (arg(elemwise_binary, "fun").kind, arg(elemwise_binary, "fun").default_fn) == (
        OperandKind.BINARY_FN_ATTR,
        "mul",
    )
    assert arg(elemwise_binary, "cast").kind is OperandKind.TYPE_FN_ATTR
    assert arg(elemwise_binary, "cast").default_fn == "cast_unsigned"

    def attr_cast(a: str) -> ScalarFn:
        return ScalarFn(FnKind.TYPE, (ScalarArg(a),), attr_name="cast", type_var="U")

    assert value(elemwise_binary) == ScalarFn(
        FnKind.BINARY, (attr_cast("lhs"), attr_cast("rhs")), attr_name="fun"
    )
    assert len(maps(elemwise_binary)) == 3  # attributes have no indexing map


def test_unary_and_ternary_attributes_and_named_functions():
    @linalg_structured_op
    def mix(
        c=TensorDef(T2),
        a=TensorDef(T1),
        O=TensorDef(T1, output=True),
        un=UnaryFnAttrDef(default=UnaryFn.exp),
        tern=TernaryFnAttrDef(default=TernaryFn.select),
    ):
        O[None] = tern(c[None], un(a[None]), UnaryFn.negf(a[None])) - a[None]

    assert arg(mix, "un").kind is OperandKind.UNARY_FN_ATTR
    assert arg(mix, "tern").default_fn == "select"
    un = ScalarFn(FnKind.UNARY, (ScalarArg("a"),), attr_name="un")
    neg = ScalarFn(FnKind.UNARY, (ScalarArg("a"),), fn_name="negf")
    sel = ScalarFn(FnKind.TERNARY, (ScalarArg("c"), un, neg), attr_name="tern")
    assert value(mix) == binary("sub", sel, ScalarArg("a"))


def test_several_assignments_share_one_dim_order():
    @linalg_structured_op
    def two_outputs(
        A=TensorDef(T, S.M, S.K),
        Sum=TensorDef(T, S.M, output=True),
        Max=TensorDef(T, S.M, output=True),
    ):
        Sum[D.m] += A[D.m, D.k]
        Max[D.m] = ReduceFn.max_signed[D.k](A[D.m, D.k])

    sop = two_outputs.config.structured_op
    assert [a.arg for a in sop.assignments] == ["Sum", "Max"]
    assert sop.iterator_types == (R, P)  # k, m
    assert sop.assignments[1].value == binary("max_signed", ScalarArg("Max"), ScalarArg("A"))


def test_affine_index_arithmetic_with_constants():
    @linalg_structured_op
    def shift(I=TensorDef(T, S.M + 2), O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[2 * D.m - D.m + 2]

    assert str(arg(shift, "I").shape_map) == "()[s0] -> (s0 + 2)"
    assert maps(shift)[0] == "(d0)[s0] -> (d0 + 2)"


def test_op_name_override_interfaces_and_definitions():
    @linalg_structured_op(op_name="my_fill_2d")
    def ignored_name(value=ScalarDef(T), O=TensorDef(T, output=True)):
        """
        First line.

            Indented detail.
        """
        implements(FillOpInterface, ContractionOpInterface, ConvolutionOpInterface)
        defines(Canonicalizer)
        O[None] = value

    md = ignored_name.config.metadata
    assert md.name == "my_fill_2d"
    assert md.cpp_class_name == "MyFill2DOp"
    assert md.doc == "First line.\n\n    Indented detail."
    assert md.implements == (
        "LinalgFillOpInterface",
        "LinalgContractionOpInterface",
        "LinalgConvolutionOpInterface",
    )
    assert md.defines == ("hasCanonicalizer",)


def test_cpp_class_name_capitalises_words_and_letters_after_digits():
    assert cpp_class_name("conv_2d_nhwc_hwcf") == "Conv2DNhwcHwcfOp"
    assert cpp_class_name("mmt4d") == "Mmt4DOp"
    assert cpp_class_name("fill_rng_2d") == "FillRng2DOp"
    assert cpp_class_name("batch_matmul") == "BatchMatmulOp"
    assert cpp_class_name("conv_2d_nhwc_hwcf_q") == "Conv2DNhwcHwcfQOp"
    assert cpp_class_name("matmulT_x") == "MatmultXOp"  # str.title per word, as upstream


def test_op_class_name_keyword_names_the_class_as_upstream_allows():
    @linalg_structured_op(op_class_name="PowFOp")
    def powf(lhs=TensorDef(T1), rhs=TensorDef(T1), O=TensorDef(T1, output=True)):
        O[None] = BinaryFn.powf(lhs[None], rhs[None])

    assert powf.config.metadata.cpp_class_name == "PowFOp"
    with pytest.raises(DslError, match="op_class_name 'Pow F' is not an identifier"):
        linalg_structured_op(op_class_name="Pow F")


def test_llvm_13_and_14_spellings_are_refused_naming_the_modern_one():
    with pytest.raises(DslError, match=r"LLVM 13/14 spelling: use TypeFn\.cast_signed"):

        @linalg_structured_op
        def copy(I=TensorDef(T1), O=TensorDef(U, output=True)):
            O[None] = TypeFn.cast(U, I[None])

    with pytest.raises(DslError, match=r"use ReduceFn\.max_signed"):
        ReduceFn.max  # noqa: B018


def test_domain_outside_an_op_body_and_nested_definitions_use_the_running_op():
    with pytest.raises(DslError, match=r"domain\(\) can only be used inside"):
        domain(D.m)

    @linalg_structured_op
    def outer(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
        @linalg_structured_op
        def inner(A=TensorDef(T, S.N, S.K), B=TensorDef(T, S.N, output=True)):
            domain(D.n, D.k)
            B[D.n] += A[D.n, D.k]

        O[D.m] = I[D.m]
        implements(ContractionOpInterface)

    assert outer.config.metadata.implements == ("LinalgContractionOpInterface",)


def test_symbol_and_dim_numbering_is_per_op():
    @linalg_structured_op
    def first(I=TensorDef(T, S.X), O=TensorDef(T, S.X, output=True)):
        O[D.x] = I[D.x]

    @linalg_structured_op
    def second(I=TensorDef(T, S.Y, S.X), O=TensorDef(T, S.Y, S.X, output=True)):
        O[D.y, D.x] = I[D.y, D.x]

    @linalg_structured_op
    def first_again(I=TensorDef(T, S.X), O=TensorDef(T, S.X, output=True)):
        O[D.x] = I[D.x]

    assert str(arg(second, "I").shape_map) == "()[s0, s1] -> (s0, s1)"
    assert first.config.structured_op == first_again.config.structured_op


def test_namespaces_make_plain_named_values():
    assert S.M == S.M and S.M != S.N
    assert D.m == D.m and D.m != S.m
    assert (
        TypeVar("T"),
        TypeVar("T"),
        TypeVar("T1"),
        TypeVar("T2"),
        TypeVar("U"),
        TypeVar("V"),
    ) == (TV.T, T, T1, T2, U, V)
    assert [t.name for t in (I32, I64, F32, F64)] == ["I32", "I64", "F32", "F64"]
    assert all(t.is_fixed for t in (I32, I64, F32, F64)) and not T.is_fixed


def test_star_import_exports_exactly_all():
    namespace: dict[str, object] = {}
    exec("from linalg_odsgen.dsl import *", namespace)
    exported = {k for k in namespace if k != "__builtins__"}
    assert exported == set(dsl.__all__)
    for name in ("linalg_structured_op", "TensorDef", "ReduceFn", "domain", "const", "index"):
        assert name in exported
    assert not any(name.startswith("_") for name in exported)


def test_collect_ops_returns_module_ops_in_definition_order():
    import types

    module = types.ModuleType("fake_ops")
    exec(
        "from linalg_odsgen.dsl import *\n"
        "@linalg_structured_op\n"
        "def zeta(v=ScalarDef(T), O=TensorDef(T, output=True)):\n"
        "    O[None] = v\n"
        "@linalg_structured_op\n"
        "def alpha(v=ScalarDef(T), O=TensorDef(T, output=True)):\n"
        "    O[None] = v\n"
        "alias = zeta\n",
        module.__dict__,
    )
    assert [op.name for op in collect_ops(module)] == ["zeta", "alpha"]


def test_ops_built_concurrently_in_threads_do_not_mix():
    from concurrent.futures import ThreadPoolExecutor

    def make(i: int) -> OpDefinition:
        dims = [getattr(D, f"x{i}_{j}") for j in range(i % 3 + 1)]
        shape = [getattr(S, f"X{i}_{j}") for j in range(i % 3 + 1)]

        def body(I=TensorDef(T, *shape), O=TensorDef(T, *shape, output=True)):
            domain(*reversed(dims))
            O[tuple(dims)] = I[tuple(dims)]

        return linalg_structured_op(body, op_name=f"op{i}")

    with ThreadPoolExecutor(max_workers=4) as pool:
        ops = list(pool.map(make, range(24)))
    for i, op in enumerate(ops):
        n = i % 3 + 1
        assert op.name == f"op{i}"
        assert op.config.structured_op.indexing_maps[0].num_dims == n
        expected = ", ".join(f"d{k}" for k in reversed(range(n)))
        assert str(op.config.structured_op.indexing_maps[0]).endswith(f"-> ({expected})")


def test_true_division_is_binary_div():
    @linalg_structured_op
    def ratio(A=TensorDef(T, S.M), B=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
        O[D.m] = A[D.m] / B[D.m]

    (assign,) = ratio.config.structured_op.assignments
    assert assign.value.fn_name == "div"  # type: ignore[union-attr]


def test_a_decorated_op_is_callable_on_arrays_with_every_backend():
    import numpy as np

    @linalg_structured_op
    def scaled_rows(alpha=ScalarDef(T), A=TensorDef(T, S.M, S.N), O=TensorDef(T, S.M, output=True)):
        O[D.m] += alpha * A[D.m, D.n]

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    for backend in ("loops", "fast"):
        out = scaled_rows(np.float32(2), a, outs=[np.ones(2, np.float32)], backend=backend)
        np.testing.assert_array_equal(out, 1 + 2 * a.sum(axis=1))
    assert scaled_rows.op_class.OP_NAME == "scaled_rows"
    assert scaled_rows.op_class is scaled_rows.op_class  # built once
