#include "viewer_test_support.hpp"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace aem::test::viewer {

Image read_png(const std::filesystem::path& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.string().c_str(), &image.width, &image.height, &channels, 4);
  if (data == nullptr) return {};
  image.rgba.assign(data, data + std::size_t(image.width) * image.height * 4);
  stbi_image_free(data);
  return image;
}

void write_png(const std::filesystem::path& path, const Image& image) {
  stbi_write_png(path.string().c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4);
}

std::filesystem::path scratch_dir(const std::string& name) {
  const auto dir = std::filesystem::path(AEM_VIEWER_TEST_SCRATCH) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

bool have_display() {
  const char* display = std::getenv("DISPLAY");
  return display != nullptr && *display != '\0';
}

bool have_bake() { return run_command(shell_quote(AEM_CLI_PATH) + " bake --help").exit_code == 0; }

std::filesystem::path bake_khronos_glb(const std::filesystem::path& corpus, const std::string& name,
                                       const std::filesystem::path& dir) {
  return bake_file(corpus / "khronos" / name / "glTF-Binary" / (name + ".glb"), dir / (name + ".aem"));
}

std::filesystem::path bake_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                const std::string& bake_arguments) {
  const CommandResult result = run_command(shell_quote(AEM_CLI_PATH) + " bake " + shell_quote(input.string()) +
                                           " -o " + shell_quote(output.string()) + " " + bake_arguments);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return output;
}

CommandResult run_viewer(const std::string& args, const std::string& environment) {
#if defined(_WIN32)
  // cmd.exe has no `NAME=value program`: each variable is set first (no space before &&, which
  // would end up in the value).
  std::string settings;
  for (std::size_t at = 0; at < environment.size();) {
    const std::size_t end = std::min(environment.find(' ', at), environment.size());
    if (end > at) settings += "set " + environment.substr(at, end - at) + "&& ";
    at = end + 1;
  }
  return run_command(settings + shell_quote(AEM_VIEWER_PATH) + " " + args);
#else
  return run_command(environment + " " + shell_quote(AEM_VIEWER_PATH) + " " + args);
#endif
}

Image screenshot(const std::filesystem::path& model, const std::filesystem::path& png, const std::string& args,
                 const std::string& environment) {
  const CommandResult result =
      run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote(png.string()) + " " + args, environment);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  if (result.exit_code != 0) return {};
  Image image = read_png(png);
  EXPECT_GT(image.width, 0) << "cannot read " << png;
  return image;
}

double coverage(const Image& image) {
  if (image.width == 0) return 0;
  const std::uint8_t* background = image.at(0, 0);
  std::size_t covered = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      int d = 0;
      for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(p[c]) - int(background[c])));
      if (d > 12) ++covered;
    }
  }
  return double(covered) / (double(image.width) * image.height);
}

Difference difference(const Image& a, const Image& b) {
  Difference d;
  if (a.width != b.width || a.height != b.height || a.width == 0) return {255, 1};
  std::size_t outliers = 0;
  double sum = 0;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4) {
    int worst = 0;
    for (int c = 0; c < 3; ++c) {
      const int diff = std::abs(int(a.rgba[i + c]) - int(b.rgba[i + c]));
      sum += diff;
      worst = std::max(worst, diff);
    }
    if (worst > 24) ++outliers;
  }
  const double pixels = double(a.rgba.size() / 4);
  d.mean = sum / (pixels * 3);
  d.outliers = double(outliers) / pixels;
  return d;
}

void expect_matches_reference(const Image& image, const std::string& name) {
  const auto reference_path = std::filesystem::path(AEM_VIEWER_REFERENCE_DIR) / (name + ".png");
  if (const char* update = std::getenv("AEM_UPDATE_REFERENCES"); update != nullptr && *update == '1') {
    write_png(reference_path, image);
    std::printf("updated reference %s\n", reference_path.string().c_str());
    return;
  }
  const Image reference = read_png(reference_path);
  ASSERT_GT(reference.width, 0) << "missing reference " << reference_path
                                << " (AEM_UPDATE_REFERENCES=1 writes it)";
  const Difference d = difference(image, reference);
  EXPECT_LT(d.mean, 2.0) << name << ": mean channel difference from " << reference_path;
  EXPECT_LT(d.outliers, 0.015) << name << ": share of pixels off by more than 24 from " << reference_path;
  if (d.mean >= 2.0 || d.outliers >= 0.015) {
    const auto actual = std::filesystem::path(AEM_VIEWER_TEST_SCRATCH) / (name + ".actual.png");
    write_png(actual, image);
    std::printf("actual image kept at %s\n", actual.string().c_str());
  }
}

}  // namespace aem::test::viewer
