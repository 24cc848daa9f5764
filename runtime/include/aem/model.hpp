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
// does too). Open-time validation guarantees every index in the file stays in bounds and every
// float is finite.
//
// A mapped file must not change while its Model lives (specs/runtime.md, "Files that change"):
// replacing it by rename (write a temporary file, then rename over the path, as `aem bake` does)
// is safe; truncating it or rewriting it in place (`cp new.aem model.aem`, most editors, sync
// tools) is not: a read past the new end kills the process with SIGBUS, and rewritten bytes reach
// the views after validation. That is inherent to mapping, not a bug to be fixed here. For files
// the program does not control (mods, downloads, network shares), open with
// {.storage = Storage::copy}: the file is read once into owned memory and nothing done to it
// afterwards can reach the Model.
//
// A packed file (.aemz, specs/packed-aem.md) opens the same way when the options carry a decoder:
//   aem::Model::open("hero.aemz", {.packed_decoder = aem::zstd_decoder()});  // or aem::open_packed
// It is decoded into owned memory at open (as Storage::copy), then validated as usual. Without a
// decoder it is the error packed_needs_decoder, saying what to do.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "aem/export.h"
#include "aem/error.hpp"
#include "aem/expected.hpp"
#include "aem/extensions.hpp"
#include "aem/file_mapping.hpp"
#include "aem/format.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model_view.hpp"
#include "aem/packed_decoder.hpp"
#include "aem/unpack.hpp"

namespace aem {

// Where the views of a Model opened from a file point.
enum class Storage : std::uint8_t {
  // Into a read-only mapping of the file: no copy, pages read on demand. The file must not be
  // truncated or rewritten in place while the Model lives (see above).
  map,
  // Into owned memory the whole file is read into at open (exactly the size fstat reported; a
  // file that grows or shrinks during the read is an io_error). Costs one read of the file and
  // its size in memory; immune to whatever happens to the file afterwards.
  copy,
};

struct OpenOptions {
  // Off trusts the file: only the header, the file size and the extension directory (the frame,
  // at most 64 entries) are checked, so a corrupt file can make later reads go out of bounds.
  // For files the game itself produced and verified.
  bool validate = true;
  Storage storage = Storage::map;  // ignored by open_memory
  // Decodes a packed file's frames (aem_packed's aem::zstd_decoder()); none: packed files are
  // refused. The packed file itself is mapped or read as `storage` says, and released after.
  PackedDecoder packed_decoder = {};
  // A packed file that would unpack to more than this is refused before anything is allocated.
  std::uint64_t max_unpacked_bytes = kDefaultMaxUnpackedBytes;
  // On: the reader before extensions (specs/aem-extensions.md section 5): version 1 only, and a
  // file longer than its size equation is size_mismatch. Off: an extension area is read, its
  // directory checked (trusted opens too), unknown optional extensions skipped and unknown
  // required ones refused (unknown_required_extension).
  bool version_1_only = false;
};

// The keys of one track, split by kind.
struct TrackKeys {
  std::span<const Keyframe> translations;
  std::span<const Keyframe> rotations;
  std::span<const Keyframe> scales;
};

// A name field as a string: up to its NUL, or all 128 bytes if it has none (trusted files).
AEM_API std::string_view name_view(const char (&name)[kNameSize]);

class AEM_API Model {
 public:
  // Opens a regular file; anything else (a FIFO, a device, a directory) is an io_error at once,
  // without blocking or reading from it.
  static Model open(const std::filesystem::path& path, OpenOptions options = {});
  static Expected<Model> try_open(const std::filesystem::path& path, OpenOptions options = {});
  // Views the caller's bytes in place; they must outlive the Model. Sections that are not
  // 4-byte aligned in that buffer are copied (see realigned_bytes()). Packed bytes are decoded
  // into owned memory, so the caller's buffer need not outlive the Model then.
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

  // The extension directory's entries, sorted by name, known or not (is_known_extension says
  // which this runtime reads; the others were skipped); empty for a plain version-1 file.
  std::span<const ExtensionEntry> extensions() const noexcept { return extensions_; }
  // The payload of the extension named `name`, in place (a known extension's is 4-byte aligned:
  // copied at open if the file's bytes were not); nullopt when the file has none.
  std::optional<std::span<const std::byte>> extension_payload(std::string_view name) const;

  // Bytes copied at open because sections were not 4-byte aligned where they lay (an image
  // buffer whose size is not a multiple of 4, or a misaligned caller buffer); 0 normally.
  std::uint64_t realigned_bytes() const noexcept { return realigned_bytes_; }
  // Whether the views point into the file's own bytes (true unless the host is big-endian),
  // as mapped or as read into memory (see mapped()).
  bool zero_copy() const noexcept { return realigned_bytes_ == 0 && !byte_swapped_; }
  // Whether the views point into a mapping of the file (Storage::map), which changes to the
  // file can reach; false for Storage::copy and open_memory.
  bool mapped() const noexcept { return !mapping_.bytes().empty(); }
  // Whether it was opened from a packed file: the views point into the unpacked copy it owns.
  bool unpacked() const noexcept { return !unpacked_.bytes().empty(); }

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
  // Fills extension_payloads_ (known ones realigned into `cursor`, which it advances).
  void place_extension_payloads(std::span<const std::byte> bytes, std::byte*& cursor);
  // Fills extension_textures_ from the emissive and uv1 payloads (those of the size their records
  // need; indices past the texture table left out, the checks report them).
  void collect_extension_textures();
  static Expected<Model> build_unpacked(std::span<const std::byte> packed, const OpenOptions& options);

  FileMapping mapping_;  // Storage::map
  FileCopy copy_;        // Storage::copy
  UnpackedBytes unpacked_;  // a packed file's AEM
  std::vector<std::uint64_t> owned_;  // realigned or byte-swapped sections, 8-byte aligned
  ModelView view_;
  std::vector<ExtensionEntry> extensions_;
  std::vector<std::span<const std::byte>> extension_payloads_;  // one per entry
  std::vector<std::uint32_t> extension_textures_;  // ModelView::extension_textures
  std::uint64_t realigned_bytes_ = 0;
  bool byte_swapped_ = false;
};

}  // namespace aem
