#pragma once
// The second UV set (the uv1 extension) as a vertex stream (vertex_streams.hpp): a primitive's
// TEXCOORD_n of its material's AEM set 1 (texture_transform.hpp), transformed, into the stream
// "uv1" (2 × f32 per vertex, (0, 0) where a material has no second set), and the stream turned
// into ExtensionContent::uv1's UVs once the vertices are final.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "stages/geometry/texture_transform.hpp"
#include "stages/geometry/vertex_streams.hpp"

namespace aem::pipeline {

inline constexpr const char* kUv1Stream = "uv1";

// The primitive's UVs of `plan.second_set` (`count` vertices) as the stream's values; nullopt
// when the plan has no second set. A primitive without that TEXCOORD_n gets (0, 0) and a
// "missing uvs" warning naming `at`. Throws BakeError for a count other than `count` or a
// non-finite value.
std::optional<PrimitiveStreamValues> primitive_uv1(const Scene& scene, const Primitive& primitive, const MaterialUv& plan,
                                                   std::size_t count, const std::string& at, WarningLog& warnings);

// One UV per vertex from the uv1 stream of `streams`; empty when there is none.
std::vector<std::array<float, 2>> uv1_values(std::span<const VertexStream> streams);

}  // namespace aem::pipeline
