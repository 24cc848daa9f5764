// What an export holds, read back with tinygltf: the material mapping (one ORM image for
// occlusion and metallic-roughness, samplers from the wrap modes), double-sided materials from
// their back-face copies, POSITION bounds, one skin
// over every joint, and the one warning naming the model and what was lost.
#include "gltf_export_test_support.hpp"

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

TEST(GltfExportContent, EmissiveLossIsOneWarningNamingTheModel) {
  if (!corpus_dir()) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_content_warning");
  const Exported e = export_corpus_model("DamagedHelmet", scratch);
  ASSERT_EQ(e.document.warnings.size(), 1u);
  EXPECT_TRUE(contains(e.document.warnings[0], "DamagedHelmet.glb")) << e.document.warnings[0];
  EXPECT_TRUE(contains(e.document.warnings[0], "emissive")) << e.document.warnings[0];
  const tinygltf::Material& m = e.gltf->materials.at(0);
  EXPECT_GE(m.emissiveTexture.index, 0);
  EXPECT_EQ(m.emissiveFactor, (std::vector<double>{1, 1, 1}));
}

}  // namespace
}  // namespace aem::test
