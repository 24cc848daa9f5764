// The pipeline's tinygltf calls reach Debian's libtinygltf, not the copy libdraco bundles (which
// has another layout: reaching it crashed every import of the memory tests' forked bakes).
#include <dlfcn.h>

#include <string>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "import/gltf/tinygltf_binding.hpp"

namespace {

TEST(TinygltfBinding, CallsReachLibtinygltf) {
  EXPECT_EQ(aem::pipeline::tinygltf_binding_problem(), "");
  Dl_info info{};
  ASSERT_NE(::dladdr(reinterpret_cast<const void*>(&tinygltf::FileExists), &info), 0);
  ASSERT_NE(info.dli_fname, nullptr);
  EXPECT_NE(std::string(info.dli_fname).find("libtinygltf"), std::string::npos) << info.dli_fname;
}

}  // namespace
