#include "io/content_hash.hpp"

#include <memory>
#include <stdexcept>
#include <vector>

#include <xxhash.h>

#include "io/input_file.hpp"
#include "io/sha256.hpp"

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

std::string finish_sha256(Sha256& sha) {
  const std::array<unsigned char, 32> digest = sha.finish();
  return hex(digest.data(), digest.size());
}

struct XxhDeleter {
  void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
};

}  // namespace

ContentDigest digest_file(const std::filesystem::path& path, bool with_sha256) {
  ContentDigest d;
  // Never blocks: a FIFO's open returns at once, and it is then refused as not regular.
  InputFile file;
  if (const std::error_code error = file.open(path)) {
    d.kind = error == std::errc::no_such_file_or_directory ? DigestKind::missing : DigestKind::unreadable;
    return d;
  }
  if (file.status().type != std::filesystem::file_type::regular) {
    d.kind = DigestKind::unreadable;
    return d;
  }
  d.device = file.status().device;
  d.inode = file.status().inode;
  std::unique_ptr<XXH3_state_t, XxhDeleter> xxh(XXH3_createState());
  if (!xxh || XXH3_128bits_reset(xxh.get()) != XXH_OK) throw std::runtime_error("XXH3 state cannot be made");
  std::unique_ptr<Sha256> sha = with_sha256 ? std::make_unique<Sha256>() : nullptr;
  std::vector<unsigned char> buffer(std::size_t(1) << 20);
  for (;;) {
    std::error_code error;
    const std::ptrdiff_t n = file.read(buffer.data(), buffer.size(), error);
    if (n < 0) {
      d.kind = DigestKind::unreadable;
      return d;
    }
    if (n == 0) break;
    XXH3_128bits_update(xxh.get(), buffer.data(), std::size_t(n));
    if (sha) sha->update(buffer.data(), std::size_t(n));
    d.size += std::uint64_t(n);
  }
  d.kind = DigestKind::regular;
  d.xxh3 = xxh3_text(XXH3_128bits_digest(xxh.get()));
  if (sha) d.sha256 = finish_sha256(*sha);
  return d;
}

std::string xxh3_hex(std::span<const std::byte> bytes) { return xxh3_text(XXH3_128bits(bytes.data(), bytes.size())); }

std::string sha256_hex(std::span<const std::byte> bytes) {
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return finish_sha256(sha);
}

}  // namespace aem::pipeline
