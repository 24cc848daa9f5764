#include "import/e3d/e3d_import.hpp"

#include "io/confined_files.hpp"
#include "import/e3d/e3d_parser.hpp"
#include "import/e3d/e3d_scene_builder.hpp"

namespace aem::pipeline {
namespace e3d {

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
  // The file itself counts against the decoded-bytes budget too: it is all held in memory.
  if (const std::string why = read_regular_file(path, file, options.limits.max_decoded_bytes); !why.empty())
    throw BakeError(path.string() + ": " + why);
  e3d::ReadContext context(path, options.limits.max_decoded_bytes, warnings);
  const e3d::Model model = e3d::parse_model(e3d::Bytes(file.data(), file.size()), context);
  throw_if_cancelled(options, path);
  return e3d::build_scene(model, path, options, warnings);
}

}  // namespace aem::pipeline
