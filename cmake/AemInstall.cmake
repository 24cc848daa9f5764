# Install the runtime as a CMake package: a game's build does find_package(aem) and links
# aem::runtime. The command-line tools install their binaries on their own.
include(CMakePackageConfigHelpers)

install(TARGETS aem_runtime EXPORT aemTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/aem DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(AEM_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/aem)
install(EXPORT aemTargets NAMESPACE aem:: DESTINATION ${AEM_CMAKE_INSTALL_DIR})
if(TARGET aem)
  install(EXPORT aemToolsTargets NAMESPACE aem:: DESTINATION ${AEM_CMAKE_INSTALL_DIR})
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/aemConfig.cmake.in
  ${PROJECT_BINARY_DIR}/aemConfig.cmake INSTALL_DESTINATION ${AEM_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/aemConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/aemConfig.cmake ${PROJECT_BINARY_DIR}/aemConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/AemBakeAssets.cmake
  DESTINATION ${AEM_CMAKE_INSTALL_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/aem)
