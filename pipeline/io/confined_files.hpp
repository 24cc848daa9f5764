#pragma once
// What a bake may read (specs/bake.md, "Reading: what a bake may read"): regular files only,
// opened so that no open can block; and for a model's buffers and images, only files inside the
// model's directory or a directory the person running the bake allowed (BakeOptions::
// allowed_dirs, --allow-dir), after resolving ".." and symbolic links.
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace aem::pipeline {

// Reads the whole regular file `path` into `out`. Returns why it cannot ("no such file", "is a
// FIFO, and only regular files are read", "cannot be opened: Permission denied"...), empty when
// it could. Never blocks in open(): anything but a regular file is refused from stat() before
// opening, the open is non-blocking, and the opened descriptor is checked again (a file swapped
// for a FIFO in between is refused). Files larger than `max_bytes` are refused unread.
std::string read_regular_file(const std::filesystem::path& path, std::vector<unsigned char>& out,
                              std::uint64_t max_bytes = std::numeric_limits<std::uint64_t>::max());

// `path` made absolute with ".." and the symbolic links of its existing part resolved
// (weakly_canonical); its absolute, lexically normal form when it cannot be examined.
std::filesystem::path resolved_path(const std::filesystem::path& path);

// Whether `path` is `dir` or lies below it, both resolved, compared component by component (so
// /a/bc is not below /a/b).
bool is_within(const std::filesystem::path& path, const std::filesystem::path& dir);


// The directories a model's URIs may lead into: the model's own and the allowed ones.
class ReadConfinement {
 public:
  // `model_dir`: the directory the model's URIs are relative to, as given (empty: the working
  // directory). `allowed_dirs`: BakeOptions::allowed_dirs. Throws BakeError naming an allowed
  // directory that cannot be one (allowed_dir_problem).
  ReadConfinement(const std::filesystem::path& model_dir, const std::vector<std::filesystem::path>& allowed_dirs);

  struct Resolution {
    std::filesystem::path file;  // the file the URI names, resolved; empty when refused
    bool exists = false;         // it is there (and a regular file)
    std::string refusal;         // why it may not be read; empty when it may
  };
  // Resolves a URI of the model (percent-decoding already undone) against the model's directory.
  // Refused: a URI with a scheme (file:...), an absolute path, one that resolves outside every
  // allowed directory, and one that names anything but a regular file.
  Resolution resolve(const std::string& decoded_uri) const;

 private:
  std::filesystem::path model_dir_;           // as given, for lexical joining
  std::vector<std::filesystem::path> roots_;  // the model's directory, then the allowed ones, resolved
};

}  // namespace aem::pipeline
