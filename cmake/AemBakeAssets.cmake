# aem_bake_assets(): bake glTF models into AEM files as build steps of a game's own build.
#
#   aem_bake_assets(<target> [ALL]
#     MODELS <model.gltf|model.glb>...
#     [BASE_DIR <dir>]          # outputs keep the models' paths relative to it
#                               # (default: CMAKE_CURRENT_SOURCE_DIR)
#     [OUTPUT_DIR <dir>]        # default: ${CMAKE_CURRENT_BINARY_DIR}/aem
#     [OPTIONS <aem bake options>...]   # e.g. --textures bc --quality fast
#     [OUTPUTS_VAR <var>]       # set to the list of .aem files
#     [CACHE_DIR <dir>]         # a shared bake cache directory (aem bake --cache); default:
#                               # the AEM_BAKE_CACHE_DIR variable, if set
#     [CACHE_URL <url>])        # a Bazel HTTP remote cache (aem bake --cache-url); default:
#                               # the AEM_BAKE_CACHE_URL variable, if set
#
# One custom command per model: the build bakes a model again when the glTF, any buffer or image
# it reads (through the depfile `aem bake` writes), the options or the aem tool change. The tool
# is the aem::aem target of an installed package, the aem target inside this project, or
# AEM_EXECUTABLE. With a cache, a model some machine baked before from the same bytes and options
# is fetched instead of baked (a studio's CI fills it; -DAEM_BAKE_CACHE_URL=... for everyone).
function(aem_bake_assets target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "ALL" "BASE_DIR;OUTPUT_DIR;OUTPUTS_VAR;CACHE_DIR;CACHE_URL" "MODELS;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "aem_bake_assets(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_MODELS)
    message(FATAL_ERROR "aem_bake_assets(${target}): no MODELS given")
  endif()
  if(NOT ARG_BASE_DIR)
    set(ARG_BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  get_filename_component(base_dir "${ARG_BASE_DIR}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/aem)
  endif()
  get_filename_component(output_dir "${ARG_OUTPUT_DIR}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})

  if(NOT ARG_CACHE_DIR AND AEM_BAKE_CACHE_DIR)
    set(ARG_CACHE_DIR "${AEM_BAKE_CACHE_DIR}")
  endif()
  if(NOT ARG_CACHE_URL AND AEM_BAKE_CACHE_URL)
    set(ARG_CACHE_URL "${AEM_BAKE_CACHE_URL}")
  endif()
  set(cache_options "")
  if(ARG_CACHE_DIR)
    get_filename_component(cache_dir "${ARG_CACHE_DIR}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
    list(APPEND cache_options --cache "${cache_dir}")
  endif()
  if(ARG_CACHE_URL)
    list(APPEND cache_options --cache-url "${ARG_CACHE_URL}")
  endif()

  if(AEM_EXECUTABLE)
    set(tool "${AEM_EXECUTABLE}")
    set(tool_dependency "${AEM_EXECUTABLE}")
  elseif(TARGET aem::aem)
    set(tool "$<TARGET_FILE:aem::aem>")
    set(tool_dependency aem::aem)
  elseif(TARGET aem)
    set(tool "$<TARGET_FILE:aem>")
    set(tool_dependency aem)
  else()
    message(FATAL_ERROR "aem_bake_assets(${target}): no aem tool (find_package(aem) with the tools installed, "
                        "or set AEM_EXECUTABLE)")
  endif()

  set(outputs "")
  foreach(model IN LISTS ARG_MODELS)
    get_filename_component(model "${model}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    file(RELATIVE_PATH relative "${base_dir}" "${model}")
    if(relative MATCHES "^\\.\\./")
      message(FATAL_ERROR "aem_bake_assets(${target}): ${model} is not below BASE_DIR ${base_dir}")
    endif()
    string(REGEX REPLACE "\\.[^./]*$" ".aem" relative_output "${relative}")
    set(output "${output_dir}/${relative_output}")
    # The build system decides when to bake, so --force: aem's own stamps would only second-guess it.
    # (A cache is still asked: its entries are bakes of the same bytes.)
    add_custom_command(
      OUTPUT "${output}"
      COMMAND "${tool}" bake "${model}" -o "${output}" --depfile "${output}.d" --force ${cache_options} ${ARG_OPTIONS}
      DEPENDS "${model}" ${tool_dependency}
      DEPFILE "${output}.d"
      COMMENT "Baking ${relative}"
      VERBATIM)
    list(APPEND outputs "${output}")
  endforeach()

  set(all)
  if(ARG_ALL)
    set(all ALL)
  endif()
  add_custom_target(${target} ${all} DEPENDS ${outputs})
  if(ARG_OUTPUTS_VAR)
    set(${ARG_OUTPUTS_VAR} ${outputs} PARENT_SCOPE)
  endif()
endfunction()
