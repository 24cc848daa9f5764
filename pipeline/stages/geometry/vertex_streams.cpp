#include "stages/geometry/vertex_streams.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace aem::pipeline {

const VertexStream* find_stream(std::span<const VertexStream> streams, const std::string& name) {
  const auto it = std::find_if(streams.begin(), streams.end(), [&](const VertexStream& s) { return s.name == name; });
  return it == streams.end() ? nullptr : &*it;
}

void append_stream_values(std::vector<VertexStream>& streams, std::size_t before,
                          std::span<const PrimitiveStreamValues> given, std::span<const std::uint32_t> sources) {
  for (const PrimitiveStreamValues& g : given) {
    const VertexStream* known = find_stream(streams, g.stream.name);
    if (known && known->stride != g.stream.stride)
      throw std::logic_error("vertex stream " + g.stream.name + " given with two strides");
    if (known) continue;
    VertexStream created = g.stream;
    created.bytes.clear();
    created.bytes.reserve(created.stride * (before + sources.size()));
    for (std::size_t v = 0; v < before; ++v) created.bytes.insert(created.bytes.end(), created.fill.begin(), created.fill.end());
    streams.push_back(std::move(created));
  }
  for (VertexStream& stream : streams) {
    const auto mine = std::find_if(given.begin(), given.end(),
                                   [&](const PrimitiveStreamValues& g) { return g.stream.name == stream.name; });
    for (const std::uint32_t source : sources) {
      const std::byte* value = mine == given.end() ? stream.fill.data() : mine->per_source.data() + source * stream.stride;
      stream.bytes.insert(stream.bytes.end(), value, value + stream.stride);
    }
  }
}

void gather_streams(std::vector<VertexStream>& streams, std::span<const std::uint32_t> order) {
  for (VertexStream& stream : streams) {
    std::vector<std::byte> gathered(order.size() * stream.stride);
    for (std::size_t k = 0; k < order.size(); ++k)
      std::memcpy(gathered.data() + k * stream.stride, stream.bytes.data() + order[k] * stream.stride, stream.stride);
    stream.bytes = std::move(gathered);
  }
}

void append_back_face_values(std::vector<VertexStream>& streams, std::uint32_t front) {
  for (VertexStream& stream : streams) {
    const std::size_t at = stream.bytes.size();
    stream.bytes.resize(at + stream.stride);
    std::memcpy(stream.bytes.data() + at, stream.bytes.data() + std::size_t(front) * stream.stride, stream.stride);
    if (stream.back_face) stream.back_face(stream.bytes.data() + at);
  }
}

void unsign_stream_zeros(std::vector<VertexStream>& streams) {
  for (VertexStream& stream : streams) {
    if (!stream.floats) continue;
    for (std::size_t at = 0; at + 4 <= stream.bytes.size(); at += 4) {
      float f;
      std::memcpy(&f, stream.bytes.data() + at, 4);
      f += 0.0f;
      std::memcpy(stream.bytes.data() + at, &f, 4);
    }
  }
}

}  // namespace aem::pipeline
