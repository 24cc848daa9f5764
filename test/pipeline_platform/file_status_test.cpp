// The platform's file facts the pipeline relies on: FileStatus (kind, identity, size, a
// modification time on the Unix epoch), mark_modified_now, and SHA-256 (OpenSSL on POSIX,
// BCrypt on Windows) against FIPS 180-2's vectors.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "io/content_hash.hpp"
#include "io/file_status.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using pipeline::FileStatus;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

TEST(FileStatusAcrossPlatforms, KindIdentitySizeAndTime) {
  ScratchDir dir("file_status");
  const fs::path file = dir.path() / "a.bin";
  std::ofstream(file, std::ios::binary) << "twelve bytes";
  const std::optional<FileStatus> s = pipeline::file_status(file);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->type, fs::file_type::regular);
  EXPECT_EQ(s->size, 12u);
  EXPECT_LT(std::abs(s->mtime_ns - now_ns()), std::int64_t(600) * 1000000000) << "not on the Unix epoch";
  const std::optional<FileStatus> again = pipeline::file_status(dir.path() / "." / "a.bin");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->device, s->device);
  EXPECT_EQ(again->inode, s->inode);
  std::ofstream(dir.path() / "b.bin") << "other";
  EXPECT_NE(pipeline::file_status(dir.path() / "b.bin")->inode, s->inode);

  EXPECT_EQ(pipeline::file_status(dir.path())->type, fs::file_type::directory);
  std::error_code error;
  EXPECT_FALSE(pipeline::file_status(dir.path() / "missing" / "x", pipeline::LinkMode::follow, error));
  EXPECT_EQ(error, std::errc::no_such_file_or_directory);
}

TEST(FileStatusAcrossPlatforms, MarkModifiedNowMovesTheTimeForward) {
  ScratchDir dir("file_status_touch");
  const fs::path file = dir.path() / "entry";
  std::ofstream(file) << "x";
  fs::last_write_time(file, fs::last_write_time(file) - std::chrono::hours(48));
  const std::int64_t old_time = pipeline::file_status(file)->mtime_ns;
  pipeline::mark_modified_now(file);
  const std::int64_t new_time = pipeline::file_status(file)->mtime_ns;
  EXPECT_GT(new_time - old_time, std::int64_t(47) * 3600 * 1000000000);
}

TEST(Sha256AcrossPlatforms, KnownVectorsAndAFile) {
  EXPECT_EQ(pipeline::sha256_hex(std::string("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(pipeline::sha256_hex(std::string()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  ScratchDir dir("sha256");
  std::ofstream(dir.path() / "f", std::ios::binary) << "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  const pipeline::ContentDigest d = pipeline::digest_file(dir.path() / "f", true);
  EXPECT_EQ(d.kind, pipeline::DigestKind::regular);
  EXPECT_EQ(d.sha256, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(pipeline::digest_file(dir.path() / "missing", true).kind, pipeline::DigestKind::missing);
  EXPECT_EQ(pipeline::digest_file(dir.path(), true).kind, pipeline::DigestKind::unreadable);
}

}  // namespace
}  // namespace aem::test
