//===- BufferizableOpInterfaceImpl.h - gather bufferization -----*- C++ -*-===//
//
// Part of the gather project.
//
// External models of BufferizableOpInterface for gather.gather and
// gather.gather_nd, so that One-Shot Bufferize handles functions that hold
// them.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define GATHER_DIALECT_GATHER_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace gather {

/// Attaches BufferizableOpInterface to both gather ops. The tensor form
/// reads params and indices, allocates its result (like tensor.generate or
/// tensor.pad) and becomes the buffer form writing into that allocation:
///
///   %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>)
///                               -> tensor<2x4xf32>
/// becomes
///   %a = memref.alloc() : memref<2x4xf32>
///   gather.gather %pb[%ib] into %a
///       : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
///
/// The allocation has an identity layout and the memory space of params'
/// buffer (the options' default where params has none).
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
