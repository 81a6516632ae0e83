// RUN: gather-opt %s --gather-share-read-only-operands --split-input-file | FileCheck %s

// Two gathers of one table: one read-only buffer of it at the definition
// (the function entry), and a view of it per gather. The indices, read by
// one gather each, are left alone.
// CHECK-LABEL: func.func @two_gathers(
//  CHECK-SAME:     %[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3xi32>, %[[J:.*]]: tensor<3xi32>
//       CHECK:   %[[BUF:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<10x4xf32> to memref<10x4xf32, strided<[?, ?], offset: ?>>
//       CHECK:   %[[V0:.*]] = bufferization.to_tensor %[[BUF]] restrict : {{.*}} to tensor<10x4xf32>
//       CHECK:   gather.gather %[[V0]][%[[I]]]
//       CHECK:   %[[V1:.*]] = bufferization.to_tensor %[[BUF]] restrict : {{.*}} to tensor<10x4xf32>
//       CHECK:   gather.gather %[[V1]][%[[J]]]
//   CHECK-NOT:   bufferization
func.func @two_gathers(%t: tensor<10x4xf32>, %i: tensor<3xi32>, %j: tensor<3xi32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %b = gather.gather %t[%j] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %a, %b : tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// Shared indices too, other reads that cannot write (tensor.dim,
// tensor.extract, a linalg input), and a constant: a buffer per tensor, at
// its definition.
// CHECK-LABEL: func.func @args_and_constant(
//  CHECK-SAME:     %[[T:[^:]*]]: tensor<?x4xf32>, %[[I:[^:]*]]: tensor<3xindex>
//   CHECK-DAG:   %[[IB:.*]] = bufferization.to_buffer %[[I]] read_only : tensor<3xindex>
//   CHECK-DAG:   %[[TB:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<?x4xf32>
//       CHECK:   %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<5x4xf32>
//  CHECK-NEXT:   %[[CB:.*]] = bufferization.to_buffer %[[C]] read_only
//       CHECK:   tensor.dim %[[T]]
//       CHECK:   tensor.extract %[[T]]
//       CHECK:   linalg.copy ins(%[[T]] : tensor<?x4xf32>)
//   CHECK-DAG:   %[[V0:.*]] = bufferization.to_tensor %[[TB]] restrict
//   CHECK-DAG:   %[[W0:.*]] = bufferization.to_tensor %[[IB]] restrict
//       CHECK:   gather.gather %[[V0]][%[[W0]]] mode<clamp>
//   CHECK-DAG:   %[[V1:.*]] = bufferization.to_tensor %[[TB]] restrict
//   CHECK-DAG:   %[[W1:.*]] = bufferization.to_tensor %[[IB]] restrict
//       CHECK:   gather.gather %[[V1]][%[[W1]]] mode<zero>
//       CHECK:   bufferization.to_tensor %[[CB]] restrict
//       CHECK:   bufferization.to_tensor %[[CB]] restrict
func.func @args_and_constant(%t: tensor<?x4xf32>, %i: tensor<3xindex>, %o: tensor<?x4xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, index, f32, tensor<?x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>) {
  %c0 = arith.constant 0 : index
  %k = arith.constant dense<1.0> : tensor<5x4xf32>
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  %e = tensor.extract %t[%c0, %c0] : tensor<?x4xf32>
  %copy = linalg.copy ins(%t : tensor<?x4xf32>) outs(%o : tensor<?x4xf32>) -> tensor<?x4xf32>
  %a = gather.gather %t[%i] mode<clamp> : (tensor<?x4xf32>, tensor<3xindex>) -> tensor<3x4xf32>
  %b = gather.gather %t[%i] mode<zero> : (tensor<?x4xf32>, tensor<3xindex>) -> tensor<3x4xf32>
  %x = gather.gather %k[%i] mode<clamp> : (tensor<5x4xf32>, tensor<3xindex>) -> tensor<3x4xf32>
  %y = gather.gather %k[%i] mode<clamp> : (tensor<5x4xf32>, tensor<3xindex>) -> tensor<3x4xf32>
  return %a, %b, %d, %e, %copy, %x, %y : tensor<3x4xf32>, tensor<3x4xf32>, index, f32, tensor<?x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// The result of another op may alias a tensor that is written (here the
// source of a reshape, after the gathers): left alone.
// CHECK-LABEL: func.func @alias_of_written(
//       CHECK:   bufferization.to_buffer %{{.*}} read_only : tensor<3xi32>
//   CHECK-NOT:   bufferization.to_buffer
//       CHECK:   %[[T:.*]] = tensor.expand_shape
//       CHECK:   gather.gather %[[T]]
//       CHECK:   gather.gather %[[T]]
func.func @alias_of_written(%s: tensor<40xf32>, %i: tensor<3xi32>, %f: f32)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<40xf32>) {
  %c0 = arith.constant 0 : index
  %t = tensor.expand_shape %s [[0, 1]] output_shape [10, 4] : tensor<40xf32> into tensor<10x4xf32>
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %b = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %w = tensor.insert %f into %s[%c0] : tensor<40xf32>
  return %a, %b, %w : tensor<3x4xf32>, tensor<3x4xf32>, tensor<40xf32>
}

// -----

// A tensor that an op may write in place (tensor.insert), or alias
// (tensor.extract_slice, the init of a linalg op), is left alone: a read
// through a buffer taken earlier could see the write.
// (The indices, only read, are shared.)
// CHECK-LABEL: func.func @may_be_written(
//  CHECK-SAME:     %[[T:[^:]*]]: tensor<10x4xf32>, %[[U:[^:]*]]: tensor<10x4xf32>, %[[V:[^:]*]]: tensor<10x4xf32>
//       CHECK:   bufferization.to_buffer %{{.*}} read_only : tensor<3xi32>
//   CHECK-NOT:   bufferization.to_buffer
//       CHECK:   gather.gather %[[T]]
//       CHECK:   gather.gather %[[T]]
//       CHECK:   gather.gather %[[U]]
//       CHECK:   gather.gather %[[U]]
//       CHECK:   gather.gather %[[V]]
//       CHECK:   gather.gather %[[V]]
func.func @may_be_written(%t: tensor<10x4xf32>, %u: tensor<10x4xf32>,
                          %v: tensor<10x4xf32>, %i: tensor<3xi32>, %f: f32)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>) {
  %c0 = arith.constant 0 : index
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %w = tensor.insert %f into %t[%c0, %c0] : tensor<10x4xf32>
  %b = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %c = gather.gather %u[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %s = tensor.extract_slice %u[0, 0] [1, 4] [1, 1] : tensor<10x4xf32> to tensor<1x4xf32>
  %d = gather.gather %u[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %e = gather.gather %v[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %fill = linalg.fill ins(%f : f32) outs(%v : tensor<10x4xf32>) -> tensor<10x4xf32>
  %g = gather.gather %v[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %a, %b, %w, %c, %d, %s, %e, %g, %fill
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>
}

// -----

// One gather per tensor gains nothing: nothing changes. Nor do gathers in
// buffer form (they read buffers already).
// CHECK-LABEL: func.func @single_and_buffers(
//   CHECK-NOT:   bufferization
func.func @single_and_buffers(%t: tensor<10x4xf32>, %i: tensor<3xi32>,
                              %m: memref<10x4xf32>, %mi: memref<3xi32>,
                              %o: memref<3x4xf32>) -> tensor<3x4xf32> {
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  gather.gather %m[%mi] into %o : (memref<10x4xf32>, memref<3xi32>, memref<3x4xf32>) -> ()
  gather.gather %m[%mi] into %o : (memref<10x4xf32>, memref<3xi32>, memref<3x4xf32>) -> ()
  return %a : tensor<3x4xf32>
}

// -----

// Gathers in a loop body read a table defined outside through the buffer
// at its definition; the views stay in the loop, before each gather.
// CHECK-LABEL: func.func @in_loop(
//  CHECK-SAME:     %[[T:[^:]*]]: tensor<10x4xf32>
//       CHECK:   %[[BUF:.*]] = bufferization.to_buffer %[[T]] read_only
//       CHECK:   scf.for
//       CHECK:     bufferization.to_tensor %[[BUF]] restrict
//       CHECK:     gather.gather
//       CHECK:     bufferization.to_tensor %[[BUF]] restrict
//       CHECK:     gather.gather
func.func @in_loop(%t: tensor<10x4xf32>, %i: tensor<3xi32>, %n: index,
                   %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<3x4xf32> {
    %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
    %b = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
    %s = arith.addf %a, %b : tensor<3x4xf32>
    scf.yield %s : tensor<3x4xf32>
  }
  return %r : tensor<3x4xf32>
}

// -----

// Calls whose callee takes a tensor as `bufferization.writable = false` (the
// functions of gather-outline-dynamic-gathers) read it as gathers do: views
// of one buffer, of identity layout (the callee's arguments have it after
// bufferization; another layout would be copied at each call).
// CHECK-LABEL: func.func @calls(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xindex>
//   CHECK-DAG:   %[[TB:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<?x?xf32> to memref<?x?xf32>
//   CHECK-DAG:   %[[IB:.*]] = bufferization.to_buffer %[[I]] read_only : tensor<?xindex> to memref<?xindex>
//       CHECK:   %[[T0:.*]] = bufferization.to_tensor %[[TB]] restrict : memref<?x?xf32> to tensor<?x?xf32>
//       CHECK:   %[[I0:.*]] = bufferization.to_tensor %[[IB]] restrict : memref<?xindex> to tensor<?xindex>
//       CHECK:   call @read(%[[T0]], %[[I0]])
//       CHECK:   %[[T1:.*]] = bufferization.to_tensor %[[TB]] restrict
//       CHECK:   %[[I1:.*]] = bufferization.to_tensor %[[IB]] restrict
//       CHECK:   call @read(%[[T1]], %[[I1]])
func.func private @read(%t: tensor<?x?xf32> {bufferization.writable = false},
                        %i: tensor<?xindex> {bufferization.writable = false}) -> f32 {
  %c0 = arith.constant 0 : index
  %k = tensor.extract %i[%c0] : tensor<?xindex>
  %v = tensor.extract %t[%k, %c0] : tensor<?x?xf32>
  return %v : f32
}

func.func @calls(%t: tensor<?x?xf32>, %i: tensor<?xindex>) -> (f32, f32) {
  %a = call @read(%t, %i) : (tensor<?x?xf32>, tensor<?xindex>) -> f32
  %b = call @read(%t, %i) : (tensor<?x?xf32>, tensor<?xindex>) -> f32
  return %a, %b : f32, f32
}

// -----

// A call that may write the tensor (a writable argument) leaves it alone,
// as does a call of a function without a body.
// CHECK-LABEL: func.func @writing_call(
//   CHECK-NOT:   bufferization
func.func private @read(%t: tensor<?x?xf32> {bufferization.writable = false},
                        %i: tensor<?xindex> {bufferization.writable = false}) -> f32 {
  %c0 = arith.constant 0 : index
  %k = tensor.extract %i[%c0] : tensor<?xindex>
  %v = tensor.extract %t[%k, %c0] : tensor<?x?xf32>
  return %v : f32
}

func.func private @write(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %r = tensor.insert %f into %t[%c0, %c0] : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func private @external(%i: tensor<?xindex>) -> f32

func.func @writing_call(%t: tensor<?x?xf32>, %i: tensor<?xindex>)
    -> (f32, f32, tensor<?x?xf32>, f32, f32) {
  %a = call @read(%t, %i) : (tensor<?x?xf32>, tensor<?xindex>) -> f32
  %b = call @read(%t, %i) : (tensor<?x?xf32>, tensor<?xindex>) -> f32
  %w = call @write(%t) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %x = call @external(%i) : (tensor<?xindex>) -> f32
  %y = call @external(%i) : (tensor<?xindex>) -> f32
  return %a, %b, %w, %x, %y : f32, f32, tensor<?x?xf32>, f32, f32
}
