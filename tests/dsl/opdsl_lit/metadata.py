# RUN: %PYTHON -m mlir.dialects.linalg.opdsl.dump_oplib --file %s | FileCheck %s

from mlir.dialects.linalg.opdsl.lang import *

# Names, docs, interfaces and extra definitions.


# CHECK:      --- !LinalgOpConfig
# CHECK-NEXT: metadata: !LinalgOpMetadata
# CHECK-NEXT:   name: scaled_copy
# CHECK-NEXT:   cpp_class_name: ScaledCopyOp
# CHECK-NEXT:   doc: |-
# CHECK-NEXT:     Copies and scales.
# CHECK-EMPTY:
# CHECK-NEXT:     The second paragraph.
# CHECK-NEXT:   defines:
# CHECK-NEXT:   - hasCanonicalizer
# CHECK-NEXT: structured_op: !LinalgStructuredOpConfig
@linalg_structured_op
def scaled_copy(val=ScalarDef(T), I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
    """Copies and scales.

    The second paragraph.
    """
    defines(Canonicalizer)
    O[D.m] = I[D.m] * val


# CHECK:      --- !LinalgOpConfig
# CHECK-NEXT: metadata: !LinalgOpMetadata
# CHECK-NEXT:   name: custom_op_name
# CHECK-NEXT:   cpp_class_name: CustomOpNameOp
# CHECK-NEXT:   doc: One line.
# CHECK-NEXT:   implements:
# CHECK-NEXT:   - LinalgContractionOpInterface
@linalg_structured_op(op_name="custom_op_name")
def renamed(A=TensorDef(T, S.M, S.K), B=TensorDef(T, S.K), C=TensorDef(T, S.M, output=True)):
    """One line."""
    implements(ContractionOpInterface)
    C[D.m] += A[D.m, D.k] * B[D.k]


# CHECK:      name: fill_2d
# CHECK-NEXT: cpp_class_name: Fill2DOp
# CHECK-NEXT: doc: null
# CHECK-NEXT: implements:
# CHECK-NEXT: - LinalgFillOpInterface
@linalg_structured_op
def fill_2d(value=ScalarDef(T), O=TensorDef(U, S.M, S.N, output=True)):
    implements(FillOpInterface)
    O[D.m, D.n] = TypeFn.cast_signed(U, value)
