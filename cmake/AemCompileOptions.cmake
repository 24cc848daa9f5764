# Project-wide warning policy: every target of ours builds warning-free with these. (MSVC has
# never compiled this project; its line is the nearest equivalent, untested.)
function(aem_target_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 /permissive- /we4062)  # C4062: -Wswitch's twin
  else()
    # -Werror=switch: a switch on an enum has no default (specs/scene-description.md §1.3), so
    # a new enumerator some switch does not handle stops the build there.
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Werror=switch)
    # In a unity build every source is an included file, so g++ takes a class defined in a .cpp
    # with a member of that file's anonymous namespace for one defined in a header.
    if(CMAKE_UNITY_BUILD AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
  endif()
endfunction()
