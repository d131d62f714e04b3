// A reduction over d0 and d2 whose value does not read the input: each output element
// is updated once per reduction point (2 x 2 = 4 times): out0 + 2 + 2 + 2 + 2 and
// out1 * 2 * 2 * 2 * 2 (i8, wrapping). With out0 = -1 and out1 = -63 that is [7] and [16].
func.func @k(%in: tensor<2x2xi8>, %o0: tensor<1xi8>, %o1: tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%in : tensor<2x2xi8>) outs(%o0, %o1 : tensor<1xi8>, tensor<1xi8>) {
  ^bb0(%a: i8, %x: i8, %y: i8):
    %c2 = arith.constant 2 : i8
    %s = arith.addi %x, %c2 : i8
    %p = arith.muli %y, %c2 : i8
    linalg.yield %s, %p : i8, i8
  } -> (tensor<1xi8>, tensor<1xi8>)
  return %r#0, %r#1 : tensor<1xi8>, tensor<1xi8>
}
