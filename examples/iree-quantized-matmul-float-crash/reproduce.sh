#!/bin/sh
# IREE's whole CPU compiler (default flags) on a float quantized_matmul: iree-compile 3.13.0
# crashes (SIGSEGV, exit 139) in GlobalOptimization's QuantizedMatmulToMatmul pattern
# (sumReduceDimensionSubset). The same op on i8 operands compiles.
cd "$(dirname "$0")"
iree-compile kernel.mlir --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host \
  -o "${TMPDIR:-/tmp}/quantized-matmul-float.vmfb" 2>&1 | grep -E "Stack dump|sumReduceDimensionSubset|QuantizedMatmulToMatmul" | head -3
echo "iree-compile exit status: $(iree-compile kernel.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host -o /dev/null >/dev/null 2>&1; echo $?)"
