# The Windows cross build's libraries (the pipeline's, the viewer's, aem_packed's): a prefix of
# static MinGW-w64 builds of Debian's sources (cmake/windows-deps/README.md). Given as
# AEM_WINDOWS_DEPS_PREFIX, or made (or reused, when Debian's versions are unchanged) at configure
# time by cmake/windows-deps/build-windows-deps.sh when the pipeline is built. Every find call then
# looks in that prefix and the compiler's own folder only, never the build machine's /usr.
# Sets AEM_WINDOWS_DEPS to the prefix used (empty: none).
set(AEM_WINDOWS_DEPS_PREFIX "" CACHE PATH
    "Prefix of the Windows libraries (cmake/windows-deps/build-windows-deps.sh); empty: the configure step builds or reuses it")
set(AEM_WINDOWS_DEPS "")
if(NOT WIN32)
  return()
endif()
if(AEM_WINDOWS_DEPS_PREFIX)
  set(AEM_WINDOWS_DEPS "${AEM_WINDOWS_DEPS_PREFIX}")
elseif(AEM_BUILD_PIPELINE)
  set(log "${CMAKE_BINARY_DIR}/windows-deps.log")
  message(STATUS "Windows libraries: cmake/windows-deps/build-windows-deps.sh (log: ${log}; minutes the first time)")
  execute_process(COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/windows-deps/build-windows-deps.sh"
                  OUTPUT_FILE "${log}" ERROR_FILE "${log}" RESULT_VARIABLE result)
  file(STRINGS "${log}" prefix_lines REGEX "^AEM_WINDOWS_DEPS_PREFIX=")
  if(NOT result EQUAL 0 OR NOT prefix_lines)
    file(READ "${log}" log_text)
    message(FATAL_ERROR "building the Windows libraries failed (exit ${result}); ${log}:\n${log_text}")
  endif()
  list(GET prefix_lines -1 prefix_line)
  string(REGEX REPLACE "^AEM_WINDOWS_DEPS_PREFIX=" "" AEM_WINDOWS_DEPS "${prefix_line}")
else()
  return()
endif()
if(NOT EXISTS "${AEM_WINDOWS_DEPS}/toolchain.cmake")
  message(FATAL_ERROR "${AEM_WINDOWS_DEPS} is not a prefix of build-windows-deps.sh (no toolchain.cmake)")
endif()
message(STATUS "Windows libraries from ${AEM_WINDOWS_DEPS}")
# Another prefix than the last configure's (new Debian versions, or one given): forget what the
# find calls and pkg-config found in the old one, so that nothing mixes the two.
if(AEM_WINDOWS_DEPS_USED AND NOT AEM_WINDOWS_DEPS_USED STREQUAL AEM_WINDOWS_DEPS)
  get_cmake_property(cached CACHE_VARIABLES)
  foreach(variable IN LISTS cached)
    string(FIND "${${variable}}" "${AEM_WINDOWS_DEPS_USED}/" old_prefix_at)
    if(variable MATCHES "^__pkg_config_checked_" OR old_prefix_at GREATER_EQUAL 0)
      unset(${variable} CACHE)
    endif()
  endforeach()
endif()
set(AEM_WINDOWS_DEPS_USED "${AEM_WINDOWS_DEPS}" CACHE INTERNAL "The Windows libraries' prefix of the last configure")
list(PREPEND CMAKE_FIND_ROOT_PATH "${AEM_WINDOWS_DEPS}")
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} "${AEM_WINDOWS_DEPS}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
