#pragma once
// How messages name a file that is not a regular file ("a directory", "a FIFO"...), whether it
// was examined through std::filesystem or stat(). Private to the pipeline.
#include <filesystem>

#include <sys/types.h>

namespace aem::pipeline {

const char* file_kind_name(std::filesystem::file_type type);

// The std::filesystem type of a stat() mode.
std::filesystem::file_type file_type_of(mode_t mode);

}  // namespace aem::pipeline
