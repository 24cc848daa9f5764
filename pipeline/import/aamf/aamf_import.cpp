#include "import/aamf/aamf_import.hpp"

#include <cmath>

#include "io/confined_files.hpp"
#include "math/bake_math.hpp"
#include "import/aamf/aamf_parser.hpp"
#include "import/aamf/aamf_scene_builder.hpp"

namespace aem::pipeline {
namespace {

// Far above any PlayStation model (the console has 2 MiB of RAM); the whole file is held in memory.
constexpr std::uint64_t kMaxAamfFileBytes = std::uint64_t(1) << 30;

}  // namespace

Scene import_aamf(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings) {
  const double fps = options.aamf_fps;
  if (!(std::isfinite(fps) && fps > 0))
    throw BakeError(path.string() + ": the AAMF frame rate " + math::exact_text(fps) + " is not a finite number > 0");
  throw_if_cancelled(options, path);
  if (!(std::isfinite(fps) && fps > 0)) throw BakeError(path.string() + ": AAMF frame rate " + std::to_string(fps) + " is not finite and > 0");
  std::vector<unsigned char> file;
  if (const std::string why = read_regular_file(path, file, kMaxAamfFileBytes); !why.empty()) throw BakeError(path.string() + ": " + why);
  const aamf::Model model = aamf::parse_model(aamf::Bytes(file.data(), file.size(), path.string()));
  throw_if_cancelled(options, path);
  Scene scene;
  scene.model = path;
  scene.inputs.push_back(path);
  scene.keep_geometry_order = true;  // no vertex cache on a PlayStation: the file's order is the order
  aamf::ShearReport shear;
  aamf::add_bones(model, scene, shear);
  aamf::add_meshes(model, scene, warnings);
  aamf::add_animations(model, fps, scene, shear);
  shear.warn(scene, warnings);
  return scene;
}

}  // namespace aem::pipeline
