#!/bin/sh
# Compile the kernel with IREE's whole CPU compiler (default flags) and run it.
# Expected (Linalg semantics, 4 reduction points): 1xi8=7 and 1xi8=16.
# IREE 3.13.0 prints 1xi8=1 and 1xi8=-126: the reduction is done in one step.
set -e
cd "$(dirname "$0")"
iree-compile kernel.mlir --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host \
  -o "${TMPDIR:-/tmp}/invariant-reduction.vmfb"
iree-run-module --module="${TMPDIR:-/tmp}/invariant-reduction.vmfb" --device=local-task --function=k \
  --input="2x2xi8=-50 -6 -58 -128" --input="1xi8=-1" --input="1xi8=-63"
