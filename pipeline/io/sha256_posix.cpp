#include "io/sha256.hpp"

#include <stdexcept>

#include <openssl/evp.h>

namespace aem::pipeline {

struct Sha256::State {
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  ~State() { EVP_MD_CTX_free(context); }
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  if (!state_->context || EVP_DigestInit_ex(state_->context, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 is not available");
}

Sha256::~Sha256() = default;

void Sha256::update(const void* bytes, std::size_t size) { EVP_DigestUpdate(state_->context, bytes, size); }

std::array<unsigned char, 32> Sha256::finish() {
  std::array<unsigned char, 32> digest{};
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(state_->context, digest.data(), &length) != 1 || length != digest.size())
    throw std::runtime_error("SHA-256 failed");
  return digest;
}

}  // namespace aem::pipeline
