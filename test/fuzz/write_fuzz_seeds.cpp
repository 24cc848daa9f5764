// Writes the fuzzer's seed files: the tiny example model, random valid models, one whose image
// buffer size is not a multiple of 4, and small versions of the shapes that once cost quadratic
// time (meshes drawing the same indices, tracks sharing or overlapping keys), and files with an
// extension area (specs/aem-extensions.md) so that the fuzzers reach the directory's checks.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "costly_models.hpp"
#include "model_factory.hpp"
#include "morph_payload.hpp"

namespace {

// Made-up extensions: two optional (one empty), and one required, which the runtime refuses as
// unknown after checking the whole directory; and the known ones with their payloads.
void write_extended_seeds(const std::filesystem::path& dir) {
  using aem::pipeline::ExtensionPayload;
  const std::vector<std::byte> bytes(37, std::byte{0x5A});
  const std::vector<ExtensionPayload> optional = {{"alpha", false, 1, bytes}, {"empty", false, 1, {}}};
  aem::pipeline::write_model_file(dir / "extended_optional.aem", aem::test::tiny_model(), optional);
  const std::vector<ExtensionPayload> required = {{"alpha", false, 1, bytes}, {"zeta", true, 2, bytes}};
  aem::pipeline::write_model_file(dir / "extended_required.aem", aem::test::tiny_model(), required);
  // A known extension, morph_targets: dense and sparse targets, and keys for the first group.
  aem::test::MorphModel morphs = aem::test::random_morph_model(5, 40, 6, true);
  morphs.spec.tracks[0] = {0, 0, 1, 0, 0.5f, 1, 0.5f, 1, 0.2f, -0.5f, 1, 1, 0.5f, 0};  // two keys of 6 weights
  const std::vector<ExtensionPayload> known = {{"morph_targets", false, 1, aem::test::morph_payload(morphs.spec)}};
  aem::pipeline::write_model_file(dir / "extended_morph_targets.aem", morphs.content, known);
  // The same extension as the bake writes it (the pipeline's encoder).
  aem::pipeline::write_model_file(dir / "baked_morph_targets.aem", aem::test::morphed_tiny_model());
  // The material side's known extensions, so that the fuzzers reach their payload checks.
  aem::pipeline::ModelContent named = aem::test::tiny_model();
  named.extensions.names = {{"Scrape04"}, {"helmet"}};
  named.extensions.emissive.materials = {{1, {0.25f, 0.5f, 1.0f}, 2.0f, 2, 0, 0}};
  named.extensions.material_flags.materials = {1};
  aem::pipeline::write_model_file(dir / "extended_materials.aem", named);
  // Known extensions, so that the fuzzers reach their payload checks: vertex colours in f32, and
  // a second UV set whose first material samples occlusion with it from texture 0.
  aem::pipeline::ModelContent vertex_data = aem::test::tiny_model();
  vertex_data.extensions.vertex_colours = {{0.5f, 0.25f, 1, 1}, {0, 0.3f, 1, 0.5f}, {1, 1, 1, 1}};
  vertex_data.extensions.uv1.uvs = {{0, 0}, {1, 0.5f}, {0.25f, 1}};
  vertex_data.extensions.uv1.materials.assign(vertex_data.materials.size(), {0, 0, 0, 0, aem::kUv1NoTexture, {0, 0}});
  if (!vertex_data.materials.empty() && !vertex_data.textures.empty()) vertex_data.extensions.uv1.materials[0] = {0, 0, 1, 1, 0, {0, 0}};
  aem::pipeline::write_model_file(dir / "extended_vertex_data.aem", vertex_data);
  // Levels of detail: the tiny triangle three times over, then two levels of two and one.
  aem::pipeline::ModelContent levels = aem::test::tiny_model();
  levels.indices = {0, 1, 2, 0, 2, 1, 1, 2, 0};
  levels.meshes[0].index_count = 9;
  levels.extensions.lods.meshes = {{{{0, 1, 2, 0, 2, 1}, 0.125f}, {{2, 0, 1}, 0.5f}}};
  aem::pipeline::write_model_file(dir / "extended_lods.aem", levels);
  // Meshlets: one per level of those levels.
  aem::pipeline::write_model_file(dir / "extended_meshlets.aem", aem::test::tiny_model_with_meshlets());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_fuzz_seeds DIR\n");
    return 1;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  aem::pipeline::write_model_file(dir / "tiny.aem", aem::test::tiny_model());
  for (std::uint32_t seed = 0; seed < 12; ++seed) {
    auto model = aem::test::random_model(seed);
    // Keep seeds small: the fuzzer mutates faster and finds the same paths.
    for (auto& texture : model.textures) {
      if (texture.width * texture.height > 64) {
        texture.width = texture.height = 4;
        texture.mips.resize(aem::mip_chain_size(4, 4, texture.compression));
      }
    }
    aem::pipeline::write_model_file(dir / ("random_" + std::to_string(seed) + ".aem"), model);
  }
  auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto at = std::ptrdiff_t(aem::Model::open_memory(bytes).view().offsets.textures);
  bytes.insert(bytes.begin() + at, std::byte{0});
  aem::test::poke(bytes, offsetof(aem::Header, image_buffer_size), 49u);
  aem::pipeline::write_file_atomically(dir / "odd_image_buffer.aem", bytes);
  // Shapes that once made validation or the mixer cost records x shared data: small here, for
  // the fuzzer to grow.
  aem::pipeline::write_model_file(dir / "meshes_sharing_indices.aem", aem::test::meshes_sharing_indices(64, 600));
  aem::pipeline::write_file_atomically(dir / "tracks_sharing_keys.aem", aem::test::tracks_sharing_keys(64, 500));
  aem::pipeline::write_file_atomically(dir / "tracks_overlapping_keys.aem", aem::test::tracks_overlapping_keys(64, 500));
  write_extended_seeds(dir);
  return 0;
}
