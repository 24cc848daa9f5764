#include "import/e3d/e3d_import.hpp"

#include "io/confined_files.hpp"
#include "import/e3d/e3d_parser.hpp"
#include "import/e3d/e3d_scene_builder.hpp"

namespace aem::pipeline {
namespace e3d {

// A block length is a uint32, so no single block is larger; a file of several such blocks is
// still refused past this size, unread.
constexpr std::uint64_t kMaxE3dFileBytes = std::uint64_t(1) << 32;

Scene build_scene(const Model& model, const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings) {
  Scene scene;
  scene.model = path;
  scene.inputs.push_back(path);
  add_materials(model, scene, options, warnings);  // first: geometry refers to materials by index
  add_geometry(model, scene, warnings);
  add_animations(model, scene, options, warnings);
  return scene;
}

}  // namespace e3d

Scene import_e3d(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings) {
  throw_if_cancelled(options, path);
  std::vector<unsigned char> file;
  // Held in memory whole; lzma blocks decode within their own budget (max_decoded_bytes).
  if (const std::string why = read_regular_file(path, file, e3d::kMaxE3dFileBytes); !why.empty())
    throw BakeError(path.string() + ": " + why);
  e3d::ReadContext context(path, options.limits.max_decoded_bytes, warnings);
  const e3d::Model model = e3d::parse_model(e3d::Bytes(file.data(), file.size()), context);
  throw_if_cancelled(options, path);
  return e3d::build_scene(model, path, options, warnings);
}

}  // namespace aem::pipeline
