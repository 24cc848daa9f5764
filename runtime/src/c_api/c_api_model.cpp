// The C API's models: opening, the sections as C records, mip levels and names.
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "aem/aem.h"
#include "aem/ext_names.hpp"
#include "aem/model.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

namespace {

using aem::c_api::fail;
using aem::c_api::guarded;

// The C records are the C++ records, byte for byte (every offset: test/runtime/c_api_layout_test.cpp),
// so a section's pointer is handed out as it is.
static_assert(sizeof(aem_header) == sizeof(aem::Header) && sizeof(aem_vertex) == sizeof(aem::Vertex) &&
              sizeof(aem_texture) == sizeof(aem::Texture) && sizeof(aem_mesh) == sizeof(aem::Mesh) &&
              sizeof(aem_material) == sizeof(aem::Material) && sizeof(aem_joint) == sizeof(aem::Joint) &&
              sizeof(aem_animation) == sizeof(aem::Animation) && sizeof(aem_track) == sizeof(aem::Track) &&
              sizeof(aem_keyframe) == sizeof(aem::Keyframe));
static_assert(AEM_NAME_SIZE == aem::kNameSize && AEM_VERSION == aem::kVersion);
// aem_status numbers the file's problems as aem::ErrorCode does, one up.
static_assert(AEM_ERROR_IO == 1 + int(aem::ErrorCode::io_error) &&
              AEM_ERROR_NOT_FINITE == 1 + int(aem::ErrorCode::not_finite) &&
              AEM_ERROR_UNUSED_DATA == 1 + int(aem::ErrorCode::unused_data) &&
              AEM_ERROR_PACKED_FRAME_CORRUPT == 1 + int(aem::ErrorCode::packed_frame_corrupt) &&
              AEM_ERROR_BAD_EXTENSION_DIRECTORY == 1 + int(aem::ErrorCode::bad_extension_directory) &&
              AEM_ERROR_BAD_EXTENSION_PAYLOAD == 1 + int(aem::ErrorCode::bad_extension_payload));

constexpr std::uint32_t kKnownOpenFlags = AEM_OPEN_COPY | AEM_OPEN_TRUSTED;

template <class C, class Cpp>
void expose(std::span<const Cpp> section, const C*& pointer, std::uint32_t& count) {
  pointer = section.empty() ? nullptr : reinterpret_cast<const C*>(section.data());
  count = static_cast<std::uint32_t>(section.size());
}

aem_sections sections_of(const aem::Model& model) {
  aem_sections s{};
  std::memcpy(&s.header, &model.header(), sizeof s.header);
  expose(model.vertices(), s.vertices, s.vertex_count);
  expose(model.indices(), s.indices, s.index_count);
  expose(model.image_buffer(), s.image_buffer, s.image_buffer_size);
  expose(model.textures(), s.textures, s.texture_count);
  expose(model.meshes(), s.meshes, s.mesh_count);
  expose(model.materials(), s.materials, s.material_count);
  expose(model.joints(), s.joints, s.joint_count);
  expose(model.animations(), s.animations, s.animation_count);
  expose(model.tracks(), s.tracks, s.track_count);
  expose(model.keyframes(), s.keyframes, s.keyframe_count);
  return s;
}

aem_status check_open_arguments(const void* source, std::uint32_t flags, aem_model** out_model) {
  if (out_model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "out_model is NULL");
  *out_model = nullptr;
  if (source == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "no path or bytes given (NULL)");
  if ((flags & ~kKnownOpenFlags) != 0) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "unknown open flags 0x%x", unsigned(flags & ~kKnownOpenFlags));
  }
  return AEM_OK;
}

aem::OpenOptions options_of(std::uint32_t flags) {
  return {.validate = (flags & AEM_OPEN_TRUSTED) == 0,
          .storage = (flags & AEM_OPEN_COPY) != 0 ? aem::Storage::copy : aem::Storage::map};
}

aem_status finish_open(aem::Expected<aem::Model> result, const char* source, aem_model** out_model) {
  if (!result) {
    const aem::Error& error = result.error();
    return fail(aem_status(AEM_ERROR_IO + int(error.code)), "%s: %s", source, error.describe().c_str());
  }
  *out_model = new aem_model{std::move(*result), {}, {}, {}};
  aem_model& opened = **out_model;
  opened.sections = sections_of(opened.model);
  opened.lods = {aem::lods_of(opened.model), opened.model.extension_payload(aem::kLodsExtension).has_value()};
  opened.meshlets = {aem::meshlets_of(opened.model), opened.model.extension_payload(aem::kMeshletsExtension).has_value()};
  return AEM_OK;
}

// A name field up to its NUL, or whole.
const char* name_of(const char (&name)[aem::kNameSize], size_t* out_length) {
  if (out_length != nullptr) *out_length = aem::name_view(name).size();
  return name;
}

// The name of material (or mesh) `index` in the `names` payload, checked against the payload here
// as well: a trusted open does not check it. NULL when it does not lie inside the payload.
const char* extension_name_at(const aem::Model& model, bool mesh, std::uint32_t element, size_t* out_length) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(aem::kNamesExtension);
  if (!payload) return "";
  aem::NamesHeader header;
  if (payload->size() < sizeof header) return nullptr;
  std::memcpy(&header, payload->data(), sizeof header);
  const std::uint64_t text_at = sizeof header + (std::uint64_t{header.material_count} + header.mesh_count) * 8;
  const std::uint64_t index = mesh ? std::uint64_t{header.material_count} + element : element;
  aem::NameRecord record;
  if ((mesh ? element >= header.mesh_count : element >= header.material_count) || index >= std::uint64_t{header.material_count} + header.mesh_count || text_at > payload->size() ||
      header.text_size > payload->size() - text_at)
    return nullptr;
  std::memcpy(&record, payload->data() + sizeof header + index * sizeof record, sizeof record);
  if (record.offset > header.text_size || record.length > header.text_size - record.offset) return nullptr;
  if (out_length != nullptr) *out_length = record.length;
  return reinterpret_cast<const char*>(payload->data() + text_at + record.offset);
}

template <class Record>
aem_status find_named(std::span<const Record> records, const char* name, std::uint32_t* out_index,
                      const char* what) {
  if (name == nullptr || out_index == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL name or index");
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (aem::name_view(records[i].name) == std::string_view(name)) {
      *out_index = static_cast<std::uint32_t>(i);
      return AEM_OK;
    }
  }
  return fail(AEM_ERROR_OUT_OF_RANGE, "no %s is named \"%.128s\"", what, name);
}

}  // namespace

extern "C" {

aem_status aem_open(const char* path, uint32_t flags, aem_model** out_model) {
  if (const aem_status s = check_open_arguments(path, flags, out_model); s != AEM_OK) return s;
  return guarded([&] {
    // The path is UTF-8 whatever the platform's narrow encoding is (on Windows, the ANSI code page).
    const std::string_view bytes(path);
    const std::filesystem::path file(std::u8string(bytes.begin(), bytes.end()));
    return finish_open(aem::Model::try_open(file, options_of(flags)), path, out_model);
  });
}

aem_status aem_open_memory(const void* bytes, size_t size, uint32_t flags, aem_model** out_model) {
  if (const aem_status s = check_open_arguments(bytes, flags, out_model); s != AEM_OK) return s;
  return guarded([&] {
    const std::span<const std::byte> span(static_cast<const std::byte*>(bytes), size);
    return finish_open(aem::Model::try_open_memory(span, options_of(flags)), "<memory>", out_model);
  });
}

void aem_close(aem_model* model) { delete model; }

const aem_sections* aem_model_sections(const aem_model* model) {
  return model == nullptr ? nullptr : &model->sections;
}

int aem_model_mapped(const aem_model* model) { return model != nullptr && model->model.mapped() ? 1 : 0; }

uint32_t aem_mip_count(uint32_t width, uint32_t height) { return aem::mip_count(width, height); }

uint64_t aem_mip_level_size(uint32_t width, uint32_t height, uint32_t compression) {
  if (compression > AEM_COMPRESSION_BC7) return 0;
  return aem::mip_level_size(width, height, aem::Compression(compression));
}

aem_status aem_model_mip_level(const aem_model* model, uint32_t texture, uint32_t level,
                               aem_mip_level* out_level) {
  if (model == nullptr || out_level == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model or level");
  const auto textures = model->model.textures();
  if (texture >= textures.size()) {
    return fail(AEM_ERROR_OUT_OF_RANGE, "texture %u of %u", unsigned(texture), unsigned(textures.size()));
  }
  const aem::Texture& t = textures[texture];
  if (level >= aem::mip_count(t.width, t.height) || t.compression > AEM_COMPRESSION_BC7) {
    return fail(AEM_ERROR_OUT_OF_RANGE, "texture %u (%ux%u, compression %u) has no mip level %u",
                unsigned(texture), unsigned(t.width), unsigned(t.height), unsigned(t.compression),
                unsigned(level));
  }
  const aem::MipLevel mip = aem::mip_level(t, level);
  // Validated files guarantee this; trusted ones are checked here rather than read out of bounds.
  const std::uint64_t buffer = model->model.image_buffer().size();
  const std::uint64_t start = std::uint64_t{t.offset} + mip.offset;
  if (mip.offset > buffer || start > buffer || mip.size > buffer - start) {
    return fail(AEM_ERROR_TEXTURE_OUT_OF_BOUNDS, "texture %u mip level %u runs past the image buffer",
                unsigned(texture), unsigned(level));
  }
  *out_level = {mip.width, mip.height, mip.offset, mip.size,
                reinterpret_cast<const uint8_t*>(model->model.image_buffer().data()) + start};
  return AEM_OK;
}

const char* aem_joint_name(const aem_model* model, uint32_t joint, size_t* out_length) {
  if (out_length != nullptr) *out_length = 0;
  if (model == nullptr || joint >= model->model.joints().size()) return nullptr;
  return name_of(model->model.joints()[joint].name, out_length);
}

const char* aem_animation_name(const aem_model* model, uint32_t animation, size_t* out_length) {
  if (out_length != nullptr) *out_length = 0;
  if (model == nullptr || animation >= model->model.animations().size()) return nullptr;
  return name_of(model->model.animations()[animation].name, out_length);
}

const char* aem_material_name(const aem_model* model, uint32_t material, size_t* out_length) {
  if (out_length != nullptr) *out_length = 0;
  if (model == nullptr || material >= model->model.materials().size()) return nullptr;
  return extension_name_at(model->model, false, material, out_length);
}

const char* aem_mesh_name(const aem_model* model, uint32_t mesh, size_t* out_length) {
  if (out_length != nullptr) *out_length = 0;
  if (model == nullptr || mesh >= model->model.meshes().size()) return nullptr;
  return extension_name_at(model->model, true, mesh, out_length);
}

aem_status aem_find_joint(const aem_model* model, const char* name, uint32_t* out_joint) {
  if (model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model");
  return find_named(model->model.joints(), name, out_joint, "joint");
}

aem_status aem_find_animation(const aem_model* model, const char* name, uint32_t* out_animation) {
  if (model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model");
  return find_named(model->model.animations(), name, out_animation, "animation");
}

}  // extern "C"
