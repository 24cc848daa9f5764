// aem export against aem bake, per corpus model, in one run: the median time to bake the model
// (in memory, default options: BC textures), to export that AEM as a .glb (build_gltf and
// glb_bytes: what `aem export` does before writing), and, for models with joints, to export it
// as SAMF. For those, also the SAMF file's size against the size the legacy AAMF layout (one
// rigid AMF mesh per bone) would take for the same model, which samf-spec.md says is about 62%
// larger.
//
// The legacy size is counted, not written (our exporter writes only SAMF): the same header, parent
// table and animation blocks as the file layouts give them (specs/aamf-import.md §3), and per
// bone a block of u32 block_size, AMF_HEADER (24 bytes), one chunk table entry (4), the chunk's 8
// polygon counts and 8 pointers (48) and a G3 polygon (76 bytes: three SVECTOR corners, three
// SVECTOR normals and the POLY_G3 primitive; SAMF keeps per-vertex normals and no UVs, so Gouraud
// untextured is the like-for-like kind) for each triangle, in the mesh of one bone (rigid binding;
// which bone does not change the size). The same count gives the game's own map.aamf its exact
// size, 76,084 bytes, with its polygons' kinds and texture names.
//
// usage: export_benchmark [CORPUS_DIR] [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/gltf_export.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/samf_export.hpp"
#include "corpus_arguments.hpp"
#include "corpus_files.hpp"
#include "median.hpp"

namespace {

namespace fs = std::filesystem;
using namespace aem::pipeline;

constexpr std::size_t kLegacyBoneBlock = 4 + 24 + 4 + 48;  // block_size, AMF_HEADER, chunk entry, counts + pointers
constexpr std::size_t kG3Bytes = 76;

// The legacy layout's size for what SAMF file `samf` holds (see the file comment), from its
// header: every triangle is one G3 polygon in some bone's mesh, every bone has a mesh block, and
// the animation blocks are laid out alike. SAMF's bone count includes the bone it adds for static
// vertices, which a legacy file would need too.
std::size_t legacy_bytes(const std::vector<std::byte>& samf) {
  const auto u16 = [&](std::size_t at) { return std::size_t(samf[at]) | (std::size_t(samf[at + 1]) << 8); };
  const std::size_t bones = u16(6), vertices = u16(10) | (u16(12) << 16), faces = u16(14);
  const std::size_t animation_blocks = samf.size() - (16 + 36 * bones + 24 * vertices + 6 * faces);
  return 4 + 4 * bones + bones * kLegacyBoneBlock + kG3Bytes * faces + animation_blocks;
}

template <class F>
double median_ms(int runs, F&& work) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    work();
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  return aem::bench::median(times);
}

// One file per model: each Khronos model's glTF-Binary .glb, else its glTF .gltf; every .gltf and
// .glb below extra/ and tangents/.
}  // namespace

int main(int argc, char** argv) {
  const auto [corpus, runs] = aem::bench::corpus_arguments(argc, argv, AEM_BENCH_CORPUS_DIR, 3);
  std::printf("Export benchmark: %d runs (median), default bake options, %s\n\n", runs, corpus.string().c_str());
  std::printf("| model | bake ms | glb export ms | export / bake | SAMF export ms | SAMF bytes | legacy bytes | SAMF / legacy |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  double bake_total = 0, export_total = 0;
  std::size_t samf_total = 0, legacy_total = 0;
  for (const fs::path& source : aem::test::export_models(corpus)) {
    std::vector<std::byte> aem_bytes;
    double bake_ms = 0;
    try {
      bake_ms = median_ms(runs, [&] { aem_bytes = serialize_model(bake_model(source, BakeOptions{}).content); });
    } catch (const std::exception&) {
      continue;  // the corpus holds models that are meant to fail
    }
    const aem::Model model = aem::Model::open_memory(aem_bytes);
    const std::string name = source.filename().string();
    const double glb_ms = median_ms(runs, [&] { (void)glb_bytes(build_gltf(model, name)); });
    bake_total += bake_ms;
    export_total += glb_ms;
    std::printf("| %s | %.1f | %.1f | %.2f |", name.c_str(), bake_ms, glb_ms, glb_ms / bake_ms);
    if (model.joints().empty()) {
      std::printf(" | | | |\n");
      continue;
    }
    try {
      std::vector<std::byte> samf;
      const double samf_ms = median_ms(runs, [&] { samf = export_samf(model, name).bytes; });
      const std::size_t legacy = legacy_bytes(samf);
      samf_total += samf.size();
      legacy_total += legacy;
      std::printf(" %.1f | %zu | %zu | %.2f |\n", samf_ms, samf.size(), legacy, double(samf.size()) / double(legacy));
    } catch (const SamfExportError& e) {
      std::printf(" refused: %s | | | |\n", e.what());
    }
  }
  std::printf("\nAll models: glb export %.0f ms against bake %.0f ms (%.2f). Skinned and animated models: SAMF "
              "%zu bytes against legacy %zu (%.2f, %.0f%% smaller).\n",
              export_total, bake_total, export_total / bake_total, samf_total, legacy_total,
              double(samf_total) / double(legacy_total), 100.0 * (1.0 - double(samf_total) / double(legacy_total)));
}
