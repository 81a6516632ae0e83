// gather_nd of scalars on Zen 4 (LoweringPlan::copyThroughOffsets): where the
// index vectors are contiguous (a run-time test of the strides), each group
// of 8 positions is checked with one vector load of its 16 components, a
// shuffle per component, the bound tests and the params offsets in vectors
// (bad positions read offset 0). The check of the next group is carried in
// the loop, ahead of the copies; the copies load each element at its
// offset and write the group with one vector write. Error mode keeps no
// report in that loop: it carries where the first bad group starts, and
// every position from there (and the positions left over) is copied by a
// loop that checks and reports each index itself. The loops of groups run
// once or not at all (a loop, not scf.if, for empty-tensor elimination).
// Zero mode redoes a bad group's copies in the loop (no call there). No
// function buffer: the gather inside the loop is lowered the same way.
//
// RUN: gather-opt %s --convert-gather-to-scf --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @two(
// CHECK-SAME:      %[[P:.*]]: tensor<256x256xf32>, %[[I:.*]]: tensor<4096x2xi64>
// CHECK-NOT:     memref.alloca
// CHECK:         %[[PB:.*]] = bufferization.to_buffer %[[P]] read_only
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[PB]]
// CHECK:         %[[FLAT:.*]] = memref.reinterpret_cast %[[PB]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1]
// CHECK:         %[[IB:.*]] = bufferization.to_buffer %[[I]] read_only
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}:2, %[[ISTRIDES:.*]]:2 = memref.extract_strided_metadata %[[IB]]
// CHECK:         %[[ROWS:.*]] = arith.cmpi eq, %[[ISTRIDES]]#0, %c2
// CHECK:         %[[UNIT:.*]] = arith.cmpi eq, %[[ISTRIDES]]#1, %c1
// CHECK:         %[[CONTIGUOUS:.*]] = arith.andi %[[ROWS]], %[[UNIT]]
// CHECK:         %[[END:.*]] = arith.select %[[CONTIGUOUS]], %c4096, %c0
// CHECK:         %[[FLATI:.*]] = memref.reinterpret_cast %[[IB]] to offset: [%{{.*}}], sizes: [8192], strides: [1]
// CHECK:         %[[ONCE:.*]] = arith.select %[[CONTIGUOUS]], %c1, %c0
// CHECK:         %[[GROUPS:.*]]:2 = scf.for %{{.*}} = %c0 to %[[ONCE]] step %c1 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[END]])
// CHECK:           vector.load %[[FLATI]][%c0] : {{.*}}, vector<16xi64>
// CHECK:           %[[LAST:.*]] = arith.subi %[[END]], %c8
// CHECK:           scf.for %[[LO:.*]] = %c0 to %[[LAST]] step %c8 iter_args(%[[ACC:.*]] = %{{.*}}, %[[OFFS:.*]] = %{{.*}}, %[[BAD:.*]] = %{{.*}}, %[[FIRST:.*]] = %{{.*}}) -> (tensor<4096xf32>, vector<8xindex>, i1, index)
// CHECK-COUNT-8:     memref.load %[[FLAT]]
// CHECK:             %[[GROUP:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK:             %[[W:.*]] = vector.transfer_write %[[GROUP]], %[[ACC]][%[[LO]]] {in_bounds = [true]}
// CHECK:             %[[AT:.*]] = arith.select %[[BAD]], %[[LO]], %[[END]]
// CHECK:             %[[NEWFIRST:.*]] = arith.minui %[[FIRST]], %[[AT]]
// CHECK:             %[[NEXT:.*]] = arith.addi %[[LO]], %c8
// CHECK:             %[[AT2:.*]] = arith.muli %[[NEXT]], %c2
// CHECK:             %[[V:.*]] = vector.load %[[FLATI]][%[[AT2]]] : {{.*}}, vector<16xi64>
// CHECK:             %[[ROW:.*]] = vector.shuffle %[[V]], %[[V]] [0, 2, 4, 6, 8, 10, 12, 14]
// CHECK:             %[[ROWBAD:.*]] = arith.cmpi uge, %[[ROW]]
// CHECK:             %[[ROWI:.*]] = arith.index_cast %[[ROW]] : vector<8xi64> to vector<8xindex>
// CHECK:             arith.muli %[[ROWI]]
// CHECK:             %[[COL:.*]] = vector.shuffle %[[V]], %[[V]] [1, 3, 5, 7, 9, 11, 13, 15]
// CHECK:             %[[COLBAD:.*]] = arith.cmpi uge, %[[COL]]
// CHECK:             %[[LANES:.*]] = arith.ori %[[ROWBAD]], %[[COLBAD]]
// CHECK:             %[[OFFSETS:.*]] = arith.select %[[LANES]]
// CHECK:             %[[ANY:.*]] = vector.reduction <or>, %[[LANES]]
// CHECK-NOT:         func.call
// CHECK:             scf.yield %[[W]], %[[OFFSETS]], %[[ANY]], %[[NEWFIRST]]
// CHECK:           vector.transfer_write
// CHECK:         scf.for %{{.*}} = %[[GROUPS]]#1 to %c4096 step %c1 iter_args(%{{.*}} = %[[GROUPS]]#0)
// CHECK:           func.call @gather_out_of_bounds
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
// CHECK:           vector.transfer_write

// CHECK-LABEL: func.func @zero(
// CHECK:         scf.for
// CHECK:           scf.for %[[LO:.*]] = %c0 to %{{.*}} step %c8 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[BAD:.*]] = %{{.*}}) -> (tensor<600xf32>, vector<8xindex>, i1)
// CHECK:             %[[W:.*]] = vector.transfer_write
// CHECK:             %[[HI:.*]] = arith.addi %[[LO]], %c8
// CHECK:             %[[REDO:.*]] = arith.select %[[BAD]], %[[HI]], %[[LO]]
// CHECK:             scf.for %{{.*}} = %[[LO]] to %[[REDO]] step %c1 iter_args(%{{.*}} = %[[W]])
// CHECK-NOT:           func.call

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @two(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %n: index) -> (tensor<4096xf32>, tensor<4096xf32>) {
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4096xf32> {
      %g = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
      scf.yield %g : tensor<4096xf32>
    }
    return %a, %b : tensor<4096xf32>, tensor<4096xf32>
  }

  func.func @zero(%p: tensor<5x7xf32>, %i: tensor<600x2xi32>) -> tensor<600xf32> {
    %a = gather.gather_nd %p[%i] mode<zero> : (tensor<5x7xf32>, tensor<600x2xi32>) -> tensor<600xf32>
    return %a : tensor<600xf32>
  }
}
