// Materials and textures: baked base-colour texels at known UVs match the source image (times
// the material's factor, in linear light) — exactly up to rounding for RGBA8 output, within the
// BC7 codec's error for BC output; mip chains are complete; tangents generated where the source
// has none are a proper frame along +U.
#include <cmath>
#include <functional>

#include "aem/codec/texture_compress.hpp"
#include "aem/mip_chain.hpp"
#include "bake_test_support.hpp"

namespace aem::test {
namespace {

double srgb_to_linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double linear_to_srgb(double l) { return l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1 / 2.4) - 0.055; }

// Level 0 of an AEM texture as RGBA8.
codec::ImageRgba8 level0(const Model& model, const Texture& t) {
  const auto data = model.mip_data(t, 0);
  codec::ImageRgba8 img{t.width, t.height, {}};
  if (t.compression == std::uint32_t(Compression::none)) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(data.data());
    img.pixels.assign(p, p + data.size());
    return img;
  }
  const auto* p = reinterpret_cast<const std::uint8_t*>(data.data());
  return codec::decompress_image({p, data.size()}, t.width, t.height,
                                 t.compression == std::uint32_t(Compression::bc5) ? codec::BlockFormat::bc5 : codec::BlockFormat::bc7);
}

std::array<int, 4> texel(const std::uint8_t* pixels, std::uint32_t w, std::uint32_t h, double u, double v) {
  u -= std::floor(u);
  v -= std::floor(v);
  const auto x = std::min<std::uint32_t>(w - 1, std::uint32_t(u * w));
  const auto y = std::min<std::uint32_t>(h - 1, std::uint32_t(v * h));
  const std::uint8_t* p = pixels + (std::size_t(y) * w + x) * 4;
  return {p[0], p[1], p[2], p[3]};
}

// glTF materials in order of first use in a depth-first walk of the default scene.
std::vector<int> materials_in_scene_order(const tinygltf::Model& m) {
  std::vector<int> order;
  std::function<void(int)> visit = [&](int node) {
    const auto& n = m.nodes[std::size_t(node)];
    if (n.mesh >= 0)
      for (const auto& p : m.meshes[std::size_t(n.mesh)].primitives)
        if (p.mode >= 4 && std::find(order.begin(), order.end(), p.material) == order.end()) order.push_back(p.material);
    for (int c : n.children) visit(c);
  };
  for (int r : m.scenes[std::size_t(std::max(0, m.defaultScene))].nodes) visit(r);
  return order;
}

struct TexelStats {
  double mean = 0;
  int max = 0;
  std::size_t samples = 0;
};

// Compares base-colour texels of every textured material at UVs inside each triangle.
TexelStats compare_base_color(const std::filesystem::path& file, const Model& model) {
  const auto ref = load_reference(file);
  const std::vector<int> gltf_materials = materials_in_scene_order(*ref);
  EXPECT_EQ(gltf_materials.size(), model.materials().size());
  TexelStats stats;
  double total = 0;
  for (const Mesh& mesh : model.meshes()) {
    const int gm = gltf_materials.at(mesh.material);
    if (gm < 0) continue;
    const auto& pbr = ref->materials[std::size_t(gm)].pbrMetallicRoughness;
    if (pbr.baseColorTexture.index < 0) continue;
    const tinygltf::Image& src = ref->images[std::size_t(ref->textures[std::size_t(pbr.baseColorTexture.index)].source)];
    EXPECT_EQ(src.component, 4);
    EXPECT_EQ(src.bits, 8);
    const Texture& tex = model.textures()[model.materials()[mesh.material].base_color_texture];
    EXPECT_EQ(tex.width, std::uint32_t(src.width));
    EXPECT_EQ(tex.height, std::uint32_t(src.height));
    const codec::ImageRgba8 baked = level0(model, tex);
    const auto idx = model.mesh_indices(mesh);
    for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
      const Vertex* v[3] = {&model.vertices()[idx[t]], &model.vertices()[idx[t + 1]], &model.vertices()[idx[t + 2]]};
      const double cu = (v[0]->uv[0] + v[1]->uv[0] + v[2]->uv[0]) / 3, cv = (v[0]->uv[1] + v[1]->uv[1] + v[2]->uv[1]) / 3;
      for (int k = 0; k < 4; ++k) {
        const double u = k == 3 ? cu : (cu * 3 + v[k]->uv[0]) / 4, vv = k == 3 ? cv : (cv * 3 + v[k]->uv[1]) / 4;
        const auto got = texel(baked.pixels.data(), baked.width, baked.height, u, vv);
        const auto s = texel(src.image.data(), std::uint32_t(src.width), std::uint32_t(src.height), u, vv);
        for (int c = 0; c < 3; ++c) {
          const double want = 255 * linear_to_srgb(srgb_to_linear(s[std::size_t(c)] / 255.0) * pbr.baseColorFactor[std::size_t(c)]);
          const int diff = int(std::lround(std::fabs(got[std::size_t(c)] - want)));
          stats.max = std::max(stats.max, diff);
          total += diff;
          ++stats.samples;
        }
        EXPECT_EQ(got[3], 255);  // OPAQUE
      }
    }
  }
  stats.mean = stats.samples ? total / double(stats.samples) : 0;
  return stats;
}

pipeline::BakeOptions full_size(pipeline::TextureEncoding encoding) {
  pipeline::BakeOptions o;
  o.textures = encoding;
  o.quality = codec::Bc7Quality::fast;
  o.threads = 2;
  return o;
}

TEST(BakeMaterials, BaseColorTexelsMatchTheSourceExactlyUncompressed) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"BoxTextured", "TextureCoordinateTest"}) {
    const auto file = khronos_model(corpus, name);
    SCOPED_TRACE(file.string());
    const TexelStats s = compare_base_color(file, *baked(file, full_size(pipeline::TextureEncoding::rgba), "rgba-full").model);
    EXPECT_GT(s.samples, 30u);
    EXPECT_LE(s.max, 1);  // rounding only
  }
}

TEST(BakeMaterials, BaseColorTexelsMatchTheSourceWithinBc7Error) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"BoxTextured", "TextureCoordinateTest"}) {
    const auto file = khronos_model(corpus, name);
    SCOPED_TRACE(file.string());
    const BakedModel& b = baked(file, full_size(pipeline::TextureEncoding::bc), "bc-fast-full");
    for (const Texture& t : b.model->textures()) EXPECT_NE(t.compression, std::uint32_t(Compression::none));
    const TexelStats s = compare_base_color(file, *b.model);
    std::printf("%s: BC7 texel error mean %.2f, max %d over %zu samples\n", name, s.mean, s.max, s.samples);
    EXPECT_GT(s.samples, 30u);
    EXPECT_LE(s.mean, 3.0);
    EXPECT_LE(s.max, 24);
  }
}

TEST(BakeMaterials, SolidTexturesAreSharedAndEveryMaterialHasThree) {
  AEM_REQUIRE_CORPUS(corpus);
  const Model& model = *baked(khronos_model(corpus, "TextureCoordinateTest")).model;
  ASSERT_EQ(model.materials().size(), 5u);
  // One solid normal map and one solid PBR texture serve all five materials.
  for (const Material& m : model.materials()) {
    EXPECT_EQ(m.normal_texture, model.materials()[0].normal_texture);
    EXPECT_EQ(m.pbr_texture, model.materials()[0].pbr_texture);
  }
  // Four tinted copies of the one image plus the grey back plane, the normal and PBR textures.
  EXPECT_EQ(model.textures().size(), 7u);
}

// KHR_texture_transform is baked into the UVs: every mesh whose material transforms its base
// colour texture has exactly the source UVs under offset * rotation * scale (as the extension
// defines them, computed here independently).
TEST(BakeMaterials, TextureTransformIsBakedIntoTheUvs) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto file = corpus / "extra" / "TextureTransformTest" / "TextureTransformTest.gltf";
  const auto ref = load_reference(file);
  const Model& model = *baked(file).model;
  const std::vector<int> gltf_materials = materials_in_scene_order(*ref);
  ASSERT_EQ(gltf_materials.size(), model.materials().size());
  int transformed = 0;
  for (const Mesh& mesh : model.meshes()) {
    const int gm = gltf_materials[mesh.material];
    const auto& info = ref->materials[std::size_t(gm)].pbrMetallicRoughness.baseColorTexture;
    const auto ext = info.extensions.find("KHR_texture_transform");
    if (ext == info.extensions.end()) continue;
    const tinygltf::Value& v = ext->second;
    auto get = [&](const char* key, int i, double fallback) {
      return v.Has(key) ? v.Get(key).Get(i).GetNumberAsDouble() : fallback;
    };
    const double ox = get("offset", 0, 0), oy = get("offset", 1, 0);
    const double sx = get("scale", 0, 1), sy = get("scale", 1, 1);
    const double r = v.Has("rotation") ? v.Get("rotation").GetNumberAsDouble() : 0;
    // Expected UVs: every primitive drawn with this material.
    std::vector<std::pair<double, double>> want, got;
    for (const auto& m : ref->meshes)
      for (const auto& p : m.primitives) {
        if (p.material != gm) continue;
        const auto& a = ref->accessors[std::size_t(p.attributes.at("TEXCOORD_0"))];
        const auto& view = ref->bufferViews[std::size_t(a.bufferView)];
        const unsigned char* base = ref->buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset;
        const std::size_t stride = view.byteStride ? view.byteStride : 8;
        for (std::size_t i = 0; i < a.count; ++i) {
          float uv[2];
          std::memcpy(uv, base + i * stride, 8);
          // Scale, then rotate (u' = u cos + v sin, v' = v cos - u sin), then offset.
          const double u = uv[0] * sx, w = uv[1] * sy;
          want.emplace_back(u * std::cos(r) + w * std::sin(r) + ox, w * std::cos(r) - u * std::sin(r) + oy);
        }
      }
    for (std::uint32_t i : model.mesh_indices(mesh)) got.emplace_back(model.vertices()[i].uv[0], model.vertices()[i].uv[1]);
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    std::sort(got.begin(), got.end());
    got.erase(std::unique(got.begin(), got.end()), got.end());
    ASSERT_EQ(got.size(), want.size()) << "material " << gm;
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_NEAR(got[i].first, want[i].first, 1e-5) << "material " << gm;
      EXPECT_NEAR(got[i].second, want[i].second, 1e-5) << "material " << gm;
    }
    ++transformed;
  }
  EXPECT_EQ(transformed, 6);
}

// Generated tangents (NormalTangentTest has no TANGENT data) run along +U and are unit and
// perpendicular to the normal; their handedness is checked against exporters' frames in
// bake_tangent_test.cpp.
TEST(BakeTangents, NormalTangentTestFramesFollowTheUvs) {
  AEM_REQUIRE_CORPUS(corpus);
  const Model& model = *baked(khronos_model(corpus, "NormalTangentTest")).model;
  const auto v = model.vertices();
  const auto idx = model.indices();
  std::size_t checked = 0, along_u = 0;
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    const Vertex& a = v[idx[t]];
    const Vertex& b = v[idx[t + 1]];
    const Vertex& c = v[idx[t + 2]];
    double d1[3], d2[3];
    for (int k = 0; k < 3; ++k) {
      d1[k] = b.position[k] - a.position[k];
      d2[k] = c.position[k] - a.position[k];
    }
    const double s1 = b.uv[0] - a.uv[0], t1 = b.uv[1] - a.uv[1], s2 = c.uv[0] - a.uv[0], t2 = c.uv[1] - a.uv[1];
    const double det = s1 * t2 - s2 * t1;
    if (std::fabs(det) < 1e-12) continue;
    double dpdu[3];
    for (int k = 0; k < 3; ++k) dpdu[k] = (d1[k] * t2 - d2[k] * t1) / det;
    for (const Vertex* vx : {&a, &b, &c}) {
      // The panel faces +Z; its material is double-sided, and back faces (facing -Z) carry the
      // front's frame turned round, tangent along -U (specs/aem-v1.md, Sidedness).
      if (std::fabs(vx->normal[2]) < 0.1f) continue;
      const double side = vx->normal[2] > 0 ? 1 : -1;
      double dot_nt = 0, len = 0, along = 0;
      for (int k = 0; k < 3; ++k) {
        dot_nt += vx->normal[k] * vx->tangent[k];
        len += vx->tangent[k] * vx->tangent[k];
        along += vx->tangent[k] * dpdu[k];
      }
      EXPECT_NEAR(dot_nt, 0, 1e-3);
      EXPECT_NEAR(len, 1, 1e-3);
      along_u += side * along > 0 ? 1 : 0;
      ++checked;
    }
  }
  ASSERT_GT(checked, 1000u);
  EXPECT_GT(double(along_u) / double(checked), 0.99);
}

}  // namespace
}  // namespace aem::test
