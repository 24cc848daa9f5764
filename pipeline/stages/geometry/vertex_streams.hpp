#pragma once
// Per-vertex data beside the 88-byte Vertex records: what the extensions carry (vertex colours,
// the second UV set, where a vertex's morph deltas come from). A stream is parallel to the
// vertices (same order, same count) and goes with them through every geometry stage: merged with
// them (two vertices merge only if their streams agree too), reordered, copied to back faces.
// A bake with no stream orders its vertices exactly as before streams existed.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <string>
#include <vector>

namespace aem::pipeline {

// How a double-sided material's back-face copy changes one vertex's value (`stride` bytes in
// place): a normal delta turns round with the normal, a colour does not (nullptr: copied as is).
using BackFaceRule = void (*)(std::byte* value);

struct VertexStream {
  std::string name;               // the stage's name for it ("colour"), unique in a bake
  std::size_t stride = 0;         // bytes per vertex, > 0
  std::vector<std::byte> fill;    // `stride` bytes: the value of a vertex whose primitive has none
  bool floats = false;            // every 4 bytes an f32: -0 becomes +0 before vertices merge
  BackFaceRule back_face = nullptr;
  std::vector<std::byte> bytes;   // stride × vertex count
  std::span<const std::byte> value(std::size_t vertex) const { return {bytes.data() + vertex * stride, stride}; }
};

// One primitive's values of a stream, one per source vertex of the primitive (the builder gives
// split vertices their source's value).
struct PrimitiveStreamValues {
  VertexStream stream;                 // name, stride, fill, floats, back_face; bytes unused
  std::vector<std::byte> per_source;   // stride × the primitive's source vertex count
};

// The stream named `name`, or nullptr.
const VertexStream* find_stream(std::span<const VertexStream> streams, const std::string& name);

// The stream named `name` read back as one `Value` per vertex (the stream's stride must be
// sizeof(Value)); empty when there is no such stream.
template <class Value>
std::vector<Value> stream_values(std::span<const VertexStream> streams, const std::string& name) {
  static_assert(std::is_trivially_copyable_v<Value>);
  std::vector<Value> out;
  if (const VertexStream* stream = find_stream(streams, name)) {
    out.resize(stream->bytes.size() / sizeof(Value));
    std::memcpy(out.data(), stream->bytes.data(), out.size() * sizeof(Value));
  }
  return out;
}

// Sets `out.per_source` to the bytes of `values` (one element per source vertex, or a flat
// array of the stream's components).
template <class Value>
void set_per_source(PrimitiveStreamValues& out, std::span<const Value> values) {
  static_assert(std::is_trivially_copyable_v<Value>);
  out.per_source.resize(values.size_bytes());
  if (!values.empty()) std::memcpy(out.per_source.data(), values.data(), values.size_bytes());
}

// Appends `sources.size()` vertices' values to every stream: vertex k takes its primitive's value
// of source vertex sources[k] from `given`, or the stream's fill when the primitive has none. A
// stream first given now is created and filled for the `before` vertices that came earlier.
// Throws std::logic_error when a stream comes back with another stride.
void append_stream_values(std::vector<VertexStream>& streams, std::size_t before,
                          std::span<const PrimitiveStreamValues> given, std::span<const std::uint32_t> sources);

// Streams of the vertices `order` names, in that order (order[k]: the old vertex of new vertex k).
void gather_streams(std::vector<VertexStream>& streams, std::span<const std::uint32_t> order);

// Appends to every stream a copy of vertex `front`'s value, changed by its back_face rule.
void append_back_face_values(std::vector<VertexStream>& streams, std::uint32_t front);

// -0 made +0 in every float stream (VertexStream::floats).
void unsign_stream_zeros(std::vector<VertexStream>& streams);

}  // namespace aem::pipeline
