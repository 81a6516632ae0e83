//===- TilingInterfaceImpl.h - TilingInterface for gather ops ---*- C++ -*-===//
//
// Part of the gather project.
//
// External models of upstream's TilingInterface for gather.gather and
// gather.gather_nd, so that scf::tileUsingSCF,
// scf::tileConsumerAndFuseProducersUsingSCF and the transform ops built on
// them (transform.structured.tile_using_for, tile_using_forall,
// fuse_into_containing_op, fuse) tile the ops and fuse them into the loops of
// their consumers. See docs/tiling.md.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H
#define GATHER_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace gather {

/// Attaches the TilingInterface external models to gather.gather and
/// gather.gather_nd when the gather dialect is loaded.
void registerTilingInterfaceExternalModels(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_TILINGINTERFACEIMPL_H
