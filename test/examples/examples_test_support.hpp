#pragma once
// Shared by the examples' tests: the sample glTF tree written by aem-make-sample-assets and baked
// by `aem bake`, once per test program, in the scratch directory.
#include <filesystem>

namespace aem::test::examples {

struct SampleTree {
  std::filesystem::path assets;  // the glTF 2.0 tree
  std::filesystem::path baked;   // the .aem files, the same relative paths
};

// Writes and bakes the tree on first use; fails the calling test (and returns empty paths) when
// either tool fails.
const SampleTree& sample_tree();

}  // namespace aem::test::examples
