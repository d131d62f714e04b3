module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<1x1xf32>, %arg1: tensor<1x1xf32>) -> tensor<1x1xf32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>], iterator_types = ["reduction", "parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x1xf32>) outs(%arg1 : tensor<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = linalg.index 3 : index
      %2 = arith.index_cast %1 : index to i64
      %3 = arith.sitofp %2 : i64 to f32
      %4 = arith.maximumf %out, %3 : f32
      linalg.yield %4 : f32
    } -> tensor<1x1xf32>
    return %0 : tensor<1x1xf32>
  }
  func.func @t_run0() {
    %v0 = arith.constant dense<"0x0000803F"> : tensor<1x1xf32>
    %v1 = arith.constant dense<"0x01000000"> : tensor<1x1xf32>
    %r:1 = func.call @t_k0(%v0, %v1) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    %m0 = bufferization.to_buffer %r#0 : tensor<1x1xf32> to memref<1x1xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %c1_0 step %c1 {
      %c1_1 = arith.constant 1 : index
      scf.for %i_2 = %c0 to %c1_1 step %c1 {
        %0 = memref.load %m0[%i, %i_2] : memref<1x1xf32>
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
