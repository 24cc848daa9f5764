// FBX with a skinned animation, made inside the test with Assimp's own FBX exporter (no checked-in
// binaries): the COLLADA rig, and with the corpus, CesiumMan. What the source declares (vertices,
// bounds, joints, animation length) must arrive through the child process.
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "assimp_fbx_export.hpp"
#include "import/assimp/assimp_import.hpp"
#include "assimp_test_support.hpp"
#include "corpus.hpp"
#include "scratch_dir.hpp"

namespace {

using namespace aem::pipeline;

// The distinct vertices of a model as Assimp's own reader of its format joins them (glTF
// CesiumMan declares 3273, of which 661 repeat another exactly).
std::uint64_t joined_vertices(const std::filesystem::path& model) {
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(model.string(), aiProcess_Triangulate | aiProcess_JoinIdenticalVertices);
  std::uint64_t n = 0;
  for (unsigned m = 0; scene && m < scene->mNumMeshes; ++m) n += scene->mMeshes[m]->mNumVertices;
  return n;
}

std::vector<std::string> joint_names(const Scene& scene) {
  std::vector<std::string> names;
  for (const Skin& skin : scene.skins)
    for (std::int32_t j : skin.joints) names.push_back(scene.nodes.at(std::size_t(j)).name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

TEST(AssimpFbx, ExportedColladaRigKeepsItsSkeletonAndAnimation) {
  aem::test::ScratchDir dir("assimp_fbx_rig");
  aem::test::write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  aem::test::export_fbx(dir.path() / "rig.dae", dir.path() / "rig.fbx");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "rig.fbx", BakeOptions{}, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 6u);
  const auto bounds = aem::test::position_bounds(scene);  // in the mesh's own space, as declared
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(bounds.min[k], 0, 1e-5) << k;
    EXPECT_NEAR(bounds.max[k], (std::array<float, 3>{1, 2, 0})[k], 1e-5) << k;
  }
  EXPECT_EQ(joint_names(scene), (std::vector<std::string>{"Mid", "Root", "Tip"}));
  ASSERT_EQ(scene.animations.size(), 1u);
  EXPECT_NEAR(aem::test::animation_duration(scene, scene.animations[0]), 2.0f, 1e-3);
}

// Rewrites the value of one of an ASCII FBX's GlobalSettings properties ('P: "UpAxis", ..., 1').
void set_global_setting(std::string& fbx, const std::string& name, const std::string& value) {
  const std::size_t at = fbx.find("P: \"" + name + "\",");
  ASSERT_NE(at, std::string::npos) << name;
  const std::size_t end = fbx.find('\n', at);
  const std::size_t comma = fbx.rfind(',', end);
  fbx.replace(comma + 1, end - comma - 1, " " + value);
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

// FBX declares its axes and unit (centimetres at UnitScaleFactor 1); the root node brings them
// to glTF's +Y up and metres. Assimp's exporter always declares Y-up centimetres.
TEST(AssimpFbx, AxesAndUnitsBecomeTheRootsTransform) {
  aem::test::ScratchDir dir("assimp_fbx_axes");
  aem::test::write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  aem::test::export_fbx(dir.path() / "rig.dae", dir.path() / "rig.fbx");
  WarningLog log;
  const Scene cm = import_assimp(dir.path() / "rig.fbx", BakeOptions{}, log);
  ASSERT_EQ(cm.roots.size(), 1u);
  const Node& cm_root = cm.nodes.at(std::size_t(cm.roots[0]));
  for (double s : cm_root.scale) EXPECT_NEAR(s, 0.01, 1e-7);
  EXPECT_NEAR(std::fabs(cm_root.rotation[3]), 1, 1e-6);

  std::string z_up = read_text(dir.path() / "rig.fbx");
  set_global_setting(z_up, "UpAxis", "2");
  set_global_setting(z_up, "FrontAxis", "1");
  set_global_setting(z_up, "FrontAxisSign", "-1");
  set_global_setting(z_up, "UnitScaleFactor", "100");
  aem::test::write_text_file(dir.path() / "z_up.fbx", z_up);
  const Scene m = import_assimp(dir.path() / "z_up.fbx", BakeOptions{}, log);
  const Node& root = m.nodes.at(std::size_t(m.roots[0]));
  for (double s : root.scale) EXPECT_NEAR(s, 1, 1e-6);
  // -90 degrees about X: file +Z (up) becomes +Y, file -Y (front) becomes +Z.
  const double sign = root.rotation[3] < 0 ? -1 : 1;
  EXPECT_NEAR(root.rotation[0] * sign, -std::sqrt(0.5), 1e-6);
  EXPECT_NEAR(root.rotation[1] * sign, 0, 1e-6);
  EXPECT_NEAR(root.rotation[2] * sign, 0, 1e-6);
  EXPECT_NEAR(root.rotation[3] * sign, std::sqrt(0.5), 1e-6);
}

// The glTF JSON of a .glb.
nlohmann::json glb_json(const std::filesystem::path& glb) {
  std::ifstream in(glb, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
  std::uint32_t length = 0;
  std::memcpy(&length, bytes.data() + 12, 4);
  return nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + length);
}

TEST(AssimpFbx, CesiumManAsFbx) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto glb = corpus / "khronos" / "CesiumMan" / "glTF-Binary" / "CesiumMan.glb";
  const nlohmann::json gltf = glb_json(glb);
  const nlohmann::json& position = gltf["accessors"][gltf["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<int>()];
  double duration = 0;
  for (const auto& sampler : gltf["animations"][0]["samplers"])
    duration = std::max(duration, gltf["accessors"][sampler["input"].get<int>()]["max"][0].get<double>());

  aem::test::ScratchDir dir("assimp_fbx_cesium");
  aem::test::export_fbx(glb, dir.path() / "CesiumMan.fbx");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "CesiumMan.fbx", BakeOptions{}, log);
  EXPECT_EQ(position["count"].get<std::uint64_t>(), 3273u);
  EXPECT_EQ(aem::test::vertex_count(scene), joined_vertices(glb));
  const auto bounds = aem::test::position_bounds(scene);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(bounds.min[std::size_t(k)], position["min"][k].get<double>(), 1e-4) << k;
    EXPECT_NEAR(bounds.max[std::size_t(k)], position["max"][k].get<double>(), 1e-4) << k;
  }
  EXPECT_EQ(joint_names(scene).size(), gltf["skins"][0]["joints"].size());
  ASSERT_EQ(scene.animations.size(), gltf["animations"].size());
  EXPECT_NEAR(aem::test::animation_duration(scene, scene.animations[0]), duration, 1e-3);
  // The embedded texture travels as bytes, its size read by the parent.
  ASSERT_FALSE(scene.images.empty());
  EXPECT_EQ(scene.images[0].problem, "");
  EXPECT_GT(scene.images[0].width, 0u);
}

}  // namespace
