// Files that make Debian's Assimp 5.2.5 itself fail: an assertion (abort) in its triangulation,
// and an endless loop in its PLY header parser, both found by mutating tiny models. Through the
// child process each is a BakeError naming the model; in process either would take the baker
// down. With another Assimp the files may import, or fail cleanly: the boundary is what is tested,
// and the tests report themselves skipped, naming the version they need.
#include <chrono>
#include <string>

#include <assimp/version.h>
#include <gtest/gtest.h>

#include "import/assimp/assimp_import.hpp"
#include "assimp_test_support.hpp"
#include "scratch_dir.hpp"
#include "watchdog.hpp"

namespace {

using namespace aem::pipeline;

// Debian's 5.2.5 (package 5.2.5~ds0) reports itself as 5.2.4 (aiGetVersionPatch(), pkg-config and
// its CMake package alike), so 5.2.4 counts as 5.2.5 here.
bool is_assimp_525() {
  return aiGetVersionMajor() == 5 && aiGetVersionMinor() == 2 && (aiGetVersionPatch() == 5 || aiGetVersionPatch() == 4);
}

// Why a test that needs Assimp 5.2.5's own failure checked only the boundary with this one.
std::string needs_assimp_525(const std::string& what) {
  return what + " is Assimp 5.2.5's (which may report itself as 5.2.4); this build has " +
         std::to_string(aiGetVersionMajor()) + "." +
         std::to_string(aiGetVersionMinor()) + "." + std::to_string(aiGetVersionPatch()) +
         ", so only the import's return (a message naming the model, or none) was checked";
}

// The BakeError message of importing `model`, or "" when it imports.
std::string import_failure(const std::filesystem::path& model, const AssimpChildSettings& settings = {}) {
  WarningLog log;
  try {
    import_assimp(model, BakeOptions{}, log, settings);
  } catch (const BakeError& e) {
    return e.what();
  }
  return {};
}

TEST(AssimpRealFailures, AnAssertionInsideAssimpFailsOnlyThatImport) {
  aem::test::ScratchDir dir("assimp_assert");
  // An OFF file that declares 3 vertices and gives 2: the face reads past them.
  aem::test::write_text_file(dir.path() / "short.off", "OFF\n3 1 0\n0 0 0\n1 1 0\n3 0 1 2\n");
  const std::string message = import_failure(dir.path() / "short.off");
  if (!is_assimp_525()) {
    if (!message.empty()) {
      EXPECT_EQ(message.rfind((dir.path() / "short.off").string() + ": Assimp import failed: ", 0), 0u) << message;
    }
    GTEST_SKIP() << needs_assimp_525("the abort this test is for");
  }
  EXPECT_EQ(message.rfind((dir.path() / "short.off").string() + ": Assimp import failed: ", 0), 0u) << message;
  EXPECT_NE(message.find("killed by signal 6"), std::string::npos) << message;
  EXPECT_NE(message.find("ai_assert failure"), std::string::npos) << message;
}

TEST(AssimpRealFailures, AnEndlessLoopInsideAssimpEndsAtTheTimeLimit) {
  aem::test::ScratchDir dir("assimp_hang");
  // A PLY header with a misspelt type and a property list running into end_header.
  aem::test::write_text_file(dir.path() / "loop.ply",
                             "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\n"
                             "property f0oat z\nelement face 1\nproperty list uchar int_indices{end_header\n"
                             "0 0 0\n1 0 0\n1 1 0\n3 0 1 2\n");
  aem::test::Watchdog watchdog("import of a PLY that loops Assimp", std::chrono::seconds(120));
  AssimpChildSettings settings;
  settings.time_limit = std::chrono::seconds(2);
  const std::string message = import_failure(dir.path() / "loop.ply", settings);
  if (!is_assimp_525()) GTEST_SKIP() << needs_assimp_525("the endless loop this test is for");
  EXPECT_EQ(message, (dir.path() / "loop.ply").string() + ": Assimp import failed: took longer than 2 s");
}

}  // namespace
