#include "model_open_options.hpp"

#if defined(AEM_CLI_WITH_PACKED)
#include "aem/packed/zstd_decoder.hpp"
#endif

namespace aem::cli {

OpenOptions with_packed_decoder(OpenOptions options) {
#if defined(AEM_CLI_WITH_PACKED)
  options.packed_decoder = zstd_decoder();
#endif
  return options;  // without aem_packed, a packed file is refused with packed_needs_decoder
}

}  // namespace aem::cli
