#pragma once
// The error every platform's file opening and reading reports: an io_error about the file.
#include <string>
#include <utility>

#include "aem/error.hpp"

namespace aem {

inline Error file_io_error(std::string message) {
  Error error;
  error.code = ErrorCode::io_error;
  error.section = Section::file;
  error.message = std::move(message);
  return error;
}

}  // namespace aem
