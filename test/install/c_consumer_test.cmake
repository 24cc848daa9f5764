# Installs the build tree into a scratch prefix and builds the C consumer against it twice, with
# find_package(aem) and with pkg-config, beside the C++ consumer; all three play MODEL (or, with
# CORPUS, CesiumMan baked by the installed aem tool) and their skinning matrices must be equal
# byte for byte. Variables: BUILD_DIR, WORK_DIR, C_CONSUMER_DIR, CXX_CONSUMER_DIR, C_COMPILER,
# CXX_COMPILER, and MODEL or CORPUS ($AEM_CORPUS wins).
if(DEFINED CORPUS)
  if(DEFINED ENV{AEM_CORPUS} AND NOT "$ENV{AEM_CORPUS}" STREQUAL "")
    set(CORPUS "$ENV{AEM_CORPUS}")
  endif()
  set(source "${CORPUS}/khronos/CesiumMan/glTF-Binary/CesiumMan.glb")
  if(NOT EXISTS "${source}")
    message("SKIPPED: test corpus not found at ${CORPUS} (set AEM_CORPUS)")
    return()
  endif()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

if(DEFINED CORPUS)
  if(NOT EXISTS ${prefix}/bin/aem)
    message("SKIPPED: the aem tool was not installed (a build without the apps)")
    return()
  endif()
  # A build without the pipeline installs an aem with info and validate only: nothing can bake
  # CesiumMan there, and the worked example (install.c_consumer) covers the C API.
  execute_process(COMMAND ${prefix}/bin/aem bake --help RESULT_VARIABLE bake_status
                  OUTPUT_VARIABLE bake_out ERROR_VARIABLE bake_err)
  if(NOT bake_status EQUAL 0 AND "${bake_out}${bake_err}" MATCHES "not in this build")
    message("SKIPPED: the installed aem has no bake (a build with -DAEM_BUILD_PIPELINE=OFF), so CesiumMan "
            "cannot be baked; install.c_consumer plays the worked example")
    return()
  endif()
  set(MODEL ${WORK_DIR}/CesiumMan.aem)
  run(${prefix}/bin/aem bake ${source} -o ${MODEL} --textures rgba --max-texture-size 64)
endif()

# With CMake: a C-only project.
run(${CMAKE_COMMAND} -S ${C_CONSUMER_DIR} -B ${WORK_DIR}/c_build -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_C_COMPILER=${C_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/c_build)
# With pkg-config, as a Makefile would.
find_program(PKG_CONFIG NAMES pkg-config pkgconf REQUIRED)
file(GLOB pc_files ${prefix}/*/pkgconfig/aem.pc ${prefix}/*/*/pkgconfig/aem.pc)
if(NOT pc_files)
  message(FATAL_ERROR "aem.pc was not installed under ${prefix}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
run(${PKG_CONFIG} --cflags --libs aem)
string(STRIP "${last_output}" pc_flags)
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
run(${C_COMPILER} -std=c99 -Wall -Wextra -pedantic -Werror ${C_CONSUMER_DIR}/main.c ${pc_flags}
    -o ${WORK_DIR}/c_consumer_pkg_config)
# A shared runtime in this scratch prefix is found as a Makefile's user would point to it.
run(${PKG_CONFIG} --variable=libdir aem)
string(STRIP "${last_output}" pc_libdir)
set(ENV{LD_LIBRARY_PATH} "${pc_libdir}")
# The C++ mixer, for the reference.
run(${CMAKE_COMMAND} -S ${CXX_CONSUMER_DIR} -B ${WORK_DIR}/cxx_build -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cxx_build)

set(frames 120)
run(${WORK_DIR}/cxx_build/consumer ${MODEL} ${frames} ${WORK_DIR}/cxx.bin)
set(expected "${last_output}")
if(NOT expected MATCHES "joints=[1-9][0-9]* frames=${frames}")
  message(FATAL_ERROR "unexpected C++ consumer output: ${expected}")
endif()
foreach(program c_build/c_consumer c_consumer_pkg_config)
  run(${WORK_DIR}/${program} ${MODEL} ${frames} ${WORK_DIR}/c.bin)
  if(NOT last_output STREQUAL expected)
    message(FATAL_ERROR "${program} said '${last_output}', the C++ consumer '${expected}'")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/cxx.bin ${WORK_DIR}/c.bin
                  RESULT_VARIABLE different)
  if(different)
    message(FATAL_ERROR "${program}: the C API's skinning matrices differ from the C++ mixer's")
  endif()
endforeach()
string(STRIP "${expected}" expected)
message(STATUS "the C consumer (CMake and pkg-config) matched the C++ mixer bit for bit on ${MODEL}: ${expected}")
