# RUN: %PYTHON -m mlir.dialects.linalg.opdsl.dump_oplib --file %s | FileCheck %s

from mlir.dialects.linalg.opdsl.lang import *

# Loop dims are numbered in the order of their names (upstream's OpDSL sorts
# them), unless `domain()` fixes the order; dims that index no output reduce.


# CHECK-LABEL: name: matmul_sorted_dims
# CHECK:      static_indexing_maps:
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d0)>
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>
# CHECK-NEXT: iterator_types:
# CHECK-NEXT: - reduction
# CHECK-NEXT: - parallel
# CHECK-NEXT: - parallel
@linalg_structured_op
def matmul_sorted_dims(
    A=TensorDef(T, S.M, S.K), B=TensorDef(T, S.K, S.N), C=TensorDef(T, S.M, S.N, output=True)
):
    C[D.m, D.n] += A[D.m, D.k] * B[D.k, D.n]


# CHECK-LABEL: name: matmul_k_outer
# CHECK:      static_indexing_maps:
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d0)>
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>
# CHECK-NEXT: - affine_map<(d0, d1, d2)[s0, s1, s2] -> (d1, d2)>
# CHECK-NEXT: iterator_types:
# CHECK-NEXT: - reduction
# CHECK-NEXT: - parallel
# CHECK-NEXT: - parallel
@linalg_structured_op
def matmul_k_outer(
    A=TensorDef(T, S.M, S.K), B=TensorDef(T, S.K, S.N), C=TensorDef(T, S.M, S.N, output=True)
):
    domain(D.k, D.m, D.n)
    C[D.m, D.n] += A[D.m, D.k] * B[D.k, D.n]


# CHECK-LABEL: name: pool_window
# CHECK:        name: K
# CHECK-NEXT:   kind: input_tensor
# CHECK-NEXT:   type_var: T
# CHECK-NEXT:   shape_map: affine_map<()[s0, s1, s2] -> (s1)>
# CHECK:      static_indexing_maps:
# CHECK-NEXT: - affine_map<(d0, d1)[s0, s1, s2] -> (d0 + d1)>
# CHECK-NEXT: - affine_map<(d0, d1)[s0, s1, s2] -> (d0)>
# CHECK-NEXT: - affine_map<(d0, d1)[s0, s1, s2] -> (d1)>
@linalg_structured_op
def pool_window(
    I=TensorDef(T, S.W), K=TensorDef(T, S.KW, index_dims=[D.kw]), O=TensorDef(T, S.OW, output=True)
):
    O[D.ow] = ReduceFn.max_signed[D.kw](I[D.ow + D.kw])


# CHECK-LABEL: name: copy_any_rank
# CHECK:      static_indexing_maps:
# CHECK-NEXT: - affine_map<() -> ()>
# CHECK-NEXT: - affine_map<() -> ()>
# CHECK-NEXT: iterator_types: []
@linalg_structured_op
def copy_any_rank(I=TensorDef(T), O=TensorDef(T, output=True)):
    O[None] = I[None]
