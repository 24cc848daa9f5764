#include "output/extensions/encode_names.hpp"

#include <string>

#include "aem/ext_names.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {
namespace {

void check_count(const char* what, std::size_t names, std::size_t elements) {
  if (names != elements)
    throw InvalidContent(std::string("names: ") + std::to_string(names) + " " + what + " names for " +
                         std::to_string(elements) + " " + what + "s");
}

}  // namespace

ExtensionPayload encode_names(const ModelContent& content) {
  const NamesContent& names = content.extensions.names;
  check_count("material", names.materials.size(), content.materials.size());
  check_count("mesh", names.meshes.size(), content.meshes.size());
  std::size_t text_size = 0;
  for (const auto* list : {&names.materials, &names.meshes})
    for (const std::string& name : *list) text_size += name.size();
  if (text_size > UINT32_MAX) throw InvalidContent("names: more than 4 GiB of names");
  ExtensionPayload payload{std::string(kNamesExtension), false, 1, {}};
  append_record(payload.bytes, NamesHeader{std::uint32_t(names.materials.size()), std::uint32_t(names.meshes.size()),
                                           std::uint32_t(text_size), 0});
  std::string text;
  for (const auto* list : {&names.materials, &names.meshes})
    for (const std::string& name : *list) {
      if (name.find('\0') != std::string::npos) throw InvalidContent("names: the name '" + name + "' holds a NUL byte");
      append_record(payload.bytes, NameRecord{std::uint32_t(text.size()), std::uint32_t(name.size())});
      text += name;
    }
  append_text(payload.bytes, text);
  pad_to_16(payload.bytes);
  return payload;
}

}  // namespace aem::pipeline
