# Project-wide warning policy: every target of ours builds warning-free with these.
function(aem_target_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
endfunction()
