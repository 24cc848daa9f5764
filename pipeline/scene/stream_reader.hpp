#pragma once
// Reads a scene's streams (scene.hpp) into plain arrays: any component type (normalized integers
// scaled to [0,1] or [-1,1], plain integers as their values, as KHR_mesh_quantization allows),
// strides, and sparse substitution. Streams are decoded only when a stage bakes them, so an
// unused or unplaced stream costs nothing. The scene must have been checked (its producer or
// check_scene): every range lies inside its buffer.
#include <cstdint>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// count × components floats. Throws BakeError when the stream does not have `components`
// components (`what` names the model and the use, e.g. "hero.gltf: mesh 0 primitive 1 POSITION";
// the message is "<what>: <stream's where> has ...").
std::vector<float> read_floats(const Scene& scene, std::int32_t stream, std::size_t components,
                               const std::string& what);

// The same for the first min(count, the stream's count) elements only: for uses that need no
// more (a skin's inverse bind matrices, one per joint), so a hostile count costs nothing.
std::vector<float> read_first_floats(const Scene& scene, std::int32_t stream, std::size_t components,
                                     std::size_t count, const std::string& what);

// Unsigned integers (indices, joint indices as VEC4 via components = 4).
std::vector<std::uint32_t> read_uints(const Scene& scene, std::int32_t stream, std::size_t components,
                                      const std::string& what);

// The stream's element count, known without reading it.
std::size_t stream_count(const Scene& scene, std::int32_t stream);

// Throws BakeError "<what> <stream's where> has N elements but POSITION has <count>" unless the
// stream has `count` elements: an attribute needs one element per vertex.
void require_vertex_count(const Scene& scene, std::int32_t stream, std::size_t count, const std::string& what);

}  // namespace aem::pipeline
