// Models in Assimp's formats baked end to end (bake_model: the child process, then bake_scene):
// the AEM file opens with full validation and holds what the source declares (vertices, bounds,
// triangles, joints, animation length, textures), and a bad file fails the bake, not the baker.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>
#include <stb_image_write.h>  // declarations only; libstb.so implements them

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "assimp_fbx_export.hpp"
#include "assimp_test_support.hpp"
#include "corpus.hpp"
#include "run_command.hpp"
#include "scratch_dir.hpp"

namespace {

using namespace aem::pipeline;
using aem::test::ScratchDir;
using aem::test::write_text_file;

struct Baked {
  std::vector<std::byte> bytes;
  aem::Model model;
  BakeReport report;
};

Baked bake(const std::filesystem::path& path, BakeOptions options = {}) {
  options.textures = TextureEncoding::rgba;
  options.max_texture_size = 64;
  BakeResult result = bake_model(path, options);
  std::vector<std::byte> bytes = serialize_model(result.content);
  aem::Model model = aem::Model::open_memory(bytes);  // full validation
  return {std::move(bytes), std::move(model), std::move(result.report)};
}

std::array<float, 6> vertex_bounds(const aem::Model& model) {
  std::array<float, 6> b{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                         std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                         -std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
  for (const aem::Vertex& v : model.vertices())
    for (int k = 0; k < 3; ++k) {
      b[std::size_t(k)] = std::min(b[std::size_t(k)], v.position[k]);
      b[std::size_t(k) + 3] = std::max(b[std::size_t(k) + 3], v.position[k]);
    }
  return b;
}

bool any_warning_contains(const BakeReport& report, const std::string& part) {
  return std::any_of(report.warnings.begin(), report.warnings.end(),
                     [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

void write_grey_png(const std::filesystem::path& path, int w, int h) {
  std::vector<unsigned char> pixels(std::size_t(w * h * 4), 90);
  ASSERT_TRUE(stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4));
}

// A unit cube as an OBJ with a Phong material and a diffuse texture: 24 distinct vertices (4 per
// face, each face its own normal), 12 triangles, bounds [-1, 1]^3.
std::string cube_obj() {
  std::string obj = "mtllib cube.mtl\no Cube\n";
  const char* corners[] = {"-1 -1 -1", "1 -1 -1", "1 1 -1", "-1 1 -1", "-1 -1 1", "1 -1 1", "1 1 1", "-1 1 1"};
  for (const char* c : corners) obj += std::string("v ") + c + "\n";
  obj += "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
  obj += "vn 0 0 -1\nvn 0 0 1\nvn 0 -1 0\nvn 0 1 0\nvn -1 0 0\nvn 1 0 0\n";
  obj += "usemtl Crate\n";
  const int faces[6][4] = {{1, 4, 3, 2}, {5, 6, 7, 8}, {1, 2, 6, 5}, {4, 8, 7, 3}, {1, 5, 8, 4}, {2, 3, 7, 6}};
  for (int f = 0; f < 6; ++f) {
    obj += "f";
    for (int k = 0; k < 4; ++k)
      obj += " " + std::to_string(faces[f][k]) + "/" + std::to_string(k + 1) + "/" + std::to_string(f + 1);
    obj += "\n";
  }
  return obj;
}

TEST(AssimpBake, ObjWithMaterialLibraryBakesTheCubeAndItsTexture) {
  ScratchDir dir("assimp_bake_obj");
  write_text_file(dir.path() / "cube.obj", cube_obj());
  write_text_file(dir.path() / "cube.mtl", "newmtl Crate\nKd 0.8 0.6 0.4\nNs 30\nmap_Kd crate.png\n");
  write_grey_png(dir.path() / "crate.png", 16, 16);
  const Baked baked = bake(dir.path() / "cube.obj");
  EXPECT_EQ(baked.model.vertices().size(), 24u);
  EXPECT_EQ(baked.model.indices().size(), 36u);
  EXPECT_EQ(vertex_bounds(baked.model), (std::array<float, 6>{-1, -1, -1, 1, 1, 1}));
  ASSERT_EQ(baked.model.materials().size(), 1u);
  EXPECT_EQ(baked.report.textures, 3u);  // base colour, normal, PBR
  // Phong became metallic-roughness, and the bake says so, naming the model and material.
  EXPECT_TRUE(any_warning_contains(baked.report, "cube.obj")) << ::testing::PrintToString(baked.report.warnings);
  EXPECT_TRUE(any_warning_contains(baked.report, "Crate")) << ::testing::PrintToString(baked.report.warnings);
  // The .mtl and the texture are inputs (stamps and caches follow them).
  auto listed = [&](const char* name) {
    return std::any_of(baked.report.inputs.begin(), baked.report.inputs.end(),
                       [&](const auto& f) { return f.filename() == name; });
  };
  EXPECT_TRUE(listed("cube.mtl"));
  EXPECT_TRUE(listed("crate.png"));
}

TEST(AssimpBake, PlyAndStlBakeTheirTriangles) {
  ScratchDir dir("assimp_bake_ply_stl");
  write_text_file(dir.path() / "tri.ply",
                  "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\n"
                  "element face 2\nproperty list uchar int vertex_indices\nend_header\n"
                  "0 0 0\n3 0 0\n3 2 0\n0 2 0\n3 0 1 2\n3 0 2 3\n");
  const Baked ply = bake(dir.path() / "tri.ply");
  // Assimp gives a PLY's default material TWOSIDED, so each triangle gets its back face too.
  EXPECT_EQ(ply.model.indices().size() / 3 - ply.report.back_face_triangles, 2u);
  EXPECT_EQ(vertex_bounds(ply.model), (std::array<float, 6>{0, 0, 0, 3, 2, 0}));

  write_text_file(dir.path() / "wedge.stl",
                  "solid wedge\n"
                  "facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n"
                  "facet normal 0 0 1\nouter loop\nvertex 1 0 0\nvertex 1 1 0\nvertex 0 1 0\nendloop\nendfacet\n"
                  "facet normal 1 0 0\nouter loop\nvertex 1 0 0\nvertex 1 0 -2\nvertex 1 1 0\nendloop\nendfacet\n"
                  "endsolid wedge\n");
  const Baked stl = bake(dir.path() / "wedge.stl");
  EXPECT_EQ(stl.model.indices().size() / 3 - stl.report.back_face_triangles, 3u);
  EXPECT_EQ(vertex_bounds(stl.model), (std::array<float, 6>{0, 0, -2, 1, 1, 0}));
}

TEST(AssimpBake, ColladaRigKeepsItsThreeJointsAndTwoSecondAnimation) {
  ScratchDir dir("assimp_bake_dae");
  write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  const Baked baked = bake(dir.path() / "rig.dae");
  // Root, Mid and Tip (Tip skins no vertex but is part of the skeleton), plus any node above them.
  std::vector<std::string> names;
  for (const aem::Joint& j : baked.model.joints()) names.emplace_back(j.name);
  for (const char* bone : {"Root", "Mid", "Tip"})
    EXPECT_NE(std::find(names.begin(), names.end(), bone), names.end()) << bone;
  ASSERT_EQ(baked.model.animations().size(), 1u);
  EXPECT_NEAR(baked.model.animations()[0].duration, 2.0f, 1e-4);
  EXPECT_EQ(baked.model.vertices().size(), 6u);
  const auto b = vertex_bounds(baked.model);
  EXPECT_NEAR(b[0], 0, 1e-5);
  EXPECT_NEAR(b[3], 1, 1e-5);
  EXPECT_NEAR(b[4], 2, 1e-5);
}

TEST(AssimpBake, CesiumManThroughFbxMatchesTheGltfBake) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto glb = corpus / "khronos" / "CesiumMan" / "glTF-Binary" / "CesiumMan.glb";
  ScratchDir dir("assimp_bake_fbx");
  aem::test::export_fbx(glb, dir.path() / "CesiumMan.fbx");
  const Baked from_fbx = bake(dir.path() / "CesiumMan.fbx");
  const Baked from_gltf = bake(glb);
  EXPECT_EQ(from_fbx.model.indices().size(), from_gltf.model.indices().size());
  EXPECT_EQ(from_fbx.model.joints().size(), from_gltf.model.joints().size());
  ASSERT_EQ(from_fbx.model.animations().size(), from_gltf.model.animations().size());
  EXPECT_NEAR(from_fbx.model.animations()[0].duration, from_gltf.model.animations()[0].duration, 1e-3);
  const auto a = vertex_bounds(from_fbx.model), b = vertex_bounds(from_gltf.model);
  for (std::size_t k = 0; k < 6; ++k) EXPECT_NEAR(a[k], b[k], 1e-3) << k;
}

TEST(AssimpBake, CorruptFbxAndMissingMaterialLibraryFailWhileTheBatchBakesTheRest) {
#if !defined(AEM_CLI_PATH)
  GTEST_SKIP() << "the aem CLI is not part of this build";
#else
  ScratchDir dir("assimp_bake_batch");
  const auto in = dir.path() / "in";
  std::filesystem::create_directories(in);
  write_text_file(in / "cube.obj", cube_obj());
  write_text_file(in / "cube.mtl", "newmtl Crate\nKd 0.8 0.6 0.4\n");
  std::string fbx("Kaydara FBX Binary  \0\x1a\0", 23);
  const std::uint32_t version = 7400;
  fbx.append(reinterpret_cast<const char*>(&version), 4);
  for (int i = 0; i < 3000; ++i) fbx += char((i * 7919 + 11) % 251);
  write_text_file(in / "broken.fbx", fbx);
  std::string orphan = cube_obj();
  orphan.replace(orphan.find("cube.mtl"), 8, "gone.mtl");
  write_text_file(in / "orphan.obj", orphan);
  write_text_file(in / "rig.dae", aem::test::collada_rig());

  const auto out = dir.path() / "out";
  const auto r = aem::test::run_command(aem::test::shell_path(AEM_CLI_PATH) + " bake " + aem::test::shell_path(in) +
                                        " -o " + aem::test::shell_path(out) + " --textures rgba");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("broken.fbx: Assimp import failed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("gone.mtl"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::is_regular_file(out / "cube.aem")) << r.output;
  EXPECT_TRUE(std::filesystem::is_regular_file(out / "rig.aem")) << r.output;
  EXPECT_FALSE(std::filesystem::exists(out / "broken.aem"));
  EXPECT_FALSE(std::filesystem::exists(out / "orphan.aem"));

  // A single file: exit 1, the message, and no output.
  const auto single = aem::test::run_command(aem::test::shell_path(AEM_CLI_PATH) + " bake " +
                                             aem::test::shell_path(in / "broken.fbx") + " -o " +
                                             aem::test::shell_path(dir.path() / "one.aem"));
  EXPECT_EQ(single.exit_code, 1) << single.output;
  EXPECT_NE(single.output.find("Assimp import failed"), std::string::npos) << single.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "one.aem"));
#endif
}

TEST(AssimpBake, AGltfAndAnFbxOfOneNameInOneDirectoryAreRefusedTogether) {
#if !defined(AEM_CLI_PATH)
  GTEST_SKIP() << "the aem CLI is not part of this build";
#else
  ScratchDir dir("assimp_bake_clash");
  const auto in = dir.path() / "in";
  std::filesystem::create_directories(in);
  write_text_file(in / "hero.dae", aem::test::collada_rig());
  write_text_file(in / "hero.obj", cube_obj());
  const auto r = aem::test::run_command(aem::test::shell_path(AEM_CLI_PATH) + " bake " + aem::test::shell_path(in) +
                                        " -o " + aem::test::shell_path(dir.path() / "out"));
  EXPECT_NE(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("would both be baked to"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out" / "hero.aem"));
#endif
}

TEST(AssimpBake, InfoOnAnFbxNamesTheBakeCommand) {
#if !defined(AEM_CLI_PATH)
  GTEST_SKIP() << "the aem CLI is not part of this build";
#else
  ScratchDir dir("assimp_info");
  write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  const auto r = aem::test::run_command(aem::test::shell_path(AEM_CLI_PATH) + " info " +
                                        aem::test::shell_path(dir.path() / "rig.dae"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("DAE (through Assimp)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("aem bake"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "rig.aem"));
#endif
}

}  // namespace
