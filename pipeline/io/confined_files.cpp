#include "io/confined_files.hpp"

#include <cctype>
#include <system_error>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "io/file_kind.hpp"
#include "io/file_status.hpp"
#include "io/input_file.hpp"

namespace aem::pipeline {
namespace {

std::string not_regular(std::filesystem::file_type type) {
  return std::string("is ") + file_kind_name(type) + ", and only regular files are read";
}

// RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":". A relative reference's first
// segment cannot hold a colon, so anything of this shape is a URI with a scheme.
bool has_scheme(const std::string& uri) {
  if (uri.empty() || !std::isalpha(static_cast<unsigned char>(uri[0]))) return false;
  for (char c : uri) {
    if (c == ':') return true;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.') return false;
  }
  return false;
}

// "C:\x", "C:/x" and the drive-relative "C:x": Windows paths on a drive, whatever the platform.
bool has_drive_letter(const std::string& uri) {
  return uri.size() >= 2 && std::isalpha(static_cast<unsigned char>(uri[0])) && uri[1] == ':';
}

// The URI as a path. A backslash is read as a separator on every platform (URIs never hold one
// unencoded; Windows-made models do), so that ..\x, \\server\share and \\?\C:\x are the same
// escapes on Linux as on Windows, refused with the same words.
std::filesystem::path uri_path(std::string uri) {
  for (char& c : uri)
    if (c == '\\') c = '/';
  return std::filesystem::path(std::u8string(uri.begin(), uri.end()));
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::vector<unsigned char>& out,
                              std::uint64_t max_bytes) {
  using std::filesystem::file_type;
  out.clear();
  std::error_code error;
  const std::optional<FileStatus> before = file_status(path, LinkMode::follow, error);
  if (!before)
    return error == std::errc::no_such_file_or_directory ? "no such file" : "cannot be examined: " + error.message();
  if (before->type != file_type::regular) return not_regular(before->type);
  // Should the file have become a FIFO or device since, the open still returns (input_file.hpp).
  InputFile file;
  if ((error = file.open(path))) return "cannot be opened: " + error.message();
  if (file.status().type != file_type::regular) return not_regular(file.status().type);
  const std::uint64_t size = file.status().size;
  if (size > max_bytes)
    return "is " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) + " a bake reads";
  out.resize(std::size_t(size));
  std::size_t done = 0;
  while (done < out.size()) {
    const std::ptrdiff_t n = file.read(out.data() + done, out.size() - done, error);
    if (n < 0) return "read error: " + error.message();
    if (n == 0) return "was shortened while being read";
    done += std::size_t(n);
  }
  return {};
}

bool is_within(const std::filesystem::path& path, const std::filesystem::path& dir) {
  auto p = path.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++p) {
    if (d->empty()) continue;  // a trailing separator's empty last component
    if (p == path.end() || *p != *d) return false;
  }
  return true;
}

ReadConfinement::ReadConfinement(const std::filesystem::path& model_dir,
                                 const std::vector<std::filesystem::path>& allowed_dirs)
    : model_dir_(model_dir) {
  roots_.push_back(resolved_path(model_dir));
  for (const std::filesystem::path& dir : allowed_dirs) {
    if (const std::string why = allowed_dir_problem(dir); !why.empty())
      throw BakeError("allowed directory " + dir.string() + ": " + why);
    roots_.push_back(resolved_path(dir));
  }
}

ReadConfinement::Resolution ReadConfinement::resolve(const std::string& decoded_uri) const {
  Resolution r;
  if (has_drive_letter(decoded_uri)) {
    r.refusal = "is a path on the drive " + decoded_uri.substr(0, 2) + ", and only paths relative to the model are read";
    return r;
  }
  if (has_scheme(decoded_uri)) {
    r.refusal = "is a URI with the scheme \"" + decoded_uri.substr(0, decoded_uri.find(':')) +
                ":\", and only data: URIs and paths relative to the model are read";
    return r;
  }
  // (has_root_path: on Windows \x is not absolute, yet leaves the model's folder for its drive's root.)
  const std::filesystem::path relative = uri_path(decoded_uri);
  if (relative.has_root_path()) {
    r.refusal = "is an absolute path, and only paths relative to the model are read";
    return r;
  }
  const std::filesystem::path file = resolved_path(model_dir_ / relative);
  bool inside = false;
  for (const std::filesystem::path& root : roots_) inside = inside || is_within(file, root);
  if (!inside) {
    r.refusal = "leaves the model's directory " + roots_.front().string() + " (it resolves to " + file.string() +
                (roots_.size() > 1 ? ", which no allowed directory holds either" : "") +
                "; --allow-dir or a manifest's allow_dirs widens what a bake may read)";
    return r;
  }
  if (const std::optional<FileStatus> s = file_status(file)) {
    if (s->type != std::filesystem::file_type::regular) {
      r.refusal = not_regular(s->type);
      return r;
    }
    r.exists = true;
  }
  r.file = file;
  return r;
}

}  // namespace aem::pipeline
