module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
  func.func @t_run0() {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<[[0.804779946, -1.33327305]]> : tensor<1x2xf32>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<2x1xf32>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<1x1xf32>
    %cast = tensor.cast %cst_1 : tensor<1x1xf32> to tensor<?x?xf32>
    %cast_2 = tensor.cast %cst_0 : tensor<2x1xf32> to tensor<?x?xf32>
    %cast_3 = tensor.cast %cst : tensor<1x2xf32> to tensor<?x?xf32>
    %0 = call @t_k0(%cast, %cast_2, %cast_3) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    %cast_4 = tensor.cast %0 : tensor<?x?xf32> to tensor<1x2xf32>
    %1 = bufferization.to_buffer %cast_4 : tensor<1x2xf32> to memref<1x2xf32>
    scf.for %arg0 = %c0 to %c1 step %c1 {
      scf.for %arg1 = %c0 to %c2 step %c1 {
        %2 = memref.load %1[%arg0, %arg1] : memref<1x2xf32>
        %3 = arith.bitcast %2 : f32 to i32
        %4 = arith.extui %3 : i32 to i64
        func.call @printI64(%4) : (i64) -> ()
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

