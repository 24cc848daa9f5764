# What a cross build (the windows-cross preset) needs beyond its toolchain file.
if(NOT CMAKE_CROSSCOMPILING)
  return()
endif()

# The Windows libraries' prefix (AemWindowsDeps.cmake), when the pipeline is built.
include(AemWindowsDeps)

# Without that prefix, header-only packages come from the build machine: nlohmann-json's imported
# target names /usr/include, which would put the host's C library headers before the cross
# compiler's. A folder holding only a link to its own headers stands in for it.
if(NOT AEM_WINDOWS_DEPS)
  find_package(nlohmann_json 3 QUIET GLOBAL)
endif()
if(NOT AEM_WINDOWS_DEPS AND TARGET nlohmann_json::nlohmann_json)
  find_path(AEM_NLOHMANN_JSON_HEADER nlohmann/json.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH)
  if(AEM_NLOHMANN_JSON_HEADER)
    set(headers "${CMAKE_BINARY_DIR}/host-headers")
    file(MAKE_DIRECTORY "${headers}")
    file(CREATE_LINK "${AEM_NLOHMANN_JSON_HEADER}/nlohmann" "${headers}/nlohmann" SYMBOLIC)
    set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${headers}")
  endif()
endif()

# Windows programs cross-built here run their tests under Wine (the toolchain file sets
# CMAKE_CROSSCOMPILING_EMULATOR to toolchains/wine-run.sh, which uses this build's own prefix). The prefix is
# made once, at configure time, so that parallel tests never race to create it and CI needs
# nothing set up beforehand.
if(NOT (WIN32 AND AEM_WINE64 AND AEM_WINESERVER))
  return()
endif()
set(AEM_WINEPREFIX "${CMAKE_BINARY_DIR}/wine-prefix")
if(NOT EXISTS "${AEM_WINEPREFIX}/system.reg")
  message(STATUS "Creating the Wine prefix ${AEM_WINEPREFIX}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env WINEPREFIX=${AEM_WINEPREFIX} WINEDEBUG=-all WINEDLLOVERRIDES=mscoree,mshtml=
            ${AEM_WINE64} wineboot --init
    RESULT_VARIABLE wine_result OUTPUT_QUIET ERROR_QUIET)
  # wineboot returns before its server has written the registry: wait for it to finish.
  execute_process(COMMAND ${CMAKE_COMMAND} -E env WINEPREFIX=${AEM_WINEPREFIX} ${AEM_WINESERVER} --wait)
  if(NOT wine_result EQUAL 0 OR NOT EXISTS "${AEM_WINEPREFIX}/system.reg")
    message(FATAL_ERROR "could not create the Wine prefix ${AEM_WINEPREFIX} with ${AEM_WINE64} (exit ${wine_result})")
  endif()
endif()
