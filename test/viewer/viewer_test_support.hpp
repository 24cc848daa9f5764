#pragma once
// Shared by the viewer tests: running aem-viewer, reading PNGs, comparing with the references
// kept in test/viewer/references/ (AEM_UPDATE_REFERENCES=1 rewrites them), and the checks a
// stale reference cannot fake (coverage, pixel values).
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "run_command.hpp"

namespace aem::test::viewer {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
  const std::uint8_t* at(int x, int y) const { return &rgba[(std::size_t(y) * width + x) * 4]; }
};

// Empty image when the file does not read.
Image read_png(const std::filesystem::path& path);
void write_png(const std::filesystem::path& path, const Image& image);

// A fresh directory for one test's files.
std::filesystem::path scratch_dir(const std::string& name);

// Runs aem-viewer with `args` (already shell-quoted where needed) and the environment prefix.
CommandResult run_viewer(const std::string& args, const std::string& environment = "");

// Renders `model` to `png` with `args`; fails the test (returns an empty image) if it does not.
Image screenshot(const std::filesystem::path& model, const std::filesystem::path& png, const std::string& args,
                 const std::string& environment = "");

// Share of pixels that differ from the background colour at the frame's corner (0..1).
double coverage(const Image& image);

// Mean absolute channel difference and the share of pixels with any channel off by more than 24.
struct Difference {
  double mean = 0;
  double outliers = 0;
};
Difference difference(const Image& a, const Image& b);

// Compares with references/<name>.png: same size, mean difference < 2, outliers < 1.5%.
void expect_matches_reference(const Image& image, const std::string& name);

// Whether there is an X display to render on (the ctest entries run under xvfb-run).
bool have_display();

// Whether this build's `aem` has `bake` (the glTF pipeline), which turns corpus models into .aem.
bool have_bake();

// Bakes corpus/khronos/<name>/glTF-Binary/<name>.glb into `dir` with `aem bake` (the bake's
// failure is a test failure); returns the .aem's path.
std::filesystem::path bake_khronos_glb(const std::filesystem::path& corpus, const std::string& name,
                                       const std::filesystem::path& dir);
// Bakes `input` (any model `aem bake` reads) to `output` the same way, with `bake_arguments`
// (already shell-quoted: "--lods 3"); returns `output`.
std::filesystem::path bake_file(const std::filesystem::path& input, const std::filesystem::path& output,
                                const std::string& bake_arguments = "");

}  // namespace aem::test::viewer

#define AEM_REQUIRE_DISPLAY()                                                                      \
  if (!::aem::test::viewer::have_display())                                                        \
  GTEST_SKIP() << "no X display: install xvfb and xauth (the ctest entry runs under xvfb-run)"

#define AEM_REQUIRE_BAKE()                                                                          \
  if (!::aem::test::viewer::have_bake())                                                            \
  GTEST_SKIP() << "`aem bake` is not available in this build (the glTF pipeline is needed to turn " \
                  "corpus models into .aem)"
