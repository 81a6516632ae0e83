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
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Gather, gather);

/// Registers the project's passes (convert-gather-to-linalg, -scf, -gpu,
/// gather-nontemporal-copies) and the named pipelines gather-cpu-pipeline and
/// gather-gpu-pipeline, so that mlirParsePassPipeline finds them. Calling it
/// again does nothing.
MLIR_CAPI_EXPORTED void mlirRegisterGatherPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* GATHER_C_DIALECTS_H */
