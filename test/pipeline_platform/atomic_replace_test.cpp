// write_file_atomically replaces a file that a reader has mapped (aem-viewer maps the model it
// shows, sharing delete access on Windows): the write succeeds, the reader keeps the bytes it
// mapped, and the next open sees the new file whole. Once the reader lets go nothing but the
// file is left (where Windows or Wine cannot replace an open file in one step, the old one is
// moved aside and deleted, and goes when its reader closes it).
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "aem/file_mapping.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::byte> filled(std::size_t size, unsigned char value) { return std::vector<std::byte>(size, std::byte(value)); }

TEST(AtomicReplace, AFileMappedByAReaderIsReplacedWhole) {
  ScratchDir dir("atomic_replace");
  const fs::path path = dir.path() / "model.aem";
  const std::vector<std::byte> before = filled(100000, 0xaa), after = filled(70000, 0x55);
  pipeline::write_file_atomically(path, before);
  {
    Expected<FileMapping> mapped = FileMapping::map(path);
    ASSERT_TRUE(mapped) << mapped.error().describe();

    ASSERT_NO_THROW(pipeline::write_file_atomically(path, after));

    EXPECT_TRUE(std::equal(mapped->bytes().begin(), mapped->bytes().end(), before.begin(), before.end()));
    Expected<FileCopy> reread = FileCopy::read(path);
    ASSERT_TRUE(reread) << reread.error().describe();
    EXPECT_TRUE(std::equal(reread->bytes().begin(), reread->bytes().end(), after.begin(), after.end()));
  }
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) files += entry.is_regular_file();
  EXPECT_EQ(files, 1u);
}

}  // namespace
}  // namespace aem::test
