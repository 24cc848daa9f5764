// An empty or cut-short binary glTF says what is wrong and where, naming the file: "empty file",
// "truncated GLB header at byte 7", a chunk header or chunk cut short, a header length past the
// end; never tinygltf's "JSON string too short." or "Invalid glTF binary.".
#include <cstdint>
#include <string>

#include "bake_test_support.hpp"
#include "expect_names.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

void put_u32(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (std::size_t i = 0; i < 4; ++i) bytes[at + i] = char((v >> (8 * i)) & 0xFF);
}

std::string u32_bytes(std::uint32_t v) {
  std::string out(4, '\0');
  put_u32(out, 0, v);
  return out;
}

// A GLB of the untextured quad (its buffer a data URI in the JSON) and, when `bin` is not
// empty, a BIN chunk holding it. Its header's length is the whole.
std::string quad_glb(const std::string& bin = "") {
  std::string json = quad_gltf(R"("materials": [{}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])");
  json.append((4 - json.size() % 4) % 4, ' ');
  std::string out = "glTF" + u32_bytes(2) + u32_bytes(0) + u32_bytes(std::uint32_t(json.size())) + "JSON" + json;
  if (!bin.empty()) out += u32_bytes(std::uint32_t(bin.size())) + std::string("BIN\0", 4) + bin;
  put_u32(out, 8, std::uint32_t(out.size()));
  return out;
}

// `glb`'s first `size` bytes, its header's length made `size` too (a file cut and its header
// told so): what is missing is then a chunk's header or data.
std::string cut_to(std::string glb, std::size_t size) {
  glb.resize(size);
  if (size >= 12) put_u32(glb, 8, std::uint32_t(size));
  return glb;
}

void expect_no_loader_words(const std::string& message) {
  EXPECT_EQ(message.find("JSON string too short"), std::string::npos) << message;
  EXPECT_EQ(message.find("Invalid glTF binary"), std::string::npos) << message;
  EXPECT_EQ(message.find("Too short data size"), std::string::npos) << message;
}

TEST(BakeTruncatedGlb, TheWholeQuadBakes) {
  ScratchDir dir("truncated_glb_whole");
  const fs::path whole = dir.path() / "quad.glb", with_bin = dir.path() / "bin.glb";
  write_file(whole, quad_glb());
  write_file(with_bin, quad_glb("abcdefgh"));  // an unused BIN chunk is no harm
  EXPECT_EQ(pipeline::bake_model(whole, test_options()).report.triangles, 2u);
  EXPECT_EQ(pipeline::bake_model(with_bin, test_options()).report.triangles, 2u);
}

TEST(BakeTruncatedGlb, AnEmptyFileSaysSo) {
  ScratchDir dir("truncated_glb_empty");
  for (const char* name : {"empty.glb", "empty.gltf"}) {
    const fs::path path = dir.path() / name;
    write_file(path, "");
    const std::string message = bake_failure(path);
    expect_names(message, {path.string() + ": empty file"});
    expect_no_loader_words(message);
  }
}

TEST(BakeTruncatedGlb, AShortHeaderSaysWhereTheFileEnds) {
  ScratchDir dir("truncated_glb_header");
  const fs::path seven = dir.path() / "seven.glb", two = dir.path() / "two.glb", twelve = dir.path() / "twelve.glb";
  write_file(seven, quad_glb().substr(0, 7));
  write_file(two, "gl");  // the magic's beginning, named .glb
  write_file(twelve, cut_to(quad_glb(), 12));
  for (const auto& [path, expected] :
       {std::pair{seven, std::string("truncated GLB header at byte 7 (a GLB header is 12 bytes)")},
        std::pair{two, std::string("truncated GLB header at byte 2")},
        std::pair{twelve, std::string("truncated GLB JSON chunk header at byte 12 (it needs bytes 12..20)")}}) {
    const std::string message = bake_failure(path);
    expect_names(message, {path.string() + ": " + expected});
    expect_no_loader_words(message);
  }
}

// A .glb that is neither a GLB nor JSON text says so (a .glb of JSON text is read as JSON).
TEST(BakeTruncatedGlb, AGlbWithoutTheMagicSaysSo) {
  ScratchDir dir("truncated_glb_magic");
  const fs::path zeros = dir.path() / "zeros.glb", text = dir.path() / "text.glb", json = dir.path() / "json.glb";
  write_file(zeros, std::string(12, '\0'));
  write_file(text, "abc");
  write_file(json, quad_gltf(R"("materials": [{}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])"));
  expect_names(bake_failure(zeros), {zeros.string() + ": not a GLB: it begins with bytes 00 00 00 00, not the magic \"glTF\""});
  expect_names(bake_failure(text), {text.string() + ": not a GLB: it begins with bytes 61 62 63, not the magic"});
  EXPECT_EQ(pipeline::bake_model(json, test_options()).report.triangles, 2u);
}

TEST(BakeTruncatedGlb, AHeaderLengthShorterThanTheHeaderIsNamed) {
  ScratchDir dir("truncated_glb_zero_length");
  const fs::path path = dir.path() / "zero.glb";
  std::string glb = quad_glb();
  put_u32(glb, 8, 0);
  write_file(path, glb);
  expect_names(bake_failure(path),
               {path.string() + ": the GLB header gives a length of 0 bytes, less than the header's own 12"});
}

TEST(BakeTruncatedGlb, AHeaderLengthPastTheEndIsACutFile) {
  ScratchDir dir("truncated_glb_length");
  const fs::path path = dir.path() / "long.glb";
  std::string glb = quad_glb();
  const std::size_t size = glb.size();
  put_u32(glb, 8, std::uint32_t(size + 100));
  write_file(path, glb);
  const std::string message = bake_failure(path);
  expect_names(message, {path.string() + ": truncated GLB: its header gives a length of " + std::to_string(size + 100) +
                             " bytes, the file ends at byte " + std::to_string(size)});
  expect_no_loader_words(message);
}

TEST(BakeTruncatedGlb, ACutChunkOrChunkHeaderIsNamed) {
  ScratchDir dir("truncated_glb_chunks");
  const std::string glb = quad_glb("abcdefghijklmnop");
  const std::size_t json_end = glb.size() - 16 - 8;  // where the BIN chunk's header begins
  struct Cut {
    std::size_t size;
    std::string expected;
  };
  const std::vector<Cut> cuts = {
      {16, "truncated GLB JSON chunk header at byte 16 (it needs bytes 12..20)"},
      {40, "truncated GLB JSON chunk of " + std::to_string(json_end - 20) + " bytes at byte 40 (it needs bytes 20.." +
               std::to_string(json_end) + ")"},
      {json_end + 4, "truncated GLB chunk 1 header at byte " + std::to_string(json_end + 4) + " (it needs bytes " +
                         std::to_string(json_end) + ".." + std::to_string(json_end + 8) + ")"},
      {json_end + 8 + 12, "truncated GLB BIN chunk of 16 bytes at byte " + std::to_string(json_end + 20) +
                              " (it needs bytes " + std::to_string(json_end + 8) + ".." + std::to_string(json_end + 24) +
                              ")"}};
  for (const Cut& cut : cuts) {
    const fs::path path = dir.path() / ("cut" + std::to_string(cut.size) + ".glb");
    write_file(path, cut_to(glb, cut.size));
    const std::string message = bake_failure(path);
    expect_names(message, {path.string() + ": " + cut.expected});
    expect_no_loader_words(message);
  }
}

TEST(BakeTruncatedGlb, AHeaderLengthThatEndsInsideAChunkIsNamed) {
  ScratchDir dir("truncated_glb_short_length");
  const fs::path path = dir.path() / "short.glb";
  std::string glb = quad_glb();
  put_u32(glb, 8, 13);
  write_file(path, glb);
  expect_names(bake_failure(path), {path.string() + ": the GLB's length in its header, 13 bytes, ends inside its JSON "
                                                    "chunk header (bytes 12..20); the file has " +
                                    std::to_string(glb.size()) + " bytes"});
}

TEST(BakeTruncatedGlb, AFirstChunkThatIsNotJsonIsNamed) {
  ScratchDir dir("truncated_glb_not_json");
  const fs::path path = dir.path() / "bin_first.glb";
  std::string glb = quad_glb();
  glb.replace(16, 4, std::string("BIN\0", 4));
  write_file(path, glb);
  expect_names(bake_failure(path), {path.string() + ": the first GLB chunk is not JSON (its type is 0x004E4942"});
  const fs::path empty = dir.path() / "empty_json.glb";
  write_file(empty, "glTF" + u32_bytes(2) + u32_bytes(20) + u32_bytes(0) + "JSON");
  expect_names(bake_failure(empty), {empty.string() + ": the GLB's JSON chunk is empty (0 bytes)"});
}

}  // namespace
}  // namespace aem::test
