// build_gltf and export_gltf (aem/pipeline/gltf_export.hpp): the document from its parts, the
// .glb and .gltf + .bin containers, written atomically.
#include "aem/pipeline/gltf_export.hpp"

#include <cstring>
#include <stdexcept>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "export/gltf/gltf_animation_export.hpp"
#include "export/gltf/gltf_buffer.hpp"
#include "export/gltf/gltf_material_export.hpp"
#include "export/gltf/gltf_mesh_export.hpp"
#include "export/gltf/gltf_morph_export.hpp"
#include "export/gltf/gltf_skin_export.hpp"

namespace aem::pipeline {
namespace {

// The nodes of the meshes (the skinned ones referencing the skin) and the scene of every root;
// returns the nodes that carry each morph group (`group_count` of them).
std::vector<std::vector<int>> add_gltf_scene(gltf::Document& doc, const std::vector<gltf::ExportedMesh>& meshes, int skin,
                                             std::vector<int> roots, std::size_t group_count) {
  std::vector<std::vector<int>> group_nodes(group_count);
  for (const gltf::ExportedMesh& m : meshes) {
    nlohmann::json node = {{"mesh", m.mesh}};
    if (!m.node_name.empty()) node["name"] = m.node_name;
    if (m.skinned && skin >= 0) node["skin"] = skin;
    roots.push_back(doc.append("nodes", std::move(node)));
    if (m.morph_group != 0) group_nodes[m.morph_group - 1].push_back(roots.back());
  }
  nlohmann::json scene = nlohmann::json::object();  // a model without triangles: an empty scene
  if (!roots.empty()) scene["nodes"] = roots;
  doc.json["scenes"] = nlohmann::json::array({scene});
  doc.json["scene"] = 0;
  return group_nodes;
}

std::string gltf_lower_extension(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return text;
}

void append_glb_u32(std::vector<std::byte>& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(std::byte((value >> (8 * i)) & 0xFF));
}

// A file name as a relative URI: bytes other than letters, digits and -._~ percent-encoded.
std::string gltf_uri_of(const std::string& name) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
        c == '-' || c == '.' || c == '_' || c == '~') {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

std::string gltf_json_with_buffer_uri(const ExportedGltf& document, const std::string& buffer_name) {
  nlohmann::json json = nlohmann::json::parse(document.json);
  json["buffers"][0]["uri"] = gltf_uri_of(buffer_name);
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::optional<GltfContainer> gltf_container_of(const std::filesystem::path& output) {
  const std::string extension = gltf_lower_extension(output.extension().string());
  if (extension == ".gltf") return GltfContainer::gltf;
  if (extension == ".glb") return GltfContainer::glb;
  return std::nullopt;
}

ExportedGltf build_gltf(const aem::Model& model, const std::string& model_name) {
  gltf::Document doc;
  doc.json["asset"] = {{"version", "2.0"}, {"generator", "aem export " AEM_VERSION_STRING}};
  const std::vector<int> materials = gltf::export_materials(model, doc);
  std::vector<int> roots;
  const int skin = gltf::export_skin(model, doc, roots);
  const gltf::BackFaces back_faces = gltf::find_back_faces(model);
  for (std::size_t m = 0; m < materials.size(); ++m)
    if (back_faces.double_sided[m]) doc.json["materials"][std::size_t(materials[m])]["doubleSided"] = true;
  const gltf::MorphExport morphs(model);
  const std::vector<gltf::ExportedMesh> meshes = gltf::export_meshes(model, materials, back_faces, morphs, doc);
  const std::size_t group_count = morphs.empty() ? 0 : morphs.view()->groups.size();
  const std::vector<std::vector<int>> group_nodes = add_gltf_scene(doc, meshes, skin, roots, group_count);
  morphs.note_losses(group_nodes, doc);
  if (lods_of(model))  // glTF has no chain of levels (MSFT_lod names other meshes, not index lists)
    doc.losses.push_back("the levels of detail of the lods extension (each mesh is written at level 0, its own triangles)");
  if (meshlets_of(model))  // glTF has no meshlets (no extension stores clusters); each mesh keeps its triangles
    doc.losses.push_back("the meshlets of the meshlets extension (each mesh is written as its triangle list)");
  gltf::export_animations(model, morphs, group_nodes, doc);
  while (doc.bin.size() % 4 != 0) doc.bin.push_back(std::byte{0});
  if (!doc.bin.empty()) doc.json["buffers"] = nlohmann::json::array({{{"byteLength", doc.bin.size()}}});
  // Names that are not valid UTF-8 (an AEM name is bytes; only `aem validate --strict` asks for
  // UTF-8) get U+FFFD where their bytes are invalid.
  ExportedGltf out{doc.json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), std::move(doc.bin), {}};
  if (!doc.losses.empty()) {
    std::string warning = model_name + ": what the AEM does not record is lost in the glTF: ";
    for (std::size_t i = 0; i < doc.losses.size(); ++i) warning += (i ? "; " : "") + doc.losses[i];
    out.warnings.push_back(std::move(warning));
  }
  return out;
}

std::vector<std::byte> glb_bytes(const ExportedGltf& document) {
  std::string json = document.json;
  while (json.size() % 4 != 0) json.push_back(' ');
  const bool has_bin = !document.bin.empty();
  const std::size_t total = 12 + 8 + json.size() + (has_bin ? 8 + document.bin.size() : 0);
  std::vector<std::byte> out;
  out.reserve(total);
  append_glb_u32(out, 0x46546C67);  // "glTF"
  append_glb_u32(out, 2);
  append_glb_u32(out, std::uint32_t(total));
  append_glb_u32(out, std::uint32_t(json.size()));
  append_glb_u32(out, 0x4E4F534A);  // "JSON"
  const auto* text = reinterpret_cast<const std::byte*>(json.data());
  out.insert(out.end(), text, text + json.size());
  if (has_bin) {
    append_glb_u32(out, std::uint32_t(document.bin.size()));
    append_glb_u32(out, 0x004E4942);  // "BIN\0"
    out.insert(out.end(), document.bin.begin(), document.bin.end());
  }
  return out;
}

GltfExportResult export_gltf(const aem::Model& model, const std::filesystem::path& output,
                             const GltfExportOptions& options) {
  const std::optional<GltfContainer> container = options.container ? options.container : gltf_container_of(output);
  if (!container)
    throw std::runtime_error(output.string() + ": the output must end in .gltf or .glb (or name its format)");
  const ExportedGltf document = build_gltf(model, options.model_name.empty() ? output.string() : options.model_name);
  GltfExportResult result{{}, document.warnings};
  if (*container == GltfContainer::glb) {
    write_file_atomically(output, glb_bytes(document));
    result.files.push_back(output);
    return result;
  }
  std::filesystem::path bin = output;
  bin.replace_extension(".bin");
  if (!document.bin.empty()) {
    write_file_atomically(bin, document.bin);
    result.files.push_back(bin);
  }
  const std::string json = document.bin.empty() ? document.json : gltf_json_with_buffer_uri(document, bin.filename().string());
  try {
    write_file_atomically(output, std::as_bytes(std::span(json.data(), json.size())));
  } catch (...) {
    std::error_code ignored;
    if (!document.bin.empty()) std::filesystem::remove(bin, ignored);  // no half of an export is left
    throw;
  }
  result.files.push_back(output);
  return result;
}

}  // namespace aem::pipeline
