#pragma once
// The decoder for packed AEM files (.aemz, specs/packed-aem.md): zstd frames, and the meshopt
// index sequence filter. Hand it to Model::open through OpenOptions::packed_decoder, or use
// aem::open_packed (aem/packed/open_packed.hpp).
#include "aem/packed_decoder.hpp"

namespace aem {

// Decodes frames on up to `threads` threads (0: one a hardware thread, at most 8); frames are
// independent, so the result is the same for any count. Each thread holds one zstd context and
// at most one filtered frame's decoded bytes; nothing else is allocated.
PackedDecoder zstd_decoder(unsigned threads = 0);

}  // namespace aem
