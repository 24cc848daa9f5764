#pragma once
// SHA-256 from the platform's own library: OpenSSL's EVP on POSIX, BCrypt (CNG) on Windows.
// Private to the pipeline; content_hash.hpp is what the rest uses.
#include <array>
#include <cstddef>
#include <memory>

namespace aem::pipeline {

class Sha256 {
 public:
  // Throws std::runtime_error where the platform offers no SHA-256.
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(const void* bytes, std::size_t size);
  // The digest of everything updated so far; the object is spent after it.
  std::array<unsigned char, 32> finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace aem::pipeline
