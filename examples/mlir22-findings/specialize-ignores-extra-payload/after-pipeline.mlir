#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func private @printI64(i64)
  func.func private @printComma()
  func.func private @printNewline()
  func.func @t_k0(%arg0: tensor<3x4xf16>, %arg1: tensor<4x2xf16>, %arg2: tensor<3x2xf16>) -> tensor<3x2xf16> {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<3x4xf16>, tensor<4x2xf16>) outs(%arg2 : tensor<3x2xf16>) {
    ^bb0(%in: f16, %in_0: f16, %out: f16):
      %1 = arith.mulf %in, %in_0 : f16
      %2 = arith.addf %out, %1 : f16
      linalg.yield %2 : f16
    } -> tensor<3x2xf16>
    return %0 : tensor<3x2xf16>
  }
  func.func @t_run0() {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<[[3.601070e-01, -1.363280e+00, -4.106450e-01, -0.000000e+00], [4.096680e-01, 4.241940e-02, 2.340090e-01, -5.960460e-08], [-8.081050e-01, 1.870120e+00, 1.656250e+00, 3.581540e-01]]> : tensor<3x4xf16>
    %cst_0 = arith.constant dense<[[-1.539060e+00, -2.705080e-01], [-1.088870e+00, 7.705080e-01], [-7.836910e-01, -1.017580e+00], [0xFC00, 0x7E00]]> : tensor<4x2xf16>
    %cst_1 = arith.constant dense<[[7.568360e-01, -7.543940e-01], [-1.864260e+00, 0xFC00], [-1.322270e+00, 1.201170e+00]]> : tensor<3x2xf16>
    %0 = call @t_k0(%cst, %cst_0, %cst_1) : (tensor<3x4xf16>, tensor<4x2xf16>, tensor<3x2xf16>) -> tensor<3x2xf16>
    scf.for %arg0 = %c0 to %c3 step %c1 {
      scf.for %arg1 = %c0 to %c2 step %c1 {
        %extracted = tensor.extract %0[%arg0, %arg1] : tensor<3x2xf16>
        %1 = arith.bitcast %extracted : f16 to i16
        %2 = arith.extui %1 : i16 to i64
        func.call @printI64(%2) : (i64) -> ()
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

