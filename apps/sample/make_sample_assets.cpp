// aem-make-sample-assets: writes the toolkit's sample asset tree, glTF 2.0 made entirely by this
// program (see sample_assets.hpp for what each model shows), for `aem bake` to bake.
// Usage: aem-make-sample-assets OUTDIR
#include <cstdio>
#include <exception>
#include <string_view>

#include "sample_assets.hpp"

int main(int argc, char** argv) {
  if (argc != 2 || std::string_view(argv[1]) == "--help") {
    std::fprintf(argc == 2 ? stdout : stderr,
                 "usage: aem-make-sample-assets OUTDIR\n"
                 "Writes the sample glTF 2.0 tree: characters/tentacle.gltf (skinned, two animations),\n"
                 "props/crate.gltf (PBR textures, normal map, emissive), props/lantern.glb (alpha\n"
                 "blending) and machines/crank.gltf (node animation), with their .bin and PNG files.\n");
    return argc == 2 ? 0 : 1;
  }
  const std::filesystem::path out = argv[1];
  aem::sample::FileCounts counts;
  try {
    counts += aem::sample::write_tentacle(out / "characters");
    counts += aem::sample::write_crate(out / "props");
    counts += aem::sample::write_lantern(out / "props");
    counts += aem::sample::write_crank(out / "machines");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem-make-sample-assets: %s\n", e.what());
    return 1;
  }
  std::printf("aem-make-sample-assets: 4 models under %s: %d files written, %d already up to date\n",
              out.string().c_str(), counts.written, counts.unchanged);
  return 0;
}
