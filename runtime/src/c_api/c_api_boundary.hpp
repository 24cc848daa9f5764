#pragma once
// What every C API function shares: the calling thread's last error, and the guard that turns any
// C++ exception into a status instead of letting it cross into C.
#include <exception>
#include <new>

#include "aem/aem.h"

namespace aem::c_api {

// Records `status` and the printf-style message as this thread's last error and returns status.
// Never allocates: the message is truncated to the buffer (1023 bytes).
[[gnu::format(printf, 2, 3)]] aem_status fail(aem_status status, const char* format, ...) noexcept;

// Runs body() (which returns an aem_status) with every exception turned into a failure.
template <class Body>
aem_status guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(AEM_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(AEM_ERROR_INTERNAL, "internal error: %s", e.what());
  } catch (...) {
    return fail(AEM_ERROR_INTERNAL, "internal error: an unknown exception");
  }
}

}  // namespace aem::c_api
