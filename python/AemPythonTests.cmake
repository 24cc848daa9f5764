# The module's pytest suites, one ctest each, run by the interpreter it was built for with the
# built module first on PYTHONPATH; and an install of the python component imported from a
# fresh interpreter. Corpus tests skip with a message when the corpus is absent.
execute_process(COMMAND ${Python_EXECUTABLE} -c "import pytest"
                RESULT_VARIABLE _aem_pytest_missing OUTPUT_QUIET ERROR_QUIET)
if(_aem_pytest_missing)
  message(STATUS "Python module tests not registered: pytest is missing for ${Python_EXECUTABLE} "
                 "(apt-get install python3-pytest)")
  return()
endif()

set(_aem_python_test_env
  "PYTHONPATH=$<TARGET_FILE_DIR:aem_python>"
  "AEM_CLI=$<TARGET_FILE:aem>"
  "AEM_CORPUS_DIR=${AEM_CORPUS_DIR}"
  "PYTHONDONTWRITEBYTECODE=1")
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/pytest)
foreach(_suite model mixer bake)
  add_test(NAME python.${_suite}
    COMMAND ${Python_EXECUTABLE} -m pytest -q -rs -p no:cacheprovider
      --basetemp=${CMAKE_CURRENT_BINARY_DIR}/pytest/${_suite}
      ${CMAKE_CURRENT_SOURCE_DIR}/tests/test_${_suite}.py
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/tests)
  set_tests_properties(python.${_suite} PROPERTIES ENVIRONMENT "${_aem_python_test_env}" TIMEOUT 600)
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
