// Writes the AAMF fuzzer's seeds into the folder named by argv[1]: the byte-built files of the
// AAMF producer's tests (test/import_aamf/aamf_test_files.hpp): SAMF v2 with either magic, legacy,
// and legacy with every polygon kind (F4, G4, FT4, GT4, F3, G3, FT3, GT3: the textured kinds'
// texture index and the Gouraud kinds' per-corner normals and colours are reached only from it).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "aamf_test_files.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: write_aamf_fuzz_seeds DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const auto write = [&](const char* name, const std::vector<unsigned char>& bytes) {
    std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  };
  write("samf.aamf", aem::test::aamf::samf_file());
  write("samf_aamf_magic.aamf", aem::test::aamf::samf_file("AAMF"));
  write("legacy.aamf", aem::test::aamf::legacy_file());
  write("legacy_every_polygon_kind.aamf", aem::test::aamf::every_polygon_kind_file());
  return 0;
}
