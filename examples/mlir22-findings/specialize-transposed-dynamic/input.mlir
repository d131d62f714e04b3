module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %1 = arith.mulf %in, %in_0 : f32
      %2 = arith.addf %out, %1 : f32
      linalg.yield %2 : f32
    } -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0x0000803F"> : tensor<1x1xf32>
    %a0 = tensor.cast %v0 : tensor<1x1xf32> to tensor<?x?xf32>
    %v1 = arith.constant dense<"0x0000803F0000803F"> : tensor<2x1xf32>
    %a1 = tensor.cast %v1 : tensor<2x1xf32> to tensor<?x?xf32>
    %v2 = arith.constant dense<"0x0F064E3FB1A8AABF"> : tensor<1x2xf32>
    %a2 = tensor.cast %v2 : tensor<1x2xf32> to tensor<?x?xf32>
    %r:1 = func.call @t_k0(%a0, %a1, %a2) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %rs0 = tensor.cast %r#0 : tensor<?x?xf32> to tensor<1x2xf32>
    %m0 = bufferization.to_buffer %rs0 : tensor<1x2xf32> to memref<1x2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %c1_0 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %i_1 = %c0 to %c2 step %c1 {
        %0 = memref.load %m0[%i, %i_1] : memref<1x2xf32>
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
