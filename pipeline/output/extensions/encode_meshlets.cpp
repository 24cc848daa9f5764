#include "output/extensions/encode_meshlets.hpp"

#include <string>

#include "aem/ext_meshlets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/payload_bytes.hpp"

namespace aem::pipeline {

ExtensionPayload encode_meshlets(const ModelContent& content) {
  const MeshletsContent& in = content.extensions.meshlets;
  if (in.meshes.size() != content.meshes.size())
    throw InvalidContent("meshlets: group lists for " + std::to_string(in.meshes.size()) +
                         " meshes, but the model has " + std::to_string(content.meshes.size()));
  std::vector<MeshletMesh> meshes;
  std::vector<MeshletGroup> groups;
  std::vector<Meshlet> meshlets;
  std::uint32_t vertex_count = 0, triangle_count = 0;
  for (const std::vector<MeshletGroupContent>& mesh : in.meshes) {
    meshes.push_back({std::uint32_t(groups.size()), std::uint32_t(mesh.size()), {0, 0}});
    for (const MeshletGroupContent& group : mesh) {
      groups.push_back({std::uint32_t(meshlets.size()), std::uint32_t(group.meshlets.size()), {0, 0}});
      for (Meshlet m : group.meshlets) {
        m.first_vertex += vertex_count;
        m.first_triangle += triangle_count;
        meshlets.push_back(m);
      }
      vertex_count += std::uint32_t(group.vertices.size());
      triangle_count += std::uint32_t(group.triangles.size());
    }
  }
  ExtensionPayload payload{std::string(kMeshletsExtension), false, kMeshletsRecordVersion, {}};
  std::vector<std::byte>& out = payload.bytes;
  out.reserve(sizeof(MeshletsHeader) + 16 * (meshes.size() + groups.size()) + 64 * meshlets.size() +
              4 * (std::size_t(vertex_count) + triangle_count) + 15);
  append_record(out, MeshletsHeader{std::uint32_t(meshes.size()), std::uint32_t(groups.size()),
                                    std::uint32_t(meshlets.size()), vertex_count, triangle_count, in.max_vertices,
                                    in.max_triangles, 0});
  append_array(out, std::span<const MeshletMesh>(meshes));
  append_array(out, std::span<const MeshletGroup>(groups));
  append_array(out, std::span<const Meshlet>(meshlets));
  for (const std::vector<MeshletGroupContent>& mesh : in.meshes)
    for (const MeshletGroupContent& group : mesh) append_array(out, std::span<const std::uint32_t>(group.vertices));
  for (const std::vector<MeshletGroupContent>& mesh : in.meshes)
    for (const MeshletGroupContent& group : mesh) append_array(out, std::span<const std::uint32_t>(group.triangles));
  pad_to_16(out);
  return payload;
}

}  // namespace aem::pipeline
