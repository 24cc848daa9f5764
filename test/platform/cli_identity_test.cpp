// The command line gives the same bytes on every platform: corpus models through `aem bake`,
// `aem pack`, `aem unpack`, `aem export` (glTF and SAMF) and a second bake of the export, each
// output's size and FNV-1a hash recorded in cli_identity.txt. The release build (x86-64 Linux)
// and the Windows build (MinGW-w64, run under Wine) check the same table, so a Windows bake is
// proven to be the Linux bake byte for byte. A deliberate output change rewrites the table on
// Linux in the same commit:
//
//   AEM_UPDATE_CLI_IDENTITY=1 platform_cli_tests --gtest_filter='CliIdentity*'
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "fnv1a.hpp"
#include "platform_cli.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using aem::test::run_command;
using aem::test::shell_path;

const fs::path kTable = fs::path(AEM_TEST_SOURCE_DIR) / "test" / "platform" / "cli_identity.txt";

// What each model stresses: a skinned animated character, morph targets, a big PBR model with
// every map (BC7 and BC5 at a small size to stay cheap), mirrored UVs, an E3D model (LZMA blocks).
struct Model {
  std::string name;
  std::string path;  // under the corpus
  std::string bake_options;
};
const std::vector<Model> kModels = {
    {"cesium_man", "khronos/CesiumMan/glTF-Binary/CesiumMan.glb", "--max-texture-size 128"},
    {"morph_cube", "khronos/AnimatedMorphCube/glTF-Binary/AnimatedMorphCube.glb", ""},
    {"damaged_helmet", "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb", "--max-texture-size 128 --lods 2 --meshlets"},
    {"box_textured", "khronos/BoxTextured/glTF/BoxTextured.gltf", "--textures rgba"},
    {"teapot_e3d", "e3d/teapot.e3d", "--max-texture-size 64"},
};

std::string hex(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

// "<size> <hash>" of a file, or "missing".
std::string fingerprint(const fs::path& file) {
  if (!fs::is_regular_file(file)) return "missing";
  const std::string bytes = aem::test::bytes_of(file);
  return std::to_string(bytes.size()) + " " + hex(aem::test::fnv1a64(bytes));
}

using aem::test::aem_program;

// Runs one step; a failure is recorded in the table as the step's outcome, so the platforms must
// also agree on what fails.
void step(std::map<std::string, std::string>& out, const std::string& key, const std::string& command,
          const fs::path& produced) {
  const aem::test::CommandResult result = run_command(command);
  out[key] = result.exit_code == 0 ? fingerprint(produced) : "exit " + std::to_string(result.exit_code);
  if (result.exit_code != 0) ADD_FAILURE() << command << " failed:\n" << result.output;
}

std::map<std::string, std::string> run_all(const fs::path& corpus, const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const Model& m : kModels) {
    const fs::path baked = dir / (m.name + ".aem");
    const fs::path packed = dir / (m.name + ".aemz");
    const fs::path unpacked = dir / (m.name + "_unpacked.aem");
    const fs::path glb = dir / (m.name + ".glb");
    const fs::path rebaked = dir / (m.name + "_from_glb.aem");
    const fs::path samf = dir / (m.name + ".aamf");
    step(out, m.name + " bake", aem_program() + " bake " + shell_path(corpus / m.path) + " -o " + shell_path(baked) + " " + m.bake_options, baked);
    step(out, m.name + " pack", aem_program() + " pack " + shell_path(baked) + " -o " + shell_path(packed), packed);
    step(out, m.name + " unpack", aem_program() + " unpack " + shell_path(packed) + " -o " + shell_path(unpacked), unpacked);
    EXPECT_EQ(fingerprint(unpacked), fingerprint(baked)) << m.name << ": unpack must restore the baked file";
    step(out, m.name + " export_glb", aem_program() + " export " + shell_path(baked) + " -o " + shell_path(glb), glb);
    step(out, m.name + " rebake_glb", aem_program() + " bake " + shell_path(glb) + " -o " + shell_path(rebaked) + " --textures rgba", rebaked);
    if (m.name == "cesium_man")
      step(out, m.name + " export_samf", aem_program() + " export " + shell_path(baked) + " --format samf -o " + shell_path(samf), samf);
  }
  return out;
}

std::map<std::string, std::string> read_table() {
  std::map<std::string, std::string> table;
  std::ifstream in(kTable);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a checkout with CRLF line ends
    if (line.empty() || line[0] == '#') continue;
    const std::size_t name_end = line.find(' ');
    const std::size_t step_end = line.find(' ', name_end + 1);
    if (name_end == std::string::npos || step_end == std::string::npos) continue;
    table[line.substr(0, step_end)] = line.substr(step_end + 1);
  }
  return table;
}

TEST(CliIdentity, CorpusCommandsGiveTheRecordedBytes) {
#if !defined(__x86_64__) || !(defined(__linux__) || defined(_WIN32))
  GTEST_SKIP() << "the table is recorded on x86-64 (Linux, and checked on Windows); floating point elsewhere may differ";
#endif
  AEM_REQUIRE_CORPUS(corpus);
  aem::test::ScratchDir dir("cli_identity");
  const std::map<std::string, std::string> actual = run_all(corpus, dir.path());

  const char* update = std::getenv("AEM_UPDATE_CLI_IDENTITY");
  if (update && *update) {
    std::ofstream out(kTable, std::ios::trunc | std::ios::binary);
    out << "# Outputs of the aem command line on corpus models: <model> <step> <size> <fnv1a64>.\n"
           "# Checked on x86-64 Linux and under Wine on Windows by cli_identity_test.cpp.\n";
    for (const auto& [key, value] : actual) out << key << ' ' << value << '\n';
    ASSERT_TRUE(out.good()) << "cannot write " << kTable;
    GTEST_SKIP() << "rewrote " << kTable << ": " << actual.size() << " entries";
  }
  const std::map<std::string, std::string> expected = read_table();
  ASSERT_FALSE(expected.empty()) << kTable << " is missing or empty";
  std::ostringstream problems;
  std::size_t count = 0;
  for (const auto& [key, value] : actual) {
    const auto it = expected.find(key);
    if (it == expected.end() || it->second != value) {
      problems << "  " << key << ": expected " << (it == expected.end() ? "no entry" : it->second) << ", got " << value << "\n";
      ++count;
    }
  }
  for (const auto& [key, value] : expected)
    if (!actual.count(key)) {
      problems << "  " << key << ": in the table, not run\n";
      ++count;
    }
  EXPECT_EQ(count, 0u) << count << " of " << actual.size() << " outputs differ from " << kTable
                       << " (a deliberate output change reruns the test on Linux with AEM_UPDATE_CLI_IDENTITY=1):\n"
                       << problems.str();
}

}  // namespace
