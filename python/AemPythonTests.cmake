# The module's pytest suites, one ctest each, run by the interpreter it was built for with the
# built module first on PYTHONPATH; and an install of the python component imported from a
# fresh interpreter. Corpus tests skip with a message when the corpus is absent, and the suite
# reports as Skipped.
# Returns from the including file, saying which tests are left out and which Debian packages
# bring them, unless the interpreter has every module of `modules` (a comma-separated list).
macro(aem_python_tests_need modules what packages)
  execute_process(COMMAND ${Python_EXECUTABLE} -c
                    "import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in '${modules}'.split(',')))"
                  RESULT_VARIABLE _aem_modules_missing OUTPUT_QUIET ERROR_QUIET)
  if(_aem_modules_missing)
    message(STATUS "${what} not registered: ${Python_EXECUTABLE} lacks one of ${modules} (apt-get install ${packages})")
    return()
  endif()
endmacro()

aem_python_tests_need(pytest "Python module tests" python3-pytest)

set(_aem_python_test_env
  "PYTHONPATH=${CMAKE_CURRENT_BINARY_DIR}/module"
  "AEM_CLI=$<TARGET_FILE:aem>"
  "AEM_CORPUS_DIR=${AEM_CORPUS_DIR}"
  "PYTHONDONTWRITEBYTECODE=1")
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/pytest)
# A suite is Skipped, not Passed, when pytest skipped any of its tests and none failed: its
# closing line ("3 passed, 2 skipped in 1.20s") has a "skipped" count and no "failed" or "error".
# ctest takes a match over the exit code, so the pattern must never match a run that failed:
# pytest writes "failed" first and "error" after "skipped", and neither is allowed. Which tests
# skipped, and why, is in the output (-rs).
set(_aem_pytest_skipped
  "(^|\n)([0-9]+ passed, )?[0-9]+ skipped(, [0-9]+ (deselected|xfailed|xpassed|warnings?))* in ")
foreach(_suite model mixer morph extension_views lods bake package)
  add_test(NAME python.${_suite}
    COMMAND ${Python_EXECUTABLE} -m pytest -q -rs -p no:cacheprovider
      --basetemp=${CMAKE_CURRENT_BINARY_DIR}/pytest/${_suite}
      ${CMAKE_CURRENT_SOURCE_DIR}/tests/test_${_suite}.py
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/tests)
  set_tests_properties(python.${_suite} PROPERTIES ENVIRONMENT "${_aem_python_test_env}" TIMEOUT 600
                       SKIP_REGULAR_EXPRESSION "${_aem_pytest_skipped}")
endforeach()

add_test(NAME python.install_component
  COMMAND ${CMAKE_COMMAND}
    -DBUILD_DIR=${PROJECT_BINARY_DIR}
    -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/install_work
    -DPYTHON=${Python_EXECUTABLE}
    -DMODULE_DIR=${AEM_PYTHON_INSTALL_DIR}
    -DSMOKE=${CMAKE_CURRENT_SOURCE_DIR}/tests/installed_smoke.py
    -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/install_test.cmake)
set_tests_properties(python.install_component PROPERTIES TIMEOUT 300)

# `pip install .` into a fresh virtualenv, imported from outside the source tree. setup.py builds
# the extension in build/temp.* of the source tree, configured as the release preset is, so that
# ccache gives back what this build compiled (20 s on two cores, mostly configuring and linking).
aem_python_tests_need(venv,pip,setuptools,wheel "Python test python.pip_install"
                      "python3-pip python3-venv python3-setuptools python3-wheel")
add_test(NAME python.pip_install
  COMMAND ${Python_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/pip_install_test.py
    ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/tests/installed_smoke.py)
set_tests_properties(python.pip_install PROPERTIES TIMEOUT 600)
