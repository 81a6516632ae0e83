// RUN: gather-opt %s --convert-shard-collectives-to-mpi --canonicalize --cse | FileCheck %s

// convert-shard-collectives-to-mpi: all_reduce on MPI_COMM_WORLD when its
// group is every process, otherwise on a communicator split once and cached
// (one helper per grid and axes, shared by every all_reduce of that group);
// all_gather as a ring of send/recv; all_slice as a local slice.

shard.grid @grid(shape = 4) {sym_visibility = "private"}
shard.grid @grid22(shape = 2x2) {sym_visibility = "private"}


// CHECK-LABEL: func.func @all_reduce_world(
// CHECK-SAME:      %[[X:.*]]: tensor<5x6xf32>)
// CHECK:         %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<5x6xf32> to memref<5x6xf32>
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<5x6xf32>
// CHECK:         memref.copy %[[IN]], %[[BUF]]
// CHECK:         %[[FLAT:.*]] = memref.collapse_shape %[[BUF]] {{\[\[}}0, 1]] : memref<5x6xf32> into memref<30xf32>
// CHECK:         %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NEXT:    mpi.allreduce(%[[FLAT]], %[[FLAT]], MPI_SUM, %[[WORLD]]) : memref<30xf32>, memref<30xf32>
// CHECK-NEXT:    %[[R:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<5x6xf32> to tensor<5x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @all_reduce_world(%x: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %r = shard.all_reduce %x on @grid grid_axes = [0] : tensor<5x6xf32> -> tensor<5x6xf32>
  return %r : tensor<5x6xf32>
}

// Grid axis 0 of a 2x2 grid: the processes sharing a coordinate on axis 1.
// CHECK-LABEL: func.func @all_reduce_group(
// CHECK:         %[[H0:.*]] = call @__gather_comm_grid22_0() : () -> i64
// CHECK-NEXT:    %[[C0:.*]] = builtin.unrealized_conversion_cast %[[H0]] : i64 to !mpi.comm
// CHECK-NEXT:    mpi.allreduce(%{{.*}}, %{{.*}}, MPI_MAX, %[[C0]]) : memref<4xi32>, memref<4xi32>
// CHECK:         %[[H1:.*]] = call @__gather_comm_grid22_0() : () -> i64
// CHECK-NEXT:    %[[C1:.*]] = builtin.unrealized_conversion_cast %[[H1]] : i64 to !mpi.comm
// CHECK-NEXT:    mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %[[C1]]) : memref<3xf64>, memref<3xf64>
// CHECK-NOT:     mpi.comm_split
// CHECK:         return
func.func @all_reduce_group(%x: tensor<4xi32>, %y: tensor<3xf64>) -> (tensor<4xi32>, tensor<3xf64>) {
  %r = shard.all_reduce %x on @grid22 grid_axes = [0] reduction = max : tensor<4xi32> -> tensor<4xi32>
  %s = shard.all_reduce %y on @grid22 grid_axes = [0] : tensor<3xf64> -> tensor<3xf64>
  return %r, %s : tensor<4xi32>, tensor<3xf64>
}

// Four blocks of 48 elements; at step s a process sends block rank - s + 1
// to rank + 1 and receives block rank - s from rank - 1; even ranks send
// first.
// CHECK-LABEL: func.func @all_gather_rows(
// CHECK-SAME:      %[[X:.*]]: tensor<8x6xf32>) -> tensor<32x6xf32>
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C48:.*]] = arith.constant 48 : index
// CHECK:         %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK:         %[[RANK32:.*]] = mpi.comm_rank(%[[WORLD]]) : i32
// CHECK:         %[[RANK:.*]] = arith.index_cast %[[RANK32]] : i32 to index
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<192xf32>
// CHECK:         %[[OWNOFF:.*]] = arith.muli %[[RANK]], %[[C48]] : index
// CHECK:         %[[OWN:.*]] = memref.subview %[[BUF]][%[[OWNOFF]]] [48] [1]
// CHECK:         memref.copy %{{.*}}, %[[OWN]]
// CHECK:         %[[RIGHT:.*]] = arith.remui %{{.*}}, %[[C4]] : index
// CHECK:         %[[RIGHT32:.*]] = arith.index_cast %[[RIGHT]] : index to i32
// CHECK:         %[[LEFTSUM:.*]] = arith.addi %[[RANK]], %[[C3]] : index
// CHECK:         %[[LEFT:.*]] = arith.remui %[[LEFTSUM]], %[[C4]] : index
// CHECK:         %[[LEFT32:.*]] = arith.index_cast %[[LEFT]] : index to i32
// CHECK:         %[[EVEN:.*]] = arith.cmpi eq
// CHECK:         scf.for %{{.*}} = %[[C1]] to %[[C4]] step %[[C1]] {
// CHECK:           %[[SEND:.*]] = memref.subview %[[BUF]][%{{.*}}] [48] [1]
// CHECK:           %[[RECV:.*]] = memref.subview %[[BUF]][%{{.*}}] [48] [1]
// CHECK:           scf.if %[[EVEN]] {
// CHECK-NEXT:        mpi.send(%[[SEND]], %{{.*}}, %[[RIGHT32]], %[[WORLD]])
// CHECK-NEXT:        mpi.recv(%[[RECV]], %{{.*}}, %[[LEFT32]], %[[WORLD]])
// CHECK-NEXT:      } else {
// CHECK-NEXT:        mpi.recv(%[[RECV]], %{{.*}}, %[[LEFT32]], %[[WORLD]])
// CHECK-NEXT:        mpi.send(%[[SEND]], %{{.*}}, %[[RIGHT32]], %[[WORLD]])
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<192xf32> to tensor<192xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.expand_shape %[[T]] {{\[\[}}0, 1]] output_shape [32, 6] : tensor<192xf32> into tensor<32x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @all_gather_rows(%x: tensor<8x6xf32>) -> tensor<32x6xf32> {
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0 : tensor<8x6xf32> -> tensor<32x6xf32>
  return %g : tensor<32x6xf32>
}

// Along dimension 1: the blocks are moved next to it before merging.
// CHECK-LABEL: func.func @all_gather_cols(
// CHECK:         %[[H:.*]] = call @__gather_comm_grid22_1() : () -> i64
// CHECK:         %[[COMM:.*]] = builtin.unrealized_conversion_cast %[[H]] : i64 to !mpi.comm
// CHECK:         mpi.comm_rank(%[[COMM]]) : i32
// CHECK:         %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [2, 8, 3] : tensor<48xf32> into tensor<2x8x3xf32>
// CHECK:         %[[TR:.*]] = linalg.transpose ins(%[[E]] : tensor<2x8x3xf32>) outs(%{{.*}} : tensor<8x2x3xf32>) permutation = [1, 0, 2]
// CHECK-NEXT:    %[[R:.*]] = tensor.collapse_shape %[[TR]] {{\[\[}}0], [1, 2]] : tensor<8x2x3xf32> into tensor<8x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @all_gather_cols(%x: tensor<8x3xf32>) -> tensor<8x6xf32> {
  %g = shard.all_gather %x on @grid22 grid_axes = [1] gather_axis = 1 : tensor<8x3xf32> -> tensor<8x6xf32>
  return %g : tensor<8x6xf32>
}

// CHECK-LABEL: func.func @all_slice(
// CHECK:         shard.process_multi_index on @grid axes = [0] : index
// CHECK:         tensor.extract_slice
// CHECK-NOT:     mpi.
// CHECK:         return
func.func @all_slice(%x: tensor<8x6xf32>) -> tensor<2x6xf32> {
  %s = shard.all_slice %x on @grid grid_axes = [0] slice_axis = 0 : tensor<8x6xf32> -> tensor<2x6xf32>
  return %s : tensor<2x6xf32>
}

// The helpers: the handle is read from the cache; the first call splits
// MPI_COMM_WORLD with color = the coordinates off the group's axes and key =
// the coordinates on them (grid axis 1, then grid axis 0 for @..._1).
// CHECK:       memref.global "private" @__gather_comm_grid22_0_cache : memref<i64> = dense<0>
// CHECK-LABEL: func.func private @__gather_comm_grid22_0() -> i64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[G:.*]] = memref.get_global @__gather_comm_grid22_0_cache : memref<i64>
// CHECK-NEXT:    %[[OLD:.*]] = memref.load %[[G]][] : memref<i64>
// CHECK-NEXT:    %[[NEW:.*]] = arith.cmpi eq, %[[OLD]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[H:.*]] = scf.if %[[NEW]] -> (i64) {
// CHECK-NEXT:      %[[XY:.*]]:2 = shard.process_multi_index on @grid22 : index, index
// CHECK-NEXT:      %[[COLOR:.*]] = arith.index_cast %[[XY]]#1 : index to i32
// CHECK-NEXT:      %[[KEY:.*]] = arith.index_cast %[[XY]]#0 : index to i32
// CHECK-NEXT:      %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NEXT:      %[[SPLIT:.*]] = mpi.comm_split(%[[WORLD]], %[[COLOR]], %[[KEY]]) : !mpi.comm
// CHECK-NEXT:      %[[SPLITH:.*]] = builtin.unrealized_conversion_cast %[[SPLIT]] : !mpi.comm to i64
// CHECK-NEXT:      memref.store %[[SPLITH]], %[[G]][] : memref<i64>
// CHECK-NEXT:      scf.yield %[[SPLITH]] : i64
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[OLD]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[H]] : i64
// CHECK:       memref.global "private" @__gather_comm_grid22_1_cache
// CHECK-LABEL: func.func private @__gather_comm_grid22_1() -> i64
// CHECK:           %[[XY1:.*]]:2 = shard.process_multi_index on @grid22 : index, index
// CHECK-NEXT:      %[[COLOR1:.*]] = arith.index_cast %[[XY1]]#0 : index to i32
// CHECK-NEXT:      %[[KEY1:.*]] = arith.index_cast %[[XY1]]#1 : index to i32
// CHECK:           mpi.comm_split(%{{.*}}, %[[COLOR1]], %[[KEY1]]) : !mpi.comm
