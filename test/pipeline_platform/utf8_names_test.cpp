// Names outside ASCII keep their characters in every file name the bake derives from an output
// (its stamp, its lock, its temporaries) and through UTF-8 text and back. On Windows a plain char
// string becomes a path through the C locale, which garbles them ("Böx" as "BÃ¶x").
#include <gtest/gtest.h>

#include <fstream>

#include "aem/pipeline/bake_stamp.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "output/output_lock.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using pipeline::path_from_utf8;
using pipeline::utf8_text;

const char* const kName = "B\xc3\xb6x \xe6\xa8\xa1\xe5\x9e\x8b.aem";  // "Böx 模型.aem"

TEST(Utf8Names, DerivedFileNamesKeepTheOutputsName) {
  const fs::path output = fs::path("out") / path_from_utf8(kName);
  EXPECT_EQ(utf8_text(output.filename()), kName);
  EXPECT_EQ(utf8_text(pipeline::stamp_path(output).filename()), std::string(kName) + ".json");
  EXPECT_EQ(utf8_text(pipeline::output_lock_path(output).filename()), std::string(kName) + ".lock");
}

TEST(Utf8Names, AFileWrittenUnderANonAsciiNameIsFoundByIt) {
  ScratchDir dir("utf8_names");
  const fs::path output = dir.path() / path_from_utf8(kName);
  const std::string text = "bytes";
  pipeline::write_file_atomically(output, std::as_bytes(std::span(text.data(), text.size())));
  std::size_t found = 0;
  for (const auto& entry : fs::directory_iterator(dir.path())) found += utf8_text(entry.path().filename()) == kName;
  EXPECT_EQ(found, 1u);
}

}  // namespace
}  // namespace aem::test
