#pragma once
// Hashes of file contents, for stamps (xxHash's XXH3-128: fast, for telling a local file changed)
// and for the shared bake cache (SHA-256: the digest Bazel's remote-cache protocol names blobs
// by, and one that nobody can forge a collision for). Files are read without ever blocking: only
// regular files are hashed (a FIFO or device is "unreadable", never opened for a blocking read).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace aem::pipeline {

enum class DigestKind { regular, missing, unreadable };

struct ContentDigest {
  DigestKind kind = DigestKind::missing;
  std::uint64_t size = 0;           // regular: the bytes hashed
  std::uint64_t device = 0, inode = 0;  // regular: the identity of the file that was read
  std::string xxh3;    // regular: XXH3-128 as 32 lower-case hex digits
  std::string sha256;  // regular, and only when asked for: 64 lower-case hex digits
};

// The digest of the file at `path` (links followed), read once; SHA-256 too when `with_sha256`.
// A file that does not exist is `missing`; one that is not a regular file or cannot be read is
// `unreadable`.
ContentDigest digest_file(const std::filesystem::path& path, bool with_sha256);

std::string xxh3_hex(std::span<const std::byte> bytes);
std::string sha256_hex(std::span<const std::byte> bytes);
inline std::string sha256_hex(const std::string& text) {
  return sha256_hex(std::as_bytes(std::span(text.data(), text.size())));
}

}  // namespace aem::pipeline
