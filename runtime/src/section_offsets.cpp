#include "aem/model_view.hpp"

namespace aem {

SectionOffsets section_offsets(const Header& h) {
  SectionOffsets s;
  s.vertices = sizeof(Header);
  s.indices = s.vertices + std::uint64_t{h.vertex_count} * sizeof(Vertex);
  s.image_buffer = s.indices + std::uint64_t{h.index_count} * sizeof(std::uint32_t);
  s.textures = s.image_buffer + h.image_buffer_size;
  s.meshes = s.textures + std::uint64_t{h.texture_count} * sizeof(Texture);
  s.materials = s.meshes + std::uint64_t{h.mesh_count} * sizeof(Mesh);
  s.joints = s.materials + std::uint64_t{h.material_count} * sizeof(Material);
  s.animations = s.joints + std::uint64_t{h.joint_count} * sizeof(Joint);
  s.tracks = s.animations + std::uint64_t{h.animation_count} * sizeof(Animation);
  s.keyframes = s.tracks + std::uint64_t{h.track_count} * sizeof(Track);
  s.end = s.keyframes + std::uint64_t{h.keyframe_count} * sizeof(Keyframe);
  return s;
}

}  // namespace aem
