#pragma once
// Where the shared test corpus lives, and how a test that needs it skips when it is absent.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

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

// The bytes a corpus model occupies: a .glb's or an .e3d's own size (each holds its textures;
// the E3D models share one folder); for any other file, its folder's regular files (a .gltf with
// its buffers and images; the corpus keeps one glTF model, or one family, a folder).
inline std::uintmax_t corpus_model_bytes(const std::filesystem::path& model) {
  std::error_code ec;
  if (model.extension() == ".glb" || model.extension() == ".e3d") return std::filesystem::file_size(model, ec);
  std::uintmax_t total = 0;
  for (const auto& entry : std::filesystem::directory_iterator(model.parent_path(), ec))
    if (entry.is_regular_file(ec)) total += entry.file_size(ec);
  return total;
}

// Whether a corpus-wide test takes `model`. The sanitizer build's test preset sets
// $AEM_TEST_CORPUS_MAX_BYTES: its corpus-wide bakes keep ASan on every code path with the models
// up to that size, since the release build checks every model byte for byte and the largest
// (textures of 2048² and more) cost minutes under ASan for no code path of their own. Unset, every
// model is taken. Each model left out is named on stderr, so the log says what did not run.
inline bool corpus_model_taken(const std::filesystem::path& model) {
  const char* limit_text = std::getenv("AEM_TEST_CORPUS_MAX_BYTES");
  if (!limit_text || !*limit_text) return true;
  char* end = nullptr;
  errno = 0;
  const std::uintmax_t limit = std::strtoull(limit_text, &end, 10);
  // A typo must not quietly leave out every model (or none): refuse what is not a byte count.
  if (*end != '\0' || errno == ERANGE || *limit_text == '-')
    throw std::invalid_argument(std::string("AEM_TEST_CORPUS_MAX_BYTES=") + limit_text +
                                ": not a byte count (digits only, e.g. 1048576)");
  const std::uintmax_t bytes = corpus_model_bytes(model);
  if (bytes <= limit) return true;
  std::fprintf(stderr, "note: %s (%ju bytes) left out: over AEM_TEST_CORPUS_MAX_BYTES=%ju\n",
               model.string().c_str(), bytes, limit);
  return false;
}

}  // namespace aem::test

// Binds `var` to the corpus path, or marks the test SKIPPED with the reason.
#define AEM_REQUIRE_CORPUS(var)                                                          \
  const auto var##_opt = ::aem::test::corpus_dir();                                      \
  if (!var##_opt) GTEST_SKIP() << "test corpus not found (set AEM_CORPUS or place it at " \
                               << AEM_TEST_CORPUS_DIR << ")";                            \
  const std::filesystem::path& var = *var##_opt
