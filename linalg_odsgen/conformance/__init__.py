"""Our reference semantics as a differential tester of MLIR 22.

`library` checks an op library against MLIR 22 (the conformance table);
`compare` holds the rules that compare output bits. The pipeline tester runs
op instances through a user's mlir-opt pipeline and compares the executed
results with our `loops` backend: `spec` names a case, `data` fills it,
`harness` prints it as a runnable module, `pipeline` runs MLIR's tools and
classifies what happened, `engine` runs batches of cases, `fuzz` draws random
ops, `minimize` shrinks a finding, `findings` writes reproducer directories,
and `campaign` schedules it all over processes or a Dask cluster.
"""

from __future__ import annotations

from linalg_odsgen.conformance.compare import MATH_ULPS, compare_bits

__all__ = ["MATH_ULPS", "compare_bits"]
