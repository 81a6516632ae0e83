# Installs the gather libraries under their own export set, GatherTargets
# (add_mlir_library would file them under MLIR's own MLIRTargets), with the
# headers, the TableGen sources and the generated .inc files, and a package
# config so that users can find_package(Gather) and link the libraries into
# their own pipelines. Model: llvm/circt's CIRCTConfig.cmake.in.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# add_mlir_library records every library it installs in MLIR_ALL_LIBS, which
# also lists MLIR's own (imported) ones: keep the targets built here.
get_property(all_libs GLOBAL PROPERTY MLIR_ALL_LIBS)
set(gather_libs)
foreach(lib IN LISTS all_libs)
  if(TARGET ${lib})
    get_target_property(imported ${lib} IMPORTED)
    if(NOT imported)
      list(APPEND gather_libs ${lib})
      target_include_directories(${lib} INTERFACE
        $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    endif()
  endif()
endforeach()
install(TARGETS ${gather_libs} EXPORT GatherTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gather
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/gather
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc")

set(GATHER_INSTALL_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gather)
install(EXPORT GatherTargets DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/GatherConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/gather/GatherConfig.cmake
  INSTALL_DESTINATION ${GATHER_INSTALL_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
install(FILES ${PROJECT_BINARY_DIR}/lib/cmake/gather/GatherConfig.cmake
  DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})
