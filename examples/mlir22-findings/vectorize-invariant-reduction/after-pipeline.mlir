#map = affine_map<(d0, d1) -> (d0, 0, d1)>
module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<2x2xi8>, %arg1: tensor<1xi8>, %arg2: tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c2_0 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %0 = ub.poison : i8
    %1 = vector.transfer_read %arg0[%c0, %c0], %0 {permutation_map = #map} : tensor<2x2xi8>, vector<2x1x2xi8>
    %2 = ub.poison : i8
    %3 = vector.transfer_read %arg1[%c0], %2 : tensor<1xi8>, vector<1xi8>
    %4 = ub.poison : i8
    %5 = vector.transfer_read %arg2[%c0], %4 : tensor<1xi8>, vector<1xi8>
    %c2_i64 = arith.constant 2 : i64
    %6 = arith.trunci %c2_i64 : i64 to i8
    %7 = vector.broadcast %6 : i8 to vector<1xi8>
    %8 = arith.addi %3, %7 : vector<1xi8>
    %c2_i64_1 = arith.constant 2 : i64
    %9 = arith.trunci %c2_i64_1 : i64 to i8
    %10 = vector.broadcast %9 : i8 to vector<1xi8>
    %11 = arith.muli %5, %10 : vector<1xi8>
    %c0_2 = arith.constant 0 : index
    %12 = vector.transfer_write %8, %arg1[%c0_2] : vector<1xi8>, tensor<1xi8>
    %c0_3 = arith.constant 0 : index
    %13 = vector.transfer_write %11, %arg2[%c0_3] : vector<1xi8>, tensor<1xi8>
    return %12, %13 : tensor<1xi8>, tensor<1xi8>
  }
  func.func @t_run0() {
    %cst = arith.constant dense<[[-50, -6], [-58, -128]]> : tensor<2x2xi8>
    %cst_0 = arith.constant dense<-1> : tensor<1xi8>
    %cst_1 = arith.constant dense<-63> : tensor<1xi8>
    %0:2 = call @t_k0(%cst, %cst_0, %cst_1) : (tensor<2x2xi8>, tensor<1xi8>, tensor<1xi8>) -> (tensor<1xi8>, tensor<1xi8>)
    %1 = bufferization.to_buffer %0#0 : tensor<1xi8> to memref<1xi8>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    scf.for %arg0 = %c0 to %c1_2 step %c1 {
      %3 = memref.load %1[%arg0] : memref<1xi8>
      %4 = arith.extui %3 : i8 to i64
      func.call @printI64(%4) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    call @printNewline() : () -> ()
    %2 = bufferization.to_buffer %0#1 : tensor<1xi8> to memref<1xi8>
    %c0_3 = arith.constant 0 : index
    %c1_4 = arith.constant 1 : index
    %c1_5 = arith.constant 1 : index
    scf.for %arg0 = %c0_3 to %c1_5 step %c1_4 {
      %3 = memref.load %2[%arg0] : memref<1xi8>
      %4 = arith.extui %3 : i8 to i64
      func.call @printI64(%4) : (i64) -> ()
      func.call @printComma() : () -> ()
    }
    call @printNewline() : () -> ()
    return
  }
  func.func @main() {
    call @t_run0() : () -> ()
    return
  }
}

