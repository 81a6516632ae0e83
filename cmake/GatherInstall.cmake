# Installs the gather libraries (those add_gather_library recorded, and the
# CUDA runtime library when it is built) under their own export set,
# GatherTargets, with the headers, the TableGen sources and the generated .inc
# files, and a package config so that users can find_package(Gather) and link
# the libraries into their own tools. Model: llvm/circt's CIRCTConfig.cmake.in.
# The tools install themselves (tools/*/CMakeLists.txt).

include(CMakePackageConfigHelpers)

get_property(gather_libs GLOBAL PROPERTY GATHER_LIBS)
if(TARGET gather_cuda_runtime)
  list(APPEND gather_libs gather_cuda_runtime)
endif()
install(TARGETS ${gather_libs} EXPORT GatherTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Only files: install(DIRECTORY) would also create every folder the patterns
# do not match, such as CMake's own CMakeFiles in the build tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gather
                  ${PROJECT_SOURCE_DIR}/include/gather-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/gather
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)

set(GATHER_INSTALL_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/gather)
install(EXPORT GatherTargets DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/GatherConfig.cmake.in
  ${PROJECT_BINARY_DIR}/lib/cmake/gather/GatherConfig.cmake
  INSTALL_DESTINATION ${GATHER_INSTALL_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
install(FILES ${PROJECT_BINARY_DIR}/lib/cmake/gather/GatherConfig.cmake
  DESTINATION ${GATHER_INSTALL_PACKAGE_DIR})
