// What an export holds, read back with tinygltf: the material mapping (one ORM image for
// occlusion and metallic-roughness, samplers from the wrap modes), double-sided materials from
// their back-face copies, POSITION bounds, one skin
// over every joint, and the one warning naming the model and what was lost.
#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "aem/ext_emissive.hpp"
#include "gltf_export_test_support.hpp"
#include "stages/materials/mip_generation.hpp"
#include "synthetic_gltf.hpp"
#include "two_set_quad.hpp"

#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "model_factory.hpp"

namespace aem::test {
namespace {

struct Exported {
  const BakedModel* baked = nullptr;
  pipeline::ExportedGltf document;
  std::unique_ptr<tinygltf::Model> gltf;
};

Exported export_corpus_model(const std::string& name, const ScratchDir& scratch) {
  Exported out;
  const auto corpus = corpus_dir();
  const std::filesystem::path source = khronos_model(*corpus, name);
  out.baked = &baked(source);
  const std::filesystem::path glb = scratch.path() / (name + ".glb");
  out.document = export_glb(out.baked->bytes, glb);
  out.gltf = load_reference(glb);
  return out;
}

// TwoSidedPlane has all three maps (BoxTextured, with a base colour only, now exports factors for
// the others: gltf_export_solid_texture_test.cpp).
TEST(GltfExportContent, MaterialsUnpackTheThreeTextures) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_materials");
  const Exported e = export_corpus_model("TwoSidedPlane", scratch);
  const Model& model = *e.baked->model;
  ASSERT_EQ(e.gltf->materials.size(), model.materials().size());
  for (const tinygltf::Material& m : e.gltf->materials) {
    EXPECT_GE(m.pbrMetallicRoughness.baseColorTexture.index, 0);
    EXPECT_GE(m.normalTexture.index, 0);
    EXPECT_EQ(m.occlusionTexture.index, m.pbrMetallicRoughness.metallicRoughnessTexture.index);
    EXPECT_EQ(m.alphaMode, "OPAQUE");
  }
  for (const tinygltf::Texture& t : e.gltf->textures) {
    ASSERT_GE(t.sampler, 0);
    EXPECT_TRUE(e.gltf->samplers[std::size_t(t.sampler)].wrapS == 10497 ||
                e.gltf->samplers[std::size_t(t.sampler)].wrapS == 33071 ||
                e.gltf->samplers[std::size_t(t.sampler)].wrapS == 33648);
  }
  const tinygltf::Image& base = e.gltf->images.at(std::size_t(
      e.gltf->textures.at(std::size_t(e.gltf->materials[0].pbrMetallicRoughness.baseColorTexture.index)).source));
  const aem::Texture& aem_base = model.textures()[model.materials()[0].base_color_texture];
  EXPECT_EQ(std::uint32_t(base.width), aem_base.width);
  EXPECT_EQ(std::uint32_t(base.height), aem_base.height);
  EXPECT_TRUE(e.document.warnings.empty());
}

// TwoSidedPlane's material is doubleSided: the bake gave each of its 2 triangles a back copy, and
// the export leaves the copies out and marks the material doubleSided again. A single-sided model
// (Duck) keeps every triangle and no doubleSided.
TEST(GltfExportContent, BackFaceCopiesBecomeADoubleSidedMaterialAgain) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_double_sided");
  const Exported plane = export_corpus_model("TwoSidedPlane", scratch);
  ASSERT_EQ(plane.baked->model->indices().size(), 12u) << "2 triangles and their back copies";
  ASSERT_EQ(plane.gltf->materials.size(), 1u);
  EXPECT_TRUE(plane.gltf->materials[0].doubleSided);
  ASSERT_EQ(plane.gltf->meshes.size(), 1u);
  EXPECT_EQ(plane.gltf->accessors.at(std::size_t(plane.gltf->meshes[0].primitives[0].indices)).count, 6u);
  const Exported duck = export_corpus_model("Duck", scratch);
  EXPECT_FALSE(duck.gltf->materials[0].doubleSided);
  EXPECT_EQ(duck.gltf->accessors.at(std::size_t(duck.gltf->meshes[0].primitives[0].indices)).count,
            duck.baked->model->indices().size());
}

TEST(GltfExportContent, PositionsHaveBoundsAndPrimitivesFollowTheMeshes) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_positions");
  const Exported e = export_corpus_model("2CylinderEngine", scratch);
  EXPECT_EQ(e.gltf->meshes.size(), e.baked->model->meshes().size());
  for (const tinygltf::Mesh& mesh : e.gltf->meshes)
    for (const tinygltf::Primitive& p : mesh.primitives) {
      const tinygltf::Accessor& position = e.gltf->accessors.at(std::size_t(p.attributes.at("POSITION")));
      EXPECT_EQ(position.minValues.size(), 3u);
      EXPECT_EQ(position.maxValues.size(), 3u);
      EXPECT_TRUE(p.attributes.count("TANGENT"));
      EXPECT_EQ(p.mode, TINYGLTF_MODE_TRIANGLES);
    }
}

TEST(GltfExportContent, SkinListsEveryJointWithItsName) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_skin");
  const Exported e = export_corpus_model("CesiumMan", scratch);
  const Model& model = *e.baked->model;
  ASSERT_EQ(e.gltf->skins.size(), 1u);
  ASSERT_EQ(e.gltf->skins[0].joints.size(), model.joints().size());
  for (std::size_t j = 0; j < model.joints().size(); ++j)
    EXPECT_EQ(e.gltf->nodes[std::size_t(e.gltf->skins[0].joints[j])].name, std::string(name_view(model.joints()[j].name)));
  EXPECT_EQ(e.gltf->animations.size(), model.animations().size());
}

// The largest difference between the sRGB bytes of the emissive texture of `model`'s material 0
// record and the glTF's emissive image of material 0, downsized as the bake downsizes every colour
// texture; the record's factor × strength must be the glTF's factor.
int emissive_texel_difference(const Model& model, const tinygltf::Model& gltf) {
  const auto records = emissive_of(model);
  if (!records || (*records)[0].mode != std::uint32_t(EmissiveMode::record) || (*records)[0].texture == kNoTexture) {
    ADD_FAILURE() << "material 0 has no own emission with a texture";
    return 255;
  }
  const EmissiveRecord& r = (*records)[0];
  const tinygltf::Material& m = gltf.materials.at(0);
  for (std::size_t c = 0; c < 3; ++c) EXPECT_EQ(double(r.factor[c]) * r.strength, m.emissiveFactor.at(c));
  const tinygltf::Image& image = gltf.images.at(std::size_t(gltf.textures.at(std::size_t(m.emissiveTexture.index)).source));
  EXPECT_EQ(image.component, 4);
  codec::ImageRgba8 expected{std::uint32_t(image.width), std::uint32_t(image.height), image.image};
  for (std::size_t i = 3; i < expected.pixels.size(); i += 4) expected.pixels[i] = 255;
  expected = pipeline::downsize(expected, test_options().max_texture_size, pipeline::TextureKind::base_color);
  const Texture& t = model.textures()[r.texture];
  EXPECT_EQ(t.compression, std::uint32_t(Compression::none));
  if (t.width != expected.width || t.height != expected.height) {
    ADD_FAILURE() << "emissive texture " << t.width << "x" << t.height << ", expected " << expected.width << "x" << expected.height;
    return 255;
  }
  const std::span<const std::byte> texels = model.mip_data(t, 0);
  int worst = 0;
  for (std::size_t i = 0; i < expected.pixels.size(); ++i)
    if (i % 4 != 3) worst = std::max(worst, std::abs(int(std::to_integer<std::uint8_t>(texels[i])) - int(expected.pixels[i])));
  return worst;
}

// DamagedHelmet emits its emissive map (factor 1), 64% off under the core rule. Its `emissive`
// record (textures rgba) gives back the glTF's emitted light: factor × strength × the texture,
// the glTF's emissive image within 8-bit rounding; the export gives back its emissiveFactor and an
// emissiveTexture without a loss, and baking that export again gives the same record and the
// same emissive texels (glTF -> AEM -> glTF -> AEM).
TEST(GltfExportContent, DamagedHelmetEmissionIsCarriedAndComesBack) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_emissive");
  const Exported e = export_corpus_model("DamagedHelmet", scratch);
  const std::unique_ptr<tinygltf::Model> source = load_reference(khronos_model(*corpus_dir(), "DamagedHelmet"));
  EXPECT_LE(emissive_texel_difference(*e.baked->model, *source), 1) << "in sRGB bytes";
  for (const std::string& w : e.baked->report.warnings) EXPECT_EQ(w.find("emitted light"), std::string::npos) << w;
  EXPECT_TRUE(e.document.warnings.empty()) << e.document.warnings.at(0);
  const tinygltf::Material& m = e.gltf->materials.at(0);
  EXPECT_GE(m.emissiveTexture.index, 0);
  EXPECT_EQ(m.emissiveFactor, source->materials.at(0).emissiveFactor);
  std::string why;
  const auto again = try_bake(scratch.path() / "DamagedHelmet.glb", test_options(), why);
  ASSERT_TRUE(again) << why;
  const Model model = Model::open_memory(*again);
  const auto first = emissive_of(*e.baked->model), second = emissive_of(model);
  ASSERT_TRUE(first && second);
  const EmissiveRecord &a = (*first)[0], &b = (*second)[0];
  EXPECT_EQ(b.mode, a.mode);
  for (std::size_t c = 0; c < 3; ++c) EXPECT_EQ(b.factor[c], a.factor[c]);
  EXPECT_EQ(b.strength, a.strength);
  ASSERT_NE(b.texture, kNoTexture);
  const std::span<const std::byte> before = e.baked->model->mip_data(e.baked->model->textures()[a.texture], 0);
  const std::span<const std::byte> after = model.mip_data(model.textures()[b.texture], 0);
  ASSERT_EQ(before.size(), after.size());
  EXPECT_TRUE(std::equal(before.begin(), before.end(), after.begin()));
}

// KHR_materials_unlit and KHR_materials_emissive_strength come back from a glTF built here (the
// quad, unlit, and emitting at strength 4), listed in extensionsUsed; the validator (when
// installed) finds no error.
// Levels of detail have no glTF form: the export writes each mesh's own triangles (level 0) and
// says the levels are lost.
TEST(GltfExportContent, LevelsOfDetailAreALossNamedInTheWarning) {
  ScratchDir scratch("gltf_export_content_lods");
  pipeline::ModelContent content = tiny_model();
  content.indices = {0, 1, 2, 1, 2, 0};  // the triangle twice (not a back face: the same winding)
  content.meshes[0].index_count = 6;
  content.extensions.lods.meshes = {{{{0, 1, 2}, 0.25f}}};
  const pipeline::ExportedGltf document = export_glb(pipeline::serialize_model(content), scratch.path() / "levels.glb");
  ASSERT_EQ(document.warnings.size(), 1u);
  EXPECT_NE(document.warnings[0].find("the levels of detail of the lods extension"), std::string::npos) << document.warnings[0];
  const nlohmann::json json = nlohmann::json::parse(document.json);
  EXPECT_EQ(json["accessors"][json["meshes"][0]["primitives"][0]["indices"].get<int>()]["count"], 6);
}

// Meshlets have no glTF form either: each mesh keeps its triangle list, and the warning says so.
TEST(GltfExportContent, MeshletsAreALossNamedInTheWarning) {
  ScratchDir scratch("gltf_export_content_meshlets");
  const pipeline::ExportedGltf document =
      export_glb(pipeline::serialize_model(tiny_model_with_meshlets()), scratch.path() / "meshlets.glb");
  ASSERT_EQ(document.warnings.size(), 1u);
  EXPECT_NE(document.warnings[0].find("the meshlets of the meshlets extension (each mesh is written as its triangle list)"),
            std::string::npos)
      << document.warnings[0];
}

TEST(GltfExportContent, UnlitAndEmissiveStrengthComeBack) {
  ScratchDir scratch("gltf_export_content_unlit");
  const std::filesystem::path source = scratch.path() / "unlit.gltf";
  write_file(source, quad_gltf(R"("materials": [{"name": "Lamp", "pbrMetallicRoughness": {"baseColorFactor": [0.5, 0.5, 0.5, 1]},
      "emissiveFactor": [0, 0, 1], "extensions": {"KHR_materials_unlit": {},
      "KHR_materials_emissive_strength": {"emissiveStrength": 4}}}],
    "extensionsUsed": ["KHR_materials_unlit", "KHR_materials_emissive_strength"],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])"));
  const auto result = pipeline::bake_model(source, strict_test_options());  // nothing lost, nothing warned
  const std::filesystem::path glb = scratch.path() / "unlit.glb";
  const pipeline::ExportedGltf document = export_glb(pipeline::serialize_model(result.content), glb);
  EXPECT_TRUE(document.warnings.empty()) << document.warnings.at(0);
  const nlohmann::json json = nlohmann::json::parse(document.json);
  const nlohmann::json& material = json["materials"][0];
  EXPECT_EQ(material["name"], "Lamp");
  EXPECT_TRUE(material["extensions"].contains("KHR_materials_unlit"));
  EXPECT_EQ(material["extensions"]["KHR_materials_emissive_strength"]["emissiveStrength"], 4.0);
  EXPECT_EQ(material["emissiveFactor"], nlohmann::json({0.0, 0.0, 1.0}));
  const nlohmann::json& used = json["extensionsUsed"];
  EXPECT_NE(std::find(used.begin(), used.end(), "KHR_materials_unlit"), used.end());
  EXPECT_NE(std::find(used.begin(), used.end(), "KHR_materials_emissive_strength"), used.end());
  if (const std::optional<nlohmann::json> report = validator_report(glb)) {
    EXPECT_EQ((*report)["errors"], 0) << report->dump(1);
  }
}

// The `names` extension: the export names materials and meshes as the source did, where a glTF
// of one mesh and one material (DamagedHelmet) makes that a one-to-one comparison.
TEST(GltfExportContent, MaterialAndMeshNamesAreTheSources) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_names");
  const Exported e = export_corpus_model("DamagedHelmet", scratch);
  const std::unique_ptr<tinygltf::Model> source = load_reference(khronos_model(*corpus_dir(), "DamagedHelmet"));
  ASSERT_EQ(e.gltf->materials.size(), 1u);
  ASSERT_EQ(e.gltf->meshes.size(), 1u);
  EXPECT_EQ(e.gltf->materials[0].name, source->materials.at(0).name);
  EXPECT_EQ(e.gltf->meshes[0].name, source->meshes.at(0).name);
  EXPECT_FALSE(e.gltf->materials[0].name.empty());
}

// The vertex_colours and uv1 extensions: COLOR_0 in the stored encoding, TEXCOORD_1, and texCoord
// 1 on the textures whose set is 1; a bake of the export gives back the same colours (BoxVertexColors,
// whose floats need f32) and validates.
TEST(GltfExportContent, VertexColoursAndTheSecondSetAreWrittenBack) {
  ScratchDir scratch("gltf_export_content_extensions");
  pipeline::ModelContent content = tiny_model();
  content.extensions.vertex_colours = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 40000 / 65535.0f}};
  content.extensions.uv1.uvs = {{0.25f, 0.5f}, {0.75f, 0.5f}, {0.25f, 0.125f}};
  content.extensions.uv1.materials.assign(content.materials.size(), {0, 0, 0, 0, kUv1NoTexture, {0, 0}});
  content.extensions.uv1.materials[0].base_colour_set = 1;
  const std::filesystem::path glb = scratch.path() / "extended.glb";
  export_glb(pipeline::serialize_model(content), glb);
  const auto gltf = load_reference(glb);
  const tinygltf::Primitive& p = gltf->meshes.at(0).primitives.at(0);
  ASSERT_EQ(p.attributes.count("COLOR_0"), 1u);
  ASSERT_EQ(p.attributes.count("TEXCOORD_1"), 1u);
  const tinygltf::Accessor& colours = gltf->accessors.at(std::size_t(p.attributes.at("COLOR_0")));
  EXPECT_EQ(colours.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
  EXPECT_TRUE(colours.normalized);
  EXPECT_EQ(colours.type, TINYGLTF_TYPE_VEC4);
  const tinygltf::Material& m = gltf->materials.at(std::size_t(p.material));
  if (m.pbrMetallicRoughness.baseColorTexture.index >= 0) {
    EXPECT_EQ(m.pbrMetallicRoughness.baseColorTexture.texCoord, 1);
  }
  if (const std::optional<nlohmann::json> report = validator_report(glb)) {
    EXPECT_EQ((*report)["errors"], 0) << report->dump(1);
  }
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const Exported box = export_corpus_model("BoxVertexColors", scratch);
  const std::vector<std::byte> again = pipeline::serialize_model(
      pipeline::bake_model(scratch.path() / "BoxVertexColors.glb", test_options()).content);
  const Model first = Model::open_memory(box.baked->bytes), second = Model::open_memory(again);
  const auto a = vertex_colours_of(first), b = vertex_colours_of(second);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->encoding(), VertexColourEncoding::rgba32f);
  EXPECT_EQ(std::vector<float>(a->rgba32f.begin(), a->rgba32f.end()), std::vector<float>(b->rgba32f.begin(), b->rgba32f.end()));
}

// Occlusion on a texture of its own (the uv1 extension's packing: occlusion on TEXCOORD_1 beside
// a metallic-roughness texture on TEXCOORD_0) is exported as its own occlusionTexture with texCoord
// 1, apart from the metallic-roughness texture; baking the export gives back the same sets and
// occlusion texels, and the validator finds no error.
TEST(GltfExportContent, OcclusionOfItsOwnComesBackOnItsSet) {
  ScratchDir scratch("gltf_export_content_own_occlusion");
  const auto first = pipeline::bake_model(write_two_set_quad(scratch, true), strict_test_options());
  const std::filesystem::path glb = scratch.path() / "own_occlusion.glb";
  const pipeline::ExportedGltf document = export_glb(pipeline::serialize_model(first.content), glb);
  const nlohmann::json json = nlohmann::json::parse(document.json);
  const nlohmann::json& material = json["materials"][0];
  ASSERT_TRUE(material.contains("occlusionTexture")) << material.dump();
  EXPECT_EQ(material["occlusionTexture"]["texCoord"], 1);
  ASSERT_TRUE(material["pbrMetallicRoughness"].contains("metallicRoughnessTexture")) << material.dump();
  EXPECT_NE(material["occlusionTexture"]["index"], material["pbrMetallicRoughness"]["metallicRoughnessTexture"]["index"]);
  EXPECT_FALSE(material["pbrMetallicRoughness"]["metallicRoughnessTexture"].contains("texCoord"));
  if (const std::optional<nlohmann::json> report = validator_report(glb)) {
    EXPECT_EQ((*report)["errors"], 0) << report->dump(1);
  }
  const auto again = pipeline::bake_model(glb, strict_test_options());
  const std::vector<std::byte> a = pipeline::serialize_model(first.content), b = pipeline::serialize_model(again.content);
  const Model before = Model::open_memory(a), after = Model::open_memory(b);
  const auto sets_before = uv1_of(before), sets_after = uv1_of(after);
  ASSERT_TRUE(sets_before && sets_after);
  const Uv1Material &x = sets_before->materials[0], &y = sets_after->materials[0];
  EXPECT_EQ(std::tuple(y.base_colour_set, y.normal_set, y.pbr_set, y.occlusion_set),
            std::tuple(x.base_colour_set, x.normal_set, x.pbr_set, x.occlusion_set));
  ASSERT_NE(y.occlusion_texture, kUv1NoTexture);
  const std::span<const std::byte> texels_before = before.mip_data(before.textures()[x.occlusion_texture], 0);
  const std::span<const std::byte> texels_after = after.mip_data(after.textures()[y.occlusion_texture], 0);
  ASSERT_EQ(texels_before.size(), texels_after.size());
  EXPECT_TRUE(std::equal(texels_before.begin(), texels_before.end(), texels_after.begin()));
}

}  // namespace
}  // namespace aem::test
