// StreamWriter: the producer's streams over one buffer of the scene (aamf_scene_builder.hpp).
#include "import/aamf/aamf_scene_builder.hpp"
#include "scene/scene_building.hpp"

namespace aem::pipeline::aamf {

std::int32_t StreamWriter::add(const std::string& where, ComponentType type, std::uint8_t components, bool normalized, const void* data,
                               std::size_t count) {
  const std::int32_t index = append_stream(scene, bytes, buffer, where, type, components, normalized, count);
  const Stream& s = scene.streams[std::size_t(index)];
  if (count > 0) std::memcpy(bytes.data() + s.offset, data, std::size_t(s.stride) * count);
  return index;
}

StreamWriter stream_writer(Scene& scene) {
  scene.buffers.emplace_back();
  return StreamWriter{scene, std::int32_t(scene.buffers.size() - 1), {}};
}

}  // namespace aem::pipeline::aamf
