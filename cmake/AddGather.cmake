# add_gather_library(name ...): add_mlir_library for the libraries of this
# project. add_mlir_library would install the library into MLIR's own export
# set, MLIRTargets; here the library is recorded in the GATHER_LIBS global
# property instead and installed by GatherInstall.cmake into GatherTargets,
# and its headers are found from both the build and the install tree. Model:
# llvm/circt's add_circt_library (cmake/modules/AddCIRCT.cmake).
function(add_gather_library name)
  add_mlir_library(${name} ${ARGN} DISABLE_INSTALL)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_property(GLOBAL APPEND PROPERTY GATHER_LIBS ${name})
endfunction()
