module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<1x1xi8>, %arg1: tensor<1x1xi8>, %arg2: tensor<1x1xi32>) -> tensor<1x1xi32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<1x1xi8>, tensor<1x1xi8>) outs(%arg2 : tensor<1x1xi32>) -> tensor<1x1xi32>
    return %0 : tensor<1x1xi32>
  }
  func.func @t_run0() {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<1> : tensor<1x1xi8>
    %cst_0 = arith.constant dense<-128> : tensor<1x1xi8>
    %cst_1 = arith.constant dense<-662> : tensor<1x1xi32>
    %0 = call @t_k0(%cst, %cst_0, %cst_1) : (tensor<1x1xi8>, tensor<1x1xi8>, tensor<1x1xi32>) -> tensor<1x1xi32>
    %1 = bufferization.to_buffer %0 : tensor<1x1xi32> to memref<1x1xi32>
    scf.for %arg0 = %c0 to %c1 step %c1 {
      scf.for %arg1 = %c0 to %c1 step %c1 {
        %2 = memref.load %1[%arg0, %arg1] : memref<1x1xi32>
        %3 = arith.extui %2 : i32 to i64
        func.call @printI64(%3) : (i64) -> ()
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

