// LockFile (flock on POSIX, LockFileEx on Windows): an exclusive lock keeps out another holder,
// even one in the same process through its own open; letting go lets the next one in; the last
// holder to let go with release_and_remove leaves no lock file behind.
#include <gtest/gtest.h>

#include "io/lock_file.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using pipeline::LockFile;

TEST(LockFileAcrossPlatforms, ExclusiveLocksTakeTurnsAndTheLastLeavesNothing) {
  ScratchDir dir("lock_file");
  const fs::path path = dir.path() / "out.aem.lock";
  LockFile first, second;
  ASSERT_FALSE(first.open(path, false));
  ASSERT_FALSE(first.lock(LockFile::Mode::exclusive, false));
  EXPECT_TRUE(first.is_at(path));
  ASSERT_FALSE(second.open(path, false));
  EXPECT_EQ(second.lock(LockFile::Mode::exclusive, false), std::errc::resource_unavailable_try_again);
  EXPECT_EQ(second.lock(LockFile::Mode::shared, false), std::errc::resource_unavailable_try_again);

  first.release_and_remove(path);
  EXPECT_FALSE(first.is_open());
  EXPECT_FALSE(second.lock(LockFile::Mode::exclusive, false));
  // (On POSIX the file second holds is no longer at the path, and a bake would open it again; on
  // Windows it could not be removed while second had it open.)
  second.release_and_remove(path);
  EXPECT_FALSE(fs::exists(path));
}

TEST(LockFileAcrossPlatforms, SharedLocksAdmitEachOtherButNotAnExclusiveOne) {
  ScratchDir dir("lock_file_shared");
  const fs::path path = dir.path() / "prune.lock";
  LockFile a, b, c;
  for (LockFile* f : {&a, &b, &c}) ASSERT_FALSE(f->open(path, true));
  EXPECT_FALSE(a.lock(LockFile::Mode::shared, false));
  EXPECT_FALSE(b.lock(LockFile::Mode::shared, false));
  EXPECT_EQ(c.lock(LockFile::Mode::exclusive, false), std::errc::resource_unavailable_try_again);
  a.close();
  b.close();
  EXPECT_FALSE(c.lock(LockFile::Mode::exclusive, true));
}

}  // namespace
}  // namespace aem::test
