#pragma once
// How messages name a file that is not a regular file ("a directory", "a FIFO"...), whether it
// was examined through std::filesystem or file_status(). Private to the pipeline.
#include <filesystem>

namespace aem::pipeline {

const char* file_kind_name(std::filesystem::file_type type);

}  // namespace aem::pipeline
