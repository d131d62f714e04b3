module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<3x4xf16>, %arg1: tensor<4x2xf16>, %arg2: tensor<3x2xf16>) -> tensor<3x2xf16> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x4xf16>, tensor<4x2xf16>) outs(%arg2 : tensor<3x2xf16>) {
    ^bb0(%in: f16, %in_0: f16, %out: f16):
      %1 = math.tanh %in_0 : f16
      %2 = arith.mulf %in, %1 : f16
      %3 = arith.addf %out, %2 : f16
      linalg.yield %3 : f16
    } -> tensor<3x2xf16>
    return %0 : tensor<3x2xf16>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0xC33574BD92B600808E366E297D33018077BA7B3FA03EBB35"> : tensor<3x4xf16>
    %v1 = arith.constant dense<"0x28BE54B45BBC2A3A45BA12BC00FC007E"> : tensor<4x2xf16>
    %v2 = arith.constant dense<"0x0E3A09BA75BF00FC4ABDCE3C"> : tensor<3x2xf16>
    %r:1 = func.call @t_k0(%v0, %v1, %v2) : (tensor<3x4xf16>, tensor<4x2xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
    %m0 = bufferization.to_buffer %r#0 : tensor<3x2xf16> to memref<3x2xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %i_0 = %c0 to %c2 step %c1 {
        %0 = memref.load %m0[%i, %i_0] : memref<3x2xf16>
        %1 = arith.bitcast %0 : f16 to i16
        %2 = arith.extui %1 : i16 to i64
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
