/*===- Dialects.h - C API of the gather dialect -------------------*- C -*-===*\
|*                                                                            *|
|* Part of the gather project.                                                *|
|*                                                                            *|
|* The gather dialect and the project's passes and pipelines for users of    *|
|* MLIR's C API. Link the GatherCAPI library (find_package(Gather CONFIG)).  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef GATHER_C_DIALECTS_H
#define GATHER_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The handle of the gather dialect: mlirGetDialectHandle__gather__().
/// Inserting or loading the dialect through it also registers the external
/// models of the gather ops (One-Shot Bufferize, TilingInterface,
/// ShardingInterface), as gather-opt does.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Gather, gather);

/// Registers in `registry` the external models the project attaches to
/// upstream ops for gather-mpi-pipeline (replicated sharding of scalar ops,
/// memory effects of the MPI ops on buffers). With mlirRegisterAllDialects
/// and the gather dialect handle, a context then holds what gather-opt's
/// does.
MLIR_CAPI_EXPORTED void
mlirRegisterGatherExtensions(MlirDialectRegistry registry);

/// Registers the project's passes (convert-gather-to-linalg, -scf, -gpu,
/// gather-nontemporal-copies) and the named pipelines gather-cpu-pipeline and
/// gather-gpu-pipeline, so that mlirParsePassPipeline finds them. Calling it
/// again does nothing.
MLIR_CAPI_EXPORTED void mlirRegisterGatherPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* GATHER_C_DIALECTS_H */
