#pragma once
// Writes small glTF 2.0 assets: geometry, keyframes and matrices go into one binary buffer,
// PNG images beside the .gltf (or into the .glb's buffer), everything else is JSON the caller
// fills in through json(). Used by aem-make-sample-assets, so the sample tree is the project's
// own work and no third-party asset ships.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aem::sample {

// RGBA8 texels, rows top to bottom.
struct Rgba8Image {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> texels;
};

// One triangle list; empty arrays are left out of the primitive.
struct MeshData {
  std::vector<float> positions, normals, uvs;  // 3, 3 and 2 floats per vertex
  std::vector<std::uint16_t> joints;           // 4 per vertex, with weights
  std::vector<float> weights;
  std::vector<std::uint32_t> indices;
};

// What a write did: files written, and files left alone because they already held those bytes.
struct FileCounts {
  int written = 0, unchanged = 0;
  FileCounts& operator+=(const FileCounts& other) {
    written += other.written, unchanged += other.unchanged;
    return *this;
  }
};

class GltfBuilder {
 public:
  GltfBuilder();

  nlohmann::json& json() { return doc_; }

  // Appends `values` as an accessor of `type` ("SCALAR", "VEC3", "MAT4"...) and returns its
  // index; with `bounds`, min and max are written (positions and animation inputs need them);
  // `vertex_data` marks its buffer view as an ARRAY_BUFFER.
  int add_floats(std::span<const float> values, const std::string& type, bool bounds = false,
                 bool vertex_data = false);
  int add_indices(std::span<const std::uint32_t> indices);
  int add_joints(std::span<const std::uint16_t> joints);  // VEC4 unsigned short
  // A primitive object for meshes[i].primitives, its accessors added.
  nlohmann::json add_primitive(const MeshData& mesh, int material);
  // An image encoded as PNG (named `name`.png beside a .gltf) and a texture sampling it
  // (repeat, trilinear); returns the texture index.
  int add_texture(const std::string& name, const Rgba8Image& image);

  // Writes DIR/STEM.gltf, DIR/STEM.bin and the images as DIR/NAME.png. Throws on I/O errors.
  // Files that already hold the same bytes are not touched (nor by write_glb).
  FileCounts write_gltf(const std::filesystem::path& directory, const std::string& stem);
  // Writes one self-contained .glb, the images inside its buffer.
  FileCounts write_glb(const std::filesystem::path& path);

 private:
  int add_view(const void* bytes, std::size_t size, int target);
  int add_accessor(int view, int component_type, std::size_t count, const std::string& type);

  nlohmann::json doc_;
  std::vector<std::uint8_t> buffer_;
  struct PendingImage {
    std::string name;
    std::vector<std::uint8_t> png;
  };
  std::vector<PendingImage> images_;
};

// The PNG bytes of an image; throws if stb cannot encode it.
std::vector<std::uint8_t> encode_png(const Rgba8Image& image);

}  // namespace aem::sample
