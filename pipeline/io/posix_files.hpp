#pragma once
// POSIX only, for the pipeline's *_posix.cpp files: a stat() result as a FileStatus.
#include <sys/stat.h>

#include "io/file_status.hpp"

namespace aem::pipeline::posix {

FileStatus status_of(const struct ::stat& s);  // file_status_posix.cpp

}  // namespace aem::pipeline::posix
