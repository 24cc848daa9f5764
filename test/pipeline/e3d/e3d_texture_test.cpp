// The E3D producer's texture coordinates, texels and Phong-to-PBR factors, against values read
// from the files without the producer: the cow's UVs through the test walker's own inflate, its
// texels as libjpeg-turbo decodes its JPEG, the teapot's Phong factors as the file's bytes spell
// them, and JPEG 2000 texels that the test encodes itself with OpenJPEG's encoder.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include <openjpeg.h>
#include <stb_image.h>

#include "import/e3d/e3d_import.hpp"
#include "import/e3d/e3d_jpeg2000.hpp"
#include "bake_test_support.hpp"
#include "e3d_test_walker.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

std::uint16_t load_u16(const std::uint8_t* p) { std::uint16_t v; std::memcpy(&v, p, 2); return v; }
std::uint32_t load_u32(const std::uint8_t* p) { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
float load_f32(const std::uint8_t* p) { float v; std::memcpy(&v, p, 4); return v; }

// The first block of `type` in `data`, searched depth first through the container blocks the
// corpus's models use; its body, or nullptr.
const std::uint8_t* find_block(const std::uint8_t* data, std::size_t size, std::uint16_t type, std::size_t* body_size) {
  for (std::size_t at = 0; at + 6 <= size;) {
    const std::uint16_t t = load_u16(data + at);
    const std::uint32_t length = load_u32(data + at + 2);
    if (length < 6 || length > size - at) return nullptr;
    if (t == type) { *body_size = length - 6; return data + at + 6; }
    // Containers (meshes, mesh, nodes, materials, textures, texture) and the attributes block,
    // whose sub-blocks follow its uint32 vertex count.
    const std::size_t skip = t == 0x2000 ? 4 : 0;
    if (t == 0x1000 || t == 0x1010 || t == 0x2000 || t == 0x3000 || t == 0x8000 || t == 0x8010 || t == 0x9000 || t == 0x9001)
      if (const std::uint8_t* found = find_block(data + at + 6 + skip, length - 6 - skip, type, body_size)) return found;
    at += length;
  }
  return nullptr;
}

// sRGB encoding of a linear value, as a byte (IEC 61966-2-1).
int srgb_byte(double linear) {
  const double s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1 / 2.4) - 0.055;
  return int(std::lround(s * 255));
}

// Texel (x, y) of texture `index`'s first level, uncompressed RGBA8.
std::array<int, 4> texel(const Model& model, std::uint32_t index, std::uint32_t x, std::uint32_t y) {
  const Texture& t = model.textures()[index];
  EXPECT_EQ(t.compression, std::uint32_t(Compression::none));
  const std::span<const std::byte> level = model.mip_data(t, 0);
  const std::size_t at = (std::size_t(y) * t.width + x) * 4;
  return {int(level[at]), int(level[at + 1]), int(level[at + 2]), int(level[at + 3])};
}

// The cow's vertices are interleaved (position at 0, packed normal at 12, UV at 16, tangents at
// 24: 32 bytes). Each vertex read here bakes to a vertex at the same place (y and z negated,
// §3) with the same UV: E3D's UV origin is the top left, as the scene's, so nothing flips v.
TEST(E3dTextures, CowUvsAreTheFilesUnflipped) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::vector<std::uint8_t> file = without_lzma(read_bytes(corpus / "e3d" / "cow.e3d"));
  std::size_t size = 0;
  const std::uint8_t* interleaved = find_block(file.data(), file.size(), 0x2800, &size);
  ASSERT_NE(interleaved, nullptr);
  // Entries (type, offset) up to the (0, stride) that ends them: 0x2010 0, 0x2020 12, 0x2030 16, 0x2081 24.
  ASSERT_EQ(load_u16(interleaved + 8), 0x2030);
  ASSERT_EQ(load_u16(interleaved + 10), 16);
  ASSERT_EQ(load_u16(interleaved + 18), 32);
  const std::uint8_t* data = interleaved + 20;
  const std::size_t count = (size - 20) / 32;
  ASSERT_EQ(count, 3784u);
  // Vertex 0's UV as the file's bytes spell it (b6a15a3f 1236ac3e).
  EXPECT_EQ(load_f32(data + 16), std::bit_cast<float>(0x3f5aa1b6u));
  EXPECT_EQ(load_f32(data + 20), std::bit_cast<float>(0x3eac3612u));
  const BakedModel& b = baked(corpus / "e3d" / "cow.e3d");
  for (std::size_t i : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(2000), count - 1}) {
    const std::uint8_t* v = data + 32 * i;
    const float x = load_f32(v), y = -load_f32(v + 4), z = -load_f32(v + 8), u = load_f32(v + 16), w = load_f32(v + 20);
    int at_place = 0, with_uv = 0;
    for (const Vertex& baked_vertex : b.model->vertices()) {
      if (std::abs(baked_vertex.position[0] - x) > 1e-6f || std::abs(baked_vertex.position[1] - y) > 1e-6f ||
          std::abs(baked_vertex.position[2] - z) > 1e-6f)
        continue;
      ++at_place;
      if (std::abs(baked_vertex.uv[0] - u) <= 1e-6f && std::abs(baked_vertex.uv[1] - w) <= 1e-6f) ++with_uv;
    }
    EXPECT_GT(at_place, 0) << "vertex " << i << " at (" << x << ", " << y << ", " << z << ") is not in the bake";
    EXPECT_GT(with_uv, 0) << "vertex " << i << ": no baked vertex at its place has its UV (" << u << ", " << w << ")";
  }
}

// The cow's texture is a 1024x1024 baseline JPEG (textureJPG, 0x9102; the inflated file holds it
// at offset 40, 31456 bytes). Its pixels, decoded once with libjpeg-turbo (`djpeg -ppm`): (424,
// 608) = 161 89 51 (brown), (424, 415) = 255 238 230 (light: (424, 608) mirrored top to
// bottom), (248, 816) = 255 198 168 (pink), each in a 5x5 patch that varies by at most 4 (so a
// texel off by one still matches). Baked at full size with
// the diffuse colour the file leaves at white, the base colour texture holds the same pixels
// within the two decoders' rounding (3): a V flip, a transposition or swapped channels fail.
// The material's flags (0x18: wrap in u and v) make both wrap modes repeat.
TEST(E3dTextures, CowTexelsAreTheJpegsPixels) {
  AEM_REQUIRE_CORPUS(corpus);
  pipeline::BakeOptions full = test_options();
  full.max_texture_size = 0;
  const BakedModel& b = baked(corpus / "e3d" / "cow.e3d", full, "rgba-full");
  ASSERT_EQ(b.model->materials().size(), 1u);
  const std::uint32_t base = b.model->materials()[0].base_color_texture;
  const Texture& t = b.model->textures()[base];
  ASSERT_EQ(t.width, 1024u);
  ASSERT_EQ(t.height, 1024u);
  EXPECT_EQ(t.wrap_x, std::uint32_t(WrapMode::repeat));
  EXPECT_EQ(t.wrap_y, std::uint32_t(WrapMode::repeat));
  struct Pixel { std::uint32_t x, y; int r, g, b; };
  for (const Pixel& p : {Pixel{424, 608, 161, 89, 51}, Pixel{424, 415, 255, 238, 230}, Pixel{248, 816, 255, 198, 168}}) {
    const std::array<int, 4> got = texel(*b.model, base, p.x, p.y);
    const std::array<int, 4> expected{p.r, p.g, p.b, 255};
    for (std::size_t c = 0; c < 4; ++c)
      EXPECT_NEAR(got[c], expected[c], 3) << "texel (" << p.x << ", " << p.y << ") channel " << c << ": got " << got[0] << " "
                                          << got[1] << " " << got[2] << " " << got[3];
  }
}

// The teapot's only material, as its bytes spell it (the inflated file, material block 0x8010):
// diffuse 0x8030 = 3f109091 3ec8c8ca 3dc0c0c2 (144, 100, 24 / 255), phongShininess 0x8024 =
// 42480000 (50), specular white, no maps. The conversion (specs/e3d-import.md §5): base colour =
// diffuse, metallic 0, roughness sqrt(2 / (shininess + 2)) = sqrt(1/26) = 0.196116135. Baked, the
// base colour is a solid texel of the sRGB-encoded diffuse (198, 168, 86) and the PBR texel holds
// roughness 50/255 in R, no occlusion (G 255), metalness 0 in B. The cow (no diffuse colour,
// shininess 10) has roughness sqrt(1/6) = 0.408248: byte 104.
TEST(E3dTextures, PhongFactorsBecomeMetallicRoughness) {
  AEM_REQUIRE_CORPUS(corpus);
  const float diffuse[3] = {std::bit_cast<float>(0x3f109091u), std::bit_cast<float>(0x3ec8c8cau), std::bit_cast<float>(0x3dc0c0c2u)};
  pipeline::WarningLog warnings;
  const pipeline::Scene scene = pipeline::import_e3d(corpus / "e3d" / "teapot.e3d", test_options(), warnings);
  ASSERT_EQ(scene.materials.size(), 1u);
  const pipeline::Material& m = scene.materials[0];
  for (std::size_t c = 0; c < 3; ++c) EXPECT_EQ(m.base_color_factor[c], diffuse[c]) << c;
  EXPECT_EQ(m.base_color_factor[3], 1);
  EXPECT_EQ(m.metallic_factor, 0);
  EXPECT_NEAR(m.roughness_factor, 0.19611613513818404, 1e-12);

  const BakedModel& teapot = baked(corpus / "e3d" / "teapot.e3d");
  ASSERT_EQ(teapot.model->materials().size(), 1u);
  const aem::Material& baked_material = teapot.model->materials()[0];
  const std::array<int, 4> colour = texel(*teapot.model, baked_material.base_color_texture, 0, 0);
  for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(colour[c], srgb_byte(diffuse[c]), 1) << "base colour channel " << c;
  EXPECT_EQ(colour[3], 255);
  const std::array<int, 4> pbr = texel(*teapot.model, baked_material.pbr_texture, 0, 0);
  EXPECT_EQ(pbr[0], 50) << "roughness";
  EXPECT_EQ(pbr[1], 255) << "occlusion";
  EXPECT_EQ(pbr[2], 0) << "metalness";

  const BakedModel& cow = baked(corpus / "e3d" / "cow.e3d");
  const std::uint32_t cow_pbr = cow.model->materials()[0].pbr_texture;
  EXPECT_EQ(texel(*cow.model, cow_pbr, 0, 0)[0], 104) << "the cow's roughness";
}

// An in-memory OpenJPEG output stream.
struct MemoryOutput {
  std::vector<std::uint8_t> bytes;
  std::size_t at = 0;
};
OPJ_SIZE_T write_output(void* buffer, OPJ_SIZE_T size, void* user) {
  auto* out = static_cast<MemoryOutput*>(user);
  if (out->at + size > out->bytes.size()) out->bytes.resize(out->at + size);
  std::memcpy(out->bytes.data() + out->at, buffer, size);
  out->at += size;
  return size;
}
OPJ_OFF_T skip_output(OPJ_OFF_T count, void* user) {
  auto* out = static_cast<MemoryOutput*>(user);
  out->at += std::size_t(count);
  if (out->at > out->bytes.size()) out->bytes.resize(out->at);
  return count;
}
OPJ_BOOL seek_output(OPJ_OFF_T to, void* user) {
  static_cast<MemoryOutput*>(user)->at = std::size_t(to);
  return OPJ_TRUE;
}

// `pixels` (`components` 8-bit samples a pixel, rows top first) as a lossless JPEG 2000
// codestream (J2K) or JP2 file, with the reversible colour transform on RGB.
std::vector<std::uint8_t> encode_jpeg2000(const std::vector<std::uint8_t>& pixels, std::uint32_t width, std::uint32_t height,
                                          std::uint32_t components, bool jp2) {
  opj_image_cmptparm_t parameters[4];
  std::memset(parameters, 0, sizeof parameters);
  for (std::uint32_t c = 0; c < components; ++c) {
    parameters[c].dx = parameters[c].dy = 1;
    parameters[c].w = width;
    parameters[c].h = height;
    parameters[c].prec = 8;
  }
  opj_image_t* image = opj_image_create(components, parameters, components >= 3 ? OPJ_CLRSPC_SRGB : OPJ_CLRSPC_GRAY);
  image->x1 = width;
  image->y1 = height;
  for (std::uint32_t c = 0; c < components; ++c)
    for (std::size_t i = 0; i < std::size_t(width) * height; ++i) image->comps[c].data[i] = pixels[i * components + c];
  if (components == 4) image->comps[3].alpha = 1;
  opj_cparameters_t settings;
  opj_set_default_encoder_parameters(&settings);
  settings.tcp_numlayers = 1;
  settings.tcp_rates[0] = 0;  // lossless
  settings.cp_disto_alloc = 1;
  settings.numresolution = 1;  // a few pixels: no wavelet levels to spare
  settings.tcp_mct = components >= 3 ? 1 : 0;
  opj_codec_t* codec = opj_create_compress(jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
  MemoryOutput out;
  opj_stream_t* stream = opj_stream_create(OPJ_J2K_STREAM_CHUNK_SIZE, OPJ_FALSE);
  opj_stream_set_user_data(stream, &out, nullptr);
  opj_stream_set_write_function(stream, write_output);
  opj_stream_set_skip_function(stream, skip_output);
  opj_stream_set_seek_function(stream, seek_output);
  const bool ok = opj_setup_encoder(codec, &settings, image) && opj_start_compress(codec, image, stream) &&
                  opj_encode(codec, stream) && opj_end_compress(codec, stream);
  opj_stream_destroy(stream);
  opj_destroy_codec(codec);
  opj_image_destroy(image);
  EXPECT_TRUE(ok) << "OpenJPEG could not encode the test image";
  return out.bytes;
}

// The JPEG 2000 path (textureJPG2K: OpenJPEG's decode, then PNG) keeps every texel where it is
// and every channel in its place. A 5x3 image whose red counts columns, green rows and blue and
// alpha are fixed apart from one corner, encoded losslessly here, decodes to exactly its pixels;
// grey and grey-alpha images become RGB(A) with the grey in every colour channel.
TEST(E3dTextures, Jpeg2000TexelsKeepTheirChannelsAndRows) {
  const std::uint32_t w = 5, h = 3;
  for (const std::uint32_t components : {4u, 3u, 2u, 1u})
    for (const bool jp2 : {false, true}) {
      SCOPED_TRACE(std::to_string(components) + " components, " + (jp2 ? "JP2" : "J2K"));
      std::vector<std::uint8_t> pixels, expected;
      for (std::uint32_t y = 0; y < h; ++y)
        for (std::uint32_t x = 0; x < w; ++x) {
          const std::uint8_t rgba[4] = {std::uint8_t(10 + 40 * x), std::uint8_t(200 - 70 * y), std::uint8_t(x == 0 && y == 0 ? 255 : 90),
                                        std::uint8_t(x == w - 1 && y == h - 1 ? 0 : 180)};
          if (components >= 3) {
            pixels.insert(pixels.end(), rgba, rgba + components);
            expected.insert(expected.end(), rgba, rgba + 3);
            expected.push_back(components == 4 ? rgba[3] : 255);
          } else {
            pixels.push_back(rgba[0]);
            if (components == 2) pixels.push_back(rgba[3]);
            expected.insert(expected.end(), {rgba[0], rgba[0], rgba[0], components == 2 ? rgba[3] : std::uint8_t(255)});
          }
        }
      const std::vector<std::uint8_t> encoded = encode_jpeg2000(pixels, w, h, components, jp2);
      std::vector<unsigned char> png;
      std::string problem;
      ASSERT_TRUE(pipeline::e3d::jpeg2000_to_png(encoded, 1 << 20, png, problem)) << problem;
      int pw = 0, ph = 0, channels = 0;
      stbi_uc* decoded = stbi_load_from_memory(png.data(), int(png.size()), &pw, &ph, &channels, 4);
      ASSERT_NE(decoded, nullptr);
      const std::vector<std::uint8_t> got(decoded, decoded + std::size_t(pw) * std::size_t(ph) * 4);
      stbi_image_free(decoded);
      ASSERT_EQ(pw, int(w));
      ASSERT_EQ(ph, int(h));
      for (std::size_t i = 0; i < got.size(); ++i)
        EXPECT_EQ(int(got[i]), int(expected[i])) << "texel (" << i / 4 % w << ", " << i / 4 / w << ") channel " << i % 4;
    }
}

}  // namespace
}  // namespace aem::test
