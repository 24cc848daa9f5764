# Runs both skinning dumps (the runtime with vector extensions and with the portable path) on
# the same models and fails unless their outputs are the same bytes.
# -D VECTOR=<program> -D PORTABLE=<program> -D MODELS=<dir> -D WORK=<dir>
file(MAKE_DIRECTORY "${WORK}")
foreach(kind VECTOR PORTABLE)
  execute_process(COMMAND "${${kind}}" "${MODELS}" "${WORK}/${kind}.bin" RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message(STATUS "${kind}: ${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${${kind}} failed (${result}): ${output}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/VECTOR.bin" "${WORK}/PORTABLE.bin"
                RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "the vector and portable SIMD paths give different poses or skinning matrices")
endif()
file(SIZE "${WORK}/VECTOR.bin" bytes)
message(STATUS "the vector and portable SIMD paths agree bit for bit on ${bytes} bytes of poses and matrices")
