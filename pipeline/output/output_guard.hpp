#pragma once
// Outputs that can never overwrite what a bake reads, and that are always regular files.
//
// A bake writes its output by renaming a finished temporary file over it. That is refused, with
// an error naming the model, the output and the reason, when:
//  - the output is the model or any file the bake reads (a buffer or an image), compared by file
//    identity (device and inode), so that no spelling, hard link or symbolic link gets round it;
//  - the output exists and is not a regular file: a directory, device, FIFO or socket would be
//    replaced by a regular file, and a symbolic link would be replaced itself rather than written
//    through (see specs/bake.md, "Baking: outputs and stamps").
// The two checks a tool calls are public (aem/pipeline/output_guard.hpp); here are the pieces they
// are made of, which the batch, the stamps and the output locks share.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace aem::pipeline {

// A file's identity (st_dev, st_ino), following symbolic links; nullopt when it does not exist
// or cannot be examined.
struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
  friend auto operator<=>(const FileIdentity&, const FileIdentity&) = default;
};
std::optional<FileIdentity> file_identity(const std::filesystem::path& path);

// Why `path` may not be replaced by a regular file written atomically: it exists and is a
// directory, device, FIFO, socket or symbolic link ("it is a FIFO, ..."). Empty when it may.
std::string not_replaceable(const std::filesystem::path& path);


}  // namespace aem::pipeline
