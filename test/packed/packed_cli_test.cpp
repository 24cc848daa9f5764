// `aem pack` and `aem unpack` as a user runs them, and packed files in `aem info`/`aem validate`:
// exact round trip, refusals with a message and no output file, written whole or not at all.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

CommandResult aem_cli(const std::string& args) { return run_command(shell_path(AEM_CLI_PATH) + " " + args); }

std::vector<char> file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// The filter byte of the packed file's indices frame (specs/packed-aem.md, the frame table), or -1
// when it has none.
int indices_filter(const std::vector<char>& packed) {
  std::uint32_t frames = 0;
  if (packed.size() < 80) return -1;
  std::memcpy(&frames, packed.data() + 8, 4);
  const std::size_t table = packed[4] == 1 ? 72 : 80;  // versions 2 and 3: the AEM size first
  for (std::size_t i = 0; i < frames && table + 24 * i + 2 <= packed.size(); ++i)
    if (packed[table + 24 * i] == 1) return packed[table + 24 * i + 1];
  return -1;
}

class PackCli : public ::testing::Test {
 protected:
  void SetUp() override { pipeline::write_model_file(model_, random_model(11)); }
  ScratchDir dir_{"pack_cli"};
  fs::path model_ = dir_.path() / "a model.aem";
};

// The fixture's random model has no indices; the tiny model's triangle is what
// --meshopt-indices filters.
TEST_F(PackCli, PackThenUnpackGivesTheSameFile) {
  const fs::path tiny = dir_.path() / "tiny.aem";
  pipeline::write_model_file(tiny, tiny_model());
  for (const fs::path& model : {model_, tiny})
    for (const char* option : {"", "--meshopt-indices"}) {
      SCOPED_TRACE(model.filename().string() + " " + option);
      const fs::path packed = dir_.path() / "packed model.aemz", restored = dir_.path() / "restored.aem";
      const auto pack = aem_cli("pack " + shell_path(model) + " -o " + shell_path(packed) + " " + option);
      ASSERT_EQ(pack.exit_code, 0) << pack.output;
      EXPECT_NE(pack.output.find("bytes ->"), std::string::npos) << pack.output;
      // 1: the meshopt index sequence filter, asked for; 0: none; -1: no indices to filter.
      EXPECT_EQ(indices_filter(file_bytes(packed)), model == tiny ? (*option ? 1 : 0) : -1)
          << "the indices frame's filter";
      const auto unpack = aem_cli("unpack " + shell_path(packed) + " --output " + shell_path(restored));
      ASSERT_EQ(unpack.exit_code, 0) << unpack.output;
      EXPECT_EQ(file_bytes(restored), file_bytes(model));
      const auto info = aem_cli("info " + shell_path(packed));
      EXPECT_EQ(info.exit_code, 0) << info.output;
      EXPECT_NE(info.output.find("packed: "), std::string::npos) << info.output;
      const auto validate = aem_cli("validate --strict " + shell_path(packed));
      EXPECT_EQ(validate.exit_code, 0) << validate.output;
    }
}

TEST_F(PackCli, InvalidInputsAreRefusedWithoutOutput) {
  const fs::path out = dir_.path() / "out.aemz";
  std::vector<std::byte> bad = pipeline::serialize_model(tiny_model());
  poke<std::uint32_t>(bad, 44 + 3 * 88, 99);
  const fs::path bad_model = dir_.path() / "bad.aem";
  pipeline::write_file_atomically(bad_model, bad);
  const auto refused = aem_cli("pack " + shell_path(bad_model) + " -o " + shell_path(out));
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("bad.aem: not packed: indices[0]"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(out));

  const auto not_packed = aem_cli("unpack " + shell_path(model_) + " -o " + shell_path(out));
  EXPECT_EQ(not_packed.exit_code, 1);
  EXPECT_NE(not_packed.output.find("not a packed AEM file"), std::string::npos) << not_packed.output;
  EXPECT_FALSE(fs::exists(out));
}

// An extension area (a known extension, names, and a made-up optional one) is carried: a
// version-2 container, unpacked byte for byte, its extensions listed by `aem info` of the .aemz.
TEST_F(PackCli, AnExtendedFileRoundTripsWithItsExtensions) {
  const fs::path extended = dir_.path() / "extended.aem", packed = dir_.path() / "extended.aemz",
                 restored = dir_.path() / "restored.aem";
  pipeline::ModelContent content = tiny_model();
  content.extensions.names.materials = {"Scrape04"};
  content.extensions.names.meshes = {"helmet"};
  const std::vector<pipeline::ExtensionPayload> made_up = {{"made_up", false, 1, std::vector<std::byte>(5)}};
  pipeline::write_model_file(extended, content, made_up);
  const auto pack = aem_cli("pack " + shell_path(extended) + " -o " + shell_path(packed));
  ASSERT_EQ(pack.exit_code, 0) << pack.output;
  EXPECT_EQ(file_bytes(packed)[4], 3) << "container version: the tiny model's bitangents are a bake's";
  const auto unpack = aem_cli("unpack " + shell_path(packed) + " -o " + shell_path(restored));
  ASSERT_EQ(unpack.exit_code, 0) << unpack.output;
  EXPECT_EQ(file_bytes(restored), file_bytes(extended));
  const auto info = aem_cli("info " + shell_path(packed));
  EXPECT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find("extensions: 2"), std::string::npos) << info.output;
  // The AEM's whole size, extension area included, and the packed file measured against it.
  const auto aem_bytes = fs::file_size(extended), packed_bytes = fs::file_size(packed);
  EXPECT_NE(info.output.find("AEM version 1, " + std::to_string(aem_bytes) + " bytes"), std::string::npos) << info.output;
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "(%.1f%% of the AEM)", 100.0 * double(packed_bytes) / double(aem_bytes));
  EXPECT_NE(info.output.find(ratio), std::string::npos) << info.output;
  const auto json = aem_cli("info --json " + shell_path(packed));
  EXPECT_NE(json.output.find("\"bytes\": " + std::to_string(aem_bytes) + ","), std::string::npos) << json.output;
  EXPECT_NE(info.output.find("Scrape04"), std::string::npos) << info.output;
  EXPECT_NE(info.output.find("ignored (not known to this reader)"), std::string::npos) << info.output;
  const auto validate = aem_cli("validate " + shell_path(packed));
  EXPECT_EQ(validate.exit_code, 0) << validate.output;
}

TEST_F(PackCli, CorruptAndTruncatedPackedFilesAreRefusedWithoutOutput) {
  const fs::path packed = dir_.path() / "m.aemz", out = dir_.path() / "out.aem";
  ASSERT_EQ(aem_cli("pack " + shell_path(model_) + " -o " + shell_path(packed)).exit_code, 0);
  std::vector<char> bytes = file_bytes(packed);
  const fs::path truncated = dir_.path() / "truncated.aemz", corrupt = dir_.path() / "corrupt.aemz";
  std::ofstream(truncated, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size() - 10));
  bytes[bytes.size() - 20] ^= 0x40;  // inside the last frame
  std::ofstream(corrupt, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
  const auto short_file = aem_cli("unpack " + shell_path(truncated) + " -o " + shell_path(out));
  EXPECT_EQ(short_file.exit_code, 1);
  EXPECT_NE(short_file.output.find("truncated.aemz: file at byte 16: packed file: the header says the file is"),
            std::string::npos) << short_file.output;
  const auto damaged = aem_cli("unpack " + shell_path(corrupt) + " -o " + shell_path(out));
  EXPECT_EQ(damaged.exit_code, 1);
  EXPECT_NE(damaged.output.find("packed frame"), std::string::npos) << damaged.output;
  EXPECT_FALSE(fs::exists(out));
  const auto validate = aem_cli("validate " + shell_path(corrupt));
  EXPECT_EQ(validate.exit_code, 1);
  EXPECT_NE(validate.output.find("[packed_frame_corrupt]"), std::string::npos) << validate.output;
  // A limit below the model's size: refused, saying how to raise it.
  const auto limited = aem_cli("unpack " + shell_path(packed) + " -o " + shell_path(out) + " --max-bytes 100");
  EXPECT_EQ(limited.exit_code, 1);
  EXPECT_NE(limited.output.find("over the limit of 100"), std::string::npos) << limited.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(PackCli, UsageErrors) {
  EXPECT_EQ(aem_cli("pack --help").exit_code, 0);
  EXPECT_EQ(aem_cli("unpack --help").exit_code, 0);
  const auto no_output = aem_cli("pack " + shell_path(model_));
  EXPECT_NE(no_output.exit_code, 0);
  EXPECT_NE(no_output.output.find("-o"), std::string::npos) << no_output.output;
}

}  // namespace
}  // namespace aem::test
