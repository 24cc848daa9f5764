#include "io/sha256.hpp"

#include <algorithm>
#include <stdexcept>

#include "io/windows_files.hpp"

#include <bcrypt.h>

namespace aem::pipeline {

// CNG's provider handle, with a hash object over it (BCRYPT_HASH_REUSABLE_FLAG is not needed:
// each Sha256 hashes once).
struct Sha256::State {
  BCRYPT_ALG_HANDLE algorithm = nullptr;
  BCRYPT_HASH_HANDLE hash = nullptr;
  ~State() {
    if (hash) ::BCryptDestroyHash(hash);
    if (algorithm) ::BCryptCloseAlgorithmProvider(algorithm, 0);
  }
};

namespace {

bool ok(NTSTATUS status) { return status >= 0; }

}  // namespace

Sha256::Sha256() : state_(std::make_unique<State>()) {
  if (!ok(::BCryptOpenAlgorithmProvider(&state_->algorithm, BCRYPT_SHA256_ALGORITHM, nullptr, 0)) ||
      !ok(::BCryptCreateHash(state_->algorithm, &state_->hash, nullptr, 0, nullptr, 0, 0)))
    throw std::runtime_error("SHA-256 is not available");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* bytes, std::size_t size) {
  // BCryptHashData takes a ULONG count: feed larger spans in pieces.
  auto* p = static_cast<unsigned char*>(const_cast<void*>(bytes));
  while (size > 0) {
    const ULONG piece = ULONG(std::min<std::size_t>(size, std::size_t(1) << 30));
    if (!ok(::BCryptHashData(state_->hash, p, piece, 0))) throw std::runtime_error("SHA-256 failed");
    p += piece;
    size -= piece;
  }
}

std::array<unsigned char, 32> Sha256::finish() {
  std::array<unsigned char, 32> digest{};
  if (!ok(::BCryptFinishHash(state_->hash, digest.data(), ULONG(digest.size()), 0))) throw std::runtime_error("SHA-256 failed");
  return digest;
}

}  // namespace aem::pipeline
