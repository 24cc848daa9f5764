#include "import/gltf/tinygltf_binding.hpp"

#if !defined(_WIN32)
#include <dlfcn.h>
#endif

#include <tiny_gltf.h>

namespace aem::pipeline {

std::string tinygltf_binding_problem() {
#if defined(_WIN32)
  return {};  // the Windows build links tinygltf statically and has no Draco: nothing to compare
#else
  Dl_info info{};
  // One default callback stands for them all: every tinygltf symbol binds through the same
  // library search order. Compiled as position-independent code, this address is the one the
  // dynamic linker chose.
  const auto address = reinterpret_cast<const void*>(&tinygltf::FileExists);
  if (::dladdr(address, &info) == 0 || info.dli_fname == nullptr) return {};
  const std::string file = info.dli_fname;
  if (file.find("libtinygltf") != std::string::npos) return {};
  if (file.find("draco") == std::string::npos) return {};  // a static tinygltf: nothing to compare
  return "tinygltf's functions resolve to " + file +
         ", which bundles another tinygltf, instead of libtinygltf (a link-order fault of this build)";
#endif
}

}  // namespace aem::pipeline
