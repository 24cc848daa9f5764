# Project-wide warning policy: every target of ours builds warning-free with these. (MSVC has
# never compiled this project; its line is the nearest equivalent, untested.)
function(aem_target_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 /permissive-)
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
  endif()
endfunction()
