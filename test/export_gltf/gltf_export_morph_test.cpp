// Morph targets through aem export (specs/gltf-export.md, "Morph targets"): the Khronos morph
// models come back from export and bake with the same morph_targets payload, byte for byte; a
// hand-built model with two groups in one mesh, a sparse target and a target that moves only
// normals exports as glTF says (targets, weights, extras.targetNames, weights channels), and
// its export bakes back to the same deltas, names, default weights and weight keys.
#include <algorithm>
#include <array>

#include "aem/ext_morph_targets.hpp"
#include "gltf_export_test_support.hpp"
#include "model_factory.hpp"
#include "morph_payload_decoder.hpp"

namespace aem::test {
namespace {

std::vector<std::byte> morph_payload_of(const Model& model) { return extension_bytes(model, "morph_targets"); }

// The export loses nothing (no warning), and the validator (where installed) finds neither
// errors nor warnings.
void expect_clean_export(const pipeline::ExportedGltf& document, const std::filesystem::path& glb) {
  for (const std::string& w : document.warnings) ADD_FAILURE() << w;
  if (const std::optional<nlohmann::json> report = validator_report(glb)) {
    EXPECT_EQ((*report)["errors"], 0) << glb << ": " << report->dump(1);
    EXPECT_EQ((*report)["warnings"], 0) << glb << ": " << report->dump(1);
  }
}

TEST(GltfExportMorph, KhronosMorphModelsComeBackByteForByte) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_morph_khronos");
  for (const std::filesystem::path& source :
       {khronos_model(*corpus, "AnimatedMorphCube"), khronos_model(*corpus, "SimpleMorph"),
        *corpus / "tangents/AnimatedMorphSphere/AnimatedMorphSphere.glb"}) {
    const BakedModel& first = baked(source);
    const std::filesystem::path glb = scratch.path() / (source.stem().string() + ".glb");
    expect_clean_export(export_glb(first.bytes, glb), glb);
    std::string why;
    const auto second = try_bake(glb, test_options(), why);
    ASSERT_TRUE(second) << glb << ": " << why;
    const Model again = Model::open_memory(*second);
    const std::vector<std::byte> payload = morph_payload_of(*first.model);
    ASSERT_FALSE(payload.empty()) << source;
    EXPECT_TRUE(payload == morph_payload_of(again)) << source << ": the morph_targets payload differs";
    EXPECT_EQ(differing_sections(*first.model, again, {"vertices", "indices", "meshes", "animations"}), "") << source;
  }
}

// Model `m`'s morph targets decoded, and its vertices' positions (to match vertices across bakes,
// which may order them differently).
struct Morphs {
  DecodedMorphs d;
  std::vector<std::array<float, 3>> positions;
};
Morphs morphs_of(const Model& m) {
  Morphs out;
  std::string problem;
  const std::vector<std::byte> payload = morph_payload_of(m);
  out.d = decode_morphs(payload, problem);
  EXPECT_EQ(problem, "");
  for (const Vertex& v : m.vertices()) out.positions.push_back({v.position[0], v.position[1], v.position[2]});
  return out;
}

// The two models' groups, targets (names, default weights, attributes, each vertex's deltas, the
// vertices matched by position) and weight keys are the same.
void expect_same_morphs(const Model& a, const Model& b) {
  const Morphs x = morphs_of(a), y = morphs_of(b);
  ASSERT_EQ(x.d.groups.size(), y.d.groups.size());
  ASSERT_EQ(x.d.targets.size(), y.d.targets.size());
  for (std::size_t g = 0; g < x.d.groups.size(); ++g) {
    const MorphGroup &p = x.d.groups[g], &q = y.d.groups[g];
    EXPECT_EQ(x.d.name(p.name_offset, p.name_length), y.d.name(q.name_offset, q.name_length));
    EXPECT_EQ(p.target_count, q.target_count);
  }
  for (std::size_t t = 0; t < x.d.targets.size(); ++t) {
    const MorphTarget &p = x.d.targets[t], &q = y.d.targets[t];
    EXPECT_EQ(x.d.name(p.name_offset, p.name_length), y.d.name(q.name_offset, q.name_length)) << "target " << t;
    EXPECT_EQ(p.default_weight, q.default_weight) << "target " << t;
    EXPECT_EQ(p.attributes, q.attributes) << "target " << t;
    const std::vector<float> dx = x.d.expanded(t, x.positions.size()), dy = y.d.expanded(t, y.positions.size());
    for (std::size_t v = 0; v < x.positions.size(); ++v) {
      const auto w = std::find(y.positions.begin(), y.positions.end(), x.positions[v]);
      ASSERT_NE(w, y.positions.end()) << "vertex " << v;
      const std::size_t u = std::size_t(w - y.positions.begin());
      EXPECT_TRUE(std::equal(dx.begin() + std::ptrdiff_t(v * 9), dx.begin() + std::ptrdiff_t(v * 9 + 9),
                             dy.begin() + std::ptrdiff_t(u * 9)))
          << "target " << t << " vertex " << v;
    }
  }
  EXPECT_EQ(x.d.weight_values, y.d.weight_values);
}

TEST(GltfExportMorph, TwoGroupsASparseAndANormalOnlyTargetComeBack) {
  ScratchDir scratch("gltf_export_morph_hand_built");
  const std::vector<std::byte> bytes = pipeline::serialize_model(two_group_morph_model());
  const std::filesystem::path glb = scratch.path() / "two_groups.glb";
  const pipeline::ExportedGltf document = export_glb(bytes, glb);
  expect_clean_export(document, glb);

  const nlohmann::json gltf = nlohmann::json::parse(document.json);
  ASSERT_EQ(gltf["meshes"].size(), 2u);  // one per group: a glTF mesh has one set of weights
  const nlohmann::json& face = gltf["meshes"][0];
  EXPECT_EQ(face["weights"], nlohmann::json::array({0.25, 0.0}));
  EXPECT_EQ(face["extras"]["targetNames"], nlohmann::json::array({"smile", "blink"}));
  const nlohmann::json& targets = face["primitives"][0]["targets"];
  ASSERT_EQ(targets.size(), 2u);
  const nlohmann::json& smile = gltf["accessors"][targets[0]["POSITION"].get<std::size_t>()];
  EXPECT_TRUE(smile.contains("bufferView") && smile.contains("min") && smile.contains("max")) << smile;
  EXPECT_FALSE(targets[0].contains("NORMAL"));
  EXPECT_FALSE(targets[1].contains("POSITION"));
  const nlohmann::json& blink = gltf["accessors"][targets[1]["NORMAL"].get<std::size_t>()];
  EXPECT_EQ(blink["sparse"]["count"], 1) << blink;  // 1 of 3 vertices: sparse is smaller
  EXPECT_EQ(gltf["meshes"][1]["weights"], nlohmann::json::array({0.5}));
  EXPECT_EQ(gltf["nodes"][1]["name"], "Face");
  EXPECT_EQ(gltf["nodes"][2]["name"], "Brow");
  int weight_channels = 0;
  for (const nlohmann::json& channel : gltf["animations"][0]["channels"])
    if (channel["target"]["path"] == "weights") ++weight_channels;
  EXPECT_EQ(weight_channels, 2);

  std::string why;
  const auto again = try_bake(glb, test_options(), why);
  ASSERT_TRUE(again) << why;
  const Model first = Model::open_memory(bytes), second = Model::open_memory(*again);
  expect_same_morphs(first, second);
  // The bake is a fixed point on its own output: its export bakes to the same payload again.
  const std::filesystem::path glb2 = scratch.path() / "again.glb";
  export_glb(*again, glb2);
  const auto third = try_bake(glb2, test_options(), why);
  ASSERT_TRUE(third) << why;
  EXPECT_TRUE(morph_payload_of(second) == morph_payload_of(Model::open_memory(*third)));
}

// The glTF JSON of `content`'s export, whose one warning must name `loss`.
nlohmann::json export_with_one_loss(const pipeline::ModelContent& content, const std::string& loss) {
  const std::vector<std::byte> bytes = pipeline::serialize_model(content);  // the Model reads them in place
  const pipeline::ExportedGltf document = pipeline::build_gltf(Model::open_memory(bytes), "model");
  EXPECT_EQ(document.warnings.size(), 1u);
  for (const std::string& w : document.warnings) EXPECT_NE(w.find(loss), std::string::npos) << w;
  return nlohmann::json::parse(document.json);
}

// A group whose vertices lie in two AEM meshes goes to both glTF meshes, and the warning says a
// bake makes two groups of it.
TEST(GltfExportMorph, AGroupInTwoMeshesIsALoss) {
  pipeline::ModelContent content = two_group_morph_model();
  content.materials.push_back(content.materials[0]);
  content.materials[1].type = std::uint32_t(MaterialType::transparent);
  content.meshes = {{0, 3, 0}, {3, 3, 1}};
  auto& m = content.extensions.morph_targets;
  m.groups = {{"Face", 1}};
  m.targets = {{"smile", 0, kMorphPosition, 0, 6, true, {}, std::vector<float>(18, 0.5f)}};
  m.weight_tracks = {{}};
  const nlohmann::json gltf = export_with_one_loss(content, "morph group 0 ('Face') lies in 2 glTF meshes");
  for (const nlohmann::json& mesh : gltf["meshes"]) EXPECT_EQ(mesh["primitives"][0]["targets"].size(), 1u);
}

// A group whose deltas are all zero has no vertex to carry it: left out, with the loss said, and
// its triangles go with the other group's.
TEST(GltfExportMorph, AGroupThatMovesNothingIsALoss) {
  pipeline::ModelContent content = two_group_morph_model();
  std::fill(content.extensions.morph_targets.targets[2].deltas.begin(),
            content.extensions.morph_targets.targets[2].deltas.end(), 0.0f);
  const nlohmann::json gltf = export_with_one_loss(content, "morph group 1 ('Brow') moves no vertex of a triangle");
  ASSERT_EQ(gltf["meshes"].size(), 1u);
  EXPECT_EQ(gltf["meshes"][0]["primitives"][0]["targets"].size(), 2u);
  std::vector<int> weight_nodes;
  for (const nlohmann::json& channel : gltf["animations"][0]["channels"])
    if (channel["target"]["path"] == "weights") weight_nodes.push_back(channel["target"]["node"].get<int>());
  EXPECT_EQ(weight_nodes, std::vector<int>{1});  // Face's node only
}

}  // namespace
}  // namespace aem::test
