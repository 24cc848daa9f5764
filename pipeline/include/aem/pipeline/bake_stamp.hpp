#pragma once
// Incremental baking: what a bake depended on, recorded beside its output, so that the next run
// can tell whether the output is still what a bake would produce.
//
// A stamp lives in `.aem-bake/` beside the output (`out/hero.aem` -> `out/.aem-bake/hero.aem.json`)
// and records the baker's version, the options that shape the output (the scene among them), the
// model it was baked from, and for the output and every input (the model, its buffers and images,
// and the files it referred to that were missing) the size, modification time, identity (device
// and inode) and an XXH3-128 hash of the content. Inputs are also recorded by their names
// relative to the model's directory, and are looked for there: a moved or copied tree keeps its
// outputs up to date.
//
// Size, time and identity are a fast pre-check: when all three still hold, the file is trusted
// unchanged; when any differs, the file is hashed again and compared, so a touched file, a fresh
// checkout or a copy with new times rebakes nothing unless some bytes changed. An output is up to
// date when all of that holds and it is asked for from a model of the same file name (another
// model baked to the same output differs in name or in some input's content, and rebakes it).
// Stamps of an older format (format 1: sizes and times only) are simply not up to date.
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
  std::string hash;            // XXH3-128 of the content (content_hash.hpp); "" when not known
  std::filesystem::path name;  // an input's name relative to its model's directory ("" if none)

  // Size, time and identity only.
  static FileState of(const std::filesystem::path& path);
  // With the content's hash too. The stat is taken before reading, so a file that changes while
  // it is hashed does not look unchanged later; one that is not a regular file gets no hash.
  static FileState hashed(const std::filesystem::path& path);
  // Whether the file at `path` is still this file with this size and time (or is still missing),
  // or, when not, still has the same size and content hash.
  bool unchanged() const;
};

// An input's name in stamps and cache keys: `input` relative to the directory of `model` (both
// as the bake spelled them: the model's directory joined with a URI), which may lead out of it
// ("../textures/a.png"); an absolute path when there is no relative spelling.
std::filesystem::path name_in_model_directory(const std::filesystem::path& model, const std::filesystem::path& input);
// Where an input of that name is for `model` now.
std::filesystem::path path_in_model_directory(const std::filesystem::path& model, const std::filesystem::path& name);

struct BakeStamp {
  std::string baker;
  std::string options;
  std::filesystem::path model;  // the model baked, as absolute_normal_path gives it
  FileState output;
  std::vector<FileState> inputs;  // the model itself among them
};

std::filesystem::path stamp_path(const std::filesystem::path& output);

// The stamp beside `output`, or nullopt when there is none or it cannot be read (which only
// means a rebake).
std::optional<BakeStamp> read_stamp(const std::filesystem::path& output);

// True when `output` exists, `model` has the file name of the model the stamp's bake read, and
// neither the output, nor any input (looked for relative to `model`'s directory), nor the options
// or baker changed since `stamp` was written.
bool is_up_to_date(const BakeStamp& stamp, const std::filesystem::path& output,
                   const std::filesystem::path& model, const std::string& options);

struct UpToDateCheck {
  bool current = false;
  bool rehashed = false;  // current, but some file had to be hashed again (new time or place)
  BakeStamp refreshed;    // current: the stamp with the files' states and places as they are now
};
// is_up_to_date, with what the next run needs to trust the files by their times again.
UpToDateCheck check_up_to_date(const BakeStamp& stamp, const std::filesystem::path& output,
                               const std::filesystem::path& model, const std::string& options);

// Records a finished bake (atomically). Throws std::runtime_error naming the file on failure.
void write_stamp(const std::filesystem::path& output, const BakeStamp& stamp);

// Removes the stamp of an output that is no longer known to be current (a failed rebake).
void remove_stamp(const std::filesystem::path& output);

}  // namespace aem::pipeline
