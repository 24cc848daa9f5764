#include "aem/model.hpp"

#include <bit>
#include <cstring>
#include <optional>

#include "aem/validation.hpp"
#include "aem/byte_order.hpp"
#include "aem/ext_emissive.hpp"
#include "aem/ext_uv1.hpp"
#include "extensions/payload_checks.hpp"

namespace aem {
namespace {

constexpr std::uint64_t round_up_8(std::uint64_t n) { return (n + 7) & ~std::uint64_t{7}; }

constexpr bool kHostIsBigEndian = std::endian::native == std::endian::big;

// A section is used in place unless it is misaligned for its records or must be byte-swapped;
// then it is copied, once, into owned 8-byte-aligned memory.
bool needs_copy(const std::byte* base, std::uint64_t offset, std::uint64_t size) {
  const auto address = reinterpret_cast<std::uintptr_t>(base + offset);
  return size > 0 && (kHostIsBigEndian || address % 4 != 0);
}

// Known extensions' payloads are records too: realigned like the sections (never swapped: a
// big-endian host is refused by their checks). The bytes their copies take.
bool needs_payload_copy(const std::byte* base, const ExtensionEntry& entry) {
  return is_known_extension(extension_name(entry)) && needs_copy(base, entry.offset, entry.size);
}
std::uint64_t payload_copy_bytes(std::span<const ExtensionEntry> entries, const std::byte* base) {
  std::uint64_t bytes = 0;
  for (const ExtensionEntry& entry : entries)
    if (needs_payload_copy(base, entry)) bytes += round_up_8(entry.size);
  return bytes;
}

}  // namespace

void Model::place_extension_payloads(std::span<const std::byte> bytes, std::byte*& cursor) {
  for (const ExtensionEntry& entry : extensions_) {
    std::span<const std::byte> payload = bytes.subspan(entry.offset, entry.size);
    if (needs_payload_copy(bytes.data(), entry)) {
      std::memcpy(cursor, payload.data(), payload.size());
      payload = {cursor, payload.size()};
      cursor += round_up_8(entry.size);
    }
    extension_payloads_.push_back(payload);
  }
}

std::string_view name_view(const char (&name)[kNameSize]) {
  const void* nul = std::memchr(name, 0, kNameSize);
  const std::size_t length =
      nul ? static_cast<std::size_t>(static_cast<const char*>(nul) - name) : kNameSize;
  return {name, length};
}

Expected<Model> Model::build(std::span<const std::byte> bytes, OpenOptions options) {
  Expected<Header> header = read_header(bytes, options.version_1_only);
  if (!header) return header.error();
  // The directory is part of the frame: checked whether or not the caller trusts the file.
  Expected<std::vector<ExtensionEntry>> extensions = read_extensions(bytes, *header);
  if (!extensions) return extensions.error();

  Model model;
  model.extensions_ = std::move(*extensions);
  ModelView& v = model.view_;
  v.header = *header;
  v.offsets = section_offsets(v.header);
  const std::byte* base = bytes.data();

  const Header& h = v.header;
  const std::pair<std::uint64_t, std::uint64_t> record_sections[] = {
      {v.offsets.vertices, std::uint64_t{h.vertex_count} * sizeof(Vertex)},
      {v.offsets.indices, std::uint64_t{h.index_count} * 4},
      {v.offsets.textures, std::uint64_t{h.texture_count} * sizeof(Texture)},
      {v.offsets.meshes, std::uint64_t{h.mesh_count} * sizeof(Mesh)},
      {v.offsets.materials, std::uint64_t{h.material_count} * sizeof(Material)},
      {v.offsets.joints, std::uint64_t{h.joint_count} * sizeof(Joint)},
      {v.offsets.animations, std::uint64_t{h.animation_count} * sizeof(Animation)},
      {v.offsets.tracks, std::uint64_t{h.track_count} * sizeof(Track)},
      {v.offsets.keyframes, std::uint64_t{h.keyframe_count} * sizeof(Keyframe)},
  };
  std::uint64_t copy_bytes = 0;
  for (const auto& [offset, size] : record_sections) {
    if (needs_copy(base, offset, size)) copy_bytes += round_up_8(size);
  }
  copy_bytes += payload_copy_bytes(model.extensions_, base);
  model.owned_.resize(copy_bytes / 8);
  auto* cursor = reinterpret_cast<std::byte*>(model.owned_.data());

  const auto place = [&]<class T>(std::span<const T>& view, std::uint64_t offset,
                                  std::uint32_t count) {
    if (count == 0) return;
    const std::uint64_t size = std::uint64_t{count} * sizeof(T);
    const std::byte* source = base + offset;
    if (needs_copy(base, offset, size)) {
      std::memcpy(cursor, source, size);
      if constexpr (kHostIsBigEndian) swap_record_bytes<T>(cursor, count);
      source = cursor;
      cursor += round_up_8(size);
    }
    view = {reinterpret_cast<const T*>(source), count};
  };
  place(v.vertices, v.offsets.vertices, h.vertex_count);
  place(v.indices, v.offsets.indices, h.index_count);
  v.image_buffer = bytes.subspan(v.offsets.image_buffer, h.image_buffer_size);
  place(v.textures, v.offsets.textures, h.texture_count);
  place(v.meshes, v.offsets.meshes, h.mesh_count);
  place(v.materials, v.offsets.materials, h.material_count);
  place(v.joints, v.offsets.joints, h.joint_count);
  place(v.animations, v.offsets.animations, h.animation_count);
  place(v.tracks, v.offsets.tracks, h.track_count);
  place(v.keyframes, v.offsets.keyframes, h.keyframe_count);
  model.place_extension_payloads(bytes, cursor);
  model.collect_extension_textures();
  model.byte_swapped_ = kHostIsBigEndian;
  model.realigned_bytes_ = kHostIsBigEndian ? 0 : copy_bytes;

  if (options.validate) {
    std::optional<Error> first;
    check_structure(v, [&](const Error& error) {
      first = error;
      return false;  // opening needs only the first problem
    });
    if (first) return *std::move(first);
    check_extension_payloads(model, [&](const Error& error) {
      first = error;
      return false;
    });
    if (first) return *std::move(first);
  }
  return model;
}

Expected<Model> Model::build_unpacked(std::span<const std::byte> packed, const OpenOptions& options) {
  Expected<UnpackedBytes> unpacked =
      unpack(packed, {.decoder = options.packed_decoder, .max_unpacked_bytes = options.max_unpacked_bytes});
  if (!unpacked) return unpacked.error();
  Expected<Model> model = build(unpacked->bytes(), options);
  if (model) model->unpacked_ = std::move(*unpacked);  // moving keeps the address
  return model;
}

Expected<Model> Model::try_open(const std::filesystem::path& path, OpenOptions options) {
  if (options.storage == Storage::copy) {
    Expected<FileCopy> copy = FileCopy::read(path);
    if (!copy) return copy.error();
    if (is_packed(copy->bytes())) return build_unpacked(copy->bytes(), options);
    Expected<Model> model = build(copy->bytes(), options);
    if (model) model->copy_ = std::move(*copy);  // moving the copy keeps its address
    return model;
  }
  Expected<FileMapping> mapping = FileMapping::map(path);
  if (!mapping) return mapping.error();
  if (is_packed(mapping->bytes())) return build_unpacked(mapping->bytes(), options);
  Expected<Model> model = build(mapping->bytes(), options);
  if (model) model->mapping_ = std::move(*mapping);  // moving a mapping keeps its address
  return model;
}

Expected<Model> Model::try_open_memory(std::span<const std::byte> bytes, OpenOptions options) {
  if (is_packed(bytes)) return build_unpacked(bytes, options);
  return build(bytes, options);
}

Model Model::open(const std::filesystem::path& path, OpenOptions options) {
  Expected<Model> model = try_open(path, options);
  if (!model) throw ModelError(path.string(), model.error());
  return std::move(model).value();
}

Model Model::open_memory(std::span<const std::byte> bytes, OpenOptions options) {
  Expected<Model> model = try_open_memory(bytes, options);
  if (!model) throw ModelError("<memory>", model.error());
  return std::move(model).value();
}

std::optional<std::span<const std::byte>> Model::extension_payload(std::string_view name) const {
  for (std::size_t i = 0; i < extensions_.size(); ++i) {
    if (extension_name(extensions_[i]) == name) return extension_payloads_[i];
  }
  return std::nullopt;
}

void Model::collect_extension_textures() {
  const std::size_t materials = view_.materials.size(), textures = view_.textures.size();
  const auto add = [&](std::uint32_t texture) {
    if (texture < textures) extension_textures_.push_back(texture);
  };
  if (const auto payload = extension_payload(kEmissiveExtension); payload && payload->size() >= materials * sizeof(EmissiveRecord)) {
    const auto* records = reinterpret_cast<const EmissiveRecord*>(payload->data());
    for (std::size_t m = 0; m < materials; ++m) add(records[m].texture);
  }
  if (const std::optional<Uv1View> uv1 = uv1_of(*this))
    for (const Uv1Material& m : uv1->materials) add(m.occlusion_texture);
  view_.extension_textures = extension_textures_;
}

std::span<const std::uint32_t> Model::mesh_indices(const Mesh& mesh) const {
  return view_.indices.subspan(mesh.first_index, mesh.index_count);
}

std::span<const std::byte> Model::texture_data(const Texture& texture) const {
  const std::uint64_t size =
      mip_chain_size(texture.width, texture.height, Compression(texture.compression));
  return view_.image_buffer.subspan(texture.offset, size);
}

std::span<const std::byte> Model::mip_data(const Texture& texture, std::uint32_t level) const {
  const MipLevel mip = mip_level(texture, level);
  return view_.image_buffer.subspan(texture.offset + mip.offset, mip.size);
}

const Track& Model::track(std::uint32_t animation, std::uint32_t joint) const {
  return view_.tracks[std::size_t{animation} * view_.header.joint_count + joint];
}

TrackKeys Model::keys(const Track& track) const {
  const auto all = view_.keyframes.subspan(
      track.first_keyframe,
      std::size_t{track.translation_count} + track.rotation_count + track.scale_count);
  return {all.first(track.translation_count),
          all.subspan(track.translation_count, track.rotation_count),
          all.last(track.scale_count)};
}

}  // namespace aem
