#pragma once
// Vertex colours as a vertex stream (vertex_streams.hpp): a primitive's COLOR_0 read into the
// stream "colour" (4 × f32 linear RGBA per vertex, white where a primitive has none), and the
// stream turned into ExtensionContent::vertex_colours once the vertices are final.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "stages/geometry/vertex_streams.hpp"

namespace aem::pipeline {

inline constexpr const char* kColourStream = "colour";

// The primitive's COLOR_0 (`count` vertices), VEC3 with alpha 1, as the colour stream's values;
// nullopt when it has none. Alpha is 1 for a primitive whose material is OPAQUE (glTF ignores
// alpha there; AEM's opaque materials cut out below 0.5, so it must not reach them). Components outside [0, 1] are clamped with a "vertex colours clamped"
// warning naming `at` (the model and primitive). Throws BakeError for a count other than `count`,
// a type that is not VEC3 or VEC4, or a non-finite value.
std::optional<PrimitiveStreamValues> primitive_colours(const Scene& scene, const Primitive& primitive,
                                                       std::size_t count, const std::string& at, WarningLog& warnings);

// One colour per vertex from the colour stream of `streams`; empty when there is none.
std::vector<std::array<float, 4>> vertex_colours(std::span<const VertexStream> streams);

}  // namespace aem::pipeline
