"""Ten ops of a compiler engineer's own (quantized matmul with zero points, attention
scores, softmax pieces, a strided and dilated convolution, an index-masked copy, a bias
add, a GEMM with function attributes, a scalar reduction): tests/dsl/test_journey.py."""

from linalg_odsgen.dsl import *


@linalg_structured_op
def qmatmul_zp(
    A=TensorDef(T1, S.M, S.K),
    B=TensorDef(T2, S.K, S.N),
    AZp=ScalarDef(I32),
    BZp=ScalarDef(I32),
    C=TensorDef(U, S.M, S.N, output=True),
):
    """Quantized matmul with zero points."""
    C[D.m, D.n] += (TypeFn.cast_signed(U, A[D.m, D.k]) - TypeFn.cast_signed(U, AZp)) * (
        TypeFn.cast_signed(U, B[D.k, D.n]) - TypeFn.cast_signed(U, BZp)
    )


@linalg_structured_op
def qk_t(
    Q=TensorDef(T1, S.M, S.K), Kt=TensorDef(T1, S.N, S.K), O=TensorDef(U, S.M, S.N, output=True)
):
    implements(ContractionOpInterface)
    O[D.m, D.n] += TypeFn.cast_signed(U, Q[D.m, D.k]) * TypeFn.cast_signed(U, Kt[D.n, D.k])


@linalg_structured_op
def row_max(I=TensorDef(T, S.M, S.N), O=TensorDef(T, S.M, output=True)):
    O[D.m] = ReduceFn.max_signed[D.n](I[D.m, D.n])


@linalg_structured_op
def exp_minus(
    I=TensorDef(T, S.M, S.N), Mx=TensorDef(T, S.M), O=TensorDef(T, S.M, S.N, output=True)
):
    O[D.m, D.n] = UnaryFn.exp(I[D.m, D.n] - Mx[D.m])


@linalg_structured_op
def conv1d_sd(
    I=TensorDef(T1, S.N, S.OW * S.SW + S.KW * S.DW, S.C),
    K=TensorDef(T2, S.KW, S.C, S.F),
    O=TensorDef(U, S.N, S.OW, S.F, output=True),
    strides=IndexAttrDef(S.SW, default=[2]),
    dilations=IndexAttrDef(S.DW, default=[2]),
):
    implements(ConvolutionOpInterface)
    O[D.n, D.ow, D.f] += TypeFn.cast_signed(
        U, I[D.n, D.ow * S.SW + D.kw * S.DW, D.c]
    ) * TypeFn.cast_signed(U, K[D.kw, D.c, D.f])


@linalg_structured_op
def tril_copy(I=TensorDef(T, S.M, S.N), O=TensorDef(T, S.M, S.N, output=True)):
    O[D.m, D.n] = I[D.m, D.n] * TypeFn.cast_signed(
        T,
        BinaryFn.max_signed(
            const(0),
            TypeFn.cast_signed(I64, index(D.m)) - TypeFn.cast_signed(I64, index(D.n)) + const(1),
        )
        - BinaryFn.max_signed(
            const(0), TypeFn.cast_signed(I64, index(D.m)) - TypeFn.cast_signed(I64, index(D.n))
        ),
    )


@linalg_structured_op
def bias_add(I=TensorDef(T, S.M, S.N), B=TensorDef(T, S.N), O=TensorDef(T, S.M, S.N, output=True)):
    O[D.m, D.n] = I[D.m, D.n] + B[D.n]


@linalg_structured_op
def gemm_fn(
    A=TensorDef(T, S.M, S.K),
    B=TensorDef(T, S.K, S.N),
    C=TensorDef(T, S.M, S.N, output=True),
    mul=BinaryFnAttrDef(default=BinaryFn.mul),
    act=UnaryFnAttrDef(default=UnaryFn.abs),
):
    C[D.m, D.n] += act(mul(A[D.m, D.k], B[D.k, D.n]))


@linalg_structured_op
def total(I=TensorDef(T1, S.M, S.N), O=TensorDef(U, output=True)):
    O[None] += TypeFn.cast_signed(U, I[D.m, D.n])
