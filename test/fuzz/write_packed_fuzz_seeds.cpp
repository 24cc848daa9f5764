// Writes the packed fuzzer's seeds: the tiny example model and small random models packed, with
// and without the meshopt index filter, the tiny model with a 128x128 BC7 texture, whose mip
// chain (21,840 bytes) passes the 16 KiB under which no block halves frame is written, and the
// tiny model with morph targets and the material extensions (an extension area: a version-2
// container with a frame of kind 10), and a random model whose bitangents are a bake's (a
// version-3 container with bitangent prediction frames): so that every frame kind and filter is
// reached. Every seed must fit the fuzzer's -max_len (argv[2]), the BC7 seed must hold a block
// halves frame, the extended seed an extension-area frame and the baked-bitangents seed a
// bitangent prediction frame.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "aem/bitangent_prediction.hpp"
#include "aem/ext_emissive.hpp"
#include "aem/mip_chain.hpp"
#include "aem/packed/pack.hpp"
#include "aem/packed_format.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"

namespace {

// The tiny model with its base colour a 128x128 BC7 texture of mode 6 blocks whose first halves
// (mode and endpoints) change with the block row and whose second halves (indices) are random:
// real BC7 data has that shape, and on it the block halves filter pays, so pack() keeps it.
aem::pipeline::ModelContent tiny_model_with_bc7_chain() {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  aem::pipeline::TextureImage& t = m.textures[0];
  t.width = t.height = 128;
  t.compression = aem::Compression::bc7;
  t.mips.resize(aem::mip_chain_size(128, 128, aem::Compression::bc7));
  std::mt19937 rng(128);
  for (std::size_t b = 0; b < t.mips.size() / 16; ++b) {
    t.mips[16 * b] = std::byte{0x40};
    for (std::size_t i = 1; i < 8; ++i) t.mips[16 * b + i] = std::byte(std::uint8_t(17 * i + b / 32));
    for (std::size_t i = 8; i < 16; ++i) t.mips[16 * b + i] = std::byte(std::uint8_t(rng()));
  }
  return m;
}

// The tiny model with morph targets, names, an own emission and an unlit material: every known
// extension of the material side and the largest payload kind.
aem::pipeline::ModelContent extended_tiny_model() {
  aem::pipeline::ModelContent m = aem::test::morphed_tiny_model();
  m.extensions.names.materials.assign(m.materials.size(), "Scrape04");
  m.extensions.names.meshes.assign(m.meshes.size(), "helmet");
  m.extensions.emissive.materials.assign(m.materials.size(), {1, {0.25f, 0.5f, 1.0f}, 2.0f, aem::kNoTexture, 0, 0});
  m.extensions.material_flags.materials.assign(m.materials.size(), 1);
  return m;
}

// A random model whose bitangents are what a bake stores (normalize(cross(normal, tangent)), the
// handedness alternating), so that pack() keeps the bitangent prediction filter.
aem::pipeline::ModelContent model_with_baked_bitangents() {
  aem::pipeline::ModelContent m = aem::test::random_model(11);
  for (std::uint32_t seed = 12; m.vertices.size() < 32; ++seed) m = aem::test::random_model(seed);
  for (auto& texture : m.textures) {  // small seeds mutate faster
    texture.width = texture.height = 4;
    texture.mips.resize(aem::mip_chain_size(4, 4, texture.compression));
  }
  for (std::size_t i = 0; i < m.vertices.size(); ++i) {
    aem::Vertex& v = m.vertices[i];
    const std::array<float, 3> b = aem::predict_bitangent(v.normal, v.tangent);
    for (int c = 0; c < 3; ++c) v.bitangent[c] = i % 2 ? -b[std::size_t(c)] : b[std::size_t(c)];
  }
  return m;
}

// Whether a frame of the packed file's table has `section` (a frame kind) and `filter`.
bool has_frame(const std::vector<std::byte>& packed, std::size_t section, aem::PackedFilter filter) {
  const std::uint32_t frames = std::uint32_t(packed[8]) | std::uint32_t(packed[9]) << 8 | std::uint32_t(packed[10]) << 16 | std::uint32_t(packed[11]) << 24;
  const std::size_t table = aem::packed_header_size(std::uint16_t(packed[4]));
  for (std::size_t f = 0; f < frames; ++f) {
    const std::size_t entry = table + f * aem::kPackedFrameEntrySize;
    if (packed[entry] == std::byte(section) && packed[entry + 1] == std::byte(filter)) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: write_packed_fuzz_seeds DIR MAX_LEN\n");
    return 1;
  }
  const std::filesystem::path dir = argv[1];
  const std::size_t max_len = std::strtoull(argv[2], nullptr, 10);
  std::filesystem::create_directories(dir);
  std::vector<aem::pipeline::ModelContent> models{aem::test::tiny_model()};
  for (std::uint32_t seed = 0; seed < 6; ++seed) {
    models.push_back(aem::test::random_model(seed));
    for (auto& texture : models.back().textures) {  // small seeds mutate faster
      texture.width = texture.height = 4;
      texture.mips.resize(aem::mip_chain_size(4, 4, texture.compression));
    }
  }
  const std::size_t bc7_model = models.size();
  models.push_back(tiny_model_with_bc7_chain());
  const std::size_t extended_model = models.size();
  models.push_back(extended_tiny_model());
  const std::size_t predicted_model = models.size();
  models.push_back(model_with_baked_bitangents());
  int written = 0;
  for (std::size_t i = 0; i < models.size(); ++i) {
    for (const bool meshopt_indices : {false, true}) {
      const auto packed = aem::pack(aem::pipeline::serialize_model(models[i]), {.meshopt_indices = meshopt_indices});
      if (!packed) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: model %zu: %s\n", i, packed.error().describe().c_str());
        return 1;
      }
      if (packed->size() > max_len) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: model %zu packs to %zu bytes, over the fuzzer's -max_len %zu\n", i, packed->size(), max_len);
        return 1;
      }
      if (i == bc7_model && !has_frame(*packed, 2, aem::PackedFilter::block_halves)) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: the 128x128 BC7 model packs without a block halves frame\n");
        return 1;
      }
      if (i == extended_model && !has_frame(*packed, aem::kPackedVersion1Sections, aem::PackedFilter::none)) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: the extended model packs without an extension-area frame\n");
        return 1;
      }
      if (i == predicted_model && !has_frame(*packed, 0, aem::PackedFilter::bitangent_prediction)) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: the baked-bitangents model packs without a bitangent prediction frame\n");
        return 1;
      }
      const std::string name = i == bc7_model ? "bc7_128_block_halves"
                               : i == extended_model ? "extension_area"
                               : i == predicted_model ? "bitangent_prediction"
                                                      : "model_" + std::to_string(i);
      aem::pipeline::write_file_atomically(dir / (name + (meshopt_indices ? "_meshopt" : "") + ".aemz"), *packed);
      ++written;
    }
  }
  std::printf("wrote %d packed seeds to %s\n", written, dir.string().c_str());
  return 0;
}
