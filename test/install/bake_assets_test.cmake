# Installs the build tree, then builds a project whose models are baked by aem_bake_assets():
# the first build bakes both models, a second has nothing to do, and touching one model's image
# rebakes that model alone. With a cache directory (AEM_BAKE_CACHE_DIR), a second build tree of
# the same models fetches both instead of baking them. Variables: BUILD_DIR, WORK_DIR, PROJECT_DIR, CORPUS ($AEM_CORPUS wins).
if(DEFINED ENV{AEM_CORPUS} AND NOT "$ENV{AEM_CORPUS}" STREQUAL "")
  set(CORPUS "$ENV{AEM_CORPUS}")
endif()
if(NOT IS_DIRECTORY "${CORPUS}/khronos")
  message("SKIPPED: test corpus not found at ${CORPUS} (set AEM_CORPUS)")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake)

# The models are copied, so that the test can touch them without changing the corpus.
set(models ${WORK_DIR}/models)
file(COPY ${CORPUS}/khronos/Box/glTF-Binary/Box.glb DESTINATION ${models})
file(COPY ${CORPUS}/khronos/BoxTextured/glTF/ DESTINATION ${models}/textured)

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${WORK_DIR}/build -G Ninja
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DMODELS_DIR=${models} -DAEM_BAKE_CACHE_DIR=${WORK_DIR}/cache)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(NOT last_output MATCHES "Baking Box.glb" OR NOT last_output MATCHES "Baking textured/BoxTextured.gltf")
  message(FATAL_ERROR "the first build did not bake both models:\n${last_output}")
endif()
foreach(out baked/Box.aem baked/textured/BoxTextured.aem)
  if(NOT EXISTS ${WORK_DIR}/build/${out})
    message(FATAL_ERROR "${out} was not baked")
  endif()
  run(${WORK_DIR}/prefix/bin/aem validate --strict ${WORK_DIR}/build/${out})
endforeach()
file(READ ${WORK_DIR}/build/baked/textured/BoxTextured.aem.d depfile)
if(NOT depfile MATCHES "CesiumLogoFlat.png" OR NOT depfile MATCHES "BoxTextured0.bin")
  message(FATAL_ERROR "the depfile does not name the image and the buffer:\n${depfile}")
endif()

run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(last_output MATCHES "Baking")
  message(FATAL_ERROR "a second build baked again:\n${last_output}")
endif()

# A newer image (found through the depfile) rebakes its model and nothing else.
execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1)
file(TOUCH ${models}/textured/CesiumLogoFlat.png)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
if(NOT last_output MATCHES "Baking textured/BoxTextured.gltf" OR last_output MATCHES "Baking Box.glb")
  message(FATAL_ERROR "touching the image did not rebake exactly its model:\n${last_output}")
endif()

# Another build tree (another machine's, as far as the cache can tell) fetches what was baked.
run(${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${WORK_DIR}/build2 -G Ninja
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DMODELS_DIR=${models} -DAEM_BAKE_CACHE_DIR=${WORK_DIR}/cache)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build2)
string(REGEX MATCHALL "from cache" hits "${last_output}")
list(LENGTH hits hit_count)
if(NOT hit_count EQUAL 2)
  message(FATAL_ERROR "the second build tree did not fetch both models from the cache:\n${last_output}")
endif()
foreach(out baked/Box.aem baked/textured/BoxTextured.aem)
  file(SHA256 ${WORK_DIR}/build/${out} first)
  file(SHA256 ${WORK_DIR}/build2/${out} second)
  if(NOT first STREQUAL second)
    message(FATAL_ERROR "${out} from the cache differs from the one baked")
  endif()
endforeach()
message(STATUS "aem_bake_assets() baked, skipped, rebaked and fetched from the cache as expected")
