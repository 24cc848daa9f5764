#pragma once
// This process's id, for names of scratch files and folders that parallel test runs must not
// share. The one POSIX/Windows difference the suites need outside run_command.hpp.
#if defined(_WIN32)
#include <process.h>
#else
#include <unistd.h>
#endif

namespace aem::test {

inline long process_id() {
#if defined(_WIN32)
  return long(::_getpid());
#else
  return long(::getpid());
#endif
}

}  // namespace aem::test
