module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<3x4xi8>, %arg1: tensor<2x4xi8>, %arg2: tensor<3x2xi8>) -> tensor<3x2xi8> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x4xi8>, tensor<2x4xi8>) outs(%arg2 : tensor<3x2xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %1 = arith.muli %in, %in_0 : i8
      %2 = arith.addi %out, %1 : i8
      linalg.yield %2 : i8
    } -> tensor<3x2xi8>
    return %0 : tensor<3x2xi8>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0xE40E32797F8000CB141EAE53"> : tensor<3x4xi8>
    %v1 = arith.constant dense<"0xF1ADFF85848E007F"> : tensor<2x4xi8>
    %v2 = arith.constant dense<"0x964A4100C834"> : tensor<3x2xi8>
    %r:1 = func.call @t_k0(%v0, %v1, %v2) : (tensor<3x4xi8>, tensor<2x4xi8>, tensor<3x2xi8>) -> tensor<3x2xi8>
    %m0 = bufferization.to_buffer %r#0 : tensor<3x2xi8> to memref<3x2xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %i_0 = %c0 to %c2 step %c1 {
        %0 = memref.load %m0[%i, %i_0] : memref<3x2xi8>
        %1 = arith.extui %0 : i8 to i64
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
