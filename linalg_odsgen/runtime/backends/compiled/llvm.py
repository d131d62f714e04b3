"""What the scalar library is built on: numba's jit settings and LLVM-level helpers.

The kernels' scalar functions need a few things plain numba does not give: hints to
LLVM's code generation (vector width, a register tile's accumulators) and bit casts
between floats and integers, written as numba intrinsics.
"""

from __future__ import annotations

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

# Not cached themselves: they are compiled into each (cached) kernel that calls them.
jit = njit(nogil=True, error_model="numpy")

# -- code generation hints --------------------------------------------------------------------


@intrinsic
def wide_vectors(typingctx):  # type: ignore[no-untyped-def]
    """Called first in a register-tiled kernel: asks LLVM for 512-bit vectors there.

    LLVM prefers 256-bit vectors on AVX-512 CPUs (whole-program clock concerns), which
    halves the width of a tile's rows; MLIR's vector dialect code is not bound by that
    preference. The attribute is a plain LLVM function attribute (llvmlite's checked set
    does not list it); on CPUs without 512-bit registers LLVM ignores it.
    """

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        set.add(builder.function.attributes, '"prefer-vector-width"="512"')
        return context.get_dummy_value()

    return types.none(), codegen


@intrinsic(prefer_literal=True)
def tile(typingctx, rows, cols, like):  # type: ignore[no-untyped-def]
    """A rows x cols C-ordered array of `like`'s type on the stack (an `alloca` in the
    kernel's entry block): a register tile's accumulators. Indexed only by loops of
    constant trip counts, LLVM unrolls them, promotes every element to a register and
    vectorizes the rows; heap memory (np.empty) would stay memory."""
    if not isinstance(rows, types.IntegerLiteral) or not isinstance(cols, types.IntegerLiteral):
        return None
    dtype = types.unliteral(like)
    array_type = types.Array(dtype, 2, "C")

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        from numba.np.arrayobj import make_array, populate_array

        r, c = rows.literal_value, cols.literal_value
        element = context.get_data_type(dtype)
        size = context.get_abi_sizeof(element)
        data = cgutils.alloca_once(builder, element, size=r * c)
        array = make_array(array_type)(context, builder)

        def const(x: int) -> object:
            return context.get_constant(types.intp, x)

        populate_array(
            array,
            data=data,
            shape=[const(r), const(c)],
            strides=[const(c * size), const(size)],
            itemsize=const(size),
            meminfo=None,
        )
        return array._getvalue()

    return array_type(rows, cols, like), codegen


# -- bit casts (LLVM `bitcast`) -------------------------------------------------------------


def _to_float_intrinsic(width: int, dst: types.Type, dst_ir: ir.Type) -> object:
    """Any integer's low `width` bits reinterpreted as a float (numba widens unsigned
    arithmetic, so the argument may arrive in a wider integer type)."""

    @intrinsic
    def cast(typingctx, x):
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            value = args[0]
            if x.bitwidth > width:
                value = builder.trunc(value, ir.IntType(width))
            elif x.bitwidth < width:
                value = builder.zext(value, ir.IntType(width))
            return builder.bitcast(value, dst_ir)

        return dst(x), codegen

    return cast


def _to_bits_intrinsic(src: types.Type, dst: types.Type, dst_ir: ir.Type) -> object:
    @intrinsic
    def cast(typingctx, x):
        if x != src:
            return None

        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], dst_ir)

        return dst(src), codegen

    return cast


f32_bits = _to_bits_intrinsic(types.float32, types.uint32, ir.IntType(32))
f32_from_bits = _to_float_intrinsic(32, types.float32, ir.FloatType())
f64_bits = _to_bits_intrinsic(types.float64, types.int64, ir.IntType(64))
f64_from_bits = _to_float_intrinsic(64, types.float64, ir.DoubleType())


__all__ = ["f32_bits", "f32_from_bits", "f64_bits", "f64_from_bits", "jit", "tile", "wide_vectors"]
