# What the shared runtime exports, read with objdump: every function aem.h declares, and none of
# the runtime's internals (aem::c_api); and that the consumers load it rather than carry a copy.
# On Windows also that aem.dll needs no MinGW DLL beside it (libstdc++, libgcc, winpthread).
# Variables: OBJDUMP, LIBRARY (aem.dll or libaem.so), HEADER (aem.h), CONSUMERS (programs linked
# against it, |-separated), FORMAT (pe or elf).
cmake_minimum_required(VERSION 3.25)  # IN_LIST
include(${CMAKE_CURRENT_LIST_DIR}/../install/run_checked.cmake)

# The C API: every "aem_name(" that starts a declaration in aem.h.
file(READ ${HEADER} header)
string(REGEX MATCHALL "\nAEM_API [^(;]*[ *](aem_[a-z0-9_]+)\\(" declarations "${header}")
set(functions "")
foreach(declaration IN LISTS declarations)
  string(REGEX REPLACE ".*[ *](aem_[a-z0-9_]+)\\($" "\\1" function "${declaration}")
  list(APPEND functions ${function})
endforeach()
# A declaration without AEM_API would be missing from the list above, and from the library.
string(REGEX MATCHALL "\n[a-z][a-z0-9_ ]*[ *]aem_[a-z0-9_]+\\(" unmarked "${header}")
if(unmarked)
  message(FATAL_ERROR "${HEADER} declares functions without AEM_API:${unmarked}")
endif()
list(LENGTH functions count)
if(count LESS 30)
  message(FATAL_ERROR "found only ${count} C API functions in ${HEADER}: ${functions}")
endif()

if(FORMAT STREQUAL "pe")
  run(${OBJDUMP} -p ${LIBRARY})
  # The export table's name list: "\t[  12] aem_open".
  string(REGEX MATCHALL "\t\\[ *[0-9]+\\] [^\n]+" rows "${last_output}")
  set(exported "")
  foreach(row IN LISTS rows)
    string(REGEX REPLACE "^\t\\[ *[0-9]+\\] " "" name "${row}")
    list(APPEND exported "${name}")
  endforeach()
  string(REGEX MATCHALL "DLL Name: [^\n]+" needed "${last_output}")
  foreach(dll IN LISTS needed)
    if(dll MATCHES "DLL Name: lib")
      message(FATAL_ERROR "${LIBRARY} needs a MinGW DLL at run time: ${dll}")
    endif()
  endforeach()
else()
  # Defined dynamic symbols: "... g    DF .text  ... Base        aem_open".
  run(${OBJDUMP} -T ${LIBRARY})
  string(REGEX MATCHALL "[^\n]+" lines "${last_output}")
  set(exported "")
  foreach(line IN LISTS lines)
    if(line MATCHES "\\*UND\\*" OR NOT line MATCHES "^[0-9a-f]+ ")
      continue()
    endif()
    string(REGEX REPLACE ".* ([^ ]+)$" "\\1" name "${line}")
    list(APPEND exported "${name}")
  endforeach()
endif()

foreach(function IN LISTS functions)
  if(NOT function IN_LIST exported)
    message(FATAL_ERROR "${LIBRARY} does not export ${function}")
  endif()
endforeach()
# Internals stay inside: AEM_API marks only the public headers' declarations.
foreach(name IN LISTS exported)
  if(name MATCHES "^_ZN3aem5c_api")
    message(FATAL_ERROR "${LIBRARY} exports the internal ${name}")
  endif()
endforeach()
list(LENGTH exported exported_count)

get_filename_component(library_name ${LIBRARY} NAME)
string(REPLACE "|" ";" CONSUMERS "${CONSUMERS}")
foreach(consumer IN LISTS CONSUMERS)
  run(${OBJDUMP} -p ${consumer})
  if(FORMAT STREQUAL "pe")
    # The import table names aem.dll, and aem_open among what it takes from it.
    string(FIND "${last_output}" "DLL Name: ${library_name}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${consumer} does not import from ${library_name}:\n${last_output}")
    endif()
    string(SUBSTRING "${last_output}" ${at} -1 imports)
    string(REGEX REPLACE "\n[ \t]*\n.*" "" imports "${imports}")  # up to the next DLL's block
    if(NOT imports MATCHES "[ \t](aem_[a-z_]+|_ZN3aem[^\n]*)\n")
      message(FATAL_ERROR "${consumer} imports nothing of the runtime from ${library_name}:\n${imports}")
    endif()
  else()
    if(NOT last_output MATCHES "NEEDED +libaem\\.so")
      message(FATAL_ERROR "${consumer} does not load libaem.so:\n${last_output}")
    endif()
  endif()
  # And carries no copy of the runtime of its own.
  run(${OBJDUMP} -t ${consumer})
  if(last_output MATCHES "_ZN3aem5c_api4fail")
    message(FATAL_ERROR "${consumer} contains the runtime's own code (aem::c_api::fail)")
  endif()
endforeach()
list(LENGTH CONSUMERS consumer_count)
message(STATUS "${library_name} exports the ${count} functions of aem.h (${exported_count} symbols in all) "
               "and no internals; ${consumer_count} programs load it")
