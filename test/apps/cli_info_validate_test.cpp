// `aem`, `aem info` and `aem validate` as a user runs them: exit codes, messages, output.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#if !defined(_WIN32)
#include <sys/stat.h>  // mkfifo
#endif

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"
#include "run_command.hpp"

namespace {

namespace fs = std::filesystem;
using aem::test::run_command;
using aem::test::shell_path;
using aem::test::shell_text;

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("aem_cli_test_" + std::to_string(aem::test::process_id()));
    fs::create_directories(dir_);
    tiny_ = dir_ / "tiny model.aem";  // a space, to prove paths are passed through intact
    aem::pipeline::write_model_file(tiny_, aem::test::tiny_model());
  }
  void TearDown() override { fs::remove_all(dir_); }

  static aem::test::CommandResult aem_cli(const std::string& args) {
    return run_command(shell_path(AEM_CLI_PATH) + " " + args);
  }
  fs::path write_bytes(const std::string& name, const std::vector<std::byte>& bytes) {
    const fs::path path = dir_ / name;
    aem::pipeline::write_file_atomically(path, bytes);
    return path;
  }

  fs::path dir_;
  fs::path tiny_;
};

TEST_F(CliTest, HelpAndUnknownCommands) {
  const auto help = aem_cli("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("info"), std::string::npos);
  EXPECT_NE(help.output.find("validate"), std::string::npos);
  EXPECT_EQ(aem_cli("").exit_code, 1);
  const auto unknown = aem_cli("frobnicate");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.output.find("unknown command 'frobnicate'"), std::string::npos);
  for (const char* command : {"info", "validate"}) {
    const auto command_help = aem_cli(std::string(command) + " --help");
    EXPECT_EQ(command_help.exit_code, 0) << command;
    EXPECT_NE(command_help.output.find(std::string("usage: aem ") + command), std::string::npos);
  }
}

TEST_F(CliTest, InfoDescribesEverySection) {
  const auto info = aem_cli("info " + shell_path(tiny_));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* expected :
       {"AEM version 1, 892 bytes", "vertices", "keyframes", "1x1  rgba8  1 mips  wrap clamp/clamp",
        "#0  opaque  base color #0  normal #1  pbr #2", "1 triangles", "#0 root",
        "\"wave\"  1 s  keys: 1 translation, 2 rotation, 1 scale"}) {
    EXPECT_NE(info.output.find(expected), std::string::npos) << expected << "\n" << info.output;
  }
}

TEST_F(CliTest, InfoJson) {
  const auto info = aem_cli("info --json " + shell_path(tiny_));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  const auto json = nlohmann::json::parse(info.output);
  EXPECT_EQ(json["bytes"], 892);
  EXPECT_EQ(json["sections"]["image buffer"]["bytes"], 48);
  EXPECT_EQ(json["sections"]["keyframes"]["offset"], 812);
  EXPECT_EQ(json["textures"].size(), 3u);
  EXPECT_EQ(json["textures"][2]["wrap_x"], "clamp");
  EXPECT_EQ(json["joints"][0]["name"], "root");
  EXPECT_EQ(json["animations"][0]["keys"]["rotation"], 2);
  EXPECT_EQ(json["realigned_bytes"], 0);
}

// Two made-up extensions (specs/aem-extensions.md): "alpha" optional, "zeta" required or not.
std::vector<std::byte> extended_tiny(bool zeta_required) {
  const auto text = [](std::string_view t) {
    std::vector<std::byte> out(t.size());
    std::memcpy(out.data(), t.data(), t.size());
    return out;
  };
  const std::vector<aem::pipeline::ExtensionPayload> payloads = {{"alpha", false, 1, text("alpha")},
                                                                  {"zeta", zeta_required, 3, text("twenty bytes of zeta")}};
  return aem::pipeline::serialize_model(aem::test::tiny_model(), payloads);
}

TEST_F(CliTest, InfoAndValidateListExtensions) {
  const fs::path extended = write_bytes("extended.aem", extended_tiny(false));
  const auto info = aem_cli("info " + shell_path(extended));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  // Line by line: Windows' text-mode output ends lines with CR LF.
  for (const char* line : {"\nextensions: 2",
                           "\n  alpha                    optional  record version 1  5 bytes at 1008  ignored (not "
                           "known to this reader)",
                           "\n  zeta                     optional  record version 3  20 bytes at 1024  ignored"}) {
    EXPECT_NE(info.output.find(line), std::string::npos) << line << "\n" << info.output;
  }
  EXPECT_EQ(aem_cli("info " + shell_path(tiny_)).output.find("extensions"), std::string::npos);
  for (const char* command : {"info --json ", "validate --json "}) {
    const auto listed = aem_cli(command + shell_path(extended));
    ASSERT_EQ(listed.exit_code, 0) << listed.output;
    const auto json = nlohmann::json::parse(listed.output);
    ASSERT_EQ(json["extensions"].size(), 2u) << command;
    EXPECT_EQ(json["extensions"][1], nlohmann::json::parse(R"({"name": "zeta", "required": false,
        "record_version": 3, "offset": 1024, "bytes": 20, "status": "ignored"})")) << command;
    EXPECT_EQ(nlohmann::json::parse(aem_cli(command + shell_path(tiny_)).output)["extensions"],
              nlohmann::json::array()) << command;
  }
  const auto validate = aem_cli("validate " + shell_path(extended));
  EXPECT_EQ(validate.exit_code, 0) << validate.output;
  EXPECT_NE(validate.output.find("zeta                     optional"), std::string::npos) << validate.output;

  // An unknown required extension: one clear line naming it, exit 1.
  const fs::path required = write_bytes("required.aem", extended_tiny(true));
  for (const char* command : {"info ", "validate "}) {
    const auto refused = aem_cli(command + shell_path(required));
    EXPECT_EQ(refused.exit_code, 1) << refused.output;
    EXPECT_NE(refused.output.find("required.aem: extensions[1] at byte 960: 'zeta': a required extension this "
                                  "reader does not know"),
              std::string::npos) << refused.output;
  }
}

TEST_F(CliTest, InfoAndValidateListMorphTargets) {
  const fs::path morphed = write_bytes("morphed.aem", aem::pipeline::serialize_model(aem::test::morphed_tiny_model()));
  const auto info = aem_cli("info " + shell_path(morphed));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* line : {"\n    2 morph targets in 1 groups, 1 weight tracks", "\n    group \"Face\": 2 targets",
                           "\n      #0  \"smile\"  weight 0.25  position  3 vertices from 0, dense",
                           "\n      #1  \"blink\"  weight 0  position+normal  3 vertices from 0, 1 sparse"})
    EXPECT_NE(info.output.find(line), std::string::npos) << line << "\n" << info.output;
  for (const char* command : {"info --json ", "validate --json "}) {
    const auto listed = aem_cli(command + shell_path(morphed));
    ASSERT_EQ(listed.exit_code, 0) << listed.output;
    const auto json = nlohmann::json::parse(listed.output)["extensions"][0]["morph_targets"];
    EXPECT_EQ(json["target_count"], 2) << command;
    EXPECT_EQ(json["groups"][0]["name"], "Face") << command;
    EXPECT_EQ(json["groups"][0]["targets"][1], nlohmann::json::parse(R"({"name": "blink", "default_weight": 0,
        "attributes": "position+normal", "first_vertex": 0, "vertex_span": 3, "sparse_count": 1})")) << command;
  }
  const auto validate = aem_cli("validate " + shell_path(morphed));
  EXPECT_EQ(validate.exit_code, 0) << validate.output;
  EXPECT_NE(validate.output.find("#0  \"smile\""), std::string::npos) << validate.output;
}

TEST_F(CliTest, ValidateListsABadKnownPayload) {
  std::vector<std::byte> bytes = aem::pipeline::serialize_model(aem::test::morphed_tiny_model());
  const std::uint64_t payload = aem::Model::open_memory(bytes).extensions()[0].offset;
  aem::MorphTargetsHeader header;
  std::memcpy(&header, bytes.data() + payload, sizeof header);
  const std::uint64_t weight = payload + aem::morph_targets_layout(header).targets + offsetof(aem::MorphTarget, default_weight);
  aem::test::poke(bytes, weight, std::numeric_limits<float>::quiet_NaN());
  const fs::path bad = write_bytes("bad_morphs.aem", bytes);
  const auto validate = aem_cli("validate " + shell_path(bad));
  EXPECT_EQ(validate.exit_code, 1) << validate.output;
  EXPECT_NE(validate.output.find("[bad_extension_payload]"), std::string::npos) << validate.output;
  EXPECT_NE(validate.output.find("morph_targets: target 0"), std::string::npos) << validate.output;
  EXPECT_EQ(validate.output.find("group \"Face\""), std::string::npos) << validate.output;  // not read once refused
  const auto info = aem_cli("info " + shell_path(bad));
  EXPECT_EQ(info.exit_code, 1) << info.output;
  EXPECT_NE(info.output.find("morph_targets: target 0 default_weight: not finite"), std::string::npos) << info.output;
}

// The material side's extensions: what info and validate show of names, an own emission and an
// unlit material, in text and JSON; validate checks the payloads too.
TEST_F(CliTest, InfoAndValidateShowMaterialExtensions) {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.extensions.names = {{"Scrape04"}, {"helmet"}};
  content.extensions.emissive.materials = {{1, {0.25f, 0.5f, 1.0f}, 2.0f, 2, 0, 0}};
  content.extensions.material_flags.materials = {1};
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(content);
  const fs::path file = write_bytes("material.aem", bytes);
  const auto info = aem_cli("info " + shell_path(file));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* text : {"pbr #2  unlit  emissive #2  \"Scrape04\"", "material #0  box", "\"helmet\"",
                           "    material_names: [\"Scrape04\"]", "    mesh_names: [\"helmet\"]",
                           "    unlit_materials: [0]",
                           "    own_emission: [{\"material\":0,\"factor\":[0.25,0.5,1.0],\"strength\":2.0,\"texture\":2,\"uv_set\":0}]"})
    EXPECT_NE(info.output.find(text), std::string::npos) << text << "\n" << info.output;
  const auto json = nlohmann::json::parse(aem_cli("info --json " + shell_path(file)).output);
  EXPECT_EQ(json["materials"][0]["name"], "Scrape04");
  EXPECT_EQ(json["materials"][0]["unlit"], true);
  EXPECT_EQ(json["materials"][0]["own_emission"], true);
  EXPECT_EQ(json["meshes"][0]["name"], "helmet");
  const auto validated = nlohmann::json::parse(aem_cli("validate --json " + shell_path(file)).output);
  EXPECT_EQ(validated["valid"], true);
  EXPECT_EQ(validated["extensions"][2]["material_names"], nlohmann::json::array({"Scrape04"}));
  // A payload that breaks its rules: validate lists it (and does not show the content).
  std::vector<std::byte> broken = bytes;
  const aem::Model model = aem::Model::open_memory(bytes);
  aem::test::poke<std::uint32_t>(broken, model.extensions()[1].offset, 2);  // material_flags: an unknown bit
  const fs::path bad = write_bytes("bad material.aem", broken);
  const auto refused = aem_cli("validate " + shell_path(bad));
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("material_flags: material 0: unknown flag bits 2"), std::string::npos) << refused.output;
  EXPECT_EQ(refused.output.find("unlit_materials"), std::string::npos) << refused.output;
}

// A known extension's entry says what it holds (the runtime's view of it), in text and JSON.
TEST_F(CliTest, InfoAndValidateDescribeKnownExtensions) {
  aem::pipeline::ModelContent coloured = aem::test::tiny_model();
  coloured.extensions.vertex_colours = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 0}};
  const fs::path path = dir_ / "coloured.aem";
  aem::pipeline::write_model_file(path, coloured);
  for (const char* command : {"info ", "validate "}) {
    const auto text = aem_cli(command + shell_path(path));
    ASSERT_EQ(text.exit_code, 0) << text.output;
    EXPECT_NE(text.output.find("vertex_colours           optional  record version 1  32 bytes"), std::string::npos)
        << text.output;
    EXPECT_NE(text.output.find("    vertex_colours: {\"vertices\":3,\"encoding\":\"rgba8\"}"), std::string::npos) << text.output;
    const auto json = nlohmann::json::parse(aem_cli(command + std::string("--json ") + shell_path(path)).output);
    EXPECT_EQ(json["extensions"][0]["status"], "known") << command;
    EXPECT_EQ(json["extensions"][0]["vertex_colours"], nlohmann::json::parse(R"({"vertices": 3, "encoding": "rgba8"})"))
        << command;
  }
}

// Levels of detail: per mesh in info's text and JSON, the totals under the entry, and validate
// naming a level whose error falls.
TEST_F(CliTest, InfoAndValidateListEachMeshsLevels) {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.indices = {0, 1, 2, 0, 2, 1, 1, 2, 0};
  content.meshes[0].index_count = 9;
  content.extensions.lods.meshes = {{{{0, 1, 2, 0, 2, 1}, 0.125f}, {{2, 0, 1}, 0.5f}}};
  std::vector<std::byte> bytes = aem::pipeline::serialize_model(content);
  const fs::path file = write_bytes("levels.aem", bytes);
  const auto info = aem_cli("info " + shell_path(file));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* text : {"  lods 2 (error 0.125), 1 (error 0.5)", "    lods: {\"meshes with levels\":1,\"levels\":2,\"indices\":9}"})
    EXPECT_NE(info.output.find(text), std::string::npos) << text << "\n" << info.output;
  const auto json = nlohmann::json::parse(aem_cli("info --json " + shell_path(file)).output);
  EXPECT_EQ(json["meshes"][0]["lods"], nlohmann::json::parse(R"([{"triangles": 2, "error": 0.125}, {"triangles": 1, "error": 0.5}])"));
  const auto plain = nlohmann::json::parse(aem_cli("info --json " + shell_path(write_bytes("plain.aem", aem::pipeline::serialize_model(aem::test::tiny_model())))).output);
  EXPECT_FALSE(plain["meshes"][0].contains("lods"));
  const std::uint64_t payload = aem::Model::open_memory(bytes).extensions()[0].offset;
  aem::test::poke(bytes, payload + 48 + 8, 0.0625f);  // level 2's error below level 1's
  const auto refused = aem_cli("validate " + shell_path(write_bytes("bad levels.aem", bytes)));
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("lods: mesh 0 level 2 error: 0.062500 is below the previous level's 0.125000"), std::string::npos)
      << refused.output;
}

// Meshlets: per mesh and level in info's text and JSON, the totals and limits under the entry, and
// validate naming a level whose triangle its meshlets lose.
TEST_F(CliTest, InfoAndValidateListEachMeshsMeshlets) {
  std::vector<std::byte> bytes = aem::pipeline::serialize_model(aem::test::tiny_model_with_meshlets());
  const fs::path file = write_bytes("meshlets.aem", bytes);
  const auto info = aem_cli("info " + shell_path(file));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* text : {"  meshlets 1, 1, 1 (64 vertices / 124 triangles)",
                           "    meshlets: {\"max_vertices\":64,\"max_triangles\":124,\"meshes with meshlets\":1,\"levels\":3,"
                           "\"meshlets\":3,\"vertices\":9,\"triangles\":6}"})
    EXPECT_NE(info.output.find(text), std::string::npos) << text << "\n" << info.output;
  const auto json = nlohmann::json::parse(aem_cli("info --json " + shell_path(file)).output);
  EXPECT_EQ(json["meshes"][0]["meshlets"], nlohmann::json::parse("[1, 1, 1]"));
  const auto plain = nlohmann::json::parse(aem_cli("info --json " + shell_path(write_bytes("plain.aem", aem::pipeline::serialize_model(aem::test::tiny_model())))).output);
  EXPECT_FALSE(plain["meshes"][0].contains("meshlets"));
  const aem::Model model = aem::Model::open_memory(bytes);
  const std::uint64_t payload = model.extensions()[1].offset;
  const std::uint64_t triangles = payload + 32 + 16 * 4 + 64 * 3 + 4 * 9;
  aem::test::poke(bytes, triangles + 4, std::uint32_t(0x020100));  // level 0's (0, 2, 1) made a second (0, 1, 2)
  const auto refused = aem_cli("validate " + shell_path(write_bytes("bad meshlets.aem", bytes)));
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("meshlets: group 0 (mesh 0 level 0): its meshlets hold triangle (0, 1, 2) more often than the level"),
            std::string::npos)
      << refused.output;
}

TEST_F(CliTest, InfoRefusesBadFilesAndArguments) {
  const auto missing = aem_cli("info " + shell_path(dir_ / "nope.aem"));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find("nope.aem"), std::string::npos);
  EXPECT_NE(missing.output.find("No such file"), std::string::npos);
  EXPECT_EQ(aem_cli("info").exit_code, 1);
  EXPECT_EQ(aem_cli("info a.aem b.aem").exit_code, 1);
  const auto flag = aem_cli("info --fancy " + shell_path(tiny_));
  EXPECT_EQ(flag.exit_code, 1);
  EXPECT_NE(flag.output.find("unknown option '--fancy'"), std::string::npos);
}

TEST_F(CliTest, InfoReportsRealignment) {
  // Three extra bytes at the end of the image buffer leave every later section misaligned.
  const auto file = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto at = std::ptrdiff_t(aem::Model::open_memory(file).view().offsets.textures);
  std::vector<std::byte> odd(file.begin(), file.begin() + at);
  odd.insert(odd.end(), 3, std::byte{0});
  odd.insert(odd.end(), file.begin() + at, file.end());
  aem::test::poke(odd, offsetof(aem::Header, image_buffer_size), 51u);
  const auto info = aem_cli("info " + shell_path(write_bytes("odd.aem", odd)));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find("copied into aligned memory"), std::string::npos) << info.output;
}

TEST_F(CliTest, ValidateAcceptsAValidFile) {
  const auto plain = aem_cli("validate " + shell_path(tiny_));
  EXPECT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_NE(plain.output.find("valid"), std::string::npos);
  const auto strict = aem_cli("validate --strict " + shell_path(tiny_));
  EXPECT_EQ(strict.exit_code, 0) << strict.output;
  EXPECT_NE(strict.output.find("valid (strict)"), std::string::npos);
}

TEST_F(CliTest, ValidateListsEveryProblem) {
  auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto o = aem::Model::open_memory(bytes).view().offsets;
  aem::test::poke(bytes, o.indices + 4, 9u);
  aem::test::poke(bytes, o.materials + 12, 5u);
  aem::test::poke(bytes, o.vertices + 60, 3);
  const auto path = write_bytes("broken.aem", bytes);
  const auto result = aem_cli("validate " + shell_path(path));
  EXPECT_EQ(result.exit_code, 1);
  for (const std::string& expected : std::vector<std::string>{
        "indices[1] at byte " + std::to_string(o.indices + 4) + ": index 9 is out of range",
        "[index_out_of_range]", "materials[0]", "[material_bad_type]",
        "vertices[0] at byte " + std::to_string(o.vertices + 60), "[vertex_bad_joint]",
        "invalid, 3 problems"}) {
    EXPECT_NE(result.output.find(expected), std::string::npos) << expected << "\n"
                                                               << result.output;
  }
  EXPECT_NE(result.output.find(shell_text(path)), std::string::npos);
}

TEST_F(CliTest, ValidateStrictFindsSemanticProblems) {
  auto content = aem::test::tiny_model();
  content.vertices[0].normal[2] = 2;
  content.animations[0].joints[0].rotations[1].time = 3;
  const auto path = dir_ / "odd.aem";
  aem::pipeline::write_model_file(path, content);
  EXPECT_EQ(aem_cli("validate " + shell_path(path)).exit_code, 0);
  const auto strict = aem_cli("validate --strict " + shell_path(path));
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_NE(strict.output.find("[not_unit_length]"), std::string::npos) << strict.output;
  EXPECT_NE(strict.output.find("[key_order]"), std::string::npos) << strict.output;
}

TEST_F(CliTest, ValidateJsonListsEveryProblemWithItsPlace) {
  const auto valid = aem_cli("validate --json --strict " + shell_path(tiny_));
  ASSERT_EQ(valid.exit_code, 0) << valid.output;
  const auto ok = nlohmann::json::parse(valid.output);
  EXPECT_EQ(ok["schema"], "aem-validate-report");
  EXPECT_EQ(ok["version"], 1);
  EXPECT_EQ(ok["valid"], true);
  EXPECT_EQ(ok["strict"], true);
  EXPECT_TRUE(ok["problems"].empty());

  auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto o = aem::Model::open_memory(bytes).view().offsets;
  aem::test::poke(bytes, o.indices + 4, 9u);
  aem::test::poke(bytes, o.materials + 12, 5u);
  const auto path = write_bytes("broken.aem", bytes);
  const auto broken = aem_cli("validate --json " + shell_path(path));
  EXPECT_EQ(broken.exit_code, 1);
  const auto report = nlohmann::json::parse(broken.output);
  EXPECT_EQ(report["valid"], false);
  EXPECT_EQ(report["file"], shell_text(path));
  EXPECT_EQ(report["problem_count"], 2);
  ASSERT_EQ(report["problems"].size(), 2u);
  const auto& index = report["problems"][0]["code"] == "index_out_of_range" ? report["problems"][0] : report["problems"][1];
  EXPECT_EQ(index["code"], "index_out_of_range");
  EXPECT_EQ(index["section"], "indices");
  EXPECT_EQ(index["element"], 1);
  EXPECT_EQ(index["byte_offset"], o.indices + 4);

  const auto unreadable = aem_cli("validate --json " + shell_path(write_bytes("short.aem", std::vector<std::byte>(10, std::byte{'A'}))));
  EXPECT_EQ(unreadable.exit_code, 1);
  EXPECT_EQ(nlohmann::json::parse(unreadable.output)["problems"][0]["code"], "truncated");
}

TEST_F(CliTest, InfoPrintsADeepJointChainInLinearSpace) {
  // Each joint the child of the one before: the tree was printed recursively, indented by depth
  // (400,000 deep: 2.5 GB of spaces, then a crash). Now without recursion, indentation capped.
  constexpr std::uint32_t kDepth = 400000;
  auto content = aem::test::tiny_model();
  content.animations.clear();
  const aem::pipeline::JointDesc root = content.joints[0];
  content.joints.assign(kDepth, root);
  for (std::uint32_t j = 1; j < kDepth; ++j) content.joints[j].parent = std::int32_t(j - 1);
  const auto path = dir_ / "chain.aem";
  aem::pipeline::write_model_file(path, content);
  const auto listing = dir_ / "chain.txt";
  const auto info = run_command(shell_path(AEM_CLI_PATH) + " info " + shell_path(path) + " > " + shell_path(listing));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_LT(fs::file_size(listing), std::uintmax_t(kDepth) * 100);
  std::ifstream text(listing);
  std::string line, last_joint;
  while (std::getline(text, line))
    if (line.find("#399999 ") != std::string::npos) last_joint = line;
  EXPECT_NE(last_joint.find("(depth 399999)"), std::string::npos) << last_joint;
}

TEST_F(CliTest, ValidateReportsHeaderProblems) {
  const auto path = write_bytes("short.aem", std::vector<std::byte>(10, std::byte{'A'}));
  const auto result = aem_cli("validate " + shell_path(path));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("[truncated]"), std::string::npos) << result.output;
}

}  // namespace

namespace {

// A FIFO named as a model: both commands return at once (a blocking open would wait for a
// writer forever; `timeout` turns that into exit 124) with exit 1 and a message naming the
// file and what it is.
TEST_F(CliTest, InfoAndValidateRefuseAFifoWithoutBlocking) {
#if defined(_WIN32)
  GTEST_SKIP() << "Windows has no FIFOs in the file system (its named pipes and devices: "
                  "InfoAndValidateRefuseDevicesAndDirectories)";
#else
  const fs::path fifo = dir_ / "model.aem";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const char* command : {"info", "validate", "validate --strict", "info --json"}) {
    SCOPED_TRACE(command);
    const auto result = run_command("timeout 60 " + shell_path(AEM_CLI_PATH) + " " + command +
                                    " " + shell_path(fifo));
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find("model.aem"), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("FIFO"), std::string::npos) << result.output;
  }
#endif
}

// A directory, and on Windows the NUL device, named as a model: exit 1 naming what it is.
TEST_F(CliTest, InfoAndValidateRefuseDevicesAndDirectories) {
  for (const char* command : {"info", "validate --json"}) {
    SCOPED_TRACE(command);
    const auto directory = aem_cli(std::string(command) + " " + shell_path(dir_));
    EXPECT_EQ(directory.exit_code, 1) << directory.output;
    EXPECT_NE(directory.output.find("directory"), std::string::npos) << directory.output;
#if defined(_WIN32)
    const auto device = aem_cli(std::string(command) + " NUL");
    EXPECT_EQ(device.exit_code, 1) << device.output;
    EXPECT_NE(device.output.find("character device"), std::string::npos) << device.output;
#endif
  }
}

// A file name outside ASCII, given as UTF-8, reaches the file and comes back unchanged in the
// output (on Windows through the wide command line and a UTF-16 path).
TEST_F(CliTest, NonAsciiFileNamesOpen) {
  const fs::path path = dir_ / fs::path(u8"mod\u00e8le \u2713 \u65e5\u672c.aem");
  fs::copy_file(tiny_, path);
  const auto info = aem_cli("info " + shell_path(path));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find(shell_text(path)), std::string::npos) << info.output;
  const auto json = aem_cli("validate --json " + shell_path(path));
  ASSERT_EQ(json.exit_code, 0) << json.output;
  EXPECT_EQ(nlohmann::json::parse(json.output)["file"], shell_text(path));
}

// Commands that need the pipeline, asked of an aem built without it, say so.
TEST_F(CliTest, CommandsNotInThisBuildSaySo) {
#if defined(AEM_TEST_CLI_WITHOUT_PIPELINE)
  for (const char* command : {"bake", "compress-image", "cache", "export"}) {
    const auto result = aem_cli(std::string(command) + " in.gltf out.aem");
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find(std::string("not in this build: '") + command + "' needs the pipeline"),
              std::string::npos) << result.output;
  }
  EXPECT_NE(aem_cli("--help").output.find("Not in this build"), std::string::npos);
#else
  GTEST_SKIP() << "this aem is built with the pipeline: every command is in it";
#endif
}

// pack and unpack, asked of an aem built without libzstd (aem_packed), say so; a packed file
// given to info is refused with the runtime's message saying what to do.
TEST_F(CliTest, PackedCommandsNotInThisBuildSaySo) {
#if defined(AEM_TEST_CLI_WITHOUT_PACKED)
  for (const char* command : {"pack", "unpack"}) {
    const auto result = aem_cli(std::string(command) + " in.aem -o out.aemz");
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_NE(result.output.find(std::string("not in this build: '") + command + "' needs libzstd"), std::string::npos)
        << result.output;
  }
  std::vector<std::byte> packed(72, std::byte{0});
  std::memcpy(packed.data(), "AEMZ", 4);
  const auto info = aem_cli("info " + shell_path(write_bytes("m.aemz", packed)));
  EXPECT_EQ(info.exit_code, 1);
  EXPECT_NE(info.output.find("aem unpack"), std::string::npos) << info.output;
#else
  GTEST_SKIP() << "this aem is built with aem_packed: pack and unpack are in it (test/packed)";
#endif
}

}  // namespace
