// `aem info FILE [--json]`: what is in an AEM file, section by section.
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aem/compression_name.hpp"
#include "aem/extensions.hpp"
#include "aem/model.hpp"
#include "model_open_options.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "aem/model_bounds.hpp"
#include "utf8_arguments.hpp"
#include "extension_contents.hpp"
#include "extension_listing.hpp"
#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_names.hpp"
#include "model_description.hpp"
#include "shortest_number.hpp"
#include "source_model.hpp"

namespace aem::cli {
namespace {

constexpr const char* kInfoUsage =
    "usage: aem info FILE [--json]\n"
    "\n"
    "Describes an AEM file: bytes per section, textures (size, format, mips, wrap), materials,\n"
    "meshes with their bounding boxes, the model's box in the bind pose and the box that holds it\n"
    "in every animation, the joint tree and animations (duration, key counts), and the extension\n"
    "entries (name, required, record version, size; known or ignored by this reader). The file\n"
    "is validated first.\n"
    "On a source model (any format aem bake reads): the command that bakes it, and what that bake\n"
    "would lose and write (a dry run: nothing is written).\n"
    "\n"
    "  --json   print one JSON object instead of text, for scripts\n";

struct SectionRow {
  const char* name;
  std::uint64_t count;
  std::uint64_t offset;
  std::uint64_t bytes;
};

std::vector<SectionRow> section_rows(const Model& model) {
  const Header& h = model.header();
  const SectionOffsets& o = model.view().offsets;
  return {
      {"header", 1, 0, sizeof(Header)},
      {"vertices", h.vertex_count, o.vertices, o.indices - o.vertices},
      {"indices", h.index_count, o.indices, o.image_buffer - o.indices},
      {"image buffer", h.image_buffer_size, o.image_buffer, o.textures - o.image_buffer},
      {"textures", h.texture_count, o.textures, o.meshes - o.textures},
      {"meshes", h.mesh_count, o.meshes, o.materials - o.meshes},
      {"materials", h.material_count, o.materials, o.joints - o.materials},
      {"joints", h.joint_count, o.joints, o.animations - o.joints},
      {"animations", h.animation_count, o.animations, o.tracks - o.animations},
      {"tracks", h.track_count, o.tracks, o.keyframes - o.tracks},
      {"keyframes", h.keyframe_count, o.keyframes, o.end - o.keyframes},
  };
}

struct KeyTotals {
  std::uint64_t translations = 0, rotations = 0, scales = 0;
};

KeyTotals key_totals(const Model& model, std::uint32_t animation) {
  KeyTotals totals;
  for (std::uint32_t j = 0; j < model.header().joint_count; ++j) {
    const Track& t = model.track(animation, j);
    totals.translations += t.translation_count;
    totals.rotations += t.rotation_count;
    totals.scales += t.scale_count;
  }
  return totals;
}

// Children of every joint, roots under index joint_count.
std::vector<std::vector<std::uint32_t>> joint_children(const Model& model) {
  const auto joints = model.joints();
  std::vector<std::vector<std::uint32_t>> children(joints.size() + 1);
  for (std::uint32_t j = 0; j < joints.size(); ++j) {
    const std::int32_t parent = joints[j].parent;
    children[parent < 0 ? joints.size() : std::size_t(parent)].push_back(j);
  }
  return children;
}

// Depth-first, parents before children, without recursion: a hostile file's joint chain can be
// a million deep. Indentation stops growing at kMaxIndentDepth so that the output stays linear
// in the joint count; deeper joints say their depth instead.
constexpr int kMaxIndentDepth = 32;

void print_joint_tree(const Model& model, const std::vector<std::vector<std::uint32_t>>& children) {
  std::vector<std::pair<std::uint32_t, int>> stack;  // joint, depth
  const std::vector<std::uint32_t>& roots = children.back();
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.emplace_back(*it, 0);
  while (!stack.empty()) {
    const auto [joint, depth] = stack.back();
    stack.pop_back();
    const std::string_view name = name_view(model.joints()[joint].name);
    if (depth <= kMaxIndentDepth) {
      std::printf("  %*s#%u %.*s\n", depth * 2, "", joint, int(name.size()), name.data());
    } else {
      std::printf("  %*s#%u %.*s (depth %d)\n", kMaxIndentDepth * 2, "", joint, int(name.size()), name.data(), depth);
    }
    const std::vector<std::uint32_t>& below = children[joint];
    for (auto it = below.rbegin(); it != below.rend(); ++it) stack.emplace_back(*it, depth + 1);
  }
}

// "(x, y, z)", each float in its shortest exact form.
std::string point_text(const std::array<float, 3>& p) {
  return "(" + shortest_text(p[0]) + ", " + shortest_text(p[1]) + ", " + shortest_text(p[2]) + ")";
}

// "(x, y, z) .. (x, y, z)", or "none" for an empty box.
std::string box_text(const BoundingBox& box) {
  if (box.empty()) return "none";
  return point_text(box.min) + " .. " + point_text(box.max);
}

// [x, y, z], each printing as its shortest_text.
nlohmann::ordered_json point_json(const std::array<float, 3>& p) {
  return {shortest_double(p[0]), shortest_double(p[1]), shortest_double(p[2])};
}

// {"min": [x, y, z], "max": [x, y, z]}, or null for an empty box.
nlohmann::ordered_json box_json(const BoundingBox& box) {
  if (box.empty()) return nullptr;
  return {{"min", point_json(box.min)}, {"max", point_json(box.max)}};
}

// How the motion box was found, for the text output.
std::string motion_text(const AnimationBounds& motion) {
  if (motion.poses == 0) return "no joints or morph targets: the bind pose";
  return std::to_string(motion.poses) + " poses sampled, " +
         (motion.per_vertex ? "every moving vertex posed" : "joint boxes (conservative)");
}

// What the material extensions add to a material's line: "  unlit", "  emissive #T" (its own
// emission, with its texture when it has one).
std::string material_extension_text(const Model& model, std::uint32_t material) {
  std::string text = material_unlit(model, material) ? "  unlit" : "";
  if (const std::optional<std::span<const EmissiveRecord>> emission = emissive_of(model)) {
    const EmissiveRecord& r = (*emission)[material];
    if (EmissiveMode(r.mode) == EmissiveMode::record)
      text += r.texture == kNoTexture ? "  emissive factor" : "  emissive #" + std::to_string(r.texture);
  }
  return text;
}

// "  \"name\"" after a material's or mesh's line, nothing for an empty name.
std::string name_text(std::string_view name) { return name.empty() ? "" : "  \"" + std::string(name) + "\""; }

void print_text(const std::string& path, const Model& model) {
  const Header& h = model.header();
  const std::uint64_t aem_bytes = aem_file_size(model.view().offsets.end, model.extensions());
  std::printf("%s: AEM version %u, %llu bytes\n", path.c_str(), unsigned(h.version),
              static_cast<unsigned long long>(aem_bytes));
  if (model.unpacked()) {
    std::error_code ec;
    const auto packed = std::filesystem::file_size(path_from_utf8(path), ec);
    std::printf("packed: %llu bytes on disk (%.1f%% of the AEM), unpacked into memory at open\n",
                static_cast<unsigned long long>(ec ? 0 : packed), 100.0 * double(ec ? 0 : packed) / double(aem_bytes));
  }
  if (model.realigned_bytes() > 0) {
    std::printf("note: %llu bytes copied into aligned memory at open (the image buffer size, %u, "
                "is not a multiple of 4)\n",
                static_cast<unsigned long long>(model.realigned_bytes()), h.image_buffer_size);
  }
  std::printf("\n%-14s %12s %14s %14s\n", "section", "count", "offset", "bytes");
  for (const SectionRow& row : section_rows(model)) {
    std::printf("%-14s %12llu %14llu %14llu\n", row.name,
                static_cast<unsigned long long>(row.count),
                static_cast<unsigned long long>(row.offset),
                static_cast<unsigned long long>(row.bytes));
  }

  std::printf("\ntextures: %u\n", h.texture_count);
  for (std::size_t i = 0; i < model.textures().size(); ++i) {
    const Texture& t = model.textures()[i];
    std::printf("  #%zu  %ux%u  %s  %u mips  wrap %s/%s  %zu bytes at %u\n", i, t.width, t.height,
                to_string(Compression(t.compression)), mip_count(t.width, t.height),
                wrap_mode_name(t.wrap_x).c_str(), wrap_mode_name(t.wrap_y).c_str(),
                model.texture_data(t).size(), t.offset);
  }
  const std::optional<NamesView> names = names_of(model);
  std::printf("\nmaterials: %u\n", h.material_count);
  for (std::uint32_t i = 0; i < model.materials().size(); ++i) {
    const Material& m = model.materials()[i];
    std::printf("  #%u  %s  base color #%u  normal #%u  pbr #%u%s%s\n", i,
                material_type_name(m.type).c_str(), m.base_color_texture, m.normal_texture,
                m.pbr_texture, material_extension_text(model, i).c_str(),
                names ? name_text(names->material_name(i)).c_str() : "");
  }
  std::printf("\nmeshes: %u\n", h.mesh_count);
  for (std::uint32_t i = 0; i < model.meshes().size(); ++i) {
    const Mesh& m = model.meshes()[i];
    std::printf("  #%u  %u triangles  indices %u..%u  material #%u  box %s%s%s%s\n", i, m.index_count / 3,
                m.first_index, m.first_index + m.index_count, m.material,
                box_text(mesh_bind_pose_bounds(model, m)).c_str(),
                names ? name_text(names->mesh_name(i)).c_str() : "", mesh_lods_text(model, i).c_str(),
                mesh_meshlets_text(model, i).c_str());
  }
  const AnimationBounds motion = animation_bounds(model);
  std::printf("\nbounds\n  bind pose        %s\n  every animation  %s  (%s)\n",
              box_text(bind_pose_bounds(model)).c_str(), box_text(motion.box).c_str(), motion_text(motion).c_str());
  std::printf("\njoints: %u\n", h.joint_count);
  print_joint_tree(model, joint_children(model));
  std::printf("\nanimations: %u\n", h.animation_count);
  for (std::uint32_t a = 0; a < h.animation_count; ++a) {
    const Animation& anim = model.animations()[a];
    const std::string_view name = name_view(anim.name);
    const KeyTotals keys = key_totals(model, a);
    std::printf("  #%u  \"%.*s\"  %s s  keys: %llu translation, %llu rotation, %llu scale\n", a,
                int(name.size()), name.data(), shortest_text(anim.duration).c_str(),
                static_cast<unsigned long long>(keys.translations),
                static_cast<unsigned long long>(keys.rotations),
                static_cast<unsigned long long>(keys.scales));
  }
  print_extensions(model);
}

// The materials and meshes of --json, each with its name when the file has names.
nlohmann::ordered_json materials_json(const Model& model) {
  using json = nlohmann::ordered_json;
  const std::optional<NamesView> names = names_of(model);
  json materials = json::array();
  for (std::uint32_t i = 0; i < model.materials().size(); ++i) {
    const Material& m = model.materials()[i];
    materials.push_back({{"type", material_type_name(m.type)},
                         {"base_color_texture", m.base_color_texture},
                         {"normal_texture", m.normal_texture},
                         {"pbr_texture", m.pbr_texture}});
    if (names) materials.back()["name"] = std::string(names->material_name(i));
    if (material_flags_of(model)) materials.back()["unlit"] = material_unlit(model, i);
    if (const std::optional<std::span<const EmissiveRecord>> emission = emissive_of(model))
      materials.back()["own_emission"] = EmissiveMode((*emission)[i].mode) == EmissiveMode::record;
  }
  return materials;
}

nlohmann::ordered_json meshes_json(const Model& model) {
  using json = nlohmann::ordered_json;
  const std::optional<NamesView> names = names_of(model);
  json meshes = json::array();
  for (std::uint32_t i = 0; i < model.meshes().size(); ++i) {
    const Mesh& m = model.meshes()[i];
    meshes.push_back({{"first_index", m.first_index},
                      {"index_count", m.index_count},
                      {"triangles", m.index_count / 3},
                      {"material", m.material},
                      {"bounds", box_json(mesh_bind_pose_bounds(model, m))}});
    if (names) meshes.back()["name"] = std::string(names->mesh_name(i));
    if (nlohmann::ordered_json lods = mesh_lods_json(model, i); !lods.is_null()) meshes.back()["lods"] = std::move(lods);
    if (nlohmann::ordered_json meshlets = mesh_meshlets_json(model, i); !meshlets.is_null())
      meshes.back()["meshlets"] = std::move(meshlets);
  }
  return meshes;
}

nlohmann::ordered_json to_json(const std::string& path, const Model& model) {
  using json = nlohmann::ordered_json;
  const Header& h = model.header();
  json out;
  out["file"] = path;
  out["version"] = h.version;
  out["bytes"] = aem_file_size(model.view().offsets.end, model.extensions());
  out["realigned_bytes"] = model.realigned_bytes();
  if (model.unpacked()) {
    std::error_code ec;
    const auto packed = std::filesystem::file_size(path_from_utf8(path), ec);
    out["packed_bytes"] = ec ? 0 : packed;
  }
  json sections = json::object();
  for (const SectionRow& row : section_rows(model)) {
    sections[row.name] = {{"count", row.count}, {"offset", row.offset}, {"bytes", row.bytes}};
  }
  out["sections"] = sections;
  json textures = json::array();
  for (const Texture& t : model.textures()) {
    textures.push_back({{"width", t.width},
                        {"height", t.height},
                        {"format", to_string(Compression(t.compression))},
                        {"mips", mip_count(t.width, t.height)},
                        {"wrap_x", wrap_mode_name(t.wrap_x)},
                        {"wrap_y", wrap_mode_name(t.wrap_y)},
                        {"offset", t.offset},
                        {"bytes", model.texture_data(t).size()}});
  }
  out["textures"] = textures;
  out["materials"] = materials_json(model);
  out["meshes"] = meshes_json(model);
  const AnimationBounds motion = animation_bounds(model);
  json animated = box_json(motion.box);
  if (!animated.is_null()) {
    animated["poses"] = motion.poses;
    animated["per_vertex"] = motion.per_vertex;
  }
  out["bounds"] = {{"bind_pose", box_json(bind_pose_bounds(model))}, {"every_animation", animated}};
  json joints = json::array();
  for (const Joint& j : model.joints()) {
    joints.push_back({{"name", std::string(name_view(j.name))}, {"parent", j.parent}});
  }
  out["joints"] = joints;
  json animations = json::array();
  for (std::uint32_t a = 0; a < h.animation_count; ++a) {
    const Animation& anim = model.animations()[a];
    const KeyTotals keys = key_totals(model, a);
    animations.push_back({{"name", std::string(name_view(anim.name))},
                          {"duration", shortest_double(anim.duration)},
                          {"keys",
                           {{"translation", keys.translations},
                            {"rotation", keys.rotations},
                            {"scale", keys.scales}}}});
  }
  out["animations"] = animations;
  out["extensions"] = extensions_json(model);
  return out;
}

}  // namespace

int run_info(arg_parser::Args args) {
  arg_parser::ArgParser parser("info", args);
  if (parser.answered_help(kInfoUsage)) return 0;
  const bool json = parser.flag("--json");
  const std::string path = parser.positionals(1, 1)[0];
  if (const std::optional<std::string> format = source_model_format(path_from_utf8(path)))
    return describe_source_model(path, *format, json);

  Expected<Model> model = Model::try_open(path_from_utf8(path), with_packed_decoder({}));
  if (!model) {
    std::fprintf(stderr, "aem info: %s: %s\n", path.c_str(), model.error().describe().c_str());
    return 1;
  }
  if (json) {
    // Names are arbitrary bytes in a file; replace invalid UTF-8 rather than fail to print.
    std::puts(to_json(path, *model).dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  } else {
    print_text(path, *model);
  }
  return 0;
}

}  // namespace aem::cli
