#include "aem/pipeline/model_writer.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#if defined(_WIN32)
#include <io.h>       // _wopen, write, close (the tests write their models with this on Windows)
#include <process.h>  // getpid
#include <sys/stat.h>

#include <chrono>
#include <thread>
#include <vector>

#include "io/windows_files.hpp"
#else
#include <unistd.h>
#endif

#include "aem/byte_order.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "aem/pipeline/utf8_path.hpp"
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

namespace {

constexpr std::string_view kTemporaryTag = ".tmp-";

// ".NAME.tmp-": what every temporary of `path` begins with.
std::string temporary_prefix(const std::filesystem::path& path) {
  std::string prefix(1, '.');
  prefix += utf8_text(path.filename());
  prefix += kTemporaryTag;
  return prefix;
}

// ".NAME.tmp-<pid>-<n>" beside `path`: hidden (directory bakes and listings pass over it), and
// recognisable, so that the next writer of `path` can remove what a killed process left.
std::filesystem::path temporary_path(const std::filesystem::path& path) {
  static std::atomic<std::uint64_t> counter{0};
  return path.parent_path() /
         path_from_utf8(temporary_prefix(path) + to_string(::getpid()) + "-" + to_string(counter.fetch_add(1)));
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Creates a new temporary for `path` and returns its descriptor, or -1 with errno set. Never
// opens an existing file: a process killed with the same pid may have left that name.
int create_temporary(const std::filesystem::path& path, std::filesystem::path& temporary) {
  for (int attempt = 0;; ++attempt) {
    temporary = temporary_path(path);
#if defined(_WIN32)
    // Binary mode (no newline translation), not inherited by child processes, UTF-16 name.
    const int fd = ::_wopen(windows::api_path(temporary).c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
                            _S_IREAD | _S_IWRITE);
#else
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
#endif
    if (fd >= 0 || errno != EEXIST || attempt == 100) return fd;
  }
}

// Writes all of `bytes` to `fd` and closes it; the error says why it could not (errno's words),
// or is operation_canceled once `cancel` is set (looked at between chunks of a few MiB).
std::error_code write_and_close(int fd, std::span<const std::byte> bytes, const std::atomic<bool>* cancel) {
  constexpr std::size_t kChunk = std::size_t(8) << 20;
  std::error_code ec;
  for (std::size_t done = 0; done < bytes.size() && !ec;) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      ec = std::make_error_code(std::errc::operation_canceled);
      break;
    }
    const ::ssize_t n = ::write(fd, bytes.data() + done, std::min(bytes.size() - done, kChunk));
    if (n > 0) done += std::size_t(n);
    else if (n < 0 && errno != EINTR) ec = {errno, std::generic_category()};
    else if (n == 0) ec = std::make_error_code(std::errc::io_error);
  }
  // (close reports the errors of delayed writes on some file systems.)
  if (::close(fd) != 0 && !ec) ec = {errno, std::generic_category()};
  return ec;
}

#if defined(_WIN32)
// The rename with POSIX semantics (Windows 10 1709 and later, NTFS): the target is replaced even
// while a program has it open sharing delete access (aem-viewer maps the files it shows that way,
// and keeps its old view). False where the system or file system does not offer it.
bool rename_replacing_open_target(const std::wstring& from, const std::wstring& to) {
  const windows::Handle file(::CreateFileW(from.c_str(), DELETE | SYNCHRONIZE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                           nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!file) return false;
  // FILE_RENAME_INFO with its Flags member (FILE_RENAME_FLAG_REPLACE_IF_EXISTS 1 | POSIX_SEMANTICS 2).
  struct RenameInfo {
    DWORD flags;
    HANDLE root;
    DWORD length;
    WCHAR name[1];
  };
  std::vector<std::byte> buffer(sizeof(RenameInfo) + to.size() * sizeof(WCHAR));
  auto* info = reinterpret_cast<RenameInfo*>(buffer.data());
  info->flags = 0x1 | 0x2;
  info->root = nullptr;
  info->length = DWORD(to.size() * sizeof(WCHAR));
  std::memcpy(info->name, to.c_str(), (to.size() + 1) * sizeof(WCHAR));
  constexpr auto kFileRenameInfoEx = FILE_INFO_BY_HANDLE_CLASS(22);
  return ::SetFileInformationByHandle(file.get(), kFileRenameInfoEx, info, DWORD(buffer.size())) != 0;
}

// Where the target cannot be replaced because a program has it open sharing delete access (Wine,
// older Windows): the old file renamed aside to a temporary's name (which a later writer removes,
// should this process die here), the new one into place, the old one deleted (it goes once that
// program closes it). Not one step: for a moment the name is free. False, with the old file back
// in place, where a step fails.
bool replace_by_moving_aside(const std::wstring& from, const std::wstring& to, const std::filesystem::path& path) {
  const std::wstring aside = windows::api_path(temporary_path(path));
  if (!::MoveFileExW(to.c_str(), aside.c_str(), MOVEFILE_WRITE_THROUGH)) return false;
  if (!::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH)) {
    ::MoveFileExW(aside.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH);
    return false;
  }
  ::DeleteFileW(aside.c_str());
  return true;
}

// Renames the finished `temporary` over `path`: in one step where the system can (the POSIX
// rename, then MoveFileExW); else by moving the old file aside. A program that keeps others from
// deleting the target (an editor, a virus scanner) makes every way fail: tried again for about
// two seconds before the error says so.
std::error_code move_into_place(const std::filesystem::path& temporary, const std::filesystem::path& path) {
  std::error_code ec;
  const std::wstring from = windows::api_path(temporary);
  const std::wstring to = windows::api_path(std::filesystem::absolute(path, ec));
  for (int attempt = 0;; ++attempt) {
    if (rename_replacing_open_target(from, to)) return {};
    if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) return {};
    const DWORD error = ::GetLastError();
    const bool in_use = error == ERROR_ACCESS_DENIED || error == ERROR_SHARING_VIOLATION || error == ERROR_USER_MAPPED_FILE;
    if (!in_use) return windows::error_code_of(error);
    if (replace_by_moving_aside(from, to, path)) return {};
    if (attempt == 40) return std::make_error_code(std::errc::device_or_resource_busy);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}
#else
// Renames the finished `temporary` over `path`: rename(2) replaces it in one step.
std::error_code move_into_place(const std::filesystem::path& temporary, const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  return ec;
}
#endif

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes,
                           const std::atomic<bool>* cancel) {
  std::filesystem::path temporary;
  const int fd = create_temporary(path, temporary);
  if (fd < 0)
    throw std::runtime_error(utf8_text(path) + ": cannot write the file: " + std::generic_category().message(errno));
  std::error_code ec = write_and_close(fd, bytes, cancel);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    if (ec == std::errc::operation_canceled) throw WriteCancelled(utf8_text(path) + ": writing cancelled");
    throw std::runtime_error(utf8_text(path) + ": cannot write the file: " + ec.message());
  }
  ec = move_into_place(temporary, path);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw std::runtime_error(utf8_text(path) + ": cannot move the finished file into place: " +
                             (ec == std::errc::device_or_resource_busy
                                  ? "another program has it open and keeps it from being replaced; close it and try again"
                                  : ec.message()));
  }
}

bool is_temporary_of(const std::string& name, const std::filesystem::path& path) {
  const std::string prefix = temporary_prefix(path);
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  // Exactly "<pid>-<n>" after the prefix: nothing else is ever taken for a temporary.
  const std::string_view rest = std::string_view(name).substr(prefix.size());
  const std::size_t dash = rest.find('-');
  return dash != std::string_view::npos && all_digits(rest.substr(0, dash)) && all_digits(rest.substr(dash + 1));
}

void write_model_file(const std::filesystem::path& path, const ModelContent& content,
                      std::span<const ExtensionPayload> extra) {
  write_file_atomically(path, serialize_model(content, extra));
}

}  // namespace aem::pipeline
