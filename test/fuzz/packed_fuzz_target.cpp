// Fuzz target: arbitrary bytes as a packed AEM file (.aemz) through the runtime's container
// checks and aem_packed's zstd decoder (and meshopt index filter), with a 64 MiB limit on what a
// file may unpack to. A model that opens is walked as the model fuzz target walks one; unpack()
// must agree with the open, byte for byte, extension area included. Memory stays bounded by the limit (libFuzzer's
// -rss_limit_mb catches a bomb that slips through).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>

#include "aem/extensions.hpp"
#include "aem/model.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/unpack.hpp"
#include "model_walk.hpp"

namespace {

constexpr std::uint64_t kLimit = std::uint64_t{64} << 20;

// Whether the model's every section and extension payload holds the bytes `aem` has at its offset.
bool same_sections(const aem::Model& model, std::span<const std::byte> aem) {
  const aem::SectionOffsets& o = model.view().offsets;
  const auto same = [&](auto section, std::uint64_t offset) {
    const auto bytes = std::as_bytes(section);
    return bytes.empty() || std::memcmp(bytes.data(), aem.data() + offset, bytes.size()) == 0;
  };
  for (const aem::ExtensionEntry& entry : model.extensions()) {
    const auto payload = model.extension_payload(aem::extension_name(entry));
    if (!payload || !same(*payload, entry.offset)) return false;
  }
  return aem.size() == aem::aem_file_size(o.end, model.extensions()) && same(model.vertices(), o.vertices) && same(model.indices(), o.indices) &&
         same(model.image_buffer(), o.image_buffer) && same(model.textures(), o.textures) &&
         same(model.meshes(), o.meshes) && same(model.materials(), o.materials) && same(model.joints(), o.joints) &&
         same(model.animations(), o.animations) && same(model.tracks(), o.tracks) &&
         same(model.keyframes(), o.keyframes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const aem::PackedDecoder decoder = aem::zstd_decoder(1);
  const auto bytes = std::as_bytes(std::span(data, size));
  const auto model = aem::Model::try_open_memory(bytes, {.packed_decoder = decoder, .max_unpacked_bytes = kLimit});
  volatile std::uint64_t sink = model ? aem::fuzz::walk(*model) : model.error().describe().size();
  (void)sink;
  if (!aem::is_packed(bytes)) return 0;
  const auto unpacked = aem::unpack(bytes, {.decoder = decoder, .max_unpacked_bytes = kLimit});
  if (model && (!unpacked || !same_sections(*model, unpacked->bytes())))
    std::abort();  // an open that unpack() does not reproduce
  return 0;
}
