#include "aem/pipeline/model_writer.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

#include "aem/byte_order.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "output/extensions/encode_extensions.hpp"

namespace aem::pipeline {
namespace {

using std::to_string;

std::uint32_t checked_count(std::uint64_t count, const char* what) {
  if (count > std::numeric_limits<std::uint32_t>::max()) {
    throw InvalidContent(std::string("too many ") + what + " for AEM's 32-bit counts: " +
                         to_string(count));
  }
  return static_cast<std::uint32_t>(count);
}

std::uint64_t align_up(std::uint64_t n, std::uint64_t alignment) {
  return (n + alignment - 1) / alignment * alignment;
}

void copy_name(char (&field)[kNameSize], const std::string& name, const std::string& owner) {
  if (name.size() >= kNameSize) {
    throw InvalidContent(owner + " name is " + to_string(name.size()) +
                         " bytes; AEM allows at most " + to_string(kNameSize - 1));
  }
  if (name.find('\0') != std::string::npos) {
    throw InvalidContent(owner + " name contains a NUL byte");
  }
  std::memset(field, 0, kNameSize);
  std::memcpy(field, name.data(), name.size());
}

// Appends records in file byte order.
template <class T>
void append_records(std::vector<std::byte>& out, std::span<const T> records) {
  const std::size_t at = out.size();
  out.resize(at + records.size_bytes());
  if (records.empty()) return;
  std::memcpy(out.data() + at, records.data(), records.size_bytes());
  if constexpr (std::endian::native == std::endian::big) {
    swap_record_bytes<T>(out.data() + at, static_cast<std::uint32_t>(records.size()));
  }
}

template <class T>
void append(std::vector<std::byte>& out, const std::vector<T>& records) {
  append_records(out, std::span<const T>(records));
}

template <class T>
void append_one(std::vector<std::byte>& out, const T& record) {
  append_records(out, std::span<const T>(&record, 1));
}

// The header's magic, version and counts (each checked to fit its field); the image buffer
// size and keyframe count follow from the records.
Header header_counts(const ModelContent& c) {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kVersion;
  header.vertex_count = checked_count(c.vertices.size(), "vertices");
  header.index_count = checked_count(c.indices.size(), "indices");
  header.texture_count = checked_count(c.textures.size(), "textures");
  header.mesh_count = checked_count(c.meshes.size(), "meshes");
  header.material_count = checked_count(c.materials.size(), "materials");
  header.joint_count = checked_count(c.joints.size(), "joints");
  header.animation_count = checked_count(c.animations.size(), "animations");
  header.track_count =
      checked_count(std::uint64_t{header.animation_count} * header.joint_count, "tracks");
  return header;
}

// Texture records, each chain at the next 16-byte offset; sets header.image_buffer_size.
std::vector<aem::Texture> texture_records(const ModelContent& c, Header& header) {
  std::vector<aem::Texture> textures;
  std::uint64_t image_end = 0;
  for (std::size_t i = 0; i < c.textures.size(); ++i) {
    const TextureImage& image = c.textures[i];
    const std::uint64_t expected = mip_chain_size(image.width, image.height, image.compression);
    if (image.width == 0 || image.height == 0 || image.mips.size() != expected) {
      throw InvalidContent("texture " + to_string(i) + " (" + to_string(image.width) + "x" +
                           to_string(image.height) + ") has " + to_string(image.mips.size()) +
                           " bytes of mips; its full chain needs " + to_string(expected));
    }
    const std::uint64_t offset = align_up(image_end, kImageAlignment);
    textures.push_back({checked_count(offset, "image buffer bytes"), image.width, image.height,
                        std::uint32_t(image.wrap_x), std::uint32_t(image.wrap_y),
                        std::uint32_t(image.compression)});
    image_end = offset + image.mips.size();
  }
  header.image_buffer_size =
      checked_count(align_up(image_end, kImageAlignment), "image buffer bytes");
  return textures;
}

std::vector<Joint> joint_records(const ModelContent& c) {
  std::vector<Joint> joints(c.joints.size());
  for (std::size_t j = 0; j < c.joints.size(); ++j) {
    copy_name(joints[j].name, c.joints[j].name, "joint " + to_string(j));
    std::memcpy(joints[j].inverse_bind, c.joints[j].inverse_bind.data(), sizeof(float) * 16);
    joints[j].parent = c.joints[j].parent;
  }
  return joints;
}

// Animations with their names in fixed fields; one track per animation and joint, its keys in
// one keyframe array (translations, rotations, scales).
struct AnimationRecords {
  std::vector<aem::Animation> animations;
  std::vector<Track> tracks;
  std::vector<Keyframe> keyframes;
};

AnimationRecords animation_records(const ModelContent& c) {
  AnimationRecords out;
  out.animations.resize(c.animations.size());
  for (std::size_t a = 0; a < c.animations.size(); ++a) {
    const AnimationDesc& desc = c.animations[a];
    copy_name(out.animations[a].name, desc.name, "animation " + to_string(a));
    out.animations[a].duration = desc.duration;
    if (desc.joints.size() != c.joints.size()) {
      throw InvalidContent("animation " + to_string(a) + " has keys for " +
                           to_string(desc.joints.size()) + " joints; the model has " +
                           to_string(c.joints.size()));
    }
    for (const JointKeys& keys : desc.joints) {
      out.tracks.push_back({checked_count(out.keyframes.size(), "keyframes"),
                            checked_count(keys.translations.size(), "translation keys"),
                            checked_count(keys.rotations.size(), "rotation keys"),
                            checked_count(keys.scales.size(), "scale keys")});
      out.keyframes.insert(out.keyframes.end(), keys.translations.begin(), keys.translations.end());
      out.keyframes.insert(out.keyframes.end(), keys.rotations.begin(), keys.rotations.end());
      out.keyframes.insert(out.keyframes.end(), keys.scales.begin(), keys.scales.end());
    }
  }
  return out;
}

}  // namespace

std::vector<std::byte> serialize_model(const ModelContent& c, std::span<const ExtensionPayload> extra) {
  std::vector<ExtensionPayload> extensions = encode_extensions(c);
  extensions.insert(extensions.end(), extra.begin(), extra.end());
  Header header = header_counts(c);
  const std::vector<aem::Texture> textures = texture_records(c, header);
  const std::vector<Joint> joints = joint_records(c);
  const AnimationRecords animations = animation_records(c);
  header.keyframe_count = checked_count(animations.keyframes.size(), "keyframes");

  // The sections in file order.
  std::vector<std::byte> out;
  out.reserve(section_offsets(header).end);
  append_one(out, header);
  append(out, c.vertices);
  append(out, c.indices);
  const std::size_t image_start = out.size();
  out.resize(image_start + header.image_buffer_size);  // zero padding between chains
  for (std::size_t i = 0; i < c.textures.size(); ++i) {
    std::memcpy(out.data() + image_start + textures[i].offset, c.textures[i].mips.data(),
                c.textures[i].mips.size());
  }
  append(out, textures);
  append(out, c.meshes);
  append(out, c.materials);
  append(out, joints);
  append(out, animations.animations);
  append(out, animations.tracks);
  append(out, animations.keyframes);

  // Whatever the caller's arrays held, never hand out a file the runtime would refuse.
  Expected<Model> check = Model::try_open_memory(out);
  if (!check) {
    throw InvalidContent("the model would not be a valid AEM file: " + check.error().describe());
  }
  if (extensions.empty()) return out;
  append_extension_area(out, extensions);
  // The directory as a reader checks it, every written extension taken as known (a made-up
  // required one would otherwise be refused as unknown).
  std::vector<KnownExtension> written;
  for (const ExtensionPayload& e : extensions) written.push_back({e.name, e.record_version});
  const Expected<Header> header_read = read_header(out);
  const Expected<std::vector<ExtensionEntry>> directory =
      header_read ? read_extensions(out, *header_read, written)
                  : Expected<std::vector<ExtensionEntry>>(header_read.error());
  if (!directory) {
    throw InvalidContent("the extension area would not be valid: " + directory.error().describe());
  }
  // And the known extensions' payloads as the runtime checks them (a made-up required one, which
  // only tests write, keeps the runtime from reading the file at all).
  const bool readable = std::none_of(extensions.begin(), extensions.end(), [](const ExtensionPayload& e) {
    return e.required && !is_known_extension(e.name);
  });
  if (const Expected<Model> extended = Model::try_open_memory(out); readable && !extended) {
    throw InvalidContent("the extensions would not be valid: " + extended.error().describe());
  }
  return out;
}

void write_model_file(const std::filesystem::path& path, const ModelContent& content,
                      std::span<const ExtensionPayload> extra) {
  write_file_atomically(path, serialize_model(content, extra));
}

}  // namespace aem::pipeline
