module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<3x4xi32>, %arg1: tensor<4x2xi32>, %arg2: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<3x4xi32>, tensor<4x2xi32>) outs(%arg2 : tensor<3x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
  func.func @t_run0() {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<[[-431, -2147483648, 2147483647, -647], [572, -2147483648, -545, 408], [368, -675, 656, -560]]> : tensor<3x4xi32>
    %cst_0 = arith.constant dense<[[1, 458], [-1, 213], [4, 688], [1, 0]]> : tensor<4x2xi32>
    %cst_1 = arith.constant dense<[[1.36656618, -0.342836767], [0.724994659, -1.99806201], [-0.914029598, 0.256405443]]> : tensor<3x2xf32>
    %0 = call @t_k0(%cst, %cst_0, %cst_1) : (tensor<3x4xi32>, tensor<4x2xi32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %1 = bufferization.to_buffer %0 : tensor<3x2xf32> to memref<3x2xf32>
    scf.for %arg0 = %c0 to %c3 step %c1 {
      scf.for %arg1 = %c0 to %c2 step %c1 {
        %2 = memref.load %1[%arg0, %arg1] : memref<3x2xf32>
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

