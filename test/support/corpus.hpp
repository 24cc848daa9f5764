#pragma once
// Where the shared test corpus lives, and how a test that needs it skips when it is absent.
#include <cstdlib>
#include <filesystem>
#include <optional>

#include <gtest/gtest.h>

namespace aem::test {

// $AEM_CORPUS wins over the path configured at build time (AEM_CORPUS_DIR).
inline std::optional<std::filesystem::path> corpus_dir() {
  std::filesystem::path dir;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) {
    dir = env;
  } else {
    dir = AEM_TEST_CORPUS_DIR;
  }
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return std::nullopt;
  return dir;
}

}  // namespace aem::test

// Binds `var` to the corpus path, or marks the test SKIPPED with the reason.
#define AEM_REQUIRE_CORPUS(var)                                                          \
  const auto var##_opt = ::aem::test::corpus_dir();                                      \
  if (!var##_opt) GTEST_SKIP() << "test corpus not found (set AEM_CORPUS or place it at " \
                               << AEM_TEST_CORPUS_DIR << ")";                            \
  const std::filesystem::path& var = *var##_opt
