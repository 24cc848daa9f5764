// The table of sub-commands. A new command adds its entry point here and its file to CMakeLists.
#include "command.hpp"

namespace aem::cli {

int run_info(arg_parser::Args args);
int run_validate(arg_parser::Args args);
#if defined(AEM_CLI_WITH_PIPELINE)
int run_compress_image(arg_parser::Args args);
int run_bake(arg_parser::Args args);
int run_cache(arg_parser::Args args);
int run_export(arg_parser::Args args);
#endif
#if defined(AEM_CLI_WITH_PACKED)
int run_pack(arg_parser::Args args);
int run_unpack(arg_parser::Args args);
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
#if defined(AEM_CLI_WITH_PACKED)
      {"pack", "Pack an AEM file for distribution (.aemz: zstd frames, opened by the runtime)", run_pack},
      {"unpack", "Restore the exact AEM file a packed .aemz was made from", run_unpack},
#endif
  };
  return commands;
}

std::span<const AbsentCommand> commands_not_built() {
  static constexpr AbsentCommand absent[] = {
#if !defined(AEM_CLI_WITH_PIPELINE)
      {"compress-image", "the pipeline"}, {"bake", "the pipeline"}, {"cache", "the pipeline"}, {"export", "the pipeline"},
#endif
#if !defined(AEM_CLI_WITH_PACKED)
      {"pack", "libzstd"}, {"unpack", "libzstd"},
#endif
      {"", ""},  // keeps the array non-empty; not a command
  };
  return std::span(absent).first(std::size(absent) - 1);
}

}  // namespace aem::cli
