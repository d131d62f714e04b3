module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<3x4xi32>, %arg1: tensor<4x2xi32>, %arg2: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x4xi32>, tensor<4x2xi32>) outs(%arg2 : tensor<3x2xf32>) {
    ^bb0(%in: i32, %in_0: i32, %out: f32):
      %1 = arith.uitofp %in : i32 to f32
      %2 = arith.uitofp %in_0 : i32 to f32
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0x51FEFFFF00000080FFFFFF7F79FDFFFF3C02000000000080DFFDFFFF98010000700100005DFDFFFF90020000D0FDFFFF"> : tensor<3x4xi32>
    %v1 = arith.constant dense<"0x01000000CA010000FFFFFFFFD500000004000000B00200000100000000000000"> : tensor<4x2xi32>
    %v2 = arith.constant dense<"0xA4EBAE3F4D88AFBE4099393F7FC0FFBFD8FD69BF9347833E"> : tensor<3x2xf32>
    %r:1 = func.call @t_k0(%v0, %v1, %v2) : (tensor<3x4xi32>, tensor<4x2xi32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %m0 = bufferization.to_buffer %r#0 : tensor<3x2xf32> to memref<3x2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %i_0 = %c0 to %c2 step %c1 {
        %0 = memref.load %m0[%i, %i_0] : memref<3x2xf32>
        %1 = arith.bitcast %0 : f32 to i32
        %2 = arith.extui %1 : i32 to i64
        func.call @printI64(%2) : (i64) -> ()
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
