// A module without tosa.gather, tensor.gather or a gather generic comes out
// of each ingestion pass exactly as it went in: no constant folded, moved
// or merged, no dead op erased.
//
// RUN: gather-opt %s > %t.ref
// RUN: gather-opt %s --convert-tosa-to-gather | diff %t.ref -
// RUN: gather-opt %s --convert-tensor-to-gather | diff %t.ref -
// RUN: gather-opt %s --raise-to-gather | diff %t.ref -
// RUN: gather-opt %s --convert-tosa-to-gather --convert-tensor-to-gather \
// RUN:   --raise-to-gather | diff %t.ref -
//
// The input is one that a folding driver would change (so the diffs above
// can fail): canonicalization does change it.
// RUN: gather-opt %s --canonicalize | not diff %t.ref - > /dev/null

func.func @constants_and_dead_code(%x: index) -> index {
  %c1 = arith.constant 1 : index
  %c1_again = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %three = arith.addi %c1, %c2 : index
  %unused = arith.muli %x, %c2 : index
  %y = arith.addi %x, %three : index
  %z = arith.addi %y, %c1_again : index
  return %z : index
}

func.func @tosa_graph(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = tosa.sub %0, %0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

func.func @tensor_ops(%t: tensor<4x5xf32>, %i: index) -> tensor<2x5xf32> {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %t[%i, %c0] : tensor<4x5xf32>
  %s = tensor.extract_slice %t[0, 0] [2, 5] [1, 1] : tensor<4x5xf32> to tensor<2x5xf32>
  %c0_dup = arith.constant 0 : index
  %r = tensor.insert %e into %s[%c0_dup, %c0_dup] : tensor<2x5xf32>
  %cast = tensor.cast %r : tensor<2x5xf32> to tensor<2x5xf32>
  return %cast : tensor<2x5xf32>
}

// A generic that reads a tensor captured from above, but accumulates into
// its init: not a gather.
func.func @near_gather(%p: tensor<5x4xf32>, %idx: tensor<3xi64>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @loops(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %inv = arith.addf %one, %one : f32
    %next = arith.addf %acc, %inv : f32
    scf.yield %next : f32
  }
  return %r : f32
}
