// The C API's errors: the thread-local last error and the names of the statuses.
#include <cstdarg>
#include <cstdio>

#include "aem/error.hpp"
#include "c_api/c_api_boundary.hpp"

namespace aem::c_api {
namespace {

// A fixed buffer, so that recording a failure cannot itself fail or allocate.
thread_local aem_status t_status = AEM_OK;
thread_local char t_message[1024] = "";

}  // namespace

aem_status fail(aem_status status, const char* format, ...) noexcept {
  t_status = status;
  std::va_list args;
  va_start(args, format);
  std::vsnprintf(t_message, sizeof t_message, format, args);
  va_end(args);
  return status;
}

}  // namespace aem::c_api

extern "C" {

aem_status aem_last_error_code(void) { return aem::c_api::t_status; }

const char* aem_last_error_message(void) { return aem::c_api::t_message; }

const char* aem_status_name(aem_status status) {
  if (status >= AEM_ERROR_IO && status <= AEM_ERROR_BAD_EXTENSION_PAYLOAD) {
    // The file's problems follow aem::ErrorCode, one up (checked in c_api_model.cpp).
    return aem::to_string(aem::ErrorCode(status - AEM_ERROR_IO)).data();
  }
  switch (status) {
    case AEM_OK: return "ok";
    case AEM_ERROR_INVALID_ARGUMENT: return "invalid_argument";
    case AEM_ERROR_OUT_OF_RANGE: return "out_of_range";
    case AEM_ERROR_STALE_LAYER: return "stale_layer";
    case AEM_ERROR_LAYERS_FULL: return "layers_full";
    case AEM_ERROR_OUT_OF_MEMORY: return "out_of_memory";
    case AEM_ERROR_INTERNAL: return "internal";
    default: return "unknown";
  }
}

}  // extern "C"
