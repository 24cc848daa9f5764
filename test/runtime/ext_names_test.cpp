// The `names` extension (specs/aem-extensions.md section 4): the encoder's exact bytes, the view,
// and one hostile payload per rule of its checker, each refused as bad_extension_payload naming
// the extension and the field.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aem/ext_names.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace {

using aem::test::poke;

aem::pipeline::ModelContent named_model() {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.extensions.names.materials = {"Scrape04"};
  content.extensions.names.meshes = {"h\xC3\xA9lm"};  // "hélm": 5 bytes of UTF-8
  return content;
}

std::vector<std::byte> named_file() { return aem::pipeline::serialize_model(named_model()); }

// Where the payload of the file's only extension starts.
std::uint64_t names_payload_offset(const std::vector<std::byte>& file) {
  return aem::Model::open_memory(file, {.validate = false}).extensions()[0].offset;
}

TEST(NamesExtension, EncoderWritesTheSectionsBytes) {
  const std::vector<std::byte> file = named_file();
  const std::uint64_t at = names_payload_offset(file);
  std::vector<std::byte> expected;
  const auto u32 = [&](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) expected.push_back(std::byte(v >> (8 * i) & 0xFF));
  };
  u32(1), u32(1), u32(13), u32(0);  // counts, text_size, reserved
  u32(0), u32(8);                   // material 0: "Scrape04"
  u32(8), u32(5);                   // mesh 0: "hélm"
  for (const char c : std::string("Scrape04h\xC3\xA9lm")) expected.push_back(std::byte(c));
  expected.resize(48);              // zero padding to whole 16-byte blocks
  ASSERT_EQ(file.size(), at + expected.size());
  EXPECT_EQ(std::vector<std::byte>(file.begin() + std::ptrdiff_t(at), file.end()), expected);
}

TEST(NamesExtension, ViewReadsTheNames) {
  const std::vector<std::byte> file = named_file();
  const aem::Model model = aem::Model::open_memory(file);
  const std::optional<aem::NamesView> names = aem::names_of(model);
  ASSERT_TRUE(names.has_value());
  EXPECT_EQ(names->material_count(), 1u);
  EXPECT_EQ(names->mesh_count(), 1u);
  EXPECT_EQ(names->material_name(0), "Scrape04");
  EXPECT_EQ(names->mesh_name(0), "h\xC3\xA9lm");
}

TEST(NamesExtension, NoNamesWriteNoExtension) {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.extensions.names.materials = {""};
  content.extensions.names.meshes = {""};
  EXPECT_EQ(aem::pipeline::serialize_model(content), aem::pipeline::serialize_model(aem::test::tiny_model()));
  const std::vector<std::byte> plain = aem::pipeline::serialize_model(content);
  EXPECT_FALSE(aem::names_of(aem::Model::open_memory(plain)).has_value());
}

TEST(NamesExtension, EncoderRefusesCountsThatDifferFromTheModel) {
  aem::pipeline::ModelContent content = named_model();
  content.extensions.names.meshes.push_back("extra");
  EXPECT_THROW(aem::pipeline::serialize_model(content), aem::pipeline::InvalidContent);
}

struct NamesHostileCase {
  const char* what;
  std::function<void(std::vector<std::byte>&, std::uint64_t)> damage;
  const char* message;  // a part of the error's message
};

TEST(NamesExtension, HostilePayloadsAreRefusedByRule) {
  const std::vector<NamesHostileCase> cases = {
      {"material count", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p, 2); }, "material_count 2"},
      {"mesh count", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 4, 0); }, "mesh_count 0"},
      {"text size", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 8, 40); }, "text_size"},
      {"reserved", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 12, 1); }, "reserved"},
      {"offset", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 24, 9); }, "mesh 0: name (offset 9"},
      {"length", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 20, 14); }, "material 0: name"},
      {"NUL", [](auto& f, std::uint64_t p) { poke<char>(f, p + 32 + 2, 0); }, "material 0: name holds a NUL"},
      {"UTF-8", [](auto& f, std::uint64_t p) { poke<unsigned char>(f, p + 32 + 10, 0x41); }, "mesh 0: name is not valid UTF-8"},
      {"padding", [](auto& f, std::uint64_t p) { poke<char>(f, p + 47, 1); }, "padding"},
  };
  const std::vector<std::byte> good = named_file();
  const std::uint64_t at = names_payload_offset(good);
  for (const NamesHostileCase& c : cases) {
    SCOPED_TRACE(c.what);
    std::vector<std::byte> file = good;
    c.damage(file, at);
    const aem::Expected<aem::Model> model = aem::Model::try_open_memory(file);
    ASSERT_FALSE(model.has_value());
    EXPECT_EQ(model.error().code, aem::ErrorCode::bad_extension_payload);
    EXPECT_NE(model.error().message.find("names: "), std::string::npos) << model.error().message;
    EXPECT_NE(model.error().message.find(c.message), std::string::npos) << model.error().message;
    // A trusted open does not read the payload: it opens, as the frame is sound.
    EXPECT_TRUE(aem::Model::try_open_memory(file, {.validate = false}).has_value());
  }
}

}  // namespace
