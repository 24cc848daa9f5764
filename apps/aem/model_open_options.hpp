#pragma once
// The options every command opens a model with: the caller's, plus the zstd decoder where aem is
// built with aem_packed, so that info, validate and export read packed files (.aemz) as well.
#include "aem/model.hpp"

namespace aem::cli {

OpenOptions with_packed_decoder(OpenOptions options);

}  // namespace aem::cli
