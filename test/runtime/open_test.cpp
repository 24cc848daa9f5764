// Opening files and buffers: errors for missing and odd files, throwing and non-throwing forms,
// the trust option, and the writer's refusals.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"

namespace {

namespace fs = std::filesystem;

class OpenTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("aem_open_test_" + std::to_string(aem::test::process_id()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(OpenTest, MissingFileIsAnIoError) {
  const auto result = aem::Model::try_open(dir_ / "missing.aem");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, aem::ErrorCode::io_error);
  EXPECT_NE(result.error().message.find("No such file"), std::string::npos);
  try {
    (void)aem::Model::open(dir_ / "missing.aem");
    FAIL() << "open() should throw";
  } catch (const aem::ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.aem"), std::string::npos);
    EXPECT_EQ(e.error().code, aem::ErrorCode::io_error);
  }
}

TEST_F(OpenTest, DirectoryAndEmptyFile) {
  EXPECT_EQ(aem::Model::try_open(dir_).error().code, aem::ErrorCode::io_error);
  std::ofstream(dir_ / "empty.aem").close();
  EXPECT_EQ(aem::Model::try_open(dir_ / "empty.aem").error().code, aem::ErrorCode::truncated);
}

TEST_F(OpenTest, MappedFileMatchesMemory) {
  const auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  aem::pipeline::write_model_file(dir_ / "tiny.aem", aem::test::tiny_model());
  const aem::Model model = aem::Model::open(dir_ / "tiny.aem");
  EXPECT_TRUE(model.zero_copy());
  EXPECT_EQ(model.view().offsets.end, bytes.size());
  EXPECT_EQ(model.vertices()[1].position[0], 1.0f);
  // Moving the model keeps the views valid (they point into the mapping, not the object).
  const aem::Model moved = std::move(const_cast<aem::Model&>(model));
  EXPECT_EQ(moved.vertices()[1].position[0], 1.0f);
}

TEST_F(OpenTest, TrustSkipsTheElementChecksButNotTheHeader) {
  auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto offsets = aem::Model::open_memory(bytes).view().offsets;
  aem::test::poke(bytes, offsets.indices, 99u);
  EXPECT_EQ(aem::Model::try_open_memory(bytes).error().code, aem::ErrorCode::index_out_of_range);
  const auto trusted = aem::Model::try_open_memory(bytes, {.validate = false});
  ASSERT_TRUE(trusted);
  EXPECT_EQ(trusted->indices()[0], 99u);
  bytes.pop_back();
  EXPECT_EQ(aem::Model::try_open_memory(bytes, {.validate = false}).error().code,
            aem::ErrorCode::size_mismatch);
}

TEST_F(OpenTest, ErrorsNameSectionElementAndOffset) {
  auto bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const auto offsets = aem::Model::open_memory(bytes).view().offsets;
  aem::test::poke(bytes, offsets.materials + 12, 7u);
  try {
    (void)aem::Model::open_memory(bytes);
    FAIL();
  } catch (const aem::ModelError& e) {
    EXPECT_EQ(e.error().section, aem::Section::materials);
    EXPECT_EQ(e.error().element, 0u);
    EXPECT_EQ(e.error().byte_offset, offsets.materials + 12);
    EXPECT_EQ(std::string(e.what()),
              "<memory>: materials[0] at byte " + std::to_string(offsets.materials + 12) +
                  ": type 7 is neither 0 (opaque) nor 1 (transparent)");
  }
}

TEST_F(OpenTest, WriterRefusesContentThatWouldBeInvalid) {
  using aem::pipeline::InvalidContent;
  auto m = aem::test::tiny_model();
  m.indices[2] = 3;
  EXPECT_THROW(aem::pipeline::serialize_model(m), InvalidContent);
  m = aem::test::tiny_model();
  m.joints[0].name = std::string(128, 'j');
  EXPECT_THROW(aem::pipeline::serialize_model(m), InvalidContent);
  m = aem::test::tiny_model();
  m.textures[0].mips.pop_back();
  EXPECT_THROW(aem::pipeline::serialize_model(m), InvalidContent);
  m = aem::test::tiny_model();
  m.animations[0].joints.clear();
  EXPECT_THROW(aem::pipeline::serialize_model(m), InvalidContent);
  // And a refused write leaves no file behind.
  EXPECT_THROW(aem::pipeline::write_model_file(dir_ / "bad.aem", m), InvalidContent);
  EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(OpenTest, WriteIntoAMissingDirectoryFailsCleanly) {
  EXPECT_THROW(aem::pipeline::write_model_file(dir_ / "no" / "such" / "x.aem",
                                               aem::test::tiny_model()),
               std::runtime_error);
  EXPECT_TRUE(fs::is_empty(dir_));
}

}  // namespace
