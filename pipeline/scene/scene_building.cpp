#include "scene/scene_building.hpp"

namespace aem::pipeline {

std::int32_t append_stream(Scene& scene, std::vector<unsigned char>& bytes, std::int32_t buffer, const std::string& where,
                           ComponentType type, std::uint8_t components, bool normalized, std::size_t count) {
  Stream s;
  s.where = where;
  s.component = type;
  s.components = components;
  s.normalized = normalized;
  s.count = count;
  s.buffer = buffer;
  s.offset = bytes.size();
  s.stride = std::uint32_t(component_bytes(type) * components);
  bytes.resize(bytes.size() + std::size_t(s.stride) * count);
  scene.streams.push_back(std::move(s));
  return std::int32_t(scene.streams.size() - 1);
}

void add_linear_channel(Animation& animation, const std::string& where, std::int32_t node, TargetPath path, std::int32_t input,
                        std::int32_t output) {
  AnimationSampler sampler;
  sampler.where = where;
  sampler.input = input;
  sampler.output = output;
  sampler.interpolation = Interpolation::linear;
  animation.samplers.push_back(sampler);
  Channel channel;
  channel.where = where;
  channel.sampler = std::int32_t(animation.samplers.size() - 1);
  channel.node = node;
  channel.path = path;
  channel.path_name = path == TargetPath::translation ? "translation"
                      : path == TargetPath::rotation  ? "rotation"
                      : path == TargetPath::weights   ? "weights"
                                                      : "scale";
  animation.channels.push_back(channel);
}

}  // namespace aem::pipeline
