#include "aem/pipeline/bake.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "aem/compression_name.hpp"
#include "stages/animation/animation_baker.hpp"
#include "stages/geometry/geometry_builder.hpp"
#include "import/gltf/gltf_import.hpp"
#include "stages/materials/material_flags.hpp"
#include "stages/materials/material_packer.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/output_guard.hpp"
#include "stages/animation/skeleton_builder.hpp"
#include "stages/geometry/lod_chain.hpp"
#include "stages/geometry/meshlet_build.hpp"
#include "stages/geometry/vertex_optimizer.hpp"
#include "stages/geometry/uv1_stream.hpp"
#include "stages/geometry/vertex_colour_stream.hpp"
#include "import/assimp/assimp_import.hpp"
#include "bake/limit_checks.hpp"
#include "stages/geometry/double_sided.hpp"
#include "import/aamf/aamf_import.hpp"
#include "import/e3d/e3d_import.hpp"
#include "bake/model_names.hpp"
#include "output/parent_directory.hpp"
#include "io/cancellable_call.hpp"
#include "scene/scene_check.hpp"
#include "stages/morph/morph_targets_bake.hpp"

namespace aem::pipeline {
namespace {

class Stopwatch {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// One uv1 record per AEM material, from its glTF material's plan (all set 0 without one), with
// its own occlusion texture where the packer made one.
std::vector<Uv1Material> uv1_materials(const std::vector<int>& materials, const std::map<int, Uv1Material>& plans,
                                       const std::vector<std::uint32_t>& occlusion_textures) {
  std::vector<Uv1Material> out;
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const auto sets = plans.find(materials[i]);
    out.push_back(sets != plans.end() ? sets->second : Uv1Material{0, 0, 0, 0, kUv1NoTexture, {0, 0}});
    if (!occlusion_textures.empty()) out.back().occlusion_texture = occlusion_textures[i];
  }
  return out;
}

// The report's warnings and counts of what the bake made.
void count_content(const ModelContent& content, const WarningLog& warnings, BakeReport& report) {
  report.warnings = warnings.messages();
  report.warning_codes = warnings.codes();
  report.vertices = content.vertices.size();
  report.triangles = content.indices.size() / 3;
  report.joints = content.joints.size();
  report.animations = content.animations.size();
  report.textures = std::uint32_t(content.textures.size());
  for (const TextureImage& t : content.textures) ++report.texture_formats[display_name(t.compression)];
}

// check_scene, then the stages and the report, for a scene whose producer has already logged its
// warnings (and spent `import_s`).
BakeResult check_and_bake_scene(const Scene& scene, const BakeOptions& options, WarningLog& warnings, double import_s) {
  for (const std::string& problem : {rdo_option_problem(options), rdo_bound_option_problem(options), lod_option_problem(options), meshlet_option_problem(options)})
    if (!problem.empty()) throw BakeError(scene.model.string() + ": " + problem);
  const std::filesystem::path& input = scene.model;
  BakeResult result;
  BakeReport& report = result.report;
  Stopwatch clock;
  check_scene(scene);
  report.timings.import_s = import_s + clock.lap();
  report.inputs = scene.inputs;
  throw_if_cancelled(options, input);

  check_vertex_limit(scene, options.limits);
  const SkeletonBuild skeleton = build_skeleton(scene, warnings);
  throw_if_cancelled(options, input);
  GeometryBuild geometry = build_geometry(scene, skeleton, options, warnings);
  report.back_face_triangles = add_back_faces(scene, geometry);
  report.source_vertices = geometry.vertices.size();
  report.timings.geometry_s = clock.lap();
  throw_if_cancelled(options, input);
  OptimizedGeometry optimized =
      scene.keep_geometry_order
          ? keep_geometry(std::move(geometry.vertices), geometry.ranges, std::move(geometry.streams))
          : optimize_geometry(std::move(geometry.vertices), geometry.ranges, options.signals.cancel,
                              std::move(geometry.streams));
  report.acmr_before = optimized.acmr_before;
  report.acmr_after = optimized.acmr_after;
  report.degenerate_triangles = optimized.degenerate_triangles;
  report.timings.optimise_s = clock.lap();
  throw_if_cancelled(options, input);

  ModelContent& content = result.content;
  content.joints = skeleton.joints;
  content.animations = bake_animations(scene, skeleton, options, warnings);
  if (!options.version_1_only)
    content.extensions.morph_targets = bake_morph_targets(scene, geometry.morph, optimized.streams, optimized.vertices.size(),
                                                          content.animations, options, warnings);
  report.timings.skeleton_s = clock.lap();
  throw_if_cancelled(options, input);

  // One AEM material per mesh that kept triangles, in mesh order.
  std::vector<int> materials;
  std::vector<std::int32_t> source_meshes;  // the scene mesh each AEM mesh is named after
  for (aem::Mesh& mesh : optimized.meshes) {
    materials.push_back(geometry.ranges[mesh.material].material);
    source_meshes.push_back(geometry.ranges[mesh.material].first_mesh);
    mesh.material = std::uint32_t(materials.size() - 1);
  }
  PackedMaterials packed = pack_materials(scene, materials, geometry.uv1_sets, options, warnings);
  report.timings.textures_s = clock.lap();
  report.timings.compress_s = packed.compress_seconds;
  report.rdo_textures = std::move(packed.rdo_choices);
  report.images_decoded = packed.images_decoded;
  report.decoded_pixels = packed.decoded_pixels;

  content.vertices = std::move(optimized.vertices);
  content.indices = std::move(optimized.indices);
  content.meshes = std::move(optimized.meshes);
  content.extensions.lods = build_lods(content.vertices, content.indices, content.meshes, {options.lods, float(options.lod_error)});
  content.extensions.meshlets = build_meshlets(content.vertices, content.indices, content.meshes, content.extensions.lods,
                                               {options.meshlets, options.meshlet_vertices, options.meshlet_triangles});
  content.extensions.vertex_colours = vertex_colours(optimized.streams);
  content.extensions.uv1.uvs = uv1_values(optimized.streams);
  if (!content.extensions.uv1.uvs.empty()) content.extensions.uv1.materials = uv1_materials(materials, geometry.uv1_sets, packed.occlusion_textures);
  content.materials = std::move(packed.materials);
  content.textures = std::move(packed.textures);
  content.extensions.emissive.materials = std::move(packed.emission);
  content.extensions.material_flags.materials = material_flags(scene, materials, options, warnings);
  if (!options.version_1_only) content.extensions.names = model_names(scene, materials, source_meshes);
  if (content.meshes.empty())
    warnings.warn("no triangles", input.string() + ": the scene has no triangles; the AEM file has no geometry");

  count_content(content, warnings, report);
  return result;
}

// The scene of the model's producer, chosen by its file name (model_formats.hpp).
Scene import_model(const std::filesystem::path& input, const BakeOptions& options, WarningLog& warnings) {
  const std::optional<ModelFormat> format = model_format_of(input);
  // Refused by name before any producer reads it: a glTF parser's JSON error would mislead.
  if (!format) throw BakeError(unknown_model_format_message(input));
  switch (*format) {  // no default: -Wswitch names a new format here
    case ModelFormat::gltf: return import_gltf(input, options, warnings);
    case ModelFormat::assimp: return import_assimp(input, options, warnings);  // in its child process
    case ModelFormat::e3d: return import_e3d(input, options, warnings);
    case ModelFormat::aamf: return import_aamf(input, options, warnings);
  }
  throw std::logic_error("import_model: not a ModelFormat: " + std::to_string(int(*format)));
}

}  // namespace

BakeResult bake_scene(const Scene& scene, const BakeOptions& options) {
  WarningLog warnings(options.strict);
  return check_and_bake_scene(scene, options, warnings, 0);
}

BakeResult bake_model(const std::filesystem::path& input, const BakeOptions& options) {
  WarningLog warnings(options.strict);
  Stopwatch clock;
  const Scene scene = import_model(input, options, warnings);
  const double import_s = clock.lap();
  throw_if_cancelled(options, input);
  return check_and_bake_scene(scene, options, warnings, import_s);
}

BakedFile bake_model_in_memory(const std::filesystem::path& input, const std::filesystem::path& output,
                              const BakeOptions& options) {
  if (const std::string problem = output_problem_before_bake(input, output); !problem.empty())
    throw BakeError(problem);
  BakedFile file{bake_model(input, options), {}};
  throw_if_cancelled(options, input);
  // Only now are the buffers and images known, and nothing is written yet.
  if (const std::string problem = output_problem_after_bake(input, output, file.bake.report.inputs); !problem.empty())
    throw BakeError(problem);
  const auto start = std::chrono::steady_clock::now();
  try {
    // Copying and checking a large model's bytes takes seconds: on a thread the cancel flag does
    // not wait for, which holds the content until it ends.
    auto content = std::make_shared<ModelContent>(std::move(file.bake.content));
    file.bytes = run_cancellable(options.signals.cancel, [content] { return serialize_model(*content); });
    file.bake.content = std::move(*content);
  } catch (const InvalidContent& e) {
    throw BakeError(input.string() + ": the baked model is not a valid AEM file: " + e.what());
  }
  check_output_limit(input, file.bytes.size(), options.limits);
  file.bake.report.timings.write_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return file;
}

BakeReport bake_model_file(const std::filesystem::path& input, const std::filesystem::path& output,
                          const BakeOptions& options) {
  if (!options.encode_textures)
    throw std::logic_error(input.string() + ": a dry run's content (textures not encoded) is never written");
  BakedFile file = bake_model_in_memory(input, output, options);
  const auto start = std::chrono::steady_clock::now();
  // Made only now, so that a bake that fails leaves no empty directory behind.
  create_parent_directory(output);
  throw_if_cancelled(options, input);
  try {
    write_file_atomically(output, file.bytes, options.signals.cancel);
  } catch (const WriteCancelled& e) {
    throw BakeCancelled(e.what());
  }
  file.bake.report.timings.write_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::move(file.bake.report);
}

}  // namespace aem::pipeline
