#include "io/confined_files.hpp"

#include <cctype>
#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "io/file_kind.hpp"

namespace aem::pipeline {
namespace {

std::string not_regular(mode_t mode) {
  return std::string("is ") + file_kind_name(file_type_of(mode)) + ", and only regular files are read";
}

std::string errno_text(int error) { return std::generic_category().message(error); }

// Closes a descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

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

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::vector<unsigned char>& out,
                              std::uint64_t max_bytes) {
  out.clear();
  struct ::stat before {};
  if (::stat(path.c_str(), &before) != 0)
    return errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot be examined: " + errno_text(errno);
  if (!S_ISREG(before.st_mode)) return not_regular(before.st_mode);
  // O_NONBLOCK: should the file have become a FIFO or device since stat(), open() still returns.
  const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return "cannot be opened: " + errno_text(errno);
  struct ::stat opened {};
  if (::fstat(file.fd, &opened) != 0) return "cannot be examined: " + errno_text(errno);
  if (!S_ISREG(opened.st_mode)) return not_regular(opened.st_mode);
  const int flags = ::fcntl(file.fd, F_GETFL);
  if (flags < 0 || ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    return "cannot be read: " + errno_text(errno);
  const auto size = std::uint64_t(opened.st_size);
  if (size > max_bytes)
    return "is " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) + " a bake reads";
  out.resize(std::size_t(size));
  std::size_t done = 0;
  while (done < out.size()) {
    const ::ssize_t n = ::read(file.fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return "read error: " + errno_text(errno);
    if (n == 0) return "was shortened while being read";
    done += std::size_t(n);
  }
  return {};
}

std::filesystem::path resolved_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path.empty() ? "." : path, ec);
  if (ec) return path.lexically_normal();
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
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
  if (has_scheme(decoded_uri)) {
    r.refusal = "is a URI with the scheme \"" + decoded_uri.substr(0, decoded_uri.find(':')) +
                ":\", and only data: URIs and paths relative to the model are read";
    return r;
  }
  if (std::filesystem::path(decoded_uri).is_absolute()) {
    r.refusal = "is an absolute path, and only paths relative to the model are read";
    return r;
  }
  const std::filesystem::path file = resolved_path(model_dir_ / decoded_uri);
  bool inside = false;
  for (const std::filesystem::path& root : roots_) inside = inside || is_within(file, root);
  if (!inside) {
    r.refusal = "leaves the model's directory " + roots_.front().string() + " (it resolves to " + file.string() +
                (roots_.size() > 1 ? ", which no allowed directory holds either" : "") +
                "; --allow-dir or a manifest's allow_dirs widens what a bake may read)";
    return r;
  }
  struct ::stat s {};
  if (::stat(file.c_str(), &s) == 0) {
    if (!S_ISREG(s.st_mode)) {
      r.refusal = not_regular(s.st_mode);
      return r;
    }
    r.exists = true;
  }
  r.file = file;
  return r;
}

}  // namespace aem::pipeline
