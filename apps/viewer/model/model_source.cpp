#include "model/model_source.hpp"

#if defined(AEM_VIEWER_WITH_PACKED)
#include "aem/packed/zstd_decoder.hpp"
#endif

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::viewer {

LoadedModel load_model(const std::filesystem::path& path, const LoadOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const auto timed = [start](LoadedModel loaded) {
    loaded.load_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return loaded;
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(path.string() + ": no such file");
  }
  if (pipeline::is_model_path(path)) {
    // glTF, or a format Assimp imports (through its child process). Baked in memory as `aem bake` would (with RGBA8 textures unless asked for BC), on every
    // hardware thread, then viewed in place.
    pipeline::BakeOptions bake;
    bake.textures = options.bake_compressed ? pipeline::TextureEncoding::bc : pipeline::TextureEncoding::rgba;
    bake.threads = std::max(1u, std::thread::hardware_concurrency());
    bake.allow_missing = true;  // a preview shows what there is
    bake.allowed_dirs = options.allowed_dirs;
    std::unique_ptr<std::vector<std::byte>> bytes;
    std::vector<std::string> warnings;
    try {
      pipeline::BakeResult baked = pipeline::bake_model(path, bake);
      bytes = std::make_unique<std::vector<std::byte>>(pipeline::serialize_model(baked.content));
      warnings = std::move(baked.report.warnings);
    } catch (const std::exception& e) {
      const std::string what = e.what();
      // BakeError messages already name the file.
      throw std::runtime_error(what.find(path.filename().string()) != std::string::npos ? what
                                                                                         : path.string() + ": " + what);
    }
    Expected<Model> opened = Model::try_open_memory(*bytes);
    if (!opened) throw std::runtime_error(path.string() + " (baked in memory): " + opened.error().describe());
    for (const std::string& w : warnings) std::fprintf(stderr, "aem-viewer: warning: %s\n", w.c_str());
    return timed(LoadedModel{std::move(bytes), std::move(*opened), true, std::move(warnings)});
  }
  // Read into owned memory, never mapped: the viewer watches files that other programs rewrite
  // in place (cp, editors, sync tools), and a mapping would die of SIGBUS when they truncate it.
  // Packed files (.aemz) too, where aem_packed is built.
  OpenOptions open_options{.storage = Storage::copy};
#if defined(AEM_VIEWER_WITH_PACKED)
  open_options.packed_decoder = zstd_decoder();
#endif
  Expected<Model> opened = Model::try_open(path, std::move(open_options));
  // A name that is neither a model nor .aem: what the viewer reads says more than the AEM error.
  if (!opened && !pipeline::is_aem_path(path) && !pipeline::is_packed_aem_path(path))
    throw std::runtime_error(pipeline::unknown_model_format_message(path) + "; and AEM (.aem), which it is not either: " +
                             opened.error().describe());
  if (!opened) throw std::runtime_error(path.string() + ": " + opened.error().describe());
  return timed(LoadedModel{nullptr, std::move(*opened), false, {}});
}

}  // namespace aem::viewer
