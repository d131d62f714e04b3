# RUN: %PYTHON -m mlir.dialects.linalg.opdsl.dump_oplib --file %s | FileCheck %s

from mlir.dialects.linalg.opdsl.lang import *

# The body: `+=` is an add of the output and the right-hand side, casts carry
# their target type variable, constants their MLIR attribute text, `index()`
# the loop dim's position.


# CHECK-LABEL: name: matmul
# CHECK:      assignments:
# CHECK-NEXT: - !ScalarAssign
# CHECK-NEXT:   arg: C
# CHECK-NEXT:   value: !ScalarExpression
# CHECK-NEXT:     scalar_fn:
# CHECK-NEXT:       kind: binary
# CHECK-NEXT:       fn_name: add
# CHECK-NEXT:       operands:
# CHECK-NEXT:       - !ScalarExpression
# CHECK-NEXT:         scalar_arg: C
# CHECK-NEXT:       - !ScalarExpression
# CHECK-NEXT:         scalar_fn:
# CHECK-NEXT:           kind: binary
# CHECK-NEXT:           fn_name: mul
# CHECK-NEXT:           operands:
# CHECK-NEXT:           - !ScalarExpression
# CHECK-NEXT:             scalar_fn:
# CHECK-NEXT:               kind: type
# CHECK-NEXT:               fn_name: cast_signed
# CHECK-NEXT:               type_var: U
# CHECK-NEXT:               operands:
# CHECK-NEXT:               - !ScalarExpression
# CHECK-NEXT:                 scalar_arg: A
# CHECK:                        fn_name: cast_unsigned
# CHECK-NEXT:               type_var: U
# CHECK-NEXT:               operands:
# CHECK-NEXT:               - !ScalarExpression
# CHECK-NEXT:                 scalar_arg: B
@linalg_structured_op
def matmul(
    A=TensorDef(T1, S.M, S.K),
    B=TensorDef(T2, S.K, S.N),
    C=TensorDef(U, S.M, S.N, output=True),
):
    C[D.m, D.n] += TypeFn.cast_signed(U, A[D.m, D.k]) * TypeFn.cast_unsigned(U, B[D.k, D.n])


# CHECK-LABEL: name: constants
# CHECK:        scalar_const: '42 : i64'
# CHECK:        scalar_const: '3.1415926535897931 : f64'
# CHECK:        scalar_const: '1.000000e+00 : f64'
@linalg_structured_op
def constants(O=TensorDef(T, S.M, S.N, output=True)):
    O[D.m, D.n] = (
        TypeFn.cast_signed(T, const(42))
        + TypeFn.cast_signed(T, const(3.1415926535897931))
        + TypeFn.cast_signed(T, const(1.0))
    )


# CHECK-LABEL: name: indices
# CHECK:        fn_name: cast_signed
# CHECK-NEXT:   type_var: T
# CHECK-NEXT:   operands:
# CHECK-NEXT:   - !ScalarExpression
# CHECK-NEXT:     scalar_index: 1
# CHECK:        scalar_index: 0
@linalg_structured_op
def indices(O=TensorDef(T, S.M, S.N, output=True)):
    O[D.m, D.n] = TypeFn.cast_signed(T, index(D.n)) + TypeFn.cast_signed(T, index(D.m))


# CHECK-LABEL: name: max_reduce
# CHECK:        iterator_types:
# CHECK-NEXT:   - reduction
# CHECK-NEXT:   - parallel
# CHECK:        fn_name: max_signed
# CHECK-NEXT:   operands:
# CHECK-NEXT:   - !ScalarExpression
# CHECK-NEXT:     scalar_arg: O
# CHECK-NEXT:   - !ScalarExpression
# CHECK-NEXT:     scalar_fn:
# CHECK-NEXT:       kind: unary
# CHECK-NEXT:       fn_name: exp
@linalg_structured_op
def max_reduce(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
    O[D.m] = ReduceFn.max_signed[D.k](UnaryFn.exp(I[D.m, D.k]))
