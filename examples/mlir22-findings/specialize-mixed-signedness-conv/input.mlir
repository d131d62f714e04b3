module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<6x4xi8>, %arg1: tensor<4x3xi8>, %arg2: tensor<3x2xi32>) -> tensor<3x2xi32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<6x4xi8>, tensor<4x3xi8>) outs(%arg2 : tensor<3x2xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %1 = arith.extui %in : i8 to i32
      %2 = arith.extsi %in_0 : i8 to i32
      %3 = arith.muli %1, %2 : i32
      %4 = arith.addi %out, %3 : i32
      linalg.yield %4 : i32
    } -> tensor<3x2xi32>
    return %0 : tensor<3x2xi32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0xFF2D193D2B3FF3A818208055FFA1FFA01106926C379F80E9"> : tensor<6x4xi8>
    %v1 = arith.constant dense<"0x1258811C111601AB9501FF97"> : tensor<4x3xi8>
    %v2 = arith.constant dense<"0xC6FFFFFF930000003EFEFFFF74FFFFFF000000005EFDFFFF"> : tensor<3x2xi32>
    %r:1 = func.call @t_k0(%v0, %v1, %v2) : (tensor<6x4xi8>, tensor<4x3xi8>, tensor<3x2xi32>) -> tensor<3x2xi32>
    %m0 = bufferization.to_buffer %r#0 : tensor<3x2xi32> to memref<3x2xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %i_0 = %c0 to %c2 step %c1 {
        %0 = memref.load %m0[%i, %i_0] : memref<3x2xi32>
        %1 = arith.extui %0 : i32 to i64
        func.call @printI64(%1) : (i64) -> ()
        func.call @printComma() : () -> ()
      }
    }
    func.call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    func.call @t_run0() : () -> ()
    return
  }
}
