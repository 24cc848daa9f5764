// Windows path forms in a model's URIs (ReadConfinement, specs/bake.md "Reading: what a bake may
// read"): ..\, C:\, C:x, \\server\share, \\?\ and \x are refused with the same words on Linux
// and Windows, since a backslash is a separator on both; a backslash path inside the model's
// folder is read on both.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "io/confined_files.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

class ConfinementOfWindowsPaths : public ::testing::Test {
 protected:
  ConfinementOfWindowsPaths() {
    fs::create_directories(dir_.path() / "m" / "sub");
    std::ofstream(dir_.path() / "secret.bin") << "secret";
    std::ofstream(dir_.path() / "m" / "sub" / "inside.bin") << "inside";
  }

  std::string refusal(const std::string& uri) const {
    return pipeline::ReadConfinement(dir_.path() / "m", {}).resolve(uri).refusal;
  }

  ScratchDir dir_{"confinement_paths"};
};

TEST_F(ConfinementOfWindowsPaths, DotDotWithBackslashesLeavesTheModelsDirectory) {
  for (const char* uri : {"..\\secret.bin", "sub\\..\\..\\secret.bin", "..\\..\\..\\..\\secret.bin"})
    EXPECT_EQ(refusal(uri).rfind("leaves the model's directory ", 0), 0u) << uri << ": " << refusal(uri);
}

TEST_F(ConfinementOfWindowsPaths, DriveLettersAreRefusedAsPathsOnADrive) {
  EXPECT_EQ(refusal("C:\\Windows\\win.ini"), "is a path on the drive C:, and only paths relative to the model are read");
  EXPECT_EQ(refusal("c:/Windows/win.ini"), "is a path on the drive c:, and only paths relative to the model are read");
  EXPECT_EQ(refusal("C:secret.bin"), "is a path on the drive C:, and only paths relative to the model are read");
}

TEST_F(ConfinementOfWindowsPaths, SharesDevicePathsAndRootedPathsAreAbsolute) {
  const std::string absolute = "is an absolute path, and only paths relative to the model are read";
  for (const char* uri : {"\\\\server\\share\\secret.bin", "\\\\?\\C:\\secret.bin", "\\\\.\\C:\\secret.bin",
                          "\\secret.bin", "/secret.bin", "//server/share/secret.bin"})
    EXPECT_EQ(refusal(uri), absolute) << uri;
}

TEST_F(ConfinementOfWindowsPaths, BackslashesInsideTheModelsDirectoryAreRead) {
  const pipeline::ReadConfinement confinement(dir_.path() / "m", {});
  for (const char* uri : {"sub\\inside.bin", "sub/inside.bin", ".\\sub\\..\\sub\\inside.bin"}) {
    const pipeline::ReadConfinement::Resolution r = confinement.resolve(uri);
    EXPECT_EQ(r.refusal, "") << uri;
    EXPECT_TRUE(r.exists) << uri;
    EXPECT_TRUE(fs::equivalent(r.file, dir_.path() / "m" / "sub" / "inside.bin")) << uri;
  }
}

}  // namespace
}  // namespace aem::test
