// Writes the E3D fuzzer's seeds into DIR from the shared corpus's E3D models in CORPUS_E3D_DIR,
// each at most MAX_LEN bytes (the fuzzer's -max_len, which would cut a longer seed):
// - every model that has lzma blocks with them inflated in place (the test walker's without_lzma,
//   not the producer): mutations then land in the meshes, materials and textures themselves
//   rather than in a compressed stream, where almost every change only breaks the decode;
// - the models without lzma blocks, and the small ones with (the spec's cubes, up to 4 KiB: they
//   keep the lzma decoder in the seeds), as they are. A real model is not also written
//   compressed: libFuzzer keeps a seed only for coverage that the smaller seeds lack, and the
//   compressed form, smaller and reaching the same blocks, would push the inflated one out;
// - the animated cubes of e3d_test_files.hpp, one with every kind of frame track (no corpus
//   model has animation blocks), and its quad with morph targets and a morph weight track (no
//   corpus model has morphs).
// A seed over MAX_LEN is left out and named: the duck inflated (2,184,273 bytes), whose kinds of
// blocks the cow has too (interleaved attributes with tangents, an embedded JPEG, a Phong diffuse
// map).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "e3d_test_files.hpp"
#include "e3d_test_walker.hpp"

// The largest model written compressed as well as inflated.
constexpr std::size_t kSmallModel = 4096;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: write_e3d_fuzz_seeds DIR CORPUS_E3D_DIR MAX_LEN\n");
    return 2;
  }
  namespace fs = std::filesystem;
  const fs::path dir = argv[1], corpus = argv[2];
  const std::size_t max_len = std::strtoull(argv[3], nullptr, 10);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::size_t written = 0;
  const auto write = [&](const std::string& name, const std::vector<std::uint8_t>& bytes) {
    if (bytes.size() > max_len) {
      std::printf("left out: %s (%zu bytes, over -max_len=%zu)\n", name.c_str(), bytes.size(), max_len);
      return;
    }
    std::ofstream(dir / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    ++written;
  };
  std::vector<fs::path> models;
  for (const auto& entry : fs::directory_iterator(corpus))
    if (entry.path().extension() == ".e3d") models.push_back(entry.path());
  for (const fs::path& model : models) {
    const std::vector<std::uint8_t> bytes = aem::test::read_bytes(model);
    const std::vector<std::uint8_t> inflated = aem::test::without_lzma(bytes);
    if (inflated == bytes || bytes.size() <= kSmallModel) write(model.filename().string(), bytes);
    if (inflated != bytes) write(model.stem().string() + "_inflated.e3d", inflated);
  }
  const std::vector<std::uint8_t> cube1 = aem::test::read_bytes(corpus / "cube1.e3d");
  if (cube1.size() < 446) {
    std::fprintf(stderr, "%s: not the spec's cube1.e3d\n", (corpus / "cube1.e3d").string().c_str());
    return 1;
  }
  write("animated_cube.e3d", aem::test::animated_cube(cube1));
  write("animated_every_track.e3d", aem::test::animated_cube_every_track(cube1));
  write("morphed_quad.e3d", aem::test::morphed_quad());
  std::printf("wrote %zu seeds to %s\n", written, dir.string().c_str());
  return 0;
}
