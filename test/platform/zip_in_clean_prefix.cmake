# The Windows release archive works on a machine with nothing else installed: cpack makes
# aem-<version>-windows-x86_64.zip, which is unpacked into an empty folder and checked for what
# README's Windows section promises (the programs, the runtime's headers, library and CMake
# package, the quick start), then its aem.exe bakes and validates a corpus model in a Wine prefix
# made afresh for this test (no MinGW DLL, no build folder on its path).
# cmake -DBUILD_DIR=... -DWORK=... -DWINE64=... -DWINESERVER=... -DVERSION=... -DMODEL=... -P zip_in_clean_prefix.cmake
foreach(var BUILD_DIR WORK WINE64 WINESERVER VERSION MODEL)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "zip_in_clean_prefix.cmake: ${var} is not set")
  endif()
endforeach()
if(NOT EXISTS "${MODEL}")
  message(STATUS "SKIPPED: ${MODEL} is absent (the test corpus is not beside the source)")
  return()
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/package" "${WORK}/unpacked")

execute_process(COMMAND cpack -G ZIP -B "${WORK}/package" WORKING_DIRECTORY "${BUILD_DIR}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
set(name "aem-${VERSION}-windows-x86_64")
set(zip "${WORK}/package/${name}.zip")
if(NOT result EQUAL 0 OR NOT EXISTS "${zip}")
  message(FATAL_ERROR "cpack did not make ${zip} (exit ${result}):\n${output}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf "${zip}" WORKING_DIRECTORY "${WORK}/unpacked" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cannot unpack ${zip}")
endif()
set(root "${WORK}/unpacked/${name}")
foreach(part bin/aem.exe bin/aem-viewer.exe include/aem/model.hpp lib/cmake/aem/aemConfig.cmake README.md)
  if(NOT EXISTS "${root}/${part}")
    file(GLOB_RECURSE listing RELATIVE "${WORK}/unpacked" "${WORK}/unpacked/*")
    message(FATAL_ERROR "${name}.zip lacks ${part}; it holds:\n${listing}")
  endif()
endforeach()

# A Wine prefix of its own: only what Windows itself has.
set(ENV{WINEPREFIX} "${WORK}/wine-prefix")
set(ENV{WINEDEBUG} "-all")
set(ENV{WINEDLLOVERRIDES} "mscoree,mshtml=")
execute_process(COMMAND "${WINE64}" wineboot --init OUTPUT_QUIET ERROR_QUIET)
execute_process(COMMAND "${WINESERVER}" --wait)
execute_process(COMMAND "${WINE64}" "${root}/bin/aem.exe" bake "${MODEL}" -o "${WORK}/model.aem" -j2
                RESULT_VARIABLE bake_result OUTPUT_VARIABLE bake_output ERROR_VARIABLE bake_output)
execute_process(COMMAND "${WINE64}" "${root}/bin/aem.exe" validate --strict "${WORK}/model.aem"
                RESULT_VARIABLE validate_result OUTPUT_VARIABLE validate_output ERROR_VARIABLE validate_output)
execute_process(COMMAND "${WINESERVER}" -k)
if(NOT bake_result EQUAL 0)
  message(FATAL_ERROR "the unpacked aem.exe could not bake ${MODEL} in a clean prefix (exit ${bake_result}):\n${bake_output}")
endif()
if(NOT validate_result EQUAL 0)
  message(FATAL_ERROR "the unpacked aem.exe's bake does not validate (exit ${validate_result}):\n${validate_output}")
endif()
file(REMOVE_RECURSE "${WORK}")
message(STATUS "${name}.zip unpacked into an empty folder bakes and validates ${MODEL} in a clean Wine prefix")
