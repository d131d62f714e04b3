#!/bin/sh
# The pass under test with iree-opt (LLVM 24.0.0git), printed in the generic form, read
# back and lowered by MLIR 22, then JIT-run. Prints 2 without the pass, 4 with it.
# IREE_OPT may name the iree-opt binary (the pip console script works too, only slower).
set -e
cd "$(dirname "$0")"
IREE_OPT="${IREE_OPT:-iree-opt}"
"$IREE_OPT" --version | grep "LLVM version"
LOWER="--one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops --convert-scf-to-cf --convert-math-to-llvm --convert-vector-to-llvm --finalize-memref-to-llvm --convert-arith-to-llvm --convert-index-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts"
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so
run() {
  "$IREE_OPT" "$@" --mlir-print-op-generic input.mlir | mlir-opt-22 $LOWER \
    | mlir-runner-22 -e main -entry-point-result=void -shared-libs=$LIBS
}
echo "without the pass (expected 2):"
run
echo "with --linalg-specialize-generic-ops:"
run --linalg-specialize-generic-ops
echo "the specialised kernel (no math.sqrt left):"
"$IREE_OPT" --linalg-specialize-generic-ops input.mlir | grep -E "linalg\.|math\."
