// How aem-viewer renders (issue 17), checked on values no stale reference can fake: metals lit
// by the environment, a loaded .hdr environment, multisampled edges and alpha-to-coverage, the
// grid under a floor across a one-pixel camera move, and the errors of a bad --environment.
#include <sys/stat.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <stb_image_write.h>

#include <gtest/gtest.h>

#include "aem/mip_chain.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using pipeline::ModelContent;
using pipeline::TextureImage;
using Rgba = std::array<std::uint8_t, 4>;

// A size x size RGBA8 texture with its mips, texel(x, y) at level 0 and every level below it.
template <class F>
TextureImage texture(std::uint32_t size, F texel) {
  TextureImage image;
  image.width = image.height = size;
  image.compression = Compression::none;
  for (std::uint32_t level = 0; level < mip_count(size, size); ++level) {
    const std::uint32_t s = std::max(1u, size >> level);
    for (std::uint32_t y = 0; y < s; ++y) {
      for (std::uint32_t x = 0; x < s; ++x) {
        for (std::uint8_t v : texel(x * (size / s), y * (size / s))) image.mips.push_back(std::byte{v});
      }
    }
  }
  return image;
}

TextureImage solid(Rgba rgba) {
  return texture(8, [rgba](std::uint32_t, std::uint32_t) { return rgba; });
}

constexpr Rgba kFlatNormal{128, 128, 255, 255};

// One material from its base colour texture and its (roughness, occlusion, metalness, emission).
void add_material(ModelContent& m, TextureImage base, Rgba pbr) {
  const auto first = std::uint32_t(m.textures.size());
  m.textures.push_back(std::move(base));
  m.textures.push_back(solid(kFlatNormal));
  m.textures.push_back(solid(pbr));
  m.materials.push_back({first, first + 1, first + 2, std::uint32_t(MaterialType::opaque)});
}

Vertex vertex(std::array<float, 3> p, std::array<float, 3> n, std::array<float, 3> t, float u, float v) {
  Vertex out{};
  for (int i = 0; i < 3; ++i) {
    out.position[i] = p[std::size_t(i)];
    out.normal[i] = n[std::size_t(i)];
    out.tangent[i] = t[std::size_t(i)];
  }
  out.bitangent[0] = n[1] * t[2] - n[2] * t[1];
  out.bitangent[1] = n[2] * t[0] - n[0] * t[2];
  out.bitangent[2] = n[0] * t[1] - n[1] * t[0];
  out.uv[0] = u;
  out.uv[1] = v;
  for (int j = 0; j < 4; ++j) out.joints[j] = -1;
  return out;
}

// A unit UV sphere at the origin, counter-clockwise seen from outside.
ModelContent sphere(Rgba base, Rgba pbr) {
  ModelContent m;
  add_material(m, solid(base), pbr);
  constexpr int stacks = 32, slices = 64;
  const float pi = 3.14159265f;
  for (int i = 0; i <= stacks; ++i) {
    const float theta = pi * float(i) / stacks;
    for (int j = 0; j <= slices; ++j) {
      const float phi = 2 * pi * float(j) / slices;
      const std::array<float, 3> n{std::sin(theta) * std::sin(phi), std::cos(theta), std::sin(theta) * std::cos(phi)};
      m.vertices.push_back(vertex(n, n, {std::cos(phi), 0, -std::sin(phi)}, float(j) / slices, float(i) / stacks));
    }
  }
  for (std::uint32_t i = 0; i < stacks; ++i) {
    for (std::uint32_t j = 0; j < slices; ++j) {
      const std::uint32_t a = i * (slices + 1) + j, b = a + 1, c = a + slices + 1, d = c + 1;
      m.indices.insert(m.indices.end(), {a, c, d, a, d, b});
    }
  }
  m.meshes.push_back({0, std::uint32_t(m.indices.size()), 0});
  return m;
}

// A 2x2 m quad facing +Z at z = 0, uv (0, 0) top left.
ModelContent quad(TextureImage base, Rgba pbr) {
  ModelContent m;
  add_material(m, std::move(base), pbr);
  for (int corner = 0; corner < 4; ++corner) {
    const float x = (corner & 1) ? 1.0f : -1.0f, y = (corner & 2) ? 1.0f : -1.0f;
    m.vertices.push_back(vertex({x, y, 0}, {0, 0, 1}, {1, 0, 0}, (x + 1) / 2, (1 - y) / 2));
  }
  m.indices = {0, 1, 3, 0, 3, 2};
  m.meshes.push_back({0, 6, 0});
  return m;
}

// A 4x4 m floor facing +Y at y = 0: the model's lowest plane, where the grid lies.
ModelContent floor_plane() {
  ModelContent m;
  add_material(m, solid({140, 140, 140, 255}), {230, 255, 0, 0});
  const float h = 2;
  m.vertices.push_back(vertex({-h, 0, h}, {0, 1, 0}, {1, 0, 0}, 0, 1));
  m.vertices.push_back(vertex({h, 0, h}, {0, 1, 0}, {1, 0, 0}, 1, 1));
  m.vertices.push_back(vertex({-h, 0, -h}, {0, 1, 0}, {1, 0, 0}, 0, 0));
  m.vertices.push_back(vertex({h, 0, -h}, {0, 1, 0}, {1, 0, 0}, 1, 0));
  m.indices = {0, 1, 3, 0, 3, 2};
  m.meshes.push_back({0, 6, 0});
  return m;
}

std::filesystem::path write(const std::filesystem::path& dir, const std::string& name, const ModelContent& m) {
  const auto path = dir / (name + ".aem");
  pipeline::write_model_file(path, m);
  return path;
}

int channel_distance(const std::uint8_t* a, const std::uint8_t* b) {
  int d = 0;
  for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(a[c]) - int(b[c])));
  return d;
}

double luma(const std::uint8_t* p) { return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]; }

// Mean of `value` over the pixels that differ from the background (the corner) by more than 12.
template <class F>
double mean_over_model(const Image& image, F value) {
  double sum = 0;
  std::size_t count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (channel_distance(image.at(x, y), image.at(0, 0)) <= 12) continue;
      sum += value(image.at(x, y));
      ++count;
    }
  }
  return count == 0 ? 0 : sum / double(count);
}

const std::string kSphereView = "--size 256x256 --yaw 0 --pitch 10 --no-grid";
constexpr Rgba kSilver{235, 235, 235, 255};
constexpr Rgba kPolishedMetal{64, 255, 255, 0};  // roughness 0.25, metal, no emission

TEST(ViewerLook, MetallicSphereReflectsTheEnvironment) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_metal");
  const auto metal = write(dir, "metal", sphere(kSilver, kPolishedMetal));
  const auto plastic = write(dir, "plastic", sphere(kSilver, {64, 255, 0, 0}));
  const Image metal_image = screenshot(metal, dir / "metal.png", kSphereView);
  const Image plastic_image = screenshot(plastic, dir / "plastic.png", kSphereView);
  const double metal_luma = mean_over_model(metal_image, luma), plastic_luma = mean_over_model(plastic_image, luma);
  // Lit by an environment, a silver ball returns about as much light as a white plastic one of
  // the same colour (it mirrors the studio where the plastic scatters it); lit by a point light
  // it shows one small highlight on a flat ambient (the viewer before issue 17: 0.67).
  EXPECT_GT(metal_luma, 100);
  EXPECT_GT(metal_luma, plastic_luma * 0.7) << "plastic: " << plastic_luma;
  // The reflection is the studio's: the upper half mirrors the bright sky and softboxes, the
  // lower half the dark floor (a hemisphere ambient alone: 40 levels apart).
  double upper = 0, lower = 0;
  for (int y = 0; y < 40; ++y) {
    upper += luma(metal_image.at(128, 90 + y));
    lower += luma(metal_image.at(128, 140 + y));
  }
  EXPECT_GT(upper / 40, lower / 40 + 80);
}

TEST(ViewerLook, DamagedHelmetMetalReadsAsMetal) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  const auto dir = scratch_dir("look_helmet");
  const auto model = corpus / "khronos/DamagedHelmet/glTF-Binary/DamagedHelmet.glb";
  const std::string view = "--size 256x256 --yaw 30 --pitch 15 --no-grid";
  const Image lit = screenshot(model, dir / "lit.png", view);
  const Image metalness = screenshot(model, dir / "metalness.png", view + " --mode metalness");
  double sum = 0;
  std::size_t count = 0;
  for (int y = 0; y < 256; ++y) {
    for (int x = 0; x < 256; ++x) {
      if (metalness.at(x, y)[0] < 200 || channel_distance(metalness.at(x, y), metalness.at(0, 0)) <= 12) continue;
      sum += luma(lit.at(x, y));
      ++count;
    }
  }
  ASSERT_GT(count, 2000u) << "the helmet's metal covers a good part of the frame";
  EXPECT_GT(sum / double(count), 90) << "mean luma of the metal pixels";
}

TEST(ViewerLook, HdrEnvironmentLoadsAndLights) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_hdr");
  // A red room: every direction radiance (3, 0.15, 0.15).
  const int w = 64, h = 32;
  std::vector<float> rgb(std::size_t(w) * h * 3);
  for (std::size_t i = 0; i < rgb.size(); i += 3) {
    rgb[i] = 3.0f;
    rgb[i + 1] = rgb[i + 2] = 0.15f;
  }
  const auto hdr = dir / "red room.hdr";
  ASSERT_NE(stbi_write_hdr(hdr.c_str(), w, h, 3, rgb.data()), 0);
  const auto model = write(dir, "sphere", sphere({200, 200, 200, 255}, {128, 255, 0, 0}));
  const Image studio = screenshot(model, dir / "studio.png", kSphereView);
  const Image red = screenshot(model, dir / "red.png", kSphereView + " --environment " + shell_quote(hdr.string()));
  const auto redness = [](const std::uint8_t* p) { return double(p[0]) - double(p[1]); };
  EXPECT_LT(mean_over_model(studio, redness), 30);
  EXPECT_GT(mean_over_model(red, redness), 80);
  // Shown as the background, the room is red all round.
  const Image backdrop = screenshot(model, dir / "backdrop.png",
                                    kSphereView + " --background env --environment " + shell_quote(hdr.string()));
  EXPECT_GT(int(backdrop.at(2, 2)[0]), int(backdrop.at(2, 2)[1]) + 100);
}

// The equirectangular mapping and --environment-yaw: light from one quadrant of the image (up,
// towards +X) lights the matching quarter of a white ball; turned by 180 degrees, the opposite.
TEST(ViewerLook, HdrEnvironmentIsOrientedAndTurns) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_hdr_orientation");
  const int w = 64, h = 32;
  std::vector<float> rgb(std::size_t(w) * h * 3, 0.02f);
  for (int y = 0; y < h / 2; ++y) {  // rows top to bottom: the upper half looks up
    for (int x = w / 2; x < w; ++x) {  // columns past the middle look towards +X
      for (int c = 0; c < 3; ++c) rgb[(std::size_t(y) * w + std::size_t(x)) * 3 + std::size_t(c)] = 1.0f;
    }
  }
  const auto hdr = dir / "quadrant.hdr";
  ASSERT_NE(stbi_write_hdr(hdr.c_str(), w, h, 3, rgb.data()), 0);
  const auto model = write(dir, "ball", sphere({220, 220, 220, 255}, {255, 255, 0, 0}));
  const std::string view = kSphereView + " --environment " + shell_quote(hdr.string());
  const Image image = screenshot(model, dir / "quadrant.png", view);
  const Image turned = screenshot(model, dir / "turned.png", view + " --environment-yaw 180");
  ASSERT_GT(image.width, 0);
  ASSERT_GT(turned.width, 0);
  // Seen from +Z (yaw 0): screen right is +X, screen up is +Y. Sampled at 0.7 of the ball's
  // radius along its diagonals, found from its silhouette so that the framing does not matter.
  const auto quarter_luma = [](const Image& im, int sx, int sy) {
    int min_x = im.width, max_x = -1, min_y = im.height, max_y = -1;
    for (int y = 0; y < im.height; ++y) {
      for (int x = 0; x < im.width; ++x) {
        if (channel_distance(im.at(x, y), im.at(0, 0)) <= 12) continue;
        min_x = std::min(min_x, x), max_x = std::max(max_x, x);
        min_y = std::min(min_y, y), max_y = std::max(max_y, y);
      }
    }
    const double cx = (min_x + max_x) / 2.0, cy = (min_y + max_y) / 2.0;
    const double offset = 0.7 * (max_x - min_x) / 2.0 / std::sqrt(2.0);
    return luma(im.at(int(cx + sx * offset), int(cy + sy * offset)));
  };
  const double upper_right = quarter_luma(image, 1, -1), upper_left = quarter_luma(image, -1, -1);
  const double lower_right = quarter_luma(image, 1, 1), lower_left = quarter_luma(image, -1, 1);
  EXPECT_GT(upper_right, upper_left + 40);
  EXPECT_GT(upper_right, lower_right + 40);
  EXPECT_GT(upper_right, lower_left + 40);
  EXPECT_GT(quarter_luma(turned, -1, -1), quarter_luma(turned, 1, -1) + 40);
  EXPECT_GT(quarter_luma(turned, -1, -1), quarter_luma(turned, -1, 1) + 40);
}

// A bad --environment is one line naming the file, exit 1 and no screenshot.
void expect_environment_error(const std::filesystem::path& environment, const std::string& reason) {
  const auto dir = environment.parent_path();
  const auto model = write(dir, "quad", quad(solid({200, 100, 50, 255}), {128, 255, 0, 0}));
  const auto png = dir / "out.png";
  const CommandResult result = run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote(png.string()) +
                                              " --environment " + shell_quote(environment.string()),
                                          "timeout -s KILL 60");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find(environment.string() + ": " + reason), std::string::npos) << result.output;
  std::size_t lines = 0;
  for (char c : result.output) lines += c == '\n' ? 1 : 0;
  EXPECT_EQ(lines, 1u) << result.output;
  EXPECT_FALSE(std::filesystem::exists(png));
}

TEST(ViewerErrors, BrokenHdrEnvironmentIsOneLineAndExitOne) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("errors_hdr");
  {  // A valid Radiance header, then far fewer pixels than it promises.
    std::ofstream out(dir / "truncated.hdr", std::ios::binary);
    out << "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 64 +X 128\n";
    out.write("\x02\x02\x00\x80\x10", 5);
  }
  expect_environment_error(dir / "truncated.hdr", "broken Radiance HDR data");
  {  // A PNG named .hdr.
    const std::uint8_t pixel[4] = {1, 2, 3, 255};
    ASSERT_NE(stbi_write_png((dir / "photo.hdr").c_str(), 1, 1, 4, pixel, 4), 0);
  }
  expect_environment_error(dir / "photo.hdr", "not a Radiance HDR (.hdr) image");
  expect_environment_error(dir / "absent.hdr", "cannot read the environment: no such file");
  // A FIFO never reaches the reader (it would block there).
  ASSERT_EQ(::mkfifo((dir / "pipe.hdr").c_str(), 0600), 0);
  expect_environment_error(dir / "pipe.hdr", "cannot read the environment: not a regular file");
}

// Pixels that are neither the background nor `surface` (by more than 8 in some channel).
std::size_t intermediate_pixels(const Image& image, const std::uint8_t* surface) {
  std::size_t count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      if (channel_distance(p, image.at(0, 0)) > 8 && channel_distance(p, surface) > 8) ++count;
    }
  }
  return count;
}

TEST(ViewerLook, MultisampledEdgesTakeIntermediateValues) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_msaa");
  const auto model = write(dir, "quad", quad(solid({200, 100, 50, 255}), {128, 255, 0, 0}));
  // Turned, so that every edge crosses pixels at a slant; flat colour, so the inside is uniform.
  const std::string view = "--size 256x256 --yaw 25 --pitch 20 --distance 4 --no-grid --mode base-color";
  const Image smooth = screenshot(model, dir / "msaa.png", view);
  const Image aliased = screenshot(model, dir / "no_msaa.png", view + " --no-msaa");
  ASSERT_GT(coverage(aliased), 0.2);
  EXPECT_GT(intermediate_pixels(smooth, smooth.at(128, 128)), 200u);
  EXPECT_EQ(intermediate_pixels(aliased, aliased.at(128, 128)), 0u);
  const Image two = screenshot(model, dir / "msaa2.png", view + " --msaa 2");
  EXPECT_GT(intermediate_pixels(two, two.at(128, 128)), 200u);
}

// Xvfb with Mesa offers multisampled visuals, as desktop drivers do.
TEST(ViewerLook, WindowIsMultisampledUnlessAskedNot) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_window_msaa");
  const auto model = write(dir, "quad", quad(solid({200, 100, 50, 255}), {128, 255, 0, 0}));
  const std::string run = shell_quote(model.string()) + " --size 160x120 --frames 2 --print-timing";
  const CommandResult msaa = run_viewer(run);
  EXPECT_EQ(msaa.exit_code, 0) << msaa.output;
  EXPECT_NE(msaa.output.find("aem-viewer: window 4x multisampled"), std::string::npos) << msaa.output;
  const CommandResult plain = run_viewer(run + " --no-msaa");
  EXPECT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_NE(plain.output.find("aem-viewer: window not multisampled"), std::string::npos) << plain.output;
}

TEST(ViewerLook, ExposureScalesTheLight) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_exposure");
  const auto model = write(dir, "ball", sphere({180, 180, 180, 255}, {200, 255, 0, 0}));
  const double dark = mean_over_model(screenshot(model, dir / "dark.png", kSphereView + " --exposure -2"), luma);
  const double normal = mean_over_model(screenshot(model, dir / "normal.png", kSphereView), luma);
  const double bright = mean_over_model(screenshot(model, dir / "bright.png", kSphereView + " --exposure 1"), luma);
  EXPECT_LT(dark + 30, normal);
  EXPECT_LT(normal + 10, bright);
}

TEST(ViewerLook, AlphaTestedEdgesUseAlphaToCoverage) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_a2c");
  // Opaque (alpha-tested) material cut along the diagonal: the cut crosses the quad's inside.
  const auto cut = texture(64, [](std::uint32_t x, std::uint32_t y) {
    return Rgba{230, 230, 230, std::uint8_t(x + y < 64 ? 255 : 0)};
  });
  const auto model = write(dir, "cut", quad(cut, {200, 255, 0, 0}));
  const std::string view = "--size 256x256 --yaw 0 --pitch 0 --distance 4 --no-grid";
  const Image smooth = screenshot(model, dir / "msaa.png", view);
  const Image aliased = screenshot(model, dir / "no_msaa.png", view + " --no-msaa");
  // Inside the quad, away from its own edges, only the cut can differ: with coverage from alpha
  // its pixels blend; without (or with a plain discard) they are all or nothing.
  std::size_t blended = 0;
  for (int y = 70; y < 186; ++y) {
    for (int x = 70; x < 186; ++x) blended += channel_distance(smooth.at(x, y), aliased.at(x, y)) > 8 ? 1 : 0;
  }
  EXPECT_GT(blended, 40u);
  EXPECT_GT(coverage(aliased), 0.1);
}

TEST(ViewerLook, GridNeverShowsThroughAFloorOnItsPlane) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("look_grid");
  const auto model = write(dir, "floor", floor_plane());
  // Two camera positions a pixel or so apart, as a slow orbit renders them.
  for (const char* yaw : {"30", "30.15", "30.3"}) {
    const std::string view = std::string("--size 256x256 --pitch 25 --yaw ") + yaw;
    const Image plain = screenshot(model, dir / (std::string("plain_") + yaw + ".png"), view + " --no-grid");
    const Image grid = screenshot(model, dir / (std::string("grid_") + yaw + ".png"), view);
    // The floor's inside (two pixels from its edges) is the floor alone, grid or not.
    const auto floor_at = [&](int x, int y) { return channel_distance(plain.at(x, y), plain.at(0, 0)) > 12; };
    std::size_t inside = 0, through = 0, around = 0;
    for (int y = 2; y < 254; ++y) {
      for (int x = 2; x < 254; ++x) {
        bool interior = true;
        for (int dy = -2; dy <= 2 && interior; ++dy) {
          for (int dx = -2; dx <= 2 && interior; ++dx) interior = floor_at(x + dx, y + dy);
        }
        const int d = channel_distance(plain.at(x, y), grid.at(x, y));
        if (interior) {
          ++inside;
          through += d > 1 ? 1 : 0;
        } else if (!floor_at(x, y)) {
          around += d > 8 ? 1 : 0;
        }
      }
    }
    EXPECT_GT(inside, 5000u) << "yaw " << yaw;
    EXPECT_EQ(through, 0u) << "grid pixels show through the floor at yaw " << yaw;
    EXPECT_GT(around, 300u) << "the grid shows around the floor at yaw " << yaw;
  }
}

}  // namespace
}  // namespace aem::test::viewer
