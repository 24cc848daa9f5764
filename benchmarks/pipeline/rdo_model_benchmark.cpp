// RDO on whole baked models (specs/bc7-rdo.md): each model is baked in memory with rgba textures
// (the reference: the exact mip levels the BC bakes encode) and with BC textures at our plain
// levels and at several RDO λ; per bake, the whole .aem's size raw, after zstd -19 (libzstd) and
// after `lz4 -9` (the command, when installed), and the texture PSNR pooled over every mip level
// of every texture (BC7: R, G, B, A; BC5 normal maps: R, G, the channels BC5 stores).
//
//   rdo_model_benchmark [--lambdas 0.25,1,4] [--max-texture-size N (default 512)] [--threads N]
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"
#include "aem/pipeline/bake.hpp"
#include "packed_sizes.hpp"

namespace fs = std::filesystem;
using namespace aem;

namespace {

// Squared error of a BC texture's mip chain against the rgba bake's, over the channels stored.
codec::ErrorStats texture_error(const pipeline::TextureImage& reference, const pipeline::TextureImage& bc) {
  codec::ErrorStats total;
  const codec::BlockFormat format =
      bc.compression == aem::Compression::bc5 ? codec::BlockFormat::bc5 : codec::BlockFormat::bc7;
  std::size_t ref_offset = 0, bc_offset = 0;
  std::uint32_t w = bc.width, h = bc.height;
  while (true) {
    const std::size_t bc_bytes = codec::compressed_size(w, h), ref_bytes = std::size_t(w) * h * 4;
    codec::ImageRgba8 ref{w, h, {}};
    const auto* r = reinterpret_cast<const std::uint8_t*>(reference.mips.data()) + ref_offset;
    ref.pixels.assign(r, r + ref_bytes);
    const auto* b = reinterpret_cast<const std::uint8_t*>(bc.mips.data()) + bc_offset;
    const codec::ImageRgba8 decoded = codec::decompress_image({b, bc_bytes}, w, h, format);
    codec::ErrorStats level = codec::compare_images(ref, decoded);
    if (format == codec::BlockFormat::bc5) {  // B and A are not stored: counted as exact
      level.squared_error[2] = level.squared_error[3] = 0;
    }
    total.add(level);
    ref_offset += ref_bytes;
    bc_offset += bc_bytes;
    if (w == 1 && h == 1) break;
    w = std::max(1u, w / 2);
    h = std::max(1u, h / 2);
  }
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  std::vector<double> lambdas = {0.25, 1, 4};
  std::uint32_t max_size = 512;
  unsigned threads = 2;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--lambdas") {
      lambdas.clear();
      std::stringstream in(value);
      for (std::string item; std::getline(in, item, ',');) lambdas.push_back(std::stod(item));
    } else if (arg == "--max-texture-size") max_size = std::uint32_t(std::stoul(value));
    else if (arg == "--threads") threads = unsigned(std::stoul(value));
    else {
      std::fprintf(stderr, "rdo_model_benchmark: unknown option %s\n", arg.c_str());
      return 2;
    }
  }
  const bool lz4 = bench::have_lz4_command();
  if (!lz4) std::printf("lz4 command absent: lz4 -9 sizes not measured\n");
  const fs::path scratch = fs::temp_directory_path() / ("aem_rdo_model_benchmark_" + std::to_string(::getpid()));
  std::printf("| model | textures | RGBA PSNR | .aem bytes | zstd -19 | lz4 -9 |\n| --- | --- | --- | --- | --- | --- |\n");
  for (const char* name : {"DamagedHelmet", "CesiumMan", "BoxTextured", "Duck"}) {
    const fs::path path = corpus / "khronos" / name / "glTF-Binary" / (std::string(name) + ".glb");
    if (!fs::exists(path)) {
      std::printf("skipping %s: %s not found\n", name, path.string().c_str());
      continue;
    }
    pipeline::BakeOptions options;
    options.max_texture_size = max_size;
    options.threads = threads;
    options.textures = pipeline::TextureEncoding::rgba;
    const fs::path out = fs::temp_directory_path() / "aem_rdo_model_benchmark.aem";
    const pipeline::BakedFile reference = pipeline::bake_model_in_memory(path, out, options);
    options.textures = pipeline::TextureEncoding::bc;
    struct Setting {
      codec::Bc7Quality quality;
      double lambda;
    };
    std::vector<Setting> settings = {{codec::Bc7Quality::fast, 0}, {codec::Bc7Quality::normal, 0}};
    for (double lambda : lambdas) settings.push_back({codec::Bc7Quality::normal, lambda});
    for (const Setting& s : settings) {
      options.quality = s.quality;
      options.rdo_lambda = s.lambda;
      const pipeline::BakedFile baked = pipeline::bake_model_in_memory(path, out, options);
      codec::ErrorStats stats;
      const auto& ref_textures = reference.bake.content.textures;
      const auto& textures = baked.bake.content.textures;
      for (std::size_t t = 0; t < textures.size() && t < ref_textures.size(); ++t)
        if (textures[t].compression != aem::Compression::none) stats.add(texture_error(ref_textures[t], textures[t]));
      std::string setting(codec::to_string(s.quality));
      if (s.lambda > 0) setting += " rdo " + std::to_string(s.lambda).substr(0, 4);
      std::printf("| %s | %s | %.2f dB | %zu | %zu | %zu |\n", name, setting.c_str(), stats.psnr_rgba(),
                  baked.bytes.size(), bench::zstd19_size(baked.bytes), lz4 ? bench::lz4_9_size(baked.bytes, scratch) : std::size_t(0));
      std::fflush(stdout);
    }
  }
  fs::remove(scratch);
  fs::remove(scratch.string() + ".lz4");
  return 0;
}
