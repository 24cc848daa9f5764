// The `emissive` and `material_flags` extensions (specs/aem-extensions.md section 4): the
// encoders' exact bytes, the views, and one hostile payload per rule of each checker, each refused
// as bad_extension_payload naming the extension and the field.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace {

using aem::test::poke;

// The tiny model (one material, three textures) with an own emission of texture 2 and unlit.
aem::pipeline::ModelContent material_model() {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.extensions.emissive.materials = {{1, {0.25f, 0.5f, 1.0f}, 2.0f, 2, 0, 0}};
  content.extensions.material_flags.materials = {aem::kMaterialUnlit};
  return content;
}

std::vector<std::byte> material_file() { return aem::pipeline::serialize_model(material_model()); }

// Where the payload of extension `name` starts.
std::uint64_t payload_offset(const std::vector<std::byte>& file, std::string_view name) {
  const aem::Model model = aem::Model::open_memory(file, {.validate = false});
  for (const aem::ExtensionEntry& e : model.extensions())
    if (aem::extension_name(e) == name) return e.offset;
  ADD_FAILURE() << "no extension " << name;
  return 0;
}

TEST(MaterialExtensions, EncodersWriteTheSectionsBytes) {
  const std::vector<std::byte> file = material_file();
  std::vector<std::byte> emissive;
  aem::test::append_value(emissive, std::uint32_t{1});
  for (const float f : {0.25f, 0.5f, 1.0f, 2.0f}) aem::test::append_value(emissive, f);
  for (const std::uint32_t v : {2u, 0u, 0u}) aem::test::append_value(emissive, v);
  EXPECT_EQ(aem::test::extension_payload_of(file, "emissive"), emissive);
  std::vector<std::byte> flags;
  aem::test::append_value<std::uint32_t>(flags, 1);
  flags.resize(16);  // one u32, zero-padded to a 16-byte block
  EXPECT_EQ(aem::test::extension_payload_of(file, "material_flags"), flags);
}

TEST(MaterialExtensions, ViewsReadTheRecords) {
  const std::vector<std::byte> file = material_file();
  const aem::Model model = aem::Model::open_memory(file);
  const auto emission = aem::emissive_of(model);
  ASSERT_TRUE(emission.has_value());
  ASSERT_EQ(emission->size(), 1u);
  EXPECT_EQ((*emission)[0].mode, std::uint32_t(aem::EmissiveMode::record));
  EXPECT_EQ((*emission)[0].factor[1], 0.5f);
  EXPECT_EQ((*emission)[0].strength, 2.0f);
  EXPECT_EQ((*emission)[0].texture, 2u);
  EXPECT_TRUE(aem::material_unlit(model, 0));
  // Content whose materials all follow the core rule and have no flag writes neither extension.
  aem::pipeline::ModelContent plain = aem::test::tiny_model();
  plain.extensions.emissive.materials = {{0, {0, 0, 0}, 0, aem::kNoTexture, 0, 0}};
  plain.extensions.material_flags.materials = {0};
  EXPECT_EQ(aem::pipeline::serialize_model(plain), aem::pipeline::serialize_model(aem::test::tiny_model()));
}

TEST(MaterialExtensions, EncodersRefuseWhatTheFormatCannotHold) {
  aem::pipeline::ModelContent bad_texture = material_model();
  bad_texture.extensions.emissive.materials[0].texture = 3;
  EXPECT_THROW(aem::pipeline::serialize_model(bad_texture), aem::pipeline::InvalidContent);
  aem::pipeline::ModelContent bad_flag = material_model();
  bad_flag.extensions.material_flags.materials[0] = 2;
  EXPECT_THROW(aem::pipeline::serialize_model(bad_flag), aem::pipeline::InvalidContent);
}

struct MaterialHostileCase {
  const char* extension;
  const char* what;
  std::function<void(std::vector<std::byte>&, std::uint64_t)> damage;
  const char* message;  // a part of the error's message
};

TEST(MaterialExtensions, HostilePayloadsAreRefusedByRule) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<MaterialHostileCase> cases = {
      {"emissive", "mode", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p, 2); }, "material 0: mode 2"},
      {"emissive", "mode 0 with fields", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p, 0); },
       "mode-0 record is zeros"},
      {"emissive", "factor", [nan](auto& f, std::uint64_t p) { poke<float>(f, p + 8, nan); }, "factor is not finite"},
      {"emissive", "negative factor", [](auto& f, std::uint64_t p) { poke<float>(f, p + 4, -1.0f); }, "factor"},
      {"emissive", "strength", [](auto& f, std::uint64_t p) { poke<float>(f, p + 16, -2.0f); }, "strength"},
      {"emissive", "texture", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 20, 3); },
       "texture 3 is out of range (3 textures)"},
      {"emissive", "uv set", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 24, 2); }, "uv_set 2"},
      {"emissive", "reserved", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 28, 1); }, "reserved"},
      {"material_flags", "flag bits", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p, 3); },
       "material 0: unknown flag bits 3"},
      {"material_flags", "padding", [](auto& f, std::uint64_t p) { poke<std::uint32_t>(f, p + 12, 1); }, "padding"},
  };
  const std::vector<std::byte> good = material_file();
  for (const MaterialHostileCase& c : cases) {
    SCOPED_TRACE(std::string(c.extension) + ": " + c.what);
    std::vector<std::byte> file = good;
    c.damage(file, payload_offset(good, c.extension));
    const aem::Expected<aem::Model> model = aem::Model::try_open_memory(file);
    ASSERT_FALSE(model.has_value());
    EXPECT_EQ(model.error().code, aem::ErrorCode::bad_extension_payload);
    EXPECT_NE(model.error().message.find(std::string(c.extension) + ": "), std::string::npos) << model.error().message;
    EXPECT_NE(model.error().message.find(c.message), std::string::npos) << model.error().message;
  }
}

// A payload whose size is not one record per material (16 bytes of emissive, 32 of flags for the
// tiny model's one material), given to the writer as made-up payloads of the known names: the
// writer opens what it wrote, so the checker refuses it there.
TEST(MaterialExtensions, PayloadSizesFollowTheMaterialCount) {
  const std::vector<aem::pipeline::ExtensionPayload> short_payloads = {
      {"emissive", false, 1, std::vector<std::byte>(16)}, {"material_flags", false, 1, std::vector<std::byte>(32)}};
  for (const auto& payload : short_payloads) {
    SCOPED_TRACE(payload.name);
    try {
      aem::pipeline::serialize_model(aem::test::tiny_model(), std::vector<aem::pipeline::ExtensionPayload>{payload});
      ADD_FAILURE() << "written";
    } catch (const aem::pipeline::InvalidContent& e) {
      EXPECT_NE(std::string(e.what()).find(payload.name + ": payload of "), std::string::npos) << e.what();
    }
  }
}

}  // namespace
