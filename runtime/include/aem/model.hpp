#pragma once
// An opened AEM model: typed, zero-copy views over a mapped file or a caller's buffer.
//
//   aem::Model model = aem::Model::open("hero.aem");          // throws aem::ModelError
//   for (const aem::Mesh& mesh : model.meshes()) draw(model.mesh_indices(mesh), ...);
//
//   auto result = aem::Model::try_open("hero.aem");             // or without exceptions
//   if (!result) log(result.error().describe());
//
// Views stay valid as long as the Model lives (for open_memory: as long as the caller's buffer
// does too). Open-time validation guarantees every index in the file stays in bounds.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "aem/error.hpp"
#include "aem/expected.hpp"
#include "aem/file_mapping.hpp"
#include "aem/format.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model_view.hpp"

namespace aem {

struct OpenOptions {
  // Off trusts the file: only the header and the file size are checked (O(1)), so a corrupt
  // file can make later reads go out of bounds. For files the game itself produced and verified.
  bool validate = true;
};

// The keys of one track, split by kind.
struct TrackKeys {
  std::span<const Keyframe> translations;
  std::span<const Keyframe> rotations;
  std::span<const Keyframe> scales;
};

// A name field as a string: up to its NUL, or all 128 bytes if it has none (trusted files).
std::string_view name_view(const char (&name)[kNameSize]);

class Model {
 public:
  static Model open(const std::filesystem::path& path, OpenOptions options = {});
  static Expected<Model> try_open(const std::filesystem::path& path, OpenOptions options = {});
  // Views the caller's bytes in place; they must outlive the Model. Sections that are not
  // 4-byte aligned in that buffer are copied (see realigned_bytes()).
  static Model open_memory(std::span<const std::byte> bytes, OpenOptions options = {});
  static Expected<Model> try_open_memory(std::span<const std::byte> bytes,
                                         OpenOptions options = {});

  Model(Model&&) noexcept = default;
  Model& operator=(Model&&) noexcept = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const Header& header() const noexcept { return view_.header; }
  const ModelView& view() const noexcept { return view_; }
  std::span<const Vertex> vertices() const noexcept { return view_.vertices; }
  std::span<const std::uint32_t> indices() const noexcept { return view_.indices; }
  std::span<const std::byte> image_buffer() const noexcept { return view_.image_buffer; }
  std::span<const Texture> textures() const noexcept { return view_.textures; }
  std::span<const Mesh> meshes() const noexcept { return view_.meshes; }
  std::span<const Material> materials() const noexcept { return view_.materials; }
  std::span<const Joint> joints() const noexcept { return view_.joints; }
  std::span<const Animation> animations() const noexcept { return view_.animations; }
  std::span<const Track> tracks() const noexcept { return view_.tracks; }
  std::span<const Keyframe> keyframes() const noexcept { return view_.keyframes; }

  // Bytes copied at open because sections were not 4-byte aligned where they lay (an image
  // buffer whose size is not a multiple of 4, or a misaligned caller buffer); 0 normally.
  std::uint64_t realigned_bytes() const noexcept { return realigned_bytes_; }
  // Whether the views point into the file's own bytes (true unless the host is big-endian).
  bool zero_copy() const noexcept { return realigned_bytes_ == 0 && !byte_swapped_; }

  // The index range of a mesh.
  std::span<const std::uint32_t> mesh_indices(const Mesh& mesh) const;
  // All mip levels of a texture, back to back.
  std::span<const std::byte> texture_data(const Texture& texture) const;
  // One mip level's texels, with its size (level < mip_count(width, height)).
  std::span<const std::byte> mip_data(const Texture& texture, std::uint32_t level) const;
  // The track of `joint` in `animation`.
  const Track& track(std::uint32_t animation, std::uint32_t joint) const;
  TrackKeys keys(const Track& track) const;

 private:
  Model() = default;
  static Expected<Model> build(std::span<const std::byte> bytes, OpenOptions options);

  FileMapping mapping_;
  std::vector<std::uint64_t> owned_;  // realigned or byte-swapped sections, 8-byte aligned
  ModelView view_;
  std::uint64_t realigned_bytes_ = 0;
  bool byte_swapped_ = false;
};

}  // namespace aem
