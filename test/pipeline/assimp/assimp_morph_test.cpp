// Morph targets through Assimp (specs/assimp-import.md, "Morph targets"): AnimatedMorphCube read by
// Assimp (in process, so its weights animation comes too) and as an FBX written by Assimp's
// exporter bakes the targets tinygltf bakes; a hand-written COLLADA morph controller keeps its
// names and default weights.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include "aem/animation_sampler.hpp"
#include "aem/model.hpp"
#include "aem/morph.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "assimp_fbx_export.hpp"
#include "assimp_test_support.hpp"
#include "corpus.hpp"
#include "import/assimp/assimp_import.hpp"
#include "import/assimp/child/assimp_conversion.hpp"
#include "scratch_dir.hpp"

namespace {

using namespace aem::pipeline;

struct MorphBake {
  std::vector<std::byte> bytes;
  aem::Model model;
  BakeReport report;
};

BakeOptions morph_bake_options() {
  BakeOptions options;
  options.textures = TextureEncoding::rgba;
  options.max_texture_size = 64;
  return options;
}

MorphBake opened_bake(BakeResult result) {
  std::vector<std::byte> bytes = serialize_model(result.content);
  aem::Model model = aem::Model::open_memory(bytes);  // full validation, the payload checked
  return {std::move(bytes), std::move(model), std::move(result.report)};
}

// `model` read by Assimp in this process and converted as the child converts it.
MorphBake bake_read_by_assimp(const std::filesystem::path& model) {
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(model.string(), assimp_import_flags());
  if (!scene) throw std::runtime_error(importer.GetErrorString());
  return opened_bake(bake_scene(scene_from_assimp(*scene, model).scene, morph_bake_options()));
}

// The positions (times `scale`) and normals of the model's vertices with one target at weight 1
// (`target` past the last: none).
std::vector<std::array<float, 6>> morphed_points(const aem::Model& model, std::size_t target, float scale) {
  const auto view = aem::morph_targets_of(model);
  std::vector<float> weights(view ? view->targets.size() : 0, 0.0f);
  if (target < weights.size()) weights[target] = 1;
  std::vector<aem::Vertex> out(model.vertices().size());
  if (view) aem::apply_morph_targets(*view, model.vertices(), weights, out);
  else std::copy(model.vertices().begin(), model.vertices().end(), out.begin());
  std::vector<std::array<float, 6>> points;
  for (const aem::Vertex& v : out)
    points.push_back({v.position[0] * scale, v.position[1] * scale, v.position[2] * scale, v.normal[0], v.normal[1],
                      v.normal[2]});
  return points;
}

// Every point of `a` has one in `b` within `tolerance` in each of the first `components`.
bool all_near_one_of(const std::vector<std::array<float, 6>>& a, const std::vector<std::array<float, 6>>& b, std::size_t components,
             float tolerance) {
  return std::all_of(a.begin(), a.end(), [&](const auto& p) {
    return std::any_of(b.begin(), b.end(), [&](const auto& q) {
      for (std::size_t k = 0; k < components; ++k)
        if (!(std::fabs(p[k] - q[k]) <= tolerance)) return false;
      return true;
    });
  });
}

// Each target of `a` (positions times `scale_a`) moves the vertices where the same target of `b`
// does, within `tolerance`; the first `components` of position and normal are compared.
void expect_same_morphed_shapes(const aem::Model& a, const aem::Model& b, std::size_t components, float tolerance,
                                float scale_a = 1) {
  const auto va = aem::morph_targets_of(a), vb = aem::morph_targets_of(b);
  ASSERT_TRUE(va && vb);
  ASSERT_EQ(va->targets.size(), vb->targets.size());
  for (std::size_t t = 0; t <= va->targets.size(); ++t) {
    const auto pa = morphed_points(a, t, scale_a), pb = morphed_points(b, t, 1);
    EXPECT_TRUE(all_near_one_of(pa, pb, components, tolerance) && all_near_one_of(pb, pa, components, tolerance)) << "target " << t;
  }
}

// `glb` read by Assimp bakes the targets (positions and normals), default weights and weights
// animation that tinygltf's reading of it bakes.
void expect_assimp_bake_matches_gltf_bake(const std::filesystem::path& glb) {
  SCOPED_TRACE(glb.filename().string());
  const MorphBake assimp = bake_read_by_assimp(glb);
  const MorphBake gltf = opened_bake(bake_model(glb, morph_bake_options()));
  expect_same_morphed_shapes(assimp.model, gltf.model, 6, 1e-5f);
  const auto va = aem::morph_targets_of(assimp.model), vb = aem::morph_targets_of(gltf.model);
  for (std::size_t t = 0; t < va->targets.size(); ++t) {
    EXPECT_EQ(va->name(va->targets[t]), vb->name(vb->targets[t]));
    EXPECT_EQ(va->targets[t].default_weight, vb->targets[t].default_weight);
  }
  ASSERT_EQ(assimp.model.animations().size(), 1u);
  ASSERT_EQ(gltf.model.animations().size(), 1u);
  const float duration = gltf.model.animations()[0].duration;
  EXPECT_NEAR(assimp.model.animations()[0].duration, duration, 1e-4);
  aem::AnimationSampler sa(assimp.model), sb(gltf.model);
  std::vector<float> wa(va->targets.size()), wb(vb->targets.size());
  for (int step = 0; step <= 40; ++step) {
    const float time = duration * float(step) / 40;
    sa.sample_morph_weights(0, time, aem::Playback::clamp, wa);
    sb.sample_morph_weights(0, time, aem::Playback::clamp, wb);
    for (std::size_t t = 0; t < wa.size(); ++t) EXPECT_NEAR(wa[t], wb[t], 1e-5) << "time " << time << " target " << t;
  }
}

TEST(AssimpMorph, KhronosMorphModelsReadByAssimpBakeTheTargetsAndWeightsOfTheGltfBake) {
  AEM_REQUIRE_CORPUS(corpus);
  expect_assimp_bake_matches_gltf_bake(corpus / "khronos" / "AnimatedMorphCube" / "glTF-Binary" / "AnimatedMorphCube.glb");
  expect_assimp_bake_matches_gltf_bake(corpus / "khronos" / "SimpleMorph" / "glTF" / "SimpleMorph.gltf");
  expect_assimp_bake_matches_gltf_bake(corpus / "tangents" / "AnimatedMorphSphere" / "AnimatedMorphSphere.glb");
}

TEST(AssimpMorph, AnimatedMorphCubeAsFbxBakesTheTargetsOfTheGltfBake) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto glb = corpus / "khronos" / "AnimatedMorphCube" / "glTF-Binary" / "AnimatedMorphCube.glb";
  aem::test::ScratchDir dir("assimp_morph_fbx");
  aem::test::export_fbx(glb, dir.path() / "AnimatedMorphCube.fbx");
  const MorphBake fbx = opened_bake(bake_model(dir.path() / "AnimatedMorphCube.fbx", morph_bake_options()));
  const MorphBake gltf = opened_bake(bake_model(glb, morph_bake_options()));
  // Assimp's exporter declares centimetres: the FBX is 1/100 of the glTF (specs/assimp-import.md).
  expect_same_morphed_shapes(fbx.model, gltf.model, 3, 1e-4f, 100);
}

// Debian's Assimp 5.2.5 reads no COLLADA <morph> controller and loses the mesh it deforms: the
// import says so instead of baking a scene with a mesh silently missing.
TEST(AssimpMorph, ColladaMorphControllersAssimpDoesNotReadAreWarned) {
  aem::test::ScratchDir dir("assimp_morph_dae");
  const std::string geometry = R"(
    <geometry id="ID" name="ID"><mesh>
      <source id="ID-pos"><float_array id="ID-pos-array" count="9">POSITIONS</float_array>
        <technique_common><accessor source="#ID-pos-array" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
      <vertices id="ID-vtx"><input semantic="POSITION" source="#ID-pos"/></vertices>
      <triangles count="1"><input semantic="VERTEX" source="#ID-vtx" offset="0"/><p>0 1 2</p></triangles>
    </mesh></geometry>)";
  auto make = [&](const std::string& id, const std::string& positions) {
    std::string g = geometry;
    for (std::size_t at; (at = g.find("ID")) != std::string::npos;) g.replace(at, 2, id);
    return g.replace(g.find("POSITIONS"), 9, positions);
  };
  aem::test::write_text_file(dir.path() / "face.dae", R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_geometries>)" + make("base", "0 0 0  1 0 0  0 1 0") + make("raise", "0 0 0  1 0 0  0 2 0") + R"(
  </library_geometries>
  <library_controllers>
    <controller id="morph" name="morph"><morph source="#base" method="NORMALIZED">
      <source id="morph-targets"><IDREF_array id="morph-targets-array" count="1">raise</IDREF_array>
        <technique_common><accessor source="#morph-targets-array" count="1" stride="1"><param name="IDREF" type="IDREF"/></accessor></technique_common></source>
      <source id="morph-weights"><float_array id="morph-weights-array" count="1">0.25</float_array>
        <technique_common><accessor source="#morph-weights-array" count="1" stride="1"><param name="MORPH_WEIGHT" type="float"/></accessor></technique_common></source>
      <targets><input semantic="MORPH_TARGET" source="#morph-targets"/><input semantic="MORPH_WEIGHT" source="#morph-weights"/></targets>
    </morph></controller>
  </library_controllers>
  <library_visual_scenes>
    <visual_scene id="scene" name="scene">
      <node id="Face" name="Face" type="NODE"><instance_controller url="#morph"/></node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)");
  WarningLog log;
  const Scene scene = import_assimp(dir.path() / "face.dae", BakeOptions{}, log);
  bool warned = false;
  for (const std::string& w : log.messages())
    warned = warned || w.find("face.dae: the file has COLLADA <morph> controllers, which Assimp 5.2.5 does not read") != std::string::npos;
  EXPECT_TRUE(warned);
  for (const Mesh& mesh : scene.meshes) EXPECT_TRUE(mesh.weights.empty()) << "if Assimp reads them, test the targets";
}

}  // namespace
