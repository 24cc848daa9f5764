// The table of sub-commands. A new command adds its entry point here and its file to CMakeLists.
#include "command.hpp"

namespace aem::cli {

int run_info(Args args);
int run_validate(Args args);
#if defined(AEM_CLI_WITH_PIPELINE)
int run_compress_image(Args args);
int run_bake(Args args);
int run_cache(Args args);
int run_export(Args args);
#endif

std::span<const Command> all_commands() {
  static constexpr Command commands[] = {
      {"info", "Describe an AEM file: sections, textures, materials, joints, animations", run_info},
      {"validate", "Check an AEM file; exit 0 when valid, 1 listing every problem", run_validate},
#if defined(AEM_CLI_WITH_PIPELINE)
      {"compress-image", "Compress a PNG to a BC7 or BC5 DDS and report PSNR and speed", run_compress_image},
      {"bake", "Bake a model (glTF 2.0, or FBX, OBJ, COLLADA... through Assimp) into an AEM file", run_bake},
      {"cache", "Prune a bake cache directory to a size, least recently used first", run_cache},
      {"export", "Write an AEM file back as glTF 2.0 (.gltf with its .bin, or .glb)", run_export},
#endif
  };
  return commands;
}

std::span<const std::string_view> commands_not_built() {
#if defined(AEM_CLI_WITH_PIPELINE)
  return {};
#else
  static constexpr std::string_view names[] = {"compress-image", "bake", "cache", "export"};
  return names;
#endif
}

}  // namespace aem::cli
