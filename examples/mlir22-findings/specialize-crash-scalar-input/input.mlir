module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<i8>, %arg1: i8, %arg2: tensor<1xi32>) -> tensor<1xi32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<i8>, i8) outs(%arg2 : tensor<1xi32>) {
    ^bb0(%in: i8, %in_0: i8, %out: i32):
      %1 = linalg.index 0 : index
      %2 = arith.index_cast %1 : index to i32
      linalg.yield %2 : i32
    } -> tensor<1xi32>
    return %0 : tensor<1xi32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0x01"> : tensor<i8>
    %s1 = arith.constant -51 : i8
    %v2 = arith.constant dense<"0xFFFFFF7F"> : tensor<1xi32>
    %r:1 = func.call @t_k0(%v0, %s1, %v2) : (tensor<i8>, i8, tensor<1xi32>) -> tensor<1xi32>
    %m0 = bufferization.to_buffer %r#0 : tensor<1xi32> to memref<1xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %c1_0 step %c1 {
      %0 = memref.load %m0[%i] : memref<1xi32>
      %1 = arith.extui %0 : i32 to i64
      func.call @printI64(%1) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    func.call @t_run0() : () -> ()
    return
  }
}
