module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<1x1xi8>, %arg1: tensor<1x1xi8>, %arg2: tensor<1x1xi32>) -> tensor<1x1xi32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1x1xi8>, tensor<1x1xi8>) outs(%arg2 : tensor<1x1xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %1 = arith.extui %in : i8 to i32
      %2 = arith.extui %in_0 : i8 to i32
      %3 = arith.muli %1, %2 : i32
      %4 = arith.addi %out, %3 : i32
      linalg.yield %4 : i32
    } -> tensor<1x1xi32>
    return %0 : tensor<1x1xi32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0x01"> : tensor<1x1xi8>
    %v1 = arith.constant dense<"0x80"> : tensor<1x1xi8>
    %v2 = arith.constant dense<"0x6AFDFFFF"> : tensor<1x1xi32>
    %r:1 = func.call @t_k0(%v0, %v1, %v2) : (tensor<1x1xi8>, tensor<1x1xi8>, tensor<1x1xi32>) -> tensor<1x1xi32>
    %m0 = bufferization.to_buffer %r#0 : tensor<1x1xi32> to memref<1x1xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %c1_0 step %c1 {
      %c1_1 = arith.constant 1 : index
      scf.for %i_2 = %c0 to %c1_1 step %c1 {
        %0 = memref.load %m0[%i, %i_2] : memref<1x1xi32>
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
