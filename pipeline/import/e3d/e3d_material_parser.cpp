// Materials and textures: their blocks read into MaterialData and TextureData.
#include "import/e3d/e3d_block_types.hpp"
#include "import/e3d/e3d_parser.hpp"

namespace aem::pipeline::e3d {
namespace {

Vec3 read_color(const ReadContext& context, const Block& block) {
  expect_size(context, block, 12, "3 floats (r, g, b)");
  BodyReader r(context, block);
  return {r.f32(), r.f32(), r.f32()};
}

float read_float(const ReadContext& context, const Block& block) {
  expect_size(context, block, 4, "a float");
  return BodyReader(context, block).f32();
}

// A map block: a textureID and/or textureName sub-block naming a texture of the textures section.
TextureSlot read_slot(const Block& block, ReadContext& context) {
  TextureSlot slot;
  slot.present = true;
  for (const Block& child : context.children(block, 0)) {
    BodyReader r(context, child);
    if (child.type == kTextureId) {
      expect_size(context, child, 4, "a texture ID");
      slot.texture_id = r.u32();
    } else if (child.type == kTextureName) {
      slot.texture_name = r.text();
    } else {
      context.skip(child, "unknown blocks", "not a block a material's map holds");
    }
  }
  return slot;
}

}  // namespace

MaterialData parse_material(const Block& block, ReadContext& context, std::size_t index) {
  MaterialData m;
  for (const Block& child : context.children(block, 0)) {
    BodyReader r(context, child);
    switch (child.type) {
      case kMaterialId: expect_size(context, child, 4, "a material ID"); m.id = r.u32(); break;
      case kMaterialName: m.name = r.text(); break;
      case kMaterialGroup: break;  // a hint for array textures: nothing to carry over
      case kMaterialFlags: expect_size(context, child, 4, "a uint32 of flags"); m.flags = r.u32(); break;
      case kOpacity: m.opacity = read_float(context, child); break;
      case kRefractionRelIndex: m.refraction = read_float(context, child); break;
      case kReflectivity: m.reflectivity = read_float(context, child); break;
      case kPhongShininess: m.shininess = read_float(context, child); break;
      case kDiffuse: m.diffuse = read_color(context, child); break;
      case kSpecular: m.specular = read_color(context, child); break;
      case kEmissive: m.emissive = read_color(context, child); break;
      case kAmbient: m.ambient = read_color(context, child); break;
      case kEmissiveMap: m.emissive_map = read_slot(child, context); break;
      case kNormalMap: m.normal_map = read_slot(child, context); break;
      case kHeightMap: m.height_map = read_slot(child, context); break;
      case kAmbientOcclusionMap: m.occlusion_map = read_slot(child, context); break;
      case kPhongDiffuseMap: m.diffuse_map = read_slot(child, context); break;
      case kPhongSpecularMap: m.specular_map = read_slot(child, context); break;
      case kPhongAmbientMap: m.ambient_map = read_slot(child, context); break;
      case kPbrAlbedoMap: m.pbr_albedo_map = read_slot(child, context); break;
      case kPbrRoughnessMetalnessMap: m.pbr_roughness_metalness_map = read_slot(child, context); break;
      case kPbrSpecDiffuseMap: m.pbr_spec_diffuse_map = read_slot(child, context); break;
      case kPbrSpecularGlossMap: m.pbr_spec_gloss_map = read_slot(child, context); break;
      default: context.skip(child, "unknown blocks", "not a block a material holds"); break;
    }
  }
  m.where = "material " + std::to_string(index) + " (ID " + std::to_string(m.id) +
            (m.name.empty() ? std::string() : ", '" + m.name + "'") + ")";
  return m;
}

TextureData parse_texture(const Block& block, ReadContext& context, std::size_t index) {
  TextureData t;
  for (const Block& child : context.children(block, 0)) {
    BodyReader r(context, child);
    switch (child.type) {
      case kTextureId: expect_size(context, child, 4, "a texture ID"); t.id = r.u32(); break;
      case kTextureName: t.name = r.text(); break;
      case kTexturePng: case kTextureJpeg: case kTextureJpeg2000:
        if (t.kind != TextureData::Kind::none) context.fail(child, "a second embedded image in one texture");
        t.kind = child.type == kTexturePng ? TextureData::Kind::png
                 : child.type == kTextureJpeg ? TextureData::Kind::jpeg : TextureData::Kind::jpeg2000;
        t.bytes.assign(child.body.begin(), child.body.end());
        break;
      default: context.skip(child, "unknown blocks", "not a block a texture holds"); break;
    }
  }
  t.where = "texture " + std::to_string(index) + " (ID " + std::to_string(t.id) +
            (t.name.empty() ? std::string() : ", '" + t.name + "'") + ")";
  return t;
}

}  // namespace aem::pipeline::e3d
