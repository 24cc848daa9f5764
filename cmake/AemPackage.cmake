# The release archive of a Windows build: `cpack -G ZIP` in the build folder makes
# aem-<version>-windows-x86_64.zip from the install rules (cmake/AemInstall.cmake and the
# programs' own): aem.exe and aem-viewer.exe (static: no DLL but Windows' own), the runtime's
# headers, static library and CMake package, aem.pc, README.md and the licences of the libraries
# linked into the programs, with the Debian versions they were built from.
if(NOT WIN32)
  return()
endif()
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION .)
if(AEM_WINDOWS_DEPS)
  install(DIRECTORY ${AEM_WINDOWS_DEPS}/share/doc/windows-deps/licenses/
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/aem/third-party)
  install(FILES ${AEM_WINDOWS_DEPS}/versions.txt DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/aem/third-party)
endif()
set(CPACK_GENERATOR ZIP)
set(CPACK_PACKAGE_NAME aem)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_FILE_NAME aem-${PROJECT_VERSION}-windows-x86_64)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
# Unpacks into one folder, aem-<version>-windows-x86_64/, with bin/, include/, lib/ and share/.
set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
