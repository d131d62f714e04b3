#map = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<6x4xi8>, %arg1: tensor<4x3xi8>, %arg2: tensor<3x2xi32>) -> tensor<3x2xi32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<6x4xi8>, tensor<4x3xi8>) outs(%arg2 : tensor<3x2xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %1 = arith.extsi %in : i8 to i32
      %2 = arith.extsi %in_0 : i8 to i32
      %3 = arith.muli %1, %2 : i32
      %4 = arith.addi %out, %3 : i32
      linalg.yield %4 : i32
    } -> tensor<3x2xi32>
    return %0 : tensor<3x2xi32>
  }
  func.func @t_run0() {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<[[-1, 45, 25, 61], [43, 63, -13, -88], [24, 32, -128, 85], [-1, -95, -1, -96], [17, 6, -110, 108], [55, -97, -128, -23]]> : tensor<6x4xi8>
    %cst_0 = arith.constant dense<[[18, 88, -127], [28, 17, 22], [1, -85, -107], [1, -1, -105]]> : tensor<4x3xi8>
    %cst_1 = arith.constant dense<[[-58, 147], [-450, -140], [0, -674]]> : tensor<3x2xi32>
    %0 = call @t_k0(%cst, %cst_0, %cst_1) : (tensor<6x4xi8>, tensor<4x3xi8>, tensor<3x2xi32>) -> tensor<3x2xi32>
    scf.for %arg0 = %c0 to %c3 step %c1 {
      scf.for %arg1 = %c0 to %c2 step %c1 {
        %extracted = tensor.extract %0[%arg0, %arg1] : tensor<3x2xi32>
        %1 = arith.extui %extracted : i32 to i64
        func.call @printI64(%1) : (i64) -> ()
        func.call @printComma() : () -> ()
      }
    }
    call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    call @t_run0() : () -> ()
    return
  }
}

