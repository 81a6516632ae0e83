// gather-check-bufferizable names every op with tensor semantics that has no
// bufferization (and is not unused and pure), in module order, the first 8
// of each name; the pipelines run it before One-Shot Bufferize
// (test/Pipelines/unbufferizable-ops.mlir).
//
// RUN: gather-opt %s --gather-check-bufferizable --allow-unregistered-dialect \
// RUN:   --split-input-file -verify-diagnostics

func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foo.bar' on 'tensor<4xf32>' cannot be bufferized by gather-check-bufferizable: it has no bufferization; lower it to ops that have one (linalg, tensor, arith, scf) first}}
  %0 = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// An upstream op without bufferization (shape), once used; unused, it is
// pure and bufferization drops it.
func.func @b(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xindex> {
  // expected-error @+1 {{'shape.shape_of' on 'tensor<?xf32>', 'tensor<?xindex>' cannot be bufferized}}
  %0 = shape.shape_of %x : tensor<?xf32> -> tensor<?xindex>
  %1 = shape.shape_of %x : tensor<?xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

func.func @c(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'foo.bar' on 'tensor<4xf32>' cannot be bufferized}}
  %0 = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Ops that bufferize, declarations and ops without tensors: nothing to
// report.
func.func private @print(tensor<*xf32>)
func.func @fine(%p: tensor<4x8xf32>, %i: tensor<3xi32>, %m: memref<4xf32>)
    -> tensor<3x8xf32> {
  %t = bufferization.to_tensor %m restrict : memref<4xf32> to tensor<4xf32>
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  call @print(%u) : (tensor<*xf32>) -> ()
  %c = arith.constant 1 : index
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

// Eight ops of one name are named, the rest are not.
func.func @many(%x: tensor<4xf32>) {
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  // expected-error @+1 {{'foo.bar'}}
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  "foo.bar"(%x) : (tensor<4xf32>) -> ()
  return
}
