// Models in Assimp's formats, written by the tests, through import_assimp (the child process):
// what each file declares (vertices, bounds, joints, animation length, materials) arrives in the
// scene under the scene description's conventions, and what cannot be carried over is said.
#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <string>

#include <gtest/gtest.h>
#include <stb_image_write.h>  // declarations only; libstb.so implements them

#include "address_sanitizer.hpp"
#include "aem/pipeline/batch_bake.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "import/assimp/assimp_import.hpp"
#include "assimp_test_support.hpp"
#include "scratch_dir.hpp"
#include "watchdog.hpp"

namespace {

using namespace aem::pipeline;
using aem::test::ScratchDir;
using aem::test::write_text_file;

bool has_warning(const std::vector<DeferredWarning>& warnings, const std::string& kind, const std::string& part) {
  for (const auto& w : warnings)
    if (w.kind == kind && w.detail.find(part) != std::string::npos) return true;
  return false;
}

bool any_message_contains(const WarningLog& log, const std::string& part) {
  for (const auto& m : log.messages())
    if (m.find(part) != std::string::npos) return true;
  return false;
}

void write_png(const std::filesystem::path& path, int w, int h) {
  std::vector<unsigned char> pixels(std::size_t(w * h * 4), 200);
  ASSERT_TRUE(stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4));
}

const char* kQuadObj =
    "mtllib quad.mtl\n"
    "o Quad\n"
    "v 0 0 0\nv 2 0 0\nv 2 1 0\nv 0 1 0\n"
    "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
    "vn 0 0 1\n"
    "usemtl Painted\n"
    "f 1/1/1 2/2/1 3/3/1 4/4/1\n";

TEST(AssimpImport, ObjWithMaterialLibraryAndTexture) {
  ScratchDir dir("assimp_obj");
  write_text_file(dir.path() / "quad.obj", kQuadObj);
  write_text_file(dir.path() / "quad.mtl", "newmtl Painted\nKd 1 0.5 0\nKs 0.5 0.5 0.5\nNs 98\nmap_Kd paint.png\n");
  write_png(dir.path() / "paint.png", 8, 4);
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);

  EXPECT_EQ(scene.model, dir.path() / "quad.obj");
  EXPECT_EQ(aem::test::vertex_count(scene), 4u);
  const auto b = aem::test::position_bounds(scene);
  EXPECT_EQ(b.min, (std::array<float, 3>{0, 0, 0}));
  EXPECT_EQ(b.max, (std::array<float, 3>{2, 1, 0}));
  ASSERT_EQ(scene.meshes.size(), 1u);
  const Primitive& p = scene.meshes[0].primitives.at(0);
  EXPECT_EQ(p.mode, PrimitiveMode::triangles);
  EXPECT_EQ(scene.streams.at(std::size_t(p.indices)).count, 6u);  // the quad, triangulated
  // V flipped to glTF's top-left origin: the vertex at (0,0,0) had vt (0, 0).
  const auto positions = aem::test::stream_floats(scene, aem::test::attribute_stream(p, Semantic::position));
  const auto uvs = aem::test::stream_floats(scene, aem::test::attribute_stream(p, Semantic::texcoord));
  for (std::size_t v = 0; v < 4; ++v) {
    EXPECT_EQ(uvs[v * 2], positions[v * 3] / 2) << v;
    EXPECT_EQ(uvs[v * 2 + 1], 1 - positions[v * 3 + 1]) << v;
  }
  // Phong converted by the documented rule, and said so.
  ASSERT_TRUE(p.material >= 0);
  const Material& m = scene.materials.at(std::size_t(p.material));
  EXPECT_EQ(m.name, "Painted");
  EXPECT_NEAR(m.base_color_factor[0], 1, 1e-6);
  EXPECT_NEAR(m.base_color_factor[1], 0.5, 1e-6);
  EXPECT_EQ(m.metallic_factor, 0);
  EXPECT_NEAR(m.roughness_factor, std::sqrt(2.0 / 100.0), 1e-6);
  EXPECT_TRUE(has_warning(m.deferred.warnings, "material conversion", "shininess 98 -> roughness"));
  EXPECT_TRUE(has_warning(m.deferred.warnings, "material properties", "specular colour"));
  // The texture: read by the parent, its size from its header.
  ASSERT_GE(m.base_color.texture, 0);
  const Image& image = scene.images.at(std::size_t(scene.textures.at(std::size_t(m.base_color.texture)).image));
  EXPECT_EQ(image.problem, "");
  EXPECT_EQ(image.width, 8u);
  EXPECT_EQ(image.height, 4u);
  EXPECT_TRUE(image.file.empty());
  ASSERT_GE(image.bytes.buffer, 0);
  const auto& input = scene.inputs;
  EXPECT_EQ(input.front(), dir.path() / "quad.obj");
  auto listed = [&](const char* name) {
    return std::any_of(input.begin(), input.end(), [&](const auto& f) { return f.filename() == name; });
  };
  EXPECT_TRUE(listed("quad.mtl"));
  EXPECT_TRUE(listed("paint.png"));
}

TEST(AssimpImport, PbrMaterialKeysAreTakenAsTheyAre) {
  ScratchDir dir("assimp_obj_pbr");
  write_text_file(dir.path() / "quad.obj", kQuadObj);
  // OBJ's PBR extension: Pr/Pm factors; one image for both is read as glTF packs it.
  write_text_file(dir.path() / "quad.mtl", "newmtl Painted\nKd 0.2 0.4 0.6\nPr 0.3\nPm 0.8\nmap_Pr orm.png\nmap_Pm orm.png\n");
  write_png(dir.path() / "orm.png", 2, 2);
  WarningLog log;
  Scene scene = import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);
  const Material& m = scene.materials.at(std::size_t(scene.meshes.at(0).primitives.at(0).material));
  EXPECT_NEAR(m.metallic_factor, 0.8, 1e-6);
  EXPECT_NEAR(m.roughness_factor, 0.3, 1e-6);
  EXPECT_NEAR(m.base_color_factor[2], 0.6, 1e-6);
  EXPECT_GE(m.metallic_roughness.texture, 0);
  EXPECT_FALSE(has_warning(m.deferred.warnings, "material conversion", "Phong"));
  EXPECT_TRUE(has_warning(m.deferred.warnings, "material conversion", "read as glTF packs it"));

  // Separate roughness and metalness images cannot become one: both are named as dropped.
  write_text_file(dir.path() / "quad.mtl", "newmtl Painted\nPr 0.3\nPm 0.8\nmap_Pr rough.png\nmap_Pm metal.png\n");
  scene = import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);
  const Material& split = scene.materials.at(std::size_t(scene.meshes.at(0).primitives.at(0).material));
  EXPECT_EQ(split.metallic_roughness.texture, kNone);
  EXPECT_TRUE(has_warning(split.deferred.warnings, "material properties", "roughness texture rough.png"));
  EXPECT_TRUE(has_warning(split.deferred.warnings, "material properties", "metalness texture metal.png"));
}

TEST(AssimpImport, MissingMaterialLibraryIsAnErrorNamingItOrAWarningWithAllowMissing) {
  ScratchDir dir("assimp_obj_missing_mtl");
  write_text_file(dir.path() / "quad.obj", kQuadObj);
  WarningLog log;
  try {
    import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);
    FAIL() << "a missing material library was accepted";
  } catch (const BakeError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find((dir.path() / "quad.obj").string()), std::string::npos) << message;
    EXPECT_NE(message.find("quad.mtl"), std::string::npos) << message;
    EXPECT_NE(message.find("not found"), std::string::npos) << message;
  }
  BakeOptions allow;
  allow.allow_missing = true;
  const Scene scene = import_assimp(dir.path() / "quad.obj", allow, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 4u);
  EXPECT_TRUE(any_message_contains(log, "quad.mtl")) << (log.messages().empty() ? "" : log.messages().front());
  EXPECT_TRUE(std::any_of(scene.inputs.begin(), scene.inputs.end(), [](const auto& f) { return f.filename() == "quad.mtl"; }));
}

TEST(AssimpImport, FilesOutsideTheModelsDirectoryAreNotRead) {
  ScratchDir dir("assimp_confined");
  std::filesystem::create_directories(dir.path() / "model");
  write_text_file(dir.path() / "outside.mtl", "newmtl Painted\nKd 1 0 0\nmap_Kd ../secret.png\n");
  write_png(dir.path() / "secret.png", 2, 2);
  std::string obj = kQuadObj;
  obj.replace(obj.find("quad.mtl"), 8, "../outside.mtl");
  write_text_file(dir.path() / "model" / "quad.obj", obj);
  WarningLog log;
  try {
    import_assimp(dir.path() / "model" / "quad.obj", BakeOptions{}, log);
    FAIL() << "a material library outside the model's directory was read";
  } catch (const BakeError& e) {
    EXPECT_NE(std::string(e.what()).find("outside.mtl"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("outside the model's directory"), std::string::npos) << e.what();
  }
  // Allowed, the library is read; its texture path leads out of the model's directory, so the
  // parent refuses it (the image has a problem and no bytes).
  write_text_file(dir.path() / "model" / "quad.obj", std::string(kQuadObj));
  write_text_file(dir.path() / "model" / "quad.mtl", "newmtl Painted\nKd 1 0 0\nmap_Kd ../secret.png\n");
  const Scene scene = import_assimp(dir.path() / "model" / "quad.obj", BakeOptions{}, log);
  ASSERT_EQ(scene.images.size(), 1u);
  EXPECT_NE(scene.images[0].problem.find("leaves the model's directory"), std::string::npos) << scene.images[0].problem;
  EXPECT_EQ(scene.images[0].bytes.buffer, kNone);
}

TEST(AssimpImport, AMaterialLibraryThatIsAFifoIsRefusedWithoutBlocking) {
  ScratchDir dir("assimp_fifo");
  write_text_file(dir.path() / "quad.obj", kQuadObj);
  ASSERT_EQ(::mkfifo((dir.path() / "quad.mtl").c_str(), 0600), 0);
  aem::test::Watchdog watchdog("import with a FIFO material library", std::chrono::seconds(120));
  WarningLog log;
  try {
    import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);
    FAIL() << "a FIFO material library was accepted";
  } catch (const BakeError& e) {
    EXPECT_NE(std::string(e.what()).find("quad.mtl (a file the model names) is not a regular file"), std::string::npos)
        << e.what();
  }
}

TEST(AssimpImport, MissingAndMisplacedTextures) {
  ScratchDir dir("assimp_textures");
  write_text_file(dir.path() / "quad.obj", kQuadObj);
  // A missing file, and an absolute path from the modelling tool's disk whose file name lies
  // beside the model.
  write_text_file(dir.path() / "quad.mtl",
                  "newmtl Painted\nmap_Kd missing.png\nnorm C:\\Users\\artist\\normal.png\n");
  write_png(dir.path() / "normal.png", 4, 4);
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "quad.obj", BakeOptions{}, log);
  const Material& m = scene.materials.at(std::size_t(scene.meshes.at(0).primitives.at(0).material));
  const Image& base = scene.images.at(std::size_t(scene.textures.at(std::size_t(m.base_color.texture)).image));
  EXPECT_EQ(base.problem, "file " + (dir.path() / "missing.png").string() + " not found");
  const Image& normal = scene.images.at(std::size_t(scene.textures.at(std::size_t(m.normal.texture)).image));
  EXPECT_EQ(normal.problem, "");
  EXPECT_EQ(normal.width, 4u);
  EXPECT_TRUE(any_message_contains(log, "normal.png beside the model is used"));
  auto listed = [&](const char* name) {
    return std::any_of(scene.inputs.begin(), scene.inputs.end(), [&](const auto& f) { return f.filename() == name; });
  };
  EXPECT_TRUE(listed("missing.png"));  // its arrival must count as a change
  EXPECT_TRUE(listed("normal.png"));
}

TEST(AssimpImport, Latin1NamesBecomeUtf8) {
  ScratchDir dir("assimp_latin1");
  write_text_file(dir.path() / "cafe.obj", "o Caf\xe9\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "cafe.obj", BakeOptions{}, log);
  EXPECT_NE(aem::test::node_named(scene, "Caf\xc3\xa9"), kNone);
}

TEST(AssimpImport, Ply) {
  ScratchDir dir("assimp_ply");
  write_text_file(dir.path() / "tri.ply",
                  "ply\nformat ascii 1.0\nelement vertex 5\nproperty float x\nproperty float y\nproperty float z\n"
                  "element face 2\nproperty list uchar int vertex_indices\nend_header\n"
                  "0 0 0\n1 0 0\n1 1 0\n-1 -2 -3\n4 5 6\n3 0 1 2\n3 2 3 4\n");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "tri.ply", BakeOptions{}, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 5u);
  const auto b = aem::test::position_bounds(scene);
  EXPECT_EQ(b.min, (std::array<float, 3>{-1, -2, -3}));
  EXPECT_EQ(b.max, (std::array<float, 3>{4, 5, 6}));
}

TEST(AssimpImport, Stl) {
  ScratchDir dir("assimp_stl");
  // A tetrahedron: 4 facets, each with its own normal, so 12 vertices after joining.
  write_text_file(dir.path() / "tet.stl",
                  "solid tet\n"
                  "facet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 1 0 0\nendloop\nendfacet\n"
                  "facet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 0 1\nendloop\nendfacet\n"
                  "facet normal -1 0 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\n"
                  "facet normal 0.577 0.577 0.577\nouter loop\nvertex 1 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\n"
                  "endsolid tet\n");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "tet.stl", BakeOptions{}, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 12u);
  const auto b = aem::test::position_bounds(scene);
  EXPECT_EQ(b.min, (std::array<float, 3>{0, 0, 0}));
  EXPECT_EQ(b.max, (std::array<float, 3>{1, 1, 1}));
}

TEST(AssimpImport, DirectXIsMadeRightHanded) {
  ScratchDir dir("assimp_x");
  // DirectX .x is left-handed: Assimp's reader mirrors Z (and the winding) into glTF's space.
  write_text_file(dir.path() / "tri.x",
                  "xof 0302txt 0032\nMesh tri {\n 3;\n 0.0;0.0;1.0;,\n 2.0;0.0;1.0;,\n 0.0;3.0;1.0;;\n 1;\n 3;0,1,2;;\n}\n");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "tri.x", BakeOptions{}, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 3u);
  const auto b = aem::test::position_bounds(scene);
  EXPECT_EQ(b.min, (std::array<float, 3>{0, 0, -1}));
  EXPECT_EQ(b.max, (std::array<float, 3>{2, 3, -1}));
}

TEST(AssimpImport, ColladaRigKeepsTheBoneThatSkinsNoVertexAndTheAnimation) {
  ScratchDir dir("assimp_dae");
  write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "rig.dae", BakeOptions{}, log);
  EXPECT_EQ(aem::test::vertex_count(scene), 6u);
  const auto b = aem::test::position_bounds(scene);
  EXPECT_NEAR(b.min[0], 0, 1e-6);
  EXPECT_NEAR(b.max[0], 1, 1e-6);
  EXPECT_NEAR(b.max[1], 2, 1e-6);
  ASSERT_EQ(scene.skins.size(), 1u);
  const Skin& skin = scene.skins[0];
  std::vector<std::string> names;
  for (std::int32_t j : skin.joints) names.push_back(scene.nodes.at(std::size_t(j)).name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"Mid", "Root", "Tip"}));
  // Inverse bind matrices: Mid's is a translation by -1 in Y (column-major: m[13]).
  const auto ibm = aem::test::stream_floats(scene, skin.inverse_bind);
  ASSERT_EQ(ibm.size(), skin.joints.size() * 16);
  for (std::size_t k = 0; k < skin.joints.size(); ++k) {
    const std::string& name = scene.nodes.at(std::size_t(skin.joints[k])).name;
    const float expected = name == "Root" ? 0.0f : name == "Mid" ? -1.0f : -2.0f;
    EXPECT_NEAR(ibm[k * 16 + 13], expected, 1e-5) << name;
  }
  // Weights: every vertex weighs 1 in total; the middle ones half on Root, half on Mid.
  const Primitive& p = scene.meshes.at(0).primitives.at(0);
  const auto weights = aem::test::stream_floats(scene, aem::test::attribute_stream(p, Semantic::weights));
  ASSERT_EQ(weights.size(), 6u * 4);
  for (std::size_t v = 0; v < 6; ++v)
    EXPECT_NEAR(weights[v * 4] + weights[v * 4 + 1] + weights[v * 4 + 2] + weights[v * 4 + 3], 1, 1e-6) << v;
  ASSERT_EQ(scene.animations.size(), 1u);
  EXPECT_NEAR(aem::test::animation_duration(scene, scene.animations[0]), 2.0f, 1e-5);
  const std::int32_t mid = aem::test::node_named(scene, "Mid");
  bool rotates_mid = false;
  for (const Channel& c : scene.animations[0].channels) rotates_mid |= c.node == mid && c.path == TargetPath::rotation;
  EXPECT_TRUE(rotates_mid);
  // The key at 2 s turns Mid by 90 degrees about Z: (0, 0, sin 45, cos 45) in x, y, z, w order.
  for (const Channel& c : scene.animations[0].channels) {
    if (c.node != mid || c.path != TargetPath::rotation) continue;
    const auto q = aem::test::stream_floats(scene, scene.animations[0].samplers.at(std::size_t(c.sampler)).output);
    ASSERT_EQ(q.size(), 12u);
    const float sign = q[11] < 0 ? -1.0f : 1.0f;
    EXPECT_NEAR(q[10] * sign, std::sqrt(0.5f), 1e-4);
    EXPECT_NEAR(q[11] * sign, std::sqrt(0.5f), 1e-4);
  }
}

TEST(AssimpImport, CorruptFbxIsAnErrorNamingTheFile) {
  ScratchDir dir("assimp_bad_fbx");
  std::string bytes("Kaydara FBX Binary  \0\x1a\0", 23);
  const std::uint32_t version = 7400;
  bytes.append(reinterpret_cast<const char*>(&version), 4);
  for (int i = 0; i < 4000; ++i) bytes += char((i * 7919 + 13) % 251);
  write_text_file(dir.path() / "broken.fbx", bytes);
  WarningLog log;
  try {
    import_assimp(dir.path() / "broken.fbx", BakeOptions{}, log);
    FAIL() << "a corrupt FBX was accepted";
  } catch (const BakeError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind((dir.path() / "broken.fbx").string() + ": Assimp import failed: ", 0), 0u) << message;
  }
}

// The child skips its address-space limit under AddressSanitizer, and the sanitizer builds build
// the child with it too.
TEST(AssimpImport, TheChildsMemoryIsLimited) {
  if (aem::test::kAddressSanitizer) GTEST_SKIP() << "the child has no address-space limit under AddressSanitizer";
  ScratchDir dir("assimp_memory");
  write_text_file(dir.path() / "rig.dae", aem::test::collada_rig());
  AssimpChildSettings settings;
  settings.max_memory_mb = 1;  // less than Assimp needs to start its import
  WarningLog log;
  try {
    import_assimp(dir.path() / "rig.dae", BakeOptions{}, log, settings);
    FAIL() << "imported within 1 MB of address space";
  } catch (const BakeError& e) {
    EXPECT_EQ(std::string(e.what()).rfind((dir.path() / "rig.dae").string() + ": Assimp import failed: ", 0), 0u) << e.what();
  }
}

TEST(AssimpImport, AssimpPathsAreTheOtherFormatsNotGltf) {
  EXPECT_TRUE(is_assimp_path("a/b/Model.FBX"));
  EXPECT_TRUE(is_assimp_path("m.obj"));
  EXPECT_TRUE(is_assimp_path("m.dae"));
  EXPECT_TRUE(is_assimp_path("m.blend"));
  EXPECT_FALSE(is_assimp_path("m.gltf"));
  EXPECT_FALSE(is_assimp_path("m.GLB"));
  EXPECT_FALSE(is_assimp_path("m.aem"));
  EXPECT_FALSE(is_assimp_path("obj"));
}

}  // namespace
