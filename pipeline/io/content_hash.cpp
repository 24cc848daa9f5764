#include "io/content_hash.hpp"

#include <cerrno>
#include <memory>
#include <stdexcept>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <xxhash.h>

namespace aem::pipeline {
namespace {

std::string hex(const unsigned char* bytes, std::size_t count) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(count * 2, '0');
  for (std::size_t i = 0; i < count; ++i) {
    out[2 * i] = digits[bytes[i] >> 4];
    out[2 * i + 1] = digits[bytes[i] & 15];
  }
  return out;
}

std::string xxh3_text(XXH128_hash_t h) {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, h);
  return hex(canonical.digest, sizeof canonical.digest);
}

struct EvpDeleter {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
using EvpContext = std::unique_ptr<EVP_MD_CTX, EvpDeleter>;

EvpContext new_sha256() {
  EvpContext ctx(EVP_MD_CTX_new());
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1) throw std::runtime_error("SHA-256 is not available");
  return ctx;
}

std::string finish_sha256(EVP_MD_CTX* ctx) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(ctx, digest, &length) != 1) throw std::runtime_error("SHA-256 failed");
  return hex(digest, length);
}

struct XxhDeleter {
  void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
};

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

ContentDigest digest_file(const std::filesystem::path& path, bool with_sha256) {
  ContentDigest d;
  // Non-blocking, so that opening a FIFO returns at once; it is then refused as not regular.
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    d.kind = errno == ENOENT || errno == ENOTDIR ? DigestKind::missing : DigestKind::unreadable;
    return d;
  }
  struct ::stat s {};
  if (::fstat(fd.get(), &s) != 0 || !S_ISREG(s.st_mode)) {
    d.kind = DigestKind::unreadable;
    return d;
  }
  d.device = std::uint64_t(s.st_dev);
  d.inode = std::uint64_t(s.st_ino);
  std::unique_ptr<XXH3_state_t, XxhDeleter> xxh(XXH3_createState());
  if (!xxh || XXH3_128bits_reset(xxh.get()) != XXH_OK) throw std::runtime_error("XXH3 state cannot be made");
  EvpContext sha = with_sha256 ? new_sha256() : EvpContext();
  std::vector<unsigned char> buffer(std::size_t(1) << 20);
  for (;;) {
    const ::ssize_t n = ::read(fd.get(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      d.kind = DigestKind::unreadable;
      return d;
    }
    if (n == 0) break;
    XXH3_128bits_update(xxh.get(), buffer.data(), std::size_t(n));
    if (sha) EVP_DigestUpdate(sha.get(), buffer.data(), std::size_t(n));
    d.size += std::uint64_t(n);
  }
  d.kind = DigestKind::regular;
  d.xxh3 = xxh3_text(XXH3_128bits_digest(xxh.get()));
  if (sha) d.sha256 = finish_sha256(sha.get());
  return d;
}

std::string xxh3_hex(std::span<const std::byte> bytes) { return xxh3_text(XXH3_128bits(bytes.data(), bytes.size())); }

std::string sha256_hex(std::span<const std::byte> bytes) {
  EvpContext ctx = new_sha256();
  EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size());
  return finish_sha256(ctx.get());
}

}  // namespace aem::pipeline
