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
if(TARGET aem_packed)
  install(EXPORT aemPackedTargets NAMESPACE aem:: DESTINATION ${AEM_CMAKE_INSTALL_DIR})
endif()
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

# pkg-config: aem.pc, relocatable through ${pcfiledir}. The runtime is C++, so the C++ standard
# library (and libm) go in Libs for a static aem_runtime, and in Libs.private for a shared one.
set(AEM_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${AEM_PC_DIR}")
  set(AEM_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH AEM_PC_UP "/prefix/${AEM_PC_DIR}" "/prefix")
  string(REGEX REPLACE "/$" "" AEM_PC_UP "${AEM_PC_UP}")
  set(AEM_PC_PREFIX "\${pcfiledir}/${AEM_PC_UP}")
endif()
foreach(kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${kind}}")
    set(AEM_PC_${kind} "${CMAKE_INSTALL_${kind}}")
  else()
    set(AEM_PC_${kind} "\${prefix}/${CMAKE_INSTALL_${kind}}")
  endif()
endforeach()
set(AEM_PC_CXX_LIBS "-l${AEM_CXX_STDLIB} -lm")  # AEM_CXX_STDLIB: from runtime/CMakeLists.txt
get_target_property(AEM_RUNTIME_TYPE aem_runtime TYPE)
get_target_property(AEM_PC_LIB_NAME aem_runtime OUTPUT_NAME)  # aem_runtime, or aem when shared
if(AEM_RUNTIME_TYPE STREQUAL "STATIC_LIBRARY")
  set(AEM_PC_LIBS "${AEM_PC_CXX_LIBS}")
  set(AEM_PC_LIBS_PRIVATE "")
  set(AEM_PC_CFLAGS "")
else()
  set(AEM_PC_LIBS "")
  set(AEM_PC_LIBS_PRIVATE "${AEM_PC_CXX_LIBS}")
  set(AEM_PC_CFLAGS " -DAEM_SHARED")  # aem/export.h: import from the shared runtime
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/aem.pc.in ${PROJECT_BINARY_DIR}/aem.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/aem.pc DESTINATION ${AEM_PC_DIR})
