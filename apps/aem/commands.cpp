// The table of sub-commands. A new command adds its entry point here and its file to CMakeLists.
#include "command.hpp"

namespace aem::cli {

int run_info(Args args);
int run_validate(Args args);
int run_compress_image(Args args);
int run_bake(Args args);

std::span<const Command> all_commands() {
  static constexpr Command commands[] = {
      {"info", "Describe an AEM file: sections, textures, materials, joints, animations", run_info},
      {"validate", "Check an AEM file; exit 0 when valid, 1 listing every problem", run_validate},
      {"compress-image", "Compress a PNG to a BC7 or BC5 DDS and report PSNR and speed", run_compress_image},
      {"bake", "Bake a glTF 2.0 model (.gltf/.glb) into an AEM file", run_bake},
  };
  return commands;
}

}  // namespace aem::cli
