#!/bin/sh
# The pipeline under test, then the standard lowering and the JIT runner.
# Compare the printed lines with expected.txt (bits, one line per output).
cd "$(dirname "$0")"
mlir-opt-22 --linalg-specialize-generic-ops input.mlir > after-pipeline.mlir || exit 1
mlir-opt-22 '--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map' --convert-linalg-to-loops --scf-forall-to-for --convert-vector-to-scf --lower-affine --convert-scf-to-cf --convert-math-to-llvm --math-extend-to-supported-types --convert-math-to-libm --expand-strided-metadata --lower-affine --convert-vector-to-llvm --finalize-memref-to-llvm --convert-arith-to-llvm --convert-index-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts after-pipeline.mlir | mlir-runner-22 -e main -entry-point-result=void -O0 -shared-libs=/usr/lib/llvm-22/lib/libmlir_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_apfloat_wrappers.so
