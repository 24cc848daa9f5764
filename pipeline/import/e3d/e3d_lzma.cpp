#include "import/e3d/e3d_lzma.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

extern "C" {
#include <lzma/LzmaDec.h>  // Debian's lzma-dev: the LZMA SDK's decoder, built with the pipeline
}

namespace aem::pipeline::e3d {
namespace {

void* sdk_alloc(void*, size_t size) { return std::malloc(size); }
void sdk_free(void*, void* address) { std::free(address); }
ISzAlloc sdk_allocator{sdk_alloc, sdk_free};

// Output is decoded in slices of this size, so a payload whose data ends early or is corrupt
// costs no more memory than it really decoded.
constexpr std::size_t kSlice = std::size_t(1) << 20;

}  // namespace

bool decode_lzma_payload(Bytes payload, std::uint64_t budget, std::vector<std::uint8_t>& out, std::string& problem) {
  out.clear();
  if (payload.size() < 4 + LZMA_PROPS_SIZE) {
    problem = "has " + std::to_string(payload.size()) + " bytes, too few for its size and 5 LZMA properties bytes";
    return false;
  }
  std::uint32_t declared = 0;
  std::memcpy(&declared, payload.data(), 4);
  if (declared > budget) {
    problem = "declares " + std::to_string(declared) + " decoded bytes, over the " + std::to_string(budget) +
              " left of --max-decoded-bytes";
    return false;
  }
  CLzmaDec decoder;
  LzmaDec_Construct(&decoder);
  // Probabilities only: the output buffer itself serves as the dictionary, so the 64 MiB
  // dictionary size in the properties is never allocated.
  if (LzmaDec_AllocateProbs(&decoder, payload.data() + 4, LZMA_PROPS_SIZE, &sdk_allocator) != SZ_OK) {
    problem = "has LZMA properties no decoder accepts";
    return false;
  }
  LzmaDec_Init(&decoder);
  const Byte* in = payload.data() + 4 + LZMA_PROPS_SIZE;
  SizeT in_left = payload.size() - 4 - LZMA_PROPS_SIZE;
  bool ok = true;
  std::size_t done = 0;
  ELzmaStatus status = LZMA_STATUS_NOT_SPECIFIED;
  while (done < declared) {
    const std::size_t target = std::min<std::size_t>(declared, done + kSlice);
    out.resize(target);
    decoder.dic = out.data();  // the buffer may have moved; LzmaDec keeps positions, not pointers
    decoder.dicBufSize = out.size();
    SizeT consumed = in_left;
    const SRes result = LzmaDec_DecodeToDic(&decoder, target, in, &consumed,
                                            target == declared ? LZMA_FINISH_END : LZMA_FINISH_ANY, &status);
    in += consumed;
    in_left -= consumed;
    if (result != SZ_OK) {
      problem = "is corrupt (LZMA error " + std::to_string(result) + " after " + std::to_string(decoder.dicPos) +
                " decoded bytes)";
      ok = false;
      break;
    }
    if (decoder.dicPos == done) {  // no progress: the data ended or the stream ended early
      problem = "ends after " + std::to_string(done) + " of its declared " + std::to_string(declared) + " bytes";
      ok = false;
      break;
    }
    done = decoder.dicPos;
  }
  decoder.dic = nullptr;
  LzmaDec_FreeProbs(&decoder, &sdk_allocator);
  if (!ok) out.clear();
  return ok;
}

}  // namespace aem::pipeline::e3d
