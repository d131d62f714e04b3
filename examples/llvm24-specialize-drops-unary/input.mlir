// out + a * sqrt(b) over a matmul-shaped iteration space. --linalg-specialize-generic-ops
// (LLVM 24.0.0git, iree-opt 3.13) raises it to a plain matmul: the sqrt is lost.
func.func @k(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>, %c: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x1xf32>, tensor<1x1xf32>) outs(%c : tensor<1x1xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = math.sqrt %y : f32
    %m = arith.mulf %x, %s : f32
    %r = arith.addf %o, %m : f32
    linalg.yield %r : f32
  } -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// a = 1, b = 4, out = 0: the result is 0 + 1 * sqrt(4) = 2.
func.func @main() {
  %a = arith.constant dense<1.0> : tensor<1x1xf32>
  %b = arith.constant dense<4.0> : tensor<1x1xf32>
  %c = arith.constant dense<0.0> : tensor<1x1xf32>
  %r = func.call @k(%a, %b, %c) : (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  %i = arith.constant 0 : index
  %v = tensor.extract %r[%i, %i] : tensor<1x1xf32>
  vector.print %v : f32
  return
}
