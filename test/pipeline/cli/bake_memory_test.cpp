// Bounded memory on hostile input (BakeOptions::limits): small files that claim huge images, make
// huge textures from mismatched sources, or multiply joints by animations fail with a message
// naming the limit, or bake within a bounded peak, measured in a forked child that runs the bake
// alone (its own ru_maxrss, through wait4). Images no baked material uses are never decoded, and
// an image used twice is decoded once. Raised limits let a larger model through.
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "address_sanitizer.hpp"
#include "aem/pipeline/bake.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"
#include "synthetic_gltf.hpp"
#include "watchdog.hpp"
#include "expect_names.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Far above what any of these bakes needs done right (tens of MB), far below what the bombs took
// before the limits (1 to 8 GB).
constexpr std::uint64_t kPeakBound = std::uint64_t(1) << 30;

// ---- A PNG of one black texel colour, any size, written without its pixels in memory: 1-bit
// greyscale, every byte of the image data zero, deflated as one literal then runs of 258.

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t crc = 0) {
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

class BitWriter {
 public:
  void bits(std::uint32_t value, int count) {  // least significant bit first
    for (int i = 0; i < count; ++i) put((value >> i) & 1u);
  }
  void huffman(std::uint32_t code, int length) {  // most significant bit first
    for (int i = length - 1; i >= 0; --i) put((code >> i) & 1u);
  }
  std::vector<std::uint8_t> finish() {
    if (used_ > 0) bytes_.push_back(current_);
    used_ = 0;
    return std::move(bytes_);
  }

 private:
  void put(std::uint32_t bit) {
    current_ = std::uint8_t(current_ | (bit << used_));
    if (++used_ == 8) {
      bytes_.push_back(current_);
      current_ = 0;
      used_ = 0;
    }
  }
  std::vector<std::uint8_t> bytes_;
  std::uint8_t current_ = 0;
  int used_ = 0;
};

// A zlib stream of n zero bytes (fixed Huffman codes).
std::vector<std::uint8_t> zlib_zeros(std::uint64_t n) {
  BitWriter w;
  w.bits(1, 1);  // final block
  w.bits(1, 2);  // fixed codes
  std::uint64_t left = n;
  w.huffman(0x30, 8);  // literal 0
  --left;
  for (; left >= 258; left -= 258) {
    w.huffman(0xC5, 8);  // length 258 (code 285)
    w.huffman(0, 5);     // distance 1
  }
  for (; left > 0; --left) w.huffman(0x30, 8);
  w.huffman(0, 7);  // end of block
  std::vector<std::uint8_t> out = {0x78, 0x01};
  const std::vector<std::uint8_t> body = w.finish();
  out.insert(out.end(), body.begin(), body.end());
  const std::uint32_t adler = std::uint32_t((n % 65521) << 16) | 1u;  // a = 1, b = n (all zeros)
  for (int s = 24; s >= 0; s -= 8) out.push_back(std::uint8_t(adler >> s));
  return out;
}

void write_black_png(const fs::path& path, std::uint32_t w, std::uint32_t h) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  auto chunk = [&](const char* type, const std::vector<std::uint8_t>& data) {
    for (int s = 24; s >= 0; s -= 8) png.push_back(std::uint8_t(data.size() >> s));
    std::vector<std::uint8_t> typed(type, type + 4);
    typed.insert(typed.end(), data.begin(), data.end());
    png.insert(png.end(), typed.begin(), typed.end());
    const std::uint32_t crc = crc32(typed.data(), typed.size());
    for (int s = 24; s >= 0; s -= 8) png.push_back(std::uint8_t(crc >> s));
  };
  std::vector<std::uint8_t> header;
  for (std::uint32_t v : {w, h})
    for (int s = 24; s >= 0; s -= 8) header.push_back(std::uint8_t(v >> s));
  header.insert(header.end(), {1, 0, 0, 0, 0});  // 1 bit, greyscale, deflate, filter 0, no interlace
  chunk("IHDR", header);
  chunk("IDAT", zlib_zeros(std::uint64_t(h) * (1 + (w + 7) / 8)));  // a filter byte per row
  chunk("IEND", {});
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
}

// `text` with its one `from` replaced by `to` (a test's edit of a generated glTF).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos) throw std::logic_error("no '" + from + "' to replace");
  return text.replace(at, from.size(), to);
}

// ---- The bake run in a child process.

struct ChildBake {
  bool baked = false;
  std::string error;  // the BakeError's message when not baked
  std::uint64_t images_decoded = 0, decoded_pixels = 0, largest_texture = 0, animations = 0;
  std::string warnings;
  std::uint64_t peak_bytes = 0;  // the child's ru_maxrss
};

// Bakes `in` in memory in a forked child, which reports through a pipe. Outside sanitizers the
// child's address space is capped at 4 GiB, so that a bomb the limits miss fails the test
// instead of taking the machine's memory.
ChildBake bake_in_child(const fs::path& in, const pipeline::BakeOptions& options) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    if (!kAddressSanitizer) {  // ASan's shadow memory is terabytes of address space
      const rlimit cap{rlim_t(4) << 30, rlim_t(4) << 30};
      ::setrlimit(RLIMIT_AS, &cap);
    }
    std::string text;
    int code = 0;
    try {
      const pipeline::BakeResult result = pipeline::bake_model(in, options);
      std::uint64_t largest = 0;
      for (const pipeline::TextureImage& t : result.content.textures)
        largest = std::max<std::uint64_t>(largest, std::uint64_t(t.width) * t.height);
      const pipeline::BakeReport& r = result.report;
      text = "ok " + std::to_string(r.images_decoded) + " " + std::to_string(r.decoded_pixels) + " " +
             std::to_string(largest) + " " + std::to_string(r.animations) + "\n";
      for (const std::string& w : r.warnings) text += w + "\n";
    } catch (const pipeline::BakeError& e) {
      text = std::string("error\n") + e.what();
      code = 1;
    } catch (const std::exception& e) {
      text = std::string("crash\n") + e.what();
      code = 2;
    }
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(fds[1], text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += std::size_t(n);
    }
    ::_exit(code);
  }
  ::close(fds[1]);
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) text.append(buffer, std::size_t(n));
  ::close(fds[0]);
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  ChildBake out;
  out.peak_bytes = std::uint64_t(usage.ru_maxrss) * 1024;
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) <= 1) << "the bake crashed: " << text;
  if (text.rfind("ok ", 0) == 0) {
    out.baked = true;
    std::istringstream fields(text.substr(3));
    fields >> out.images_decoded >> out.decoded_pixels >> out.largest_texture >> out.animations;
    out.warnings = text.substr(text.find('\n') + 1);
  } else {
    out.error = text.substr(text.find('\n') + 1);
  }
  return out;
}

// The quad whose material 0 uses the textures `material` names; `images` are the image entries.
std::string textured_quad(const std::string& material, const std::string& textures, const std::string& images) {
  return quad_gltf(R"("materials": [)" + material + R"(], "textures": [)" + textures + R"(], "images": [)" + images +
                   R"(], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)");
}

pipeline::BakeOptions fast_options() {
  pipeline::BakeOptions options = test_options();
  options.max_texture_size = 0;  // textures at their source size: what the bounds are about
  return options;
}

TEST(BakeMemory, HugeImageAMaterialUsesIsRefusedFromItsHeader) {
  Watchdog watchdog("huge used image", 120s);
  ScratchDir dir("mem_huge_used");
  write_black_png(dir.path() / "huge.png", 16384, 16384);
  EXPECT_LT(fs::file_size(dir.path() / "huge.png"), 300'000u);
  const fs::path in = dir.path() / "huge.gltf";
  write_file(in, textured_quad(R"({"name": "Wall", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})",
                               R"({"source": 0})", R"({"uri": "huge.png"})"));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_FALSE(bake.baked);
  expect_names(bake.error, {in.string(), "material 0 (Wall)", "image 0 (huge.png)", "16384x16384",
                            "268435456 pixels", "67108864", "--max-image-pixels"});
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

TEST(BakeMemory, ImagesNoBakedMaterialUsesAreNotDecoded) {
  Watchdog watchdog("unused huge images", 120s);
  ScratchDir dir("mem_huge_unused");
  write_black_png(dir.path() / "huge.png", 16384, 16384);
  write_black_png(dir.path() / "small.png", 1000, 3);  // also shows the hand-made PNGs decode
  const fs::path in = dir.path() / "unused.gltf";
  // Four images of the same huge file, none of them used; the material uses image 4.
  write_file(in, textured_quad(R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})", R"({"source": 4})",
                               R"({"uri": "huge.png"}, {"uri": "huge.png"}, {"uri": "huge.png"}, {"uri": "huge.png"},
                                  {"uri": "small.png"})"));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_TRUE(bake.baked) << bake.error;
  EXPECT_EQ(bake.images_decoded, 1u);
  EXPECT_EQ(bake.decoded_pixels, 3000u);
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

TEST(BakeMemory, AnImageUsedSeveralTimesIsDecodedOnce) {
  ScratchDir dir("mem_used_twice");
  write_solid_png(dir.path() / "tile.png", 64, 32, {128, 128, 255, 255});
  write_solid_png(dir.path() / "copy.png", 64, 32, {128, 128, 255, 255});  // the same bytes, another file
  const fs::path in = dir.path() / "twice.gltf";
  // Base colour through image 0, normal map through image 1 (the same file), emissive through
  // image 2 (another file with the same bytes), occlusion through image 0 again.
  write_file(in, textured_quad(R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}},
                                   "normalTexture": {"index": 1}, "emissiveTexture": {"index": 2},
                                   "emissiveFactor": [1, 1, 1], "occlusionTexture": {"index": 0}})",
                               R"({"source": 0}, {"source": 1}, {"source": 2})",
                               R"({"uri": "tile.png"}, {"uri": "tile.png"}, {"uri": "copy.png"})"));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_TRUE(bake.baked) << bake.error;
  EXPECT_EQ(bake.images_decoded, 1u);
  EXPECT_EQ(bake.decoded_pixels, 64u * 32u);
}

TEST(BakeMemory, MismatchedPbrSourcesMakeATextureNoLargerThanTheLargestSource) {
  Watchdog watchdog("mismatched PBR sources", 120s);
  ScratchDir dir("mem_pbr_sources");
  write_solid_png(dir.path() / "row.png", 16384, 1, {0, 128, 255, 255});
  write_solid_png(dir.path() / "column.png", 1, 16384, {64, 0, 0, 255});
  const fs::path in = dir.path() / "pbr.gltf";
  write_file(in, textured_quad(R"({"pbrMetallicRoughness": {"metallicRoughnessTexture": {"index": 0}},
                                   "occlusionTexture": {"index": 1}})",
                               R"({"source": 0}, {"source": 1})", R"({"uri": "row.png"}, {"uri": "column.png"})"));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_TRUE(bake.baked) << bake.error;
  EXPECT_EQ(bake.largest_texture, 16384u);  // 16384x1, not 16384x16384
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

// `joints` joints (a skin over root nodes 1..joints; node 0 places the quad) and `animations`
// animations of `channels` channels each (none, or a one-key translation of joint node 1 from
// accessors without buffer views, which read as zeros).
std::string joints_and_animations(int joints, int animations, int channels) {
  std::string nodes = R"({"mesh": 0})", roots = "0", skin_joints;
  for (int j = 1; j <= joints; ++j) {
    nodes += ",{}";
    roots += ',';
    roots += std::to_string(j);
    if (j > 1) skin_joints += ',';
    skin_joints += std::to_string(j);
  }
  std::string anims;
  for (int a = 0; a < animations; ++a) {
    anims += a > 0 ? "," : "";
    anims += channels == 0 ? R"({"channels": [], "samplers": []})"
                           : R"({"channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}],
                                 "samplers": [{"input": 4, "output": 5}]})";
  }
  const std::string gltf = quad_gltf(R"("materials": [{}], "nodes": [)" + nodes + R"(], "skins": [{"joints": [)" +
                                     skin_joints + R"(]}], "animations": [)" + anims +
                                     R"(], "scenes": [{"nodes": [)" + roots + R"(]}], "scene": 0)");
  // Two more accessors after the quad's four: one key time and one translation, both zero.
  const std::string accessors_end = R"({"bufferView": 3, "componentType": 5123, "count": 6, "type": "SCALAR"}])";
  const std::string out = replaced(gltf, accessors_end,
                                   R"({"bufferView": 3, "componentType": 5123, "count": 6, "type": "SCALAR"},
                                      {"componentType": 5126, "count": 1, "type": "SCALAR", "min": [0], "max": [0]},
                                      {"componentType": 5126, "count": 1, "type": "VEC3"}])");
  return out;
}

TEST(BakeMemory, ThousandsOfEmptyAnimationsOverThousandsOfJointsAreDropped) {
  Watchdog watchdog("empty animations", 120s);
  ScratchDir dir("mem_empty_animations");
  const fs::path in = dir.path() / "empty.gltf";
  write_file(in, joints_and_animations(4000, 4000, 0));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_TRUE(bake.baked) << bake.error;
  EXPECT_EQ(bake.animations, 0u);
  expect_names(bake.warnings, {in.string(), "animation 0", "has no channels; dropped"});
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

TEST(BakeMemory, JointsTimesAnimationsPastTheLimitAreRefusedBeforeAllocating) {
  Watchdog watchdog("joints x animations", 120s);
  ScratchDir dir("mem_joint_animations");
  const fs::path in = dir.path() / "keys.gltf";
  write_file(in, joints_and_animations(4000, 4000, 1));
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_FALSE(bake.baked);
  expect_names(bake.error, {in.string(), "4000 joints x 4000 animations", "48000000 animation keys", "16777216",
                            "--max-animation-keys"});
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

TEST(BakeMemory, HugeVertexCountIsRefusedBeforeReading) {
  Watchdog watchdog("huge vertex count", 120s);
  ScratchDir dir("mem_vertices");
  const fs::path in = dir.path() / "vertices.gltf";
  // Mesh 0: 200 million zero positions from an accessor without a buffer view (2.4 GB as floats);
  // the quad becomes mesh 1.
  std::string gltf = quad_gltf(R"("materials": [{}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)");
  gltf = replaced(gltf, R"("meshes": [)", R"("meshes": [{"primitives": [{"attributes": {"POSITION": 4}}]}, )");
  gltf = replaced(gltf, R"("type": "SCALAR"}])", R"("type": "SCALAR"}, {"componentType": 5126, "count": 200000000,
                  "type": "VEC3", "min": [0, 0, 0], "max": [0, 0, 0]}])");
  write_file(in, gltf);
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_FALSE(bake.baked);
  expect_names(bake.error, {in.string(), "200000000", "16777216", "--max-vertices"});
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

TEST(BakeMemory, HugeKeyTimeCountIsRefusedBeforeReading) {
  Watchdog watchdog("huge key time count", 120s);
  ScratchDir dir("mem_key_times");
  const fs::path in = dir.path() / "times.gltf";
  // One animation whose key times and translations are 100 million zeros each (accessors
  // without buffer views): 1.6 GB as floats.
  std::string gltf = joints_and_animations(1, 1, 1);
  gltf = replaced(gltf, R"({"componentType": 5126, "count": 1, "type": "SCALAR", "min": [0], "max": [0]})",
                  R"({"componentType": 5126, "count": 100000000, "type": "SCALAR", "min": [0], "max": [0]})");
  gltf = replaced(gltf, R"({"componentType": 5126, "count": 1, "type": "VEC3"})",
                  R"({"componentType": 5126, "count": 100000000, "type": "VEC3"})");
  write_file(in, gltf);
  const ChildBake bake = bake_in_child(in, fast_options());
  ASSERT_FALSE(bake.baked);
  expect_names(bake.error, {in.string(), "animation 0 channel 0 (100000000 key times)", "--max-animation-keys"});
  EXPECT_LT(bake.peak_bytes, kPeakBound);
}

// Accessors of zeros without a buffer view cost nothing in the file, and the bake reads no more
// of them than it uses: a skin's inverse bind matrices (one per joint), an animation's output
// (refused when its count does not match its key times).
TEST(BakeMemory, HugeAccessorsOfZerosAreNotReadBeyondWhatIsUsed) {
  Watchdog watchdog("huge accessors of zeros", 120s);
  ScratchDir dir("mem_zero_accessors");
  const fs::path matrices = dir.path() / "matrices.gltf", values = dir.path() / "values.gltf";
  // 200 million inverse bind matrices (12.8 GB as floats) for one joint.
  std::string gltf = joints_and_animations(1, 1, 1);
  gltf = replaced(gltf, R"("skins": [{"joints": [1]}])", R"("skins": [{"joints": [1], "inverseBindMatrices": 6}])");
  gltf = replaced(gltf, R"({"componentType": 5126, "count": 1, "type": "VEC3"}])",
                  R"({"componentType": 5126, "count": 1, "type": "VEC3"},
                     {"componentType": 5126, "count": 200000000, "type": "MAT4"}])");
  write_file(matrices, gltf);
  const ChildBake from_matrices = bake_in_child(matrices, fast_options());
  EXPECT_TRUE(from_matrices.baked) << from_matrices.error;
  EXPECT_LT(from_matrices.peak_bytes, kPeakBound);
  // 200 million translations (2.4 GB) for one key time.
  gltf = replaced(joints_and_animations(1, 1, 1), R"({"componentType": 5126, "count": 1, "type": "VEC3"})",
                  R"({"componentType": 5126, "count": 200000000, "type": "VEC3"})");
  write_file(values, gltf);
  const ChildBake from_values = bake_in_child(values, fast_options());
  ASSERT_FALSE(from_values.baked);
  expect_names(from_values.error, {values.string(), "has 200000000 values for 1 key times"});
  EXPECT_LT(from_values.peak_bytes, kPeakBound);
}

// Each limit refuses a model just past it, and lets it through once raised to its amount.
TEST(BakeMemory, RaisedLimitsLetTheModelThrough) {
  ScratchDir dir("mem_raised");
  write_solid_png(dir.path() / "a.png", 64, 64, {10, 20, 30, 255});
  write_solid_png(dir.path() / "b.png", 64, 64, {40, 50, 60, 255});
  const fs::path images = dir.path() / "images.gltf";
  write_file(images, textured_quad(R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}},
                                       "normalTexture": {"index": 1}})",
                                   R"({"source": 0}, {"source": 1})", R"({"uri": "a.png"}, {"uri": "b.png"})"));
  const fs::path keys = dir.path() / "keys.gltf";
  write_file(keys, joints_and_animations(20, 30, 1));  // 20 x 30 x 3 = 1800 keys
  const fs::path vertices = dir.path() / "vertices.gltf";
  write_file(vertices, quad_gltf(R"("materials": [{}], "nodes": [{"children": [1, 2, 3]}, {"mesh": 0}, {"mesh": 0},
                                    {"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)"));  // 3 x 6 indices (4 vertices)
  struct Case {
    fs::path model;
    std::uint64_t pipeline::BakeLimits::*limit;
    std::uint64_t amount;
    const char* option;
  };
  for (const Case& c : {Case{images, &pipeline::BakeLimits::max_image_pixels, 4096, "--max-image-pixels"},
                        Case{images, &pipeline::BakeLimits::max_total_pixels, 8192, "--max-total-pixels"},
                        Case{keys, &pipeline::BakeLimits::max_animation_keys, 1800, "--max-animation-keys"},
                        Case{vertices, &pipeline::BakeLimits::max_vertices, 18, "--max-vertices"}}) {
    pipeline::BakeOptions options = fast_options();
    options.limits.*c.limit = c.amount - 1;
    try {
      pipeline::bake_model(c.model, options);
      ADD_FAILURE() << c.option << " " << c.amount - 1 << " let " << c.model << " through";
    } catch (const pipeline::BakeError& e) {
      expect_names(e.what(), {c.model.string(), std::to_string(c.amount - 1), c.option});
    }
    options.limits.*c.limit = c.amount;
    EXPECT_NO_THROW(pipeline::bake_model(c.model, options)) << c.option;
  }
}

TEST(BakeMemory, OutputPastItsLimitIsNotWritten) {
  ScratchDir dir("mem_output");
  const fs::path in = dir.path() / "quad.gltf", out = dir.path() / "out" / "quad.aem";
  write_file(in, quad_gltf(R"("materials": [{}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)"));
  pipeline::BakeOptions options = fast_options();
  options.limits.max_output_bytes = 100;
  try {
    pipeline::bake_model_file(in, out, options);
    ADD_FAILURE() << "a file over 100 bytes was written";
  } catch (const pipeline::BakeError& e) {
    expect_names(e.what(), {in.string(), "more than the limit of 100 bytes", "--max-output-bytes"});
  }
  EXPECT_FALSE(fs::exists(dir.path() / "out"));
  options.limits.max_output_bytes = std::uint64_t(1) << 31;
  pipeline::bake_model_file(in, out, options);
  EXPECT_TRUE(fs::exists(out));
}

TEST(BakeMemory, CommandLineAndManifestSetLimitsAndVerboseReportsPeakMemory) {
  ScratchDir dir("mem_cli");
  write_solid_png(dir.path() / "a.png", 64, 64, {10, 20, 30, 255});
  const fs::path in = dir.path() / "a.gltf";
  write_file(in, textured_quad(R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}})", R"({"source": 0})",
                               R"({"uri": "a.png"})"));
  const std::string bake = aem() + " bake " + shell_quote(in.string()) + " --textures rgba -o ";
  const CommandResult refused = run_command(bake + shell_quote((dir.path() / "a.aem").string()) + " --max-image-pixels 4095");
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  expect_names(refused.output, {"64x64 = 4096 pixels", "4095", "--max-image-pixels"});
  EXPECT_FALSE(fs::exists(dir.path() / "a.aem"));
  const CommandResult baked =
      run_command(bake + shell_quote((dir.path() / "a.aem").string()) + " --max-image-pixels 4096 --verbose");
  EXPECT_EQ(baked.exit_code, 0) << baked.output;
  expect_names(baked.output, {"images     1 decoded, 4096 pixels", "peak memory "});
  const CommandResult zero = run_command(bake + shell_quote((dir.path() / "b.aem").string()) + " --max-vertices 0");
  EXPECT_EQ(zero.exit_code, 1) << zero.output;
  expect_names(zero.output, {"--max-vertices expects a whole number from 1"});
  // A manifest's entry setting.
  write_file(dir.path() / "assets.json",
             R"({"output_dir": "baked", "assets": [{"input": "a.gltf", "max_total_pixels": 100}]})");
  const CommandResult manifest =
      run_command(aem() + " bake --manifest " + shell_quote((dir.path() / "assets.json").string()));
  EXPECT_EQ(manifest.exit_code, 1) << manifest.output;
  expect_names(manifest.output, {"--max-total-pixels"});
}

}  // namespace
}  // namespace aem::test
