# Installs the python component alone into a scratch prefix and imports the module from there
# with a fresh interpreter that sees nothing of the build tree. Variables: BUILD_DIR, WORK_DIR,
# PYTHON, MODULE_DIR (relative to the prefix), SMOKE (installed_smoke.py).
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --component python --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install --component python failed:\n${output}")
endif()
file(GLOB modules ${WORK_DIR}/prefix/${MODULE_DIR}/aem/_aem*.so)
if(NOT modules)
  message(FATAL_ERROR "no aem extension in ${WORK_DIR}/prefix/${MODULE_DIR}/aem:\n${output}")
endif()
file(GLOB_RECURSE installed RELATIVE ${WORK_DIR}/prefix/${MODULE_DIR}/aem ${WORK_DIR}/prefix/*)
list(SORT installed)
get_filename_component(module ${modules} NAME)
if(NOT installed STREQUAL "__init__.py;${module};_build_info.py")
  message(FATAL_ERROR "the python component installs more or less than the package aem: ${installed}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONHOME --unset=PYTHONSTARTUP
                        PYTHONPATH=${WORK_DIR}/prefix/${MODULE_DIR} PYTHONNOUSERSITE=1
                        ${PYTHON} -s ${SMOKE} ${WORK_DIR}/prefix ${WORK_DIR}
                WORKING_DIRECTORY ${WORK_DIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0 OR NOT output MATCHES "status=baked vertices=3 triangles=1 x=\\[0.0, 0.0, 1.0\\]")
  message(FATAL_ERROR "the installed module did not work:\n${output}")
endif()
message(STATUS "imported from the installed prefix: ${output}")
