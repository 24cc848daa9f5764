#include "gltf_builder.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <stb_image_write.h>

namespace aem::sample {
namespace {

constexpr int kFloat = 5126, kUnsignedShort = 5123, kUnsignedInt = 5125;
constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;

int components(const std::string& type) {
  if (type == "SCALAR") return 1;
  if (type == "VEC2") return 2;
  if (type == "VEC3") return 3;
  if (type == "VEC4") return 4;
  if (type == "MAT4") return 16;
  throw std::invalid_argument("unknown accessor type " + type);
}

// Leaves a file that already holds exactly these bytes alone, so that running the generator
// again touches nothing and the next incremental bake has nothing to do.
bool holds(const std::filesystem::path& path, const void* bytes, std::size_t size) {
  std::error_code ec;
  if (std::filesystem::file_size(path, ec) != size || ec) return false;
  std::vector<char> existing(size);
  std::ifstream in(path, std::ios::binary);
  return in.read(existing.data(), std::streamsize(size)) && std::memcmp(existing.data(), bytes, size) == 0;
}

void write_bytes(const std::filesystem::path& path, const void* bytes, std::size_t size, FileCounts& counts) {
  if (holds(path, bytes, size)) {
    ++counts.unchanged;
    return;
  }
  ++counts.written;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(static_cast<const char*>(bytes), std::streamsize(size));
  if (!out.flush()) throw std::runtime_error("cannot write " + path.string());
}

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(value >> (8 * i)));
}

}  // namespace

std::vector<std::uint8_t> encode_png(const Rgba8Image& image) {
  std::vector<std::uint8_t> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(append, &png, int(image.width), int(image.height), 4, image.texels.data(),
                             int(image.width * 4)) == 0)
    throw std::runtime_error("cannot encode a PNG image");
  return png;
}

GltfBuilder::GltfBuilder() {
  doc_["asset"] = {{"version", "2.0"}, {"generator", "aem-make-sample-assets"}};
  doc_["scene"] = 0;
}

int GltfBuilder::add_view(const void* bytes, std::size_t size, int target) {
  while (buffer_.size() % 4 != 0) buffer_.push_back(0);
  nlohmann::json view = {{"buffer", 0}, {"byteOffset", buffer_.size()}, {"byteLength", size}};
  if (target != 0) view["target"] = target;
  const auto* begin = static_cast<const std::uint8_t*>(bytes);
  buffer_.insert(buffer_.end(), begin, begin + size);
  doc_["bufferViews"].push_back(std::move(view));
  return int(doc_["bufferViews"].size()) - 1;
}

int GltfBuilder::add_accessor(int view, int component_type, std::size_t count, const std::string& type) {
  doc_["accessors"].push_back({{"bufferView", view}, {"componentType", component_type}, {"count", count}, {"type", type}});
  return int(doc_["accessors"].size()) - 1;
}

int GltfBuilder::add_floats(std::span<const float> values, const std::string& type, bool bounds, bool vertex_data) {
  const auto n = std::size_t(components(type));
  const int view = add_view(values.data(), values.size_bytes(), vertex_data ? kArrayBuffer : 0);
  const int accessor = add_accessor(view, kFloat, values.size() / n, type);
  if (bounds) {
    std::vector<float> low(n, std::numeric_limits<float>::max()), high(n, std::numeric_limits<float>::lowest());
    for (std::size_t i = 0; i < values.size(); ++i) {
      low[i % n] = std::min(low[i % n], values[i]);
      high[i % n] = std::max(high[i % n], values[i]);
    }
    doc_["accessors"][std::size_t(accessor)]["min"] = low;
    doc_["accessors"][std::size_t(accessor)]["max"] = high;
  }
  return accessor;
}

int GltfBuilder::add_indices(std::span<const std::uint32_t> indices) {
  return add_accessor(add_view(indices.data(), indices.size_bytes(), kElementArrayBuffer), kUnsignedInt,
                      indices.size(), "SCALAR");
}

int GltfBuilder::add_joints(std::span<const std::uint16_t> joints) {
  return add_accessor(add_view(joints.data(), joints.size_bytes(), kArrayBuffer), kUnsignedShort, joints.size() / 4,
                      "VEC4");
}

nlohmann::json GltfBuilder::add_primitive(const MeshData& mesh, int material) {
  nlohmann::json attributes;
  attributes["POSITION"] = add_floats(mesh.positions, "VEC3", true, true);
  const auto attribute = [&](const std::vector<float>& values, const std::string& type) {
    return add_floats(values, type, false, true);
  };
  if (!mesh.normals.empty()) attributes["NORMAL"] = attribute(mesh.normals, "VEC3");
  if (!mesh.uvs.empty()) attributes["TEXCOORD_0"] = attribute(mesh.uvs, "VEC2");
  if (!mesh.joints.empty()) {
    attributes["JOINTS_0"] = add_joints(mesh.joints);
    attributes["WEIGHTS_0"] = attribute(mesh.weights, "VEC4");
  }
  return {{"attributes", attributes}, {"indices", add_indices(mesh.indices)}, {"material", material}};
}

int GltfBuilder::add_texture(const std::string& name, const Rgba8Image& image) {
  images_.push_back({name, encode_png(image)});
  if (!doc_.contains("samplers")) doc_["samplers"].push_back({{"magFilter", 9729}, {"minFilter", 9987}});
  doc_["images"].push_back({{"name", name}});
  doc_["textures"].push_back({{"sampler", 0}, {"source", images_.size() - 1}});
  return int(doc_["textures"].size()) - 1;
}

FileCounts GltfBuilder::write_gltf(const std::filesystem::path& directory, const std::string& stem) {
  std::filesystem::create_directories(directory);
  FileCounts counts;
  nlohmann::json doc = doc_;
  for (std::size_t i = 0; i < images_.size(); ++i) {
    const std::string file = images_[i].name + ".png";
    write_bytes(directory / file, images_[i].png.data(), images_[i].png.size(), counts);
    doc["images"][i]["uri"] = file;
  }
  write_bytes(directory / (stem + ".bin"), buffer_.data(), buffer_.size(), counts);
  doc["buffers"] = nlohmann::json::array({{{"byteLength", buffer_.size()}, {"uri", stem + ".bin"}}});
  const std::string text = doc.dump(1);
  write_bytes(directory / (stem + ".gltf"), text.data(), text.size(), counts);
  return counts;
}

FileCounts GltfBuilder::write_glb(const std::filesystem::path& path) {
  std::filesystem::create_directories(path.parent_path());
  for (std::size_t i = 0; i < images_.size(); ++i) {
    const int view = add_view(images_[i].png.data(), images_[i].png.size(), 0);
    doc_["images"][i]["bufferView"] = view;
    doc_["images"][i]["mimeType"] = "image/png";
  }
  while (buffer_.size() % 4 != 0) buffer_.push_back(0);
  doc_["buffers"] = nlohmann::json::array({{{"byteLength", buffer_.size()}}});
  std::string text = doc_.dump();
  while (text.size() % 4 != 0) text.push_back(' ');  // the JSON chunk is padded with spaces
  std::vector<std::uint8_t> glb;
  append_u32(glb, 0x46546C67);  // "glTF"
  append_u32(glb, 2);
  append_u32(glb, std::uint32_t(12 + 8 + text.size() + 8 + buffer_.size()));
  append_u32(glb, std::uint32_t(text.size()));
  append_u32(glb, 0x4E4F534A);  // "JSON"
  glb.insert(glb.end(), text.begin(), text.end());
  append_u32(glb, std::uint32_t(buffer_.size()));
  append_u32(glb, 0x004E4942);  // "BIN\0"
  glb.insert(glb.end(), buffer_.begin(), buffer_.end());
  FileCounts counts;
  write_bytes(path, glb.data(), glb.size(), counts);
  return counts;
}

}  // namespace aem::sample
