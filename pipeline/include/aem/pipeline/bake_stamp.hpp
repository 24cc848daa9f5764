#pragma once
// Incremental baking: what a bake depended on, recorded beside its output, so that the next run
// can tell whether the output is still what a bake would produce.
//
// A stamp lives in `.aem-bake/` beside the output (`out/hero.aem` -> `out/.aem-bake/hero.aem.json`)
// and records the baker's version, the options that shape the output (the scene among them), the
// model it was baked from (absolute, normalised path), and the size, modification time and identity
// (device and inode) of the output and of every input (the glTF, its buffers and images, and the
// files it referred to that were missing). An output is up to date when all of that still holds
// and it is asked for from the same model: another model baked to the same output rebakes it.
// As with make, a touched file counts as changed even when its bytes are the same; so does a file
// replaced by another one (a rename or copy over it), whatever its size and time.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {

// The baker's identity in stamps: a new version rebakes everything.
std::string baker_version();

// The options that change the bytes of a bake, as a canonical string (not the thread count or
// the progress signals).
std::string options_key(const BakeOptions& options);

// A file time as nanoseconds since the file clock's epoch, as stamps record it.
std::int64_t file_time_ns(std::filesystem::file_time_type time);

// `path` made absolute (against the current directory) and lexically normalised: the spelling
// stamps record and compare. Symbolic links are not resolved.
std::filesystem::path absolute_normal_path(const std::filesystem::path& path);

struct FileState {
  std::filesystem::path path;
  std::int64_t size = -1;      // -1: the file does not exist
  std::int64_t mtime_ns = 0;
  std::uint64_t device = 0;    // the file's identity (st_dev, st_ino), following links
  std::uint64_t inode = 0;

  static FileState of(const std::filesystem::path& path);
  // Whether the file at `path` is still this file with this size and time (or is still missing).
  bool unchanged() const;
};

struct BakeStamp {
  std::string baker;
  std::string options;
  std::filesystem::path model;  // the glTF baked, as absolute_normal_path gives it
  FileState output;
  std::vector<FileState> inputs;  // the model itself among them
};

std::filesystem::path stamp_path(const std::filesystem::path& output);

// The stamp beside `output`, or nullopt when there is none or it cannot be read (which only
// means a rebake).
std::optional<BakeStamp> read_stamp(const std::filesystem::path& output);

// True when `output` exists, `model` is the model the stamp's bake read (by absolute normalised
// path), and neither the output, nor any input, nor the options or baker changed since `stamp`
// was written.
bool is_up_to_date(const BakeStamp& stamp, const std::filesystem::path& output,
                   const std::filesystem::path& model, const std::string& options);

// Records a finished bake (atomically). Throws std::runtime_error naming the file on failure.
void write_stamp(const std::filesystem::path& output, const BakeStamp& stamp);

// Removes the stamp of an output that is no longer known to be current (a failed rebake).
void remove_stamp(const std::filesystem::path& output);

}  // namespace aem::pipeline
