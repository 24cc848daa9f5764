// Writes the packed fuzzer's seeds: the tiny example model and small random models packed, with
// and without the meshopt index filter, so that every frame kind and filter is reached.
#include <cstdio>
#include <filesystem>
#include <string>

#include "aem/mip_chain.hpp"
#include "aem/packed/pack.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_packed_fuzz_seeds DIR\n");
    return 1;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  std::vector<aem::pipeline::ModelContent> models{aem::test::tiny_model()};
  for (std::uint32_t seed = 0; seed < 6; ++seed) {
    models.push_back(aem::test::random_model(seed));
    for (auto& texture : models.back().textures) {  // small seeds mutate faster
      texture.width = texture.height = 4;
      texture.mips.resize(aem::mip_chain_size(4, 4, texture.compression));
    }
  }
  int written = 0;
  for (std::size_t i = 0; i < models.size(); ++i) {
    for (const bool meshopt_indices : {false, true}) {
      const auto packed = aem::pack(aem::pipeline::serialize_model(models[i]), {.meshopt_indices = meshopt_indices});
      if (!packed) {
        std::fprintf(stderr, "write_packed_fuzz_seeds: model %zu: %s\n", i, packed.error().describe().c_str());
        return 1;
      }
      aem::pipeline::write_file_atomically(dir / ("model_" + std::to_string(i) + (meshopt_indices ? "_meshopt" : "") + ".aemz"), *packed);
      ++written;
    }
  }
  std::printf("wrote %d packed seeds to %s\n", written, dir.string().c_str());
  return 0;
}
