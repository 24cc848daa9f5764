#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>

#include "aem/extension_format.hpp"
#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::pipeline {
namespace {

void store_le(std::byte* p, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = std::byte(value >> (8 * i) & 0xFF);
}

void check_name(const std::string& name) {
  const bool allowed = std::all_of(name.begin(), name.end(), is_extension_name_char);
  if (name.empty() || name.size() >= kExtensionNameSize || !allowed) {
    throw InvalidContent("extension name '" + name + "' is not 1 to " + std::to_string(kExtensionNameSize - 1) +
                         " characters of a-z, 0-9 and _");
  }
}

// The payloads sorted by name, each name checked and unique.
std::vector<const ExtensionPayload*> sorted_payloads(std::span<const ExtensionPayload> payloads) {
  if (payloads.size() > kMaxExtensions) {
    throw InvalidContent(std::to_string(payloads.size()) + " extensions; a file holds at most " +
                         std::to_string(kMaxExtensions));
  }
  std::vector<const ExtensionPayload*> sorted;
  for (const ExtensionPayload& payload : payloads) {
    check_name(payload.name);
    sorted.push_back(&payload);
  }
  std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return a->name < b->name; });
  const auto repeated = std::adjacent_find(sorted.begin(), sorted.end(),
                                           [](auto* a, auto* b) { return a->name == b->name; });
  if (repeated != sorted.end()) throw InvalidContent("extension '" + (*repeated)->name + "' is given twice");
  return sorted;
}

}  // namespace

void append_extension_area(std::vector<std::byte>& file, std::span<const ExtensionPayload> payloads) {
  if (payloads.empty()) return;
  const std::vector<const ExtensionPayload*> sorted = sorted_payloads(payloads);

  const std::uint64_t directory_at = align16(file.size());
  std::uint64_t end = directory_at + sizeof(ExtensionDirectoryHeader) + sorted.size() * sizeof(ExtensionEntry);
  std::vector<std::uint64_t> offsets;
  for (const ExtensionPayload* payload : sorted) {
    offsets.push_back(align16(end));
    end = offsets.back() + payload->bytes.size();
  }
  file.resize(end);  // zeros: every padding and reserved byte

  std::byte* directory = file.data() + directory_at;
  std::memcpy(directory, kExtensionMagic, sizeof kExtensionMagic);
  store_le(directory + 4, kExtensionDirectoryVersion, 4);
  store_le(directory + 8, sorted.size(), 4);
  bool any_required = false;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const ExtensionPayload& payload = *sorted[i];
    std::byte* entry = directory + sizeof(ExtensionDirectoryHeader) + i * sizeof(ExtensionEntry);
    std::memcpy(entry, payload.name.data(), payload.name.size());
    store_le(entry + offsetof(ExtensionEntry, flags), payload.required ? kExtensionRequired : 0, 4);
    store_le(entry + offsetof(ExtensionEntry, record_version), payload.record_version, 4);
    store_le(entry + offsetof(ExtensionEntry, offset), offsets[i], 8);
    store_le(entry + offsetof(ExtensionEntry, size), payload.bytes.size(), 8);
    if (!payload.bytes.empty()) std::memcpy(file.data() + offsets[i], payload.bytes.data(), payload.bytes.size());
    any_required = any_required || payload.required;
  }
  if (any_required) file[3] = std::byte{kVersionWithRequiredExtension};
}

}  // namespace aem::pipeline
