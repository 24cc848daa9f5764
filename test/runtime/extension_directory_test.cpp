// The extension area (specs/aem-extensions.md): the writer's exact bytes, what readers old and
// new do with an extended file, and one hostile file per rule of section 6, each refused with its
// own code, naming the entry and the byte.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "aem/extensions.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace {

using aem::ErrorCode;
using aem::pipeline::ExtensionPayload;
using aem::test::poke;

std::vector<std::byte> bytes_of(std::string_view text) {
  std::vector<std::byte> out(text.size());
  std::memcpy(out.data(), text.data(), text.size());
  return out;
}

// Two made-up extensions, given out of order: "zeta" (20 bytes) and "alpha" (5 bytes).
std::vector<ExtensionPayload> made_up(bool zeta_required) {
  return {{"zeta", zeta_required, 3, bytes_of("twenty bytes of zeta")}, {"alpha", false, 1, bytes_of("alpha")}};
}

std::vector<std::byte> extended_file(bool zeta_required = false) {
  return aem::pipeline::serialize_model(aem::test::tiny_model(), made_up(zeta_required));
}

void append_le(std::vector<std::byte>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(std::byte(value >> (8 * i) & 0xFF));
}

void append_text(std::vector<std::byte>& out, std::string_view text, std::size_t field) {
  for (std::size_t i = 0; i < field; ++i) out.push_back(i < text.size() ? std::byte(text[i]) : std::byte{0});
}

void pad16(std::vector<std::byte>& out) {
  while (out.size() % 16 != 0) out.push_back(std::byte{0});
}

// The version-1 part's end S, where the directory starts (E) and where entry i lies.
struct Layout {
  std::uint64_t s, e;
  std::uint64_t entry(std::size_t i) const { return e + 16 + 48 * i; }
};

Layout layout() {
  const std::uint64_t s = aem::pipeline::serialize_model(aem::test::tiny_model()).size();
  return {s, (s + 15) / 16 * 16};
}

TEST(ExtensionWriter, WritesTheSpecLayoutByteForByte) {
  std::vector<std::byte> expected = aem::pipeline::serialize_model(aem::test::tiny_model());
  ASSERT_NE(expected.size() % 16, 0u) << "the tiny model should need padding before the directory";
  expected[3] = std::byte{2};  // zeta is required
  pad16(expected);
  const std::uint64_t e = expected.size();
  append_text(expected, "AEMX", 4);
  append_le(expected, 1, 4);  // directory version
  append_le(expected, 2, 4);  // entries
  append_le(expected, 0, 4);  // reserved
  const std::uint64_t alpha_at = e + 16 + 96;  // already a multiple of 16
  const std::uint64_t zeta_at = alpha_at + 16;  // alpha's 5 bytes padded to 16
  const auto append_entry = [&](std::string_view name, std::uint32_t flags, std::uint32_t version,
                                std::uint64_t offset, std::uint64_t size) {
    append_text(expected, name, 24);
    append_le(expected, flags, 4);
    append_le(expected, version, 4);
    append_le(expected, offset, 8);
    append_le(expected, size, 8);
  };
  append_entry("alpha", 0, 1, alpha_at, 5);
  append_entry("zeta", 1, 3, zeta_at, 20);
  append_text(expected, "alpha", 5);
  pad16(expected);
  append_text(expected, "twenty bytes of zeta", 20);

  EXPECT_EQ(extended_file(true), expected);
  // Optional only: the same bytes with version 1.
  expected[3] = std::byte{1};
  expected[e + 16 + 48 + 24] = std::byte{0};
  EXPECT_EQ(extended_file(false), expected);
}

TEST(ExtensionWriter, NoPayloadsIsPlainVersionOne) {
  const aem::pipeline::ModelContent tiny = aem::test::tiny_model();
  EXPECT_EQ(aem::pipeline::serialize_model(tiny, {}), aem::pipeline::serialize_model(tiny));
}

TEST(ExtensionWriter, RefusesBadNamesRepeatsAndTooMany) {
  const aem::pipeline::ModelContent tiny = aem::test::tiny_model();
  const auto refused = [&](std::vector<ExtensionPayload> payloads, const std::string& words) {
    try {
      aem::pipeline::serialize_model(tiny, payloads);
      ADD_FAILURE() << "accepted; expected: " << words;
    } catch (const aem::pipeline::InvalidContent& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  for (const char* name : {"", "Upper", "has space", "twenty_four_characters_x"}) {
    refused({{name, false, 1, {}}}, "extension name '" + std::string(name) + "' is not 1 to 23");
  }
  refused({{"same", false, 1, {}}, {"other", false, 1, {}}, {"same", true, 1, {}}}, "extension 'same' is given twice");
  std::vector<ExtensionPayload> many(65);
  for (std::size_t i = 0; i < many.size(); ++i) many[i].name = "e" + std::to_string(i);
  refused(many, "65 extensions; a file holds at most 64");
  many.pop_back();
  EXPECT_NO_THROW(aem::pipeline::serialize_model(tiny, many));
}

TEST(ExtensionReader, UnknownOptionalExtensionsAreSkippedAndListed) {
  const std::vector<std::byte> file = extended_file();
  for (const bool validate : {true, false}) {
    const aem::Model model = aem::Model::open_memory(file, {.validate = validate});
    ASSERT_EQ(model.extensions().size(), 2u);
    EXPECT_EQ(aem::extension_name(model.extensions()[0]), "alpha");
    EXPECT_EQ(aem::extension_name(model.extensions()[1]), "zeta");
    EXPECT_EQ(model.extensions()[1].record_version, 3u);
    EXPECT_EQ(model.extensions()[1].offset, layout().entry(2) + 16);
    EXPECT_FALSE(aem::extension_required(model.extensions()[1]));
    EXPECT_FALSE(aem::is_known_extension("zeta"));
    const auto zeta = model.extension_payload("zeta");
    ASSERT_TRUE(zeta.has_value());
    EXPECT_EQ(std::vector<std::byte>(zeta->begin(), zeta->end()), bytes_of("twenty bytes of zeta"));
    EXPECT_FALSE(model.extension_payload("names").has_value());
    // The version-1 part reads as the plain file does.
    const std::vector<std::byte> plain_bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
    const aem::Model plain = aem::Model::open_memory(plain_bytes);  // views the bytes: they must outlive it
    EXPECT_EQ(model.vertices().size_bytes(), plain.vertices().size_bytes());
    EXPECT_EQ(std::memcmp(model.vertices().data(), plain.vertices().data(), plain.vertices().size_bytes()), 0);
  }
  EXPECT_TRUE(aem::Model::open_memory(aem::pipeline::serialize_model(aem::test::tiny_model())).extensions().empty());
}

aem::Error refusal(const std::vector<std::byte>& bytes, aem::OpenOptions options = {}) {
  const aem::test::ExactBuffer buffer(bytes);
  const aem::Expected<aem::Model> result = aem::Model::try_open_memory(buffer.bytes(), options);
  if (result) {
    ADD_FAILURE() << "opened";
    return {};
  }
  return result.error();
}

void expect_error(const aem::Error& error, ErrorCode code, std::uint64_t byte, const std::string& words) {
  EXPECT_EQ(error.code, code) << aem::to_string(error.code) << ": " << error.describe();
  EXPECT_EQ(error.byte_offset, byte) << error.describe();
  EXPECT_NE(error.describe().find(words), std::string::npos) << error.describe();
}

TEST(ExtensionReader, TheVersionOneReaderRefusesOrReadsNeverMisreads) {
  const aem::OpenOptions old_reader{.version_1_only = true};
  const Layout at = layout();
  expect_error(refusal(extended_file(false), old_reader), ErrorCode::size_mismatch, at.s,
               "file at byte " + std::to_string(at.s) + ": the header's counts need");
  expect_error(refusal(extended_file(true), old_reader), ErrorCode::unsupported_version, 3,
               "version 2 is not supported (only version 1)");
  EXPECT_NO_THROW(aem::Model::open_memory(aem::pipeline::serialize_model(aem::test::tiny_model()), old_reader));
}

TEST(ExtensionReader, AnUnknownRequiredExtensionIsRefusedByName) {
  const std::vector<std::byte> file = extended_file(true);
  for (const bool validate : {true, false}) {
    expect_error(refusal(file, {.validate = validate}), ErrorCode::unknown_required_extension,
                 layout().entry(1), "extensions[1] at byte " + std::to_string(layout().entry(1)) + ": 'zeta': a required extension");
  }
  // A reader that knows zeta reads it, and refuses a record version it does not know.
  const aem::Header header = aem::Model::open_memory(extended_file(false)).header();
  aem::Header v2 = header;
  v2.version = 2;
  const aem::KnownExtension zeta_v3[] = {{"zeta", 3}}, zeta_v2[] = {{"zeta", 2}};
  EXPECT_TRUE(aem::read_extensions(file, v2, zeta_v3).has_value());
  const auto old = aem::read_extensions(file, v2, zeta_v2);
  ASSERT_FALSE(old.has_value());
  expect_error(old.error(), ErrorCode::unsupported_extension_version, layout().entry(1) + 28,
               "'zeta': record version 3 is not supported (only version 2)");
}

struct Hostile {
  std::string what;
  std::function<void(std::vector<std::byte>&)> change;
  ErrorCode code;
  std::uint64_t byte;
  std::string words;
};

void set_name(std::vector<std::byte>& f, std::uint64_t at, std::string_view name) {
  for (std::size_t i = 0; i < 24; ++i) f[at + i] = i < name.size() ? std::byte(name[i]) : std::byte{0};
}

std::vector<Hostile> hostile_files() {
  const Layout at = layout();
  const std::uint64_t alpha = at.entry(0), zeta = at.entry(1), zeta_payload = at.entry(2) + 16;
  using D = ErrorCode;
  const D dir = D::bad_extension_directory, entry = D::bad_extension_entry;
  return {
      {"no magic at E", [=](auto& f) { f[at.e] = std::byte{'B'}; }, D::size_mismatch, at.s, "no extension directory at byte"},
      {"cut inside the directory header", [=](auto& f) { f.resize(at.e + 8); }, D::size_mismatch, at.s, "trailing bytes"},
      {"padding before the directory", [=](auto& f) { f[at.s] = std::byte{1}; }, dir, at.s, "padding between the version-1 part"},
      {"directory version", [=](auto& f) { poke<std::uint32_t>(f, at.e + 4, 2); }, dir, at.e + 4, "version 2 (only version 1)"},
      {"no entries", [=](auto& f) { poke<std::uint32_t>(f, at.e + 8, 0); }, dir, at.e + 8, "0 entries (1 to 64)"},
      {"65 entries", [=](auto& f) { poke<std::uint32_t>(f, at.e + 8, 65); }, dir, at.e + 8, "65 entries (1 to 64)"},
      {"reserved", [=](auto& f) { poke<std::uint32_t>(f, at.e + 12, 1); }, dir, at.e + 12, "reserved field is not 0"},
      {"entries past the end", [=](auto& f) { poke<std::uint32_t>(f, at.e + 8, 3); f.resize(at.e + 16 + 100); },
       dir, at.e + 8, "3 entries run past the end"},
      {"version 2 without a directory", [=](auto& f) { f.resize(at.s); f[3] = std::byte{2}; }, dir, 3,
       "version 2 says a required extension follows"},
      {"version 2 without a required entry", [=](auto& f) { f[3] = std::byte{2}; }, dir, 3, "no entry is required"},
      {"empty name", [=](auto& f) { set_name(f, alpha, ""); }, entry, alpha, "extensions[0] at byte " + std::to_string(alpha) + ": '': the name is empty"},
      {"upper-case name", [=](auto& f) { set_name(f, alpha, "Alpha"); }, entry, alpha, "'Alpha': the name has a byte other than"},
      {"name without NUL", [=](auto& f) { set_name(f, alpha, "aaaaaaaaaaaaaaaaaaaaaaaa"); }, entry, alpha, "has no NUL"},
      {"bytes after the NUL", [=](auto& f) { f[alpha + 10] = std::byte{'x'}; }, entry, alpha, "'alpha': the name's field is not zero"},
      {"unsorted", [=](auto& f) { set_name(f, zeta, "aaa"); }, entry, zeta, "extensions[1] at byte " + std::to_string(zeta) + ": 'aaa': names are not unique and ascending ('alpha' before it)"},
      {"repeated", [=](auto& f) { set_name(f, zeta, "alpha"); }, entry, zeta, "'alpha': names are not unique"},
      {"flag bit 1", [=](auto& f) { poke<std::uint32_t>(f, zeta + 24, 2); }, entry, zeta + 24, "'zeta': unknown flag bits 2"},
      {"offset", [=](auto& f) { poke<std::uint64_t>(f, zeta + 32, zeta_payload + 16); }, entry, zeta + 32, "but the layout puts it at " + std::to_string(zeta_payload)},
      {"payload past the end", [=](auto& f) { poke<std::uint64_t>(f, zeta + 40, 21); }, entry, zeta + 40, "'zeta': the payload of 21 bytes"},
      {"payload size wraps", [=](auto& f) { poke<std::uint64_t>(f, zeta + 40, ~std::uint64_t{0}); }, entry, zeta + 40, "runs past the end"},
      {"padding between payloads", [=](auto& f) { f[zeta_payload - 1] = std::byte{7}; }, entry, zeta_payload - 1, "'zeta': the padding before its payload"},
      {"bytes after the last payload", [=](auto& f) { f.resize(f.size() + 16); }, entry, zeta_payload + 20, "'zeta': 16 bytes after the last payload"},
      {"required in version 1", [=](auto& f) { poke<std::uint32_t>(f, zeta + 24, 1); }, entry, zeta + 24, "'zeta': required in a version-1 file"},
  };
}

TEST(ExtensionReader, EveryDirectoryRuleRefusesItsHostileFile) {
  const std::vector<std::byte> valid = extended_file();
  for (const Hostile& h : hostile_files()) {
    SCOPED_TRACE(h.what);
    std::vector<std::byte> bad = valid;
    h.change(bad);
    // The directory is part of the frame: a trusted open checks it too.
    for (const bool validate : {true, false}) expect_error(refusal(bad, {.validate = validate}), h.code, h.byte, h.words);
  }
}

}  // namespace
