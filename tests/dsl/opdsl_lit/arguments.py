# RUN: %PYTHON -m mlir.dialects.linalg.opdsl.dump_oplib --file %s | FileCheck %s

from mlir.dialects.linalg.opdsl.lang import *

# Operand kinds and their fields: tensors carry a type variable and a shape map
# over the op's size symbols (numbered in order of first use), scalars only a
# type variable, function attributes their default.


# CHECK-LABEL: name: matmul_attrs
# CHECK:      args:
# CHECK:        name: A
# CHECK-NEXT:   kind: input_tensor
# CHECK-NEXT:   type_var: T
# CHECK-NEXT:   shape_map: affine_map<()[s0, s1, s2] -> (s0, s1)>
# CHECK:        name: B
# CHECK-NEXT:   kind: input_tensor
# CHECK-NEXT:   type_var: T
# CHECK-NEXT:   shape_map: affine_map<()[s0, s1, s2] -> (s1, s2)>
# CHECK:        name: C
# CHECK-NEXT:   kind: output_tensor
# CHECK-NEXT:   type_var: U
# CHECK-NEXT:   shape_map: affine_map<()[s0, s1, s2] -> (s0, s2)>
# CHECK:        name: bfn
# CHECK-NEXT:   kind: binary_fn_attr
# CHECK-NEXT:   default_fn: mul
# CHECK:        name: ufn
# CHECK-NEXT:   kind: unary_fn_attr
# CHECK-NEXT:   default_fn: exp
# CHECK:        name: cast
# CHECK-NEXT:   kind: type_fn_attr
# CHECK-NEXT:   default_fn: cast_signed
# CHECK:      indexing_maps
@linalg_structured_op
def matmul_attrs(
    A=TensorDef(T, S.M, S.K),
    B=TensorDef(T, S.K, S.N),
    C=TensorDef(U, S.M, S.N, output=True),
    bfn=BinaryFnAttrDef(default=BinaryFn.mul),
    ufn=UnaryFnAttrDef(default=UnaryFn.exp),
    cast=TypeFnAttrDef(default=TypeFn.cast_signed),
):
    C[D.m, D.n] += ufn(bfn(cast(U, A[D.m, D.k]), cast(U, B[D.k, D.n])))


# CHECK-LABEL: name: fill_value
# CHECK:        name: value
# CHECK-NEXT:   kind: scalar
# CHECK-NEXT:   type_var: T
# CHECK-NOT:    shape_map
# CHECK:        name: O
# CHECK-NEXT:   kind: output_tensor
@linalg_structured_op
def fill_value(value=ScalarDef(T), O=TensorDef(T, S.M, S.N, output=True)):
    O[D.m, D.n] = value


# CHECK-LABEL: name: strided_copy
# CHECK:        name: I
# CHECK:        shape_map: affine_map<()[s0, s1, s2, s3, s4, s5] -> (s0, s1)>
# CHECK:        name: O
# CHECK:        shape_map: affine_map<()[s0, s1, s2, s3, s4, s5] -> (s2, s3)>
# CHECK:        name: strides
# CHECK-NEXT:   kind: index_attr
# CHECK-NEXT:   index_attr_map: affine_map<()[s0, s1, s2, s3, s4, s5] -> (s4, s5)>
# CHECK-NEXT:   default_indices:
# CHECK-NEXT:   - 1
# CHECK-NEXT:   - 2
# CHECK:        static_indexing_maps:
# CHECK-NEXT:   - affine_map<(d0, d1)[s0, s1, s2, s3, s4, s5] -> (d0 * s4, d1 * s5)>
# CHECK-NEXT:   - affine_map<(d0, d1)[s0, s1, s2, s3, s4, s5] -> (d0, d1)>
@linalg_structured_op
def strided_copy(
    I=TensorDef(T, S.IH, S.IW),
    O=TensorDef(T, S.OH, S.OW, output=True),
    strides=IndexAttrDef(S.SH, S.SW, default=[1, 2]),
):
    O[D.oh, D.ow] = I[D.oh * S.SH, D.ow * S.SW]
