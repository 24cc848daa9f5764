# Installs the build tree into a scratch prefix, builds the consumer project against it with
# find_package(aem), and runs it on a model. Variables: BUILD_DIR, WORK_DIR, CONSUMER_DIR, MODEL,
# EXPECT_PACKED (the build has aem_packed: the package must offer aem::packed too).
file(REMOVE_RECURSE ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer ${MODEL})
if(NOT last_output MATCHES "vertices=3 triangles=1 joints=1")
  message(FATAL_ERROR "unexpected consumer output: ${last_output}")
endif()
message(STATUS "consumer built against the installed package: ${last_output}")
if(EXPECT_PACKED)
  if(NOT EXISTS ${WORK_DIR}/build/packed_consumer)
    message(FATAL_ERROR "the build has aem_packed but the installed package offers no aem::packed")
  endif()
  run(${WORK_DIR}/build/packed_consumer ${MODEL} ${WORK_DIR}/model.aemz)
  if(NOT last_output MATCHES "packed: vertices=3 triangles=1 joints=1")
    message(FATAL_ERROR "unexpected packed consumer output: ${last_output}")
  endif()
  message(STATUS "packed consumer built against the installed package: ${last_output}")
endif()
