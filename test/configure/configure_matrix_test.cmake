cmake_minimum_required(VERSION 3.25)  # list() keeps the empty fields below (CMP0007)
# Configures (and generates) the source tree once per supported option combination that no
# preset builds in full, so that a combination a change breaks fails here in seconds rather than
# on a user's machine: a target that is linked or named in a test ($<TARGET_FILE:...>) but not
# built in that combination, or a subdirectory that assumes a target, stops generation. Each
# combination must also register the tests it promises and none of those it cannot run.
# The combinations are README's "Build options" table; the presets (release, asan,
# runtime-only, windows-cross) build and test their own in full.
# Variables: SOURCE_DIR, WORK_DIR, GENERATOR, CXX_COMPILER, C_COMPILER, CORPUS.
include(${CMAKE_CURRENT_LIST_DIR}/../install/run_checked.cmake)

# Each entry: name|its -D options|tests it must register|tests it must not register, the lists
# comma-separated regexes. Before a build, a GoogleTest suite is listed as <program>_NOT_BUILT.
set(combinations
  "pipeline_off_apps_on|-DAEM_BUILD_PIPELINE=OFF|^install\\.c_consumer_corpus$,^cli_tests,^runtime_tests|^bake_tests,^bake_cli_tests,^codec_tests,^python\\.,^viewer\\.,^install\\.bake_assets_function$"
  "runtime_only|-DAEM_BUILD_PIPELINE=OFF,-DAEM_BUILD_APPS=OFF,-DAEM_BUILD_BENCHMARKS=OFF,-DAEM_SIMD=portable|^runtime_tests,^install\\.c_consumer$|^cli_tests,^bake_tests,^python\\.,^viewer\\.,^shared_runtime\\."
  "runtime_shared|-DAEM_RUNTIME_SHARED=ON,-DAEM_BUILD_PIPELINE=OFF,-DAEM_BUILD_BENCHMARKS=OFF|^runtime_tests,^cli_tests,^shared_runtime\\.c_check$,^shared_runtime\\.exports$,^install\\.c_consumer$|^bake_tests,^python\\.,^viewer\\."
  "pipeline_on_apps_off|-DAEM_BUILD_APPS=OFF|^bake_tests,^pipeline\\.layout$|^cli_tests,^bake_cli_tests,^python\\.,^viewer\\.,^sample\\."
  "no_viewer_python_examples|-DAEM_BUILD_VIEWER=OFF,-DAEM_BUILD_PYTHON=OFF,-DAEM_BUILD_EXAMPLES=OFF,-DAEM_BUILD_BENCHMARKS=OFF|^bake_tests,^cli_tests|^python\\.,^viewer\\.,^examples\\."
  "no_tests|-DAEM_BUILD_TESTS=OFF,-DAEM_BUILD_BENCHMARKS=OFF||.")

file(REMOVE_RECURSE ${WORK_DIR})
foreach(combination IN LISTS combinations)
  string(REPLACE "|" ";" fields "${combination}")
  list(GET fields 0 name)
  list(GET fields 1 options)
  list(GET fields 2 must)
  list(GET fields 3 must_not)
  string(REPLACE "," ";" options "${options}")
  string(REPLACE "," ";" must "${must}")
  string(REPLACE "," ";" must_not "${must_not}")
  set(build ${WORK_DIR}/${name})
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_C_COMPILER=${C_COMPILER} -DAEM_CORPUS_DIR=${CORPUS}
      ${options})
  execute_process(COMMAND ${CMAKE_CTEST_COMMAND} -N WORKING_DIRECTORY ${build}
                  RESULT_VARIABLE listed OUTPUT_VARIABLE listing ERROR_VARIABLE listing_err)
  if(NOT listed EQUAL 0)
    message(FATAL_ERROR "${name}: ctest -N failed:\n${listing}${listing_err}")
  endif()
  # "  Test #12: runtime.open_..." lines, as names.
  string(REGEX MATCHALL "Test +#[0-9]+: [^\n]+" lines "${listing}")
  set(tests "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "Test +#[0-9]+: " "" test "${line}")
    list(APPEND tests "${test}")
  endforeach()
  foreach(pattern IN LISTS must)
    set(found FALSE)
    foreach(test IN LISTS tests)
      if(test MATCHES "${pattern}")
        set(found TRUE)
      endif()
    endforeach()
    if(NOT found)
      message(FATAL_ERROR "${name} (${options}): no test matches '${pattern}'")
    endif()
  endforeach()
  foreach(pattern IN LISTS must_not)
    foreach(test IN LISTS tests)
      if(test MATCHES "${pattern}")
        message(FATAL_ERROR "${name} (${options}): registers '${test}', which it cannot run")
      endif()
    endforeach()
  endforeach()
  list(LENGTH tests count)
  message(STATUS "${name}: configured with ${options}; ${count} tests registered")
  file(REMOVE_RECURSE ${build})
endforeach()
