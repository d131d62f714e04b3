// linalg.quantized_matmul on float operands (f32 here; f16 crashes the same way), valid IR:
// C += (A - float(AZp)) * (B - float(BZp)). With i8 operands iree-compile compiles it.
func.func @k(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>, %az: i32, %bz: i32, %c: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %az, %bz : tensor<1x1xf32>, tensor<1x1xf32>, i32, i32) outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}
