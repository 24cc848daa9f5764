#include "scene/stream_reader.hpp"

#include <algorithm>
#include <cstring>

#include "aem/pipeline/bake_error.hpp"
#include "scene/component_type.hpp"

namespace aem::pipeline {
namespace {

// One component as double; normalized integers scaled as the glTF spec says.
double read_component(const unsigned char* p, ComponentType type, bool normalized) {
  switch (type) {
    case ComponentType::i8: {
      const auto v = static_cast<std::int8_t>(*p);
      return normalized ? std::max(double(v) / 127.0, -1.0) : double(v);
    }
    case ComponentType::u8: return normalized ? *p / 255.0 : double(*p);
    case ComponentType::i16: {
      std::int16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? std::max(double(v) / 32767.0, -1.0) : double(v);
    }
    case ComponentType::u16: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return normalized ? v / 65535.0 : double(v);
    }
    case ComponentType::u32: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return normalized ? v / 4294967295.0 : double(v);
    }
    case ComponentType::f32: {
      float v;
      std::memcpy(&v, p, 4);
      return double(v);
    }
  }
  return 0;  // not reached: the switch names every type
}

template <class T, class Convert>
std::vector<T> read_stream(const Scene& scene, std::int32_t index, std::size_t components, const std::string& what,
                           Convert convert, std::size_t max_count = std::size_t(-1)) {
  const Stream& s = scene.streams[std::size_t(index)];
  if (s.components != components)
    throw BakeError(what + ": " + s.where + " has " + std::to_string(s.components) + " components, expected " +
                    std::to_string(components));
  const std::size_t csize = component_bytes(s.component);
  const std::size_t element = csize * components;
  const std::size_t count = std::min<std::size_t>(s.count, max_count);
  std::vector<T> out(count * components, T{});
  if (s.buffer != kNone) {
    const unsigned char* base = scene.buffers[std::size_t(s.buffer)].data() + s.offset;
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t c = 0; c < components; ++c)
        out[i * components + c] = convert(base + i * s.stride + c * csize, s.component, s.normalized);
  }
  if (s.sparse.count > 0) {
    const unsigned char* ibase = scene.buffers[std::size_t(s.sparse.index_buffer)].data() + s.sparse.index_offset;
    const unsigned char* vbase = scene.buffers[std::size_t(s.sparse.value_buffer)].data() + s.sparse.value_offset;
    const std::size_t isize = component_bytes(s.sparse.index_type);
    for (std::size_t k = 0; k < s.sparse.count; ++k) {
      const auto target = std::uint64_t(read_component(ibase + k * isize, s.sparse.index_type, false));
      if (target >= s.count)
        throw BakeError(scene.model.string() + ": " + s.where + ": sparse index " + std::to_string(target) +
                        " out of range for " + std::to_string(s.count) + " elements");
      if (target >= count) continue;  // past the elements asked for
      for (std::size_t c = 0; c < components; ++c)
        out[target * components + c] = convert(vbase + k * element + c * csize, s.component, s.normalized);
    }
  }
  return out;
}

float as_float(const unsigned char* p, ComponentType type, bool normalized) {
  return float(read_component(p, type, normalized));
}

}  // namespace

std::size_t stream_count(const Scene& scene, std::int32_t stream) { return scene.streams[std::size_t(stream)].count; }

void require_vertex_count(const Scene& scene, std::int32_t stream, std::size_t count, const std::string& what) {
  const Stream& source = scene.streams[std::size_t(stream)];
  if (source.count != count)
    throw BakeError(what + " " + source.where + " has " + std::to_string(source.count) + " elements but POSITION has " +
                    std::to_string(count));
}

std::vector<float> read_floats(const Scene& scene, std::int32_t stream, std::size_t components,
                               const std::string& what) {
  return read_stream<float>(scene, stream, components, what, as_float);
}

std::vector<float> read_first_floats(const Scene& scene, std::int32_t stream, std::size_t components,
                                     std::size_t count, const std::string& what) {
  return read_stream<float>(scene, stream, components, what, as_float, count);
}

std::vector<std::uint32_t> read_uints(const Scene& scene, std::int32_t stream, std::size_t components,
                                      const std::string& what) {
  const Stream& s = scene.streams[std::size_t(stream)];
  if (s.component != ComponentType::u8 && s.component != ComponentType::u16 && s.component != ComponentType::u32)
    throw BakeError(what + ": " + s.where + " must hold unsigned integers (componentType " +
                    std::to_string(gltf_component_code(s.component)) + ")");
  return read_stream<std::uint32_t>(scene, stream, components, what,
                                    [](const unsigned char* p, ComponentType type, bool) {
                                      return std::uint32_t(read_component(p, type, false));
                                    });
}

}  // namespace aem::pipeline
