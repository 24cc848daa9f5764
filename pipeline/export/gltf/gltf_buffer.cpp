#include "export/gltf/gltf_buffer.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

namespace aem::pipeline::gltf {

void add_bounds(nlohmann::json& accessor, std::span<const float> floats, std::size_t components) {
  if (floats.empty()) return;
  std::vector<float> lo(components, std::numeric_limits<float>::max());
  std::vector<float> hi(components, std::numeric_limits<float>::lowest());
  for (std::size_t i = 0; i < floats.size(); ++i) {
    lo[i % components] = std::min(lo[i % components], floats[i]);
    hi[i % components] = std::max(hi[i % components], floats[i]);
  }
  accessor["min"] = lo;
  accessor["max"] = hi;
}

int Document::append(const char* name, nlohmann::json value) {
  nlohmann::json& array = json[name];
  if (!array.is_array()) array = nlohmann::json::array();
  array.push_back(std::move(value));
  return int(array.size() - 1);
}

void Document::use_extension(const std::string& name) {
  nlohmann::json& used = json["extensionsUsed"];
  if (!used.is_array()) used = nlohmann::json::array();
  for (const auto& e : used)
    if (e == name) return;
  used.push_back(name);
}

int Document::add_view(std::span<const std::byte> bytes, int target) {
  while (bin.size() % 4 != 0) bin.push_back(std::byte{0});
  const std::size_t offset = bin.size();
  bin.insert(bin.end(), bytes.begin(), bytes.end());
  nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes.size()}};
  if (target != 0) view["target"] = target;
  return append("bufferViews", std::move(view));
}

int Document::add_floats(std::span<const float> floats, const char* type, int components, int target, bool bounds) {
  const int view = add_view(std::as_bytes(floats), target);
  const std::size_t n = std::size_t(components);
  nlohmann::json accessor = {{"bufferView", view}, {"componentType", kFloat}, {"count", floats.size() / n},
                             {"type", type}};
  if (bounds) add_bounds(accessor, floats, n);
  return append("accessors", std::move(accessor));
}

int Document::add_indices(std::span<const std::uint32_t> indices) {
  const int view = add_view(std::as_bytes(indices), kElementArrayBuffer);
  return append("accessors", {{"bufferView", view}, {"componentType", kUnsignedInt}, {"count", indices.size()},
                              {"type", "SCALAR"}});
}

int Document::add_unorm_vec4(std::span<const std::byte> bytes, int component) {
  const std::size_t element = component == kUnsignedByte ? 4 : 8;
  const int view = add_view(bytes, kArrayBuffer);
  return append("accessors", {{"bufferView", view}, {"componentType", component}, {"normalized", true},
                              {"count", bytes.size() / element}, {"type", "VEC4"}});
}

int Document::add_joints(std::span<const std::uint16_t> joints) {
  const int view = add_view(std::as_bytes(joints), kArrayBuffer);
  return append("accessors", {{"bufferView", view}, {"componentType", kUnsignedShort}, {"count", joints.size() / 4},
                              {"type", "VEC4"}});
}

}  // namespace aem::pipeline::gltf
