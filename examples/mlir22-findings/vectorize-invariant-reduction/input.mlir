module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<2x2xi8>, %arg1: tensor<1xi8>, %arg2: tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>) {
    %0:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%arg0 : tensor<2x2xi8>) outs(%arg1, %arg2 : tensor<1xi8>, tensor<1xi8>) {
    ^bb0(%in: i8, %out: i8, %out_0: i8):
      %c2_i64 = arith.constant 2 : i64
      %1 = arith.trunci %c2_i64 : i64 to i8
      %2 = arith.addi %out, %1 : i8
      %c2_i64_1 = arith.constant 2 : i64
      %3 = arith.trunci %c2_i64_1 : i64 to i8
      %4 = arith.muli %out_0, %3 : i8
      linalg.yield %2, %4 : i8, i8
    } -> (tensor<1xi8>, tensor<1xi8>)
    return %0#0, %0#1 : tensor<1xi8>, tensor<1xi8>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0xCEFAC680"> : tensor<2x2xi8>
    %v1 = arith.constant dense<"0xFF"> : tensor<1xi8>
    %v2 = arith.constant dense<"0xC1"> : tensor<1xi8>
    %r:2 = func.call @t_k0(%v0, %v1, %v2) : (tensor<2x2xi8>, tensor<1xi8>, tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>)
    %m0 = bufferization.to_buffer %r#0 : tensor<1xi8> to memref<1xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %c1_0 step %c1 {
      %0 = memref.load %m0[%i] : memref<1xi8>
      %1 = arith.extui %0 : i8 to i64
      func.call @printI64(%1) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    func.call @printNewline() : () -> ()
    %m1 = bufferization.to_buffer %r#1 : tensor<1xi8> to memref<1xi8>
    %c0_1 = arith.constant 0 : index
    %c1_2 = arith.constant 1 : index
    %c1_3 = arith.constant 1 : index
    scf.for %i_4 = %c0_1 to %c1_3 step %c1_2 {
      %2 = memref.load %m1[%i_4] : memref<1xi8>
      %3 = arith.extui %2 : i8 to i64
      func.call @printI64(%3) : (i64) -> ()
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
