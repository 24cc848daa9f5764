// aem-import-assimp: imports one model with Assimp and writes the pipeline's scene description,
// serialized (scene_serialization.hpp), to stdout. The bake runs it as a child process
// (import_assimp, pipeline/import/assimp/assimp_import.hpp) so that a crash or an assertion inside Assimp
// on a hostile file fails that bake with a message instead of taking the baker down.
//
//   aem-import-assimp [--allow-dir DIR]... [--max-memory-mb N] [--] MODEL
//
// Exit 0: the scene is on stdout. Exit 1: nothing on stdout, the reason on stderr.
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/scene.h>

#include "io/confined_files.hpp"
#include "import/assimp/child/assimp_conversion.hpp"
#include "import/assimp/child/confined_io_system.hpp"

namespace {

bool write_all(int fd, const std::vector<unsigned char>& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

// Address space beyond `megabytes` fails allocations (std::bad_alloc, reported on stderr) instead
// of inviting the system's OOM killer. Not under AddressSanitizer, which reserves terabytes.
void limit_memory(unsigned long long megabytes) {
#if defined(__SANITIZE_ADDRESS__)
  (void)megabytes;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  (void)megabytes;
#else
  const rlimit limit{rlim_t(megabytes) << 20, rlim_t(megabytes) << 20};
  setrlimit(RLIMIT_AS, &limit);
#endif
#else
  const rlimit limit{rlim_t(megabytes) << 20, rlim_t(megabytes) << 20};
  setrlimit(RLIMIT_AS, &limit);
#endif
}

constexpr const char* kUsage = "usage: aem-import-assimp [--allow-dir DIR]... [--max-memory-mb N] [--] MODEL\n";

int run(int argc, char** argv) {
  std::vector<std::filesystem::path> allowed;
  std::filesystem::path model;
  bool options_done = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (!options_done && arg == "--") {
      options_done = true;
    } else if (!options_done && arg == "--allow-dir" && i + 1 < argc) {
      allowed.emplace_back(argv[++i]);
    } else if (!options_done && arg == "--max-memory-mb" && i + 1 < argc) {
      limit_memory(std::stoull(argv[++i]));
    } else if (model.empty() && (options_done || arg.rfind("--", 0) != 0)) {
      model = arg;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if (model.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  // The scene goes to the descriptor stdout was; stdout itself becomes stderr, so that anything
  // a library prints cannot corrupt the scene.
  const int scene_fd = ::dup(STDOUT_FILENO);
  if (scene_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::fprintf(stderr, "cannot set up the output: %s\n", std::strerror(errno));
    return 1;
  }
  using aem::pipeline::resolved_path;
  std::vector<std::filesystem::path> roots{resolved_path(model).parent_path()};
  for (const auto& dir : allowed) roots.push_back(resolved_path(dir));

  Assimp::Importer importer;
  auto* io = new aem::pipeline::ConfinedIOSystem(roots);
  importer.SetIOHandler(io);  // the importer owns it
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);  // no $AssimpFbx$ helper nodes
  const aiScene* scene = importer.ReadFile(model.string(), aem::pipeline::assimp_import_flags());
  if (!scene || !scene->mRootNode) {
    std::fprintf(stderr, "%s\n", importer.GetErrorString());
    return 1;
  }
  aem::pipeline::SerializedImport out = aem::pipeline::scene_from_assimp(*scene, model);
  out.scene.inputs = io->looked_for();
  const std::filesystem::path model_file = resolved_path(model);
  for (const auto& [file, why] : io->unavailable())
    if (file != model_file) out.warnings.push_back({"missing file", file.string(), why});
  if (!write_all(scene_fd, aem::pipeline::serialize_import(out))) {
    std::fprintf(stderr, "cannot write the scene: %s\n", std::strerror(errno));
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
