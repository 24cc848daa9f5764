// One real call into each library of the Windows prefix (cmake/windows-deps/), under Wine.
#include <SDL.h>
#include <epoxy/gl.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <meshoptimizer.h>
#include <openjpeg.h>
#include <squish.h>
#include <stb_image.h>
#include <stb_image_write.h>
#include <tiny_gltf.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <xxhash.h>
#include <zstd.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace {

std::vector<std::uint8_t> gradient_rgba(int width, int height) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint8_t>(i % 4 == 3 ? 255 : i * 7 % 251);
  return pixels;  // opaque: lossless WebP may change the colour under transparent pixels
}

TEST(WindowsLibraries, ZstdRoundTrips) {
  const std::string text(10000, 'a');
  std::vector<char> packed(ZSTD_compressBound(text.size()));
  const std::size_t size = ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 19);
  ASSERT_FALSE(ZSTD_isError(size));
  EXPECT_LT(size, 100u);
  std::string back(text.size(), '\0');
  EXPECT_EQ(ZSTD_decompress(back.data(), back.size(), packed.data(), size), text.size());
  EXPECT_EQ(back, text);
}

// The bytes Debian's own libsquish (x86-64 Linux) writes for this block: the Windows build uses
// the same code path (no SSE, as Debian builds it), so bakes write the same textures.
TEST(WindowsLibraries, SquishWritesDebiansBytes) {
  std::array<squish::u8, 64> block{};
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<squish::u8>(i * 37 % 256);
  std::array<squish::u8, 8> dxt1{};
  squish::Compress(block.data(), dxt1.data(), squish::kDxt1 | squish::kColourIterativeClusterFit);
  EXPECT_EQ(dxt1, (std::array<squish::u8, 8>{0x6e, 0x2a, 0x38, 0x7d, 0xcf, 0xde, 0xb3, 0xc7}));
}

TEST(WindowsLibraries, WebpLosslessRoundTrips) {
  const auto pixels = gradient_rgba(16, 8);
  std::uint8_t* encoded = nullptr;
  const std::size_t size = WebPEncodeLosslessRGBA(pixels.data(), 16, 8, 16 * 4, &encoded);
  ASSERT_GT(size, 0u);
  int width = 0, height = 0;
  std::uint8_t* decoded = WebPDecodeRGBA(encoded, size, &width, &height);
  ASSERT_NE(decoded, nullptr);
  EXPECT_EQ(width, 16);
  EXPECT_EQ(std::vector<std::uint8_t>(decoded, decoded + pixels.size()), pixels);
  WebPFree(decoded);
  WebPFree(encoded);
}

TEST(WindowsLibraries, StbPngRoundTripsAndTinygltfParses) {
  const auto pixels = gradient_rgba(8, 8);
  std::vector<std::uint8_t> png;
  stbi_write_png_to_func([](void* out, void* data, int size) {
    auto* bytes = static_cast<std::uint8_t*>(data);
    static_cast<std::vector<std::uint8_t>*>(out)->insert(static_cast<std::vector<std::uint8_t>*>(out)->end(), bytes, bytes + size);
  }, &png, 8, 8, 4, pixels.data(), 8 * 4);
  int width = 0, height = 0, channels = 0;
  stbi_uc* back = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &width, &height, &channels, 4);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(std::vector<std::uint8_t>(back, back + pixels.size()), pixels);
  stbi_image_free(back);

  tinygltf::TinyGLTF loader;
  tinygltf::Model model;
  std::string error, warning;
  const std::string gltf = R"({"asset":{"version":"2.0"},"nodes":[{"name":"n\u00e9"}],"scenes":[{"nodes":[0]}]})";
  ASSERT_TRUE(loader.LoadASCIIFromString(&model, &error, &warning, gltf.c_str(), static_cast<unsigned>(gltf.size()), ""))
      << error;
  ASSERT_EQ(model.nodes.size(), 1u);
  EXPECT_EQ(model.nodes[0].name, "n\xc3\xa9");
}

TEST(WindowsLibraries, HashesMeshesAndJpeg2000Codec) {
  EXPECT_EQ(XXH64(nullptr, 0, 0), 0xEF46DB3751D8E999ull);
  const std::array<unsigned, 6> indices{0, 1, 2, 2, 1, 3};
  std::array<unsigned, 6> optimized{};
  meshopt_optimizeVertexCache(optimized.data(), indices.data(), indices.size(), 4);
  EXPECT_EQ(meshopt_analyzeVertexCache(optimized.data(), optimized.size(), 4, 16, 0, 0).vertices_transformed, 4u);
  EXPECT_STRNE(opj_version(), "");
  opj_codec_t* codec = opj_create_decompress(OPJ_CODEC_J2K);
  ASSERT_NE(codec, nullptr);
  opj_destroy_codec(codec);
}

TEST(WindowsLibraries, SdlTimersImguiFontsAndEpoxyLink) {
  ASSERT_EQ(SDL_Init(SDL_INIT_TIMER | SDL_INIT_EVENTS), 0) << SDL_GetError();
  SDL_version version;
  SDL_GetVersion(&version);
  EXPECT_EQ(version.major, 2);
  SDL_Quit();
  ImGui::CreateContext();
  unsigned char* atlas = nullptr;
  int width = 0, height = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&atlas, &width, &height);  // stb_truetype and stb_rect_pack
  EXPECT_NE(atlas, nullptr);
  EXPECT_GT(width, 0);
  ImGui::DestroyContext();
  EXPECT_NE(reinterpret_cast<void*>(&epoxy_gl_version), nullptr);
}

}  // namespace

// SDL.h renames main to SDL_main: SDL2main's main calls this, as it calls aem-viewer's.
int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
