// Runs the `aem compress-image` binary: success on a corpus image (with --rdo: blocks that differ
// from the plain encoding's and decode close to the source), and clean failures (exit 1, a message
// naming the problem, no output file) on a missing input or a bad --format.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/dds.hpp"
#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"
#include "corpus.hpp"

namespace {

namespace fs = std::filesystem;

struct Result {
  int status = -1;
  std::string output;  // stdout and stderr together
};

Result run(const std::string& args) {
  std::string command = "'";
  command.append(AEM_EXECUTABLE).append("' ").append(args).append(" 2>&1");
  Result r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), int(buffer.size()), pipe)) r.output += buffer.data();
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

std::vector<std::uint8_t> file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

class CompressImageCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("aem_cli_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  static std::string quoted(const fs::path& p) {
    std::string text = "'";
    text.append(p.string()).append("'");
    return text;
  }
  fs::path dir_;
};

TEST_F(CompressImageCli, CompressesACorpusImageToBc7) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path out = dir_ / "icon.dds";
  const Result r = run("compress-image " + quoted(corpus / "images" / "icon.png") + " " + quoted(out) +
                       " --format bc7 --quality fast --threads 2");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("PSNR RGBA"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("MPix/s"), std::string::npos) << r.output;
  std::ifstream in(out, std::ios::binary);
  const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), {});
  ASSERT_EQ(file.size(), aem::codec::kDdsHeaderBytes + 64u * 64u * 16u);
  const auto summary = aem::codec::read_dds_summary(file);
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->width, 256u);
  EXPECT_EQ(summary->height, 256u);
  EXPECT_EQ(summary->mip_levels, 1u);
  EXPECT_EQ(summary->dxgi_format, aem::codec::kDxgiFormatBc7Unorm);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), {}), 1) << "no temporary left behind";
}

TEST_F(CompressImageCli, CompressesANormalMapToBc5) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path out = dir_ / "normals.dds";
  const Result r =
      run("compress-image " + quoted(corpus / "images" / "water_normals.png") + " " + quoted(out) + " --format=bc5");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("PSNR RG"), std::string::npos) << r.output;
  EXPECT_EQ(fs::file_size(out), aem::codec::kDdsHeaderBytes + 128u * 128u * 16u);
}

TEST_F(CompressImageCli, MissingInputFailsNamingTheFile) {
  const fs::path out = dir_ / "out.dds";
  const Result r = run("compress-image " + quoted(dir_ / "no_such_image.png") + " " + quoted(out) + " --format bc7");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("no_such_image.png"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST_F(CompressImageCli, BadFormatFailsWithUsage) {
  const fs::path out = dir_ / "out.dds";
  const Result r = run("compress-image " + quoted(dir_ / "any.png") + " " + quoted(out) + " --format bc9");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("bc9"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
  const Result missing = run("compress-image " + quoted(dir_ / "any.png") + " " + quoted(out));
  EXPECT_EQ(missing.status, 1) << missing.output;
  EXPECT_NE(missing.output.find("--format"), std::string::npos) << missing.output;
  const Result quality = run("compress-image " + quoted(dir_ / "any.png") + " " + quoted(out) + " --format bc7 --quality max");
  EXPECT_EQ(quality.status, 1) << quality.output;
  EXPECT_FALSE(fs::exists(out));
}

// --rdo changes blocks (measured: 3931 of the plain encoding's 4096) and what it writes still
// decodes close to the source (RGBA PSNR measured 45.55 dB at lambda 0.5; the floor 0.5 dB below).
TEST_F(CompressImageCli, RdoChangesBlocksThatStillDecodeCloseToTheSource) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path source = corpus / "images" / "icon.png", out = dir_ / "icon_rdo.dds", plain = dir_ / "icon.dds";
  const std::string options = " --format bc7 --quality fast --threads 2";
  const Result r = run("compress-image " + quoted(source) + " " + quoted(out) + options + " --rdo 0.5");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("bc7 fast rdo 0.5"), std::string::npos) << r.output;
  ASSERT_EQ(run("compress-image " + quoted(source) + " " + quoted(plain) + options).status, 0);
  const std::vector<std::uint8_t> rdo = file_bytes(out), without = file_bytes(plain);
  ASSERT_EQ(rdo.size(), aem::codec::kDdsHeaderBytes + 64u * 64u * 16u);
  ASSERT_EQ(without.size(), rdo.size());
  EXPECT_TRUE(std::equal(rdo.begin(), rdo.begin() + aem::codec::kDdsHeaderBytes, without.begin())) << "the header";
  std::size_t changed = 0;
  for (std::size_t at = aem::codec::kDdsHeaderBytes; at < rdo.size(); at += 16)
    changed += !std::equal(rdo.begin() + std::ptrdiff_t(at), rdo.begin() + std::ptrdiff_t(at + 16),
                           without.begin() + std::ptrdiff_t(at));
  EXPECT_GT(changed, 64u * 64u / 2) << "blocks --rdo changed, of 4096";
  const std::span<const std::uint8_t> blocks(rdo.begin() + std::ptrdiff_t(aem::codec::kDdsHeaderBytes), rdo.end());
  const auto decoded = aem::codec::decompress_image(blocks, 256, 256, aem::codec::BlockFormat::bc7);
  const double psnr = aem::codec::compare_images(aem::codec::load_image(source), decoded).psnr_rgba();
  EXPECT_GE(psnr, 45.05) << "RGBA PSNR of the --rdo output against the source";
  std::printf("--rdo 0.5: %zu of 4096 blocks changed, %.2f dB\n", changed, psnr);
}

TEST_F(CompressImageCli, InvalidRdoLambdaFailsWithTheReason) {
  const fs::path out = dir_ / "out.dds";
  for (const auto& [value, reason] : {std::pair{"-1", "negative"}, std::pair{"nan", "not a number"},
                                      std::pair{"inf", "infinite"}, std::pair{"0.5x", "not a number"}}) {
    const Result r = run("compress-image " + quoted(dir_ / "any.png") + " " + quoted(out) + " --format bc7 --rdo " + value);
    EXPECT_EQ(r.status, 1) << value << "\n" << r.output;
    EXPECT_NE(r.output.find("--rdo: RDO lambda '" + std::string(value) + "' "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(reason), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out));
  }
}

// --rdo-max-loss: 0 writes the plain encoding's bytes; invalid bounds, and a bound with --rdo,
// are refused before any work. (The bound itself: rdo_bound_test.cpp.)
TEST_F(CompressImageCli, RdoMaxLossZeroIsPlainAndInvalidBoundsFail) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path source = corpus / "images" / "icon.png", zero = dir_ / "zero.dds", plain = dir_ / "plain.dds";
  const std::string options = " --format bc7 --quality fast --threads 2";
  ASSERT_EQ(run("compress-image " + quoted(source) + " " + quoted(zero) + options + " --rdo-max-loss 0").status, 0);
  ASSERT_EQ(run("compress-image " + quoted(source) + " " + quoted(plain) + options).status, 0);
  EXPECT_EQ(file_bytes(zero), file_bytes(plain));
  const fs::path out = dir_ / "out.dds";
  for (const auto& [args, reason] :
       {std::pair{" --rdo-max-loss -1", "--rdo-max-loss: RDO max loss '-1' is negative"},
        std::pair{" --rdo-max-loss 20.5", "is above the largest accepted value, 20"},
        std::pair{" --rdo-max-loss 1dB", "'1dB' is not a number"},
        std::pair{" --rdo-max-loss 1 --rdo 0.5", "--rdo and --rdo-max-loss cannot be given together"}}) {
    const Result r = run("compress-image " + quoted(source) + " " + quoted(out) + options + args);
    EXPECT_EQ(r.status, 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(reason), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(out));
  }
}

TEST_F(CompressImageCli, HelpPrintsUsage) {
  const Result r = run("compress-image --help");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("usage: aem compress-image"), std::string::npos) << r.output;
}

}  // namespace
