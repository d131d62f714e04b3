// A max pooling over zero-extended bytes (arith.extui, then a signed max in i16): the
// byte 0x80 counts as 128. --linalg-specialize-generic-ops (LLVM 24.0.0git) raises it to
// linalg.pooling_ncw_max, which sign-extends: 0x80 counts as -128.
func.func @k(%in: tensor<1x1x1xi8>, %win: tensor<1xi8>, %out: tensor<1x1x1xi16>) -> tensor<1x1x1xi16> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 + d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%in, %win : tensor<1x1x1xi8>, tensor<1xi8>) outs(%out : tensor<1x1x1xi16>) {
  ^bb0(%x: i8, %w: i8, %o: i16):
    %e = arith.extui %x : i8 to i16
    %m = arith.maxsi %o, %e : i16
    linalg.yield %m : i16
  } -> tensor<1x1x1xi16>
  return %0 : tensor<1x1x1xi16>
}

// in = 0x80, out = 0: max(0, 128) = 128.
func.func @main() {
  %in = arith.constant dense<-128> : tensor<1x1x1xi8>
  %win = arith.constant dense<0> : tensor<1xi8>
  %out = arith.constant dense<0> : tensor<1x1x1xi16>
  %r = func.call @k(%in, %win, %out) : (tensor<1x1x1xi8>, tensor<1xi8>, tensor<1x1x1xi16>) -> tensor<1x1x1xi16>
  %i = arith.constant 0 : index
  %v = tensor.extract %r[%i, %i, %i] : tensor<1x1x1xi16>
  vector.print %v : i16
  return
}
