// Hostile compressed glTF through `aem bake`: a meshopt view whose count would decode to 3 GiB and
// a Draco primitive of noise each fail with exit 1, a message naming the file and the element,
// and no output file; the decoded size is refused before it is allocated, which a 1 GiB address
// space limit on the process shows.
#include <filesystem>
#include <fstream>

#include "address_sanitizer.hpp"
#include "bake_cli_support.hpp"
#include "compressed_gltf.hpp"
#include "expect_names.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// `aem bake` with its address space capped at 1 GiB (ulimit -v, in KiB), except under
// AddressSanitizer, whose shadow memory alone is terabytes of address space (the aem of the same
// build has it too); there the refusal's message still shows the size was checked first.
CommandResult bake_capped(const fs::path& in, const fs::path& out) {
  return run_command(std::string(kAddressSanitizer ? "" : "ulimit -v 1048576; ") + "timeout -s KILL 60 " + aem() +
                     " bake " + shell_quote(in.string()) + " -o " + shell_quote(out.string()) + " --textures rgba --threads 1");
}

TEST(BakeCompressedCli, MeshoptCountOfGigabytesIsRefusedBeforeAllocating) {
  ScratchDir dir("compressed_cli_bomb");
  MeshoptGrid grid = meshopt_grid();
  const fs::path fine = write_grid(dir.path(), grid);
  ASSERT_EQ(bake_capped(fine, dir.path() / "fine.aem").exit_code, 0);  // the cap leaves room for a bake
  // 2^28 positions of 12 bytes: 3 GiB from a stream of a few hundred bytes.
  const std::uint64_t count = std::uint64_t(1) << 28;
  json& view = grid.gltf["bufferViews"][0];
  view["extensions"]["EXT_meshopt_compression"]["count"] = count;
  view["byteLength"] = count * 12;
  grid.gltf["bufferViews"][1]["byteOffset"] = count * 12;
  grid.gltf["bufferViews"][2]["byteOffset"] = count * 12 + 1024;
  grid.gltf["buffers"][1]["byteLength"] = count * 12 + 4096;
  grid.gltf["accessors"][0]["count"] = count;
  const fs::path bomb = write_grid(dir.path(), grid);
  const fs::path out = dir.path() / "bomb.aem";
  const CommandResult r = bake_capped(bomb, out);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  expect_names(r.output, {"aem bake: error: " + bomb.string(), "bufferView 0", "EXT_meshopt_compression", "3221225472",
                          "--max-decoded-bytes"});
  EXPECT_FALSE(fs::exists(out));
}

TEST(BakeCompressedCli, TruncatedMeshoptAndDracoNoiseFailWithoutOutput) {
  ScratchDir dir("compressed_cli_broken");
  MeshoptGrid grid = meshopt_grid();
  grid.gltf["bufferViews"][1]["extensions"]["EXT_meshopt_compression"]["byteLength"] = 8;
  const fs::path truncated = write_grid(dir.path(), grid);
  const fs::path out = dir.path() / "out.aem";
  CommandResult r = bake_capped(truncated, out);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  expect_names(r.output, {"aem bake: error: " + truncated.string(), "bufferView 1", "cannot be decoded"});
  EXPECT_FALSE(fs::exists(out));

  std::vector<std::uint8_t> noise(4096);
  std::uint32_t state = 12345;
  for (std::uint8_t& b : noise) b = std::uint8_t((state = state * 1664525u + 1013904223u) >> 24);
  std::memcpy(noise.data(), "DRACO\x02\x02\x01\x00", 9);  // sequential mesh encoding, then noise
  const fs::path draco = write_draco_blob(dir.path(), "noise", noise, 1000);
  r = bake_capped(draco, out);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  expect_names(r.output, {"aem bake: error: " + draco.string(), "mesh 0 primitive 0", "KHR_draco_mesh_compression"});
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace aem::test
