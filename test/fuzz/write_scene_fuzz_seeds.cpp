// Writes the seeds of the scene fuzz target: an empty scene and one with every field set.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "sample_scene.hpp"
#include "scene/scene_serialization.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_scene_fuzz_seeds DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  using aem::pipeline::serialize_import;
  auto write = [&](const char* name, const std::vector<unsigned char>& bytes) {
    std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  };
  write("empty.scene", serialize_import({}));
  write("sample.scene", serialize_import({aem::test::sample_scene(), {{"lights", "", "1 light dropped"}}}));
  return 0;
}
