#pragma once
// A vertex's position as the vertex shader poses it, on the CPU: for picking and framing.
#include <span>

#include "aem/format.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

// The position of `vertex` under `skinning` (16 floats per joint, column-major, as
// AnimationPlayer::skinning()): the weighted sum of its joints' matrices, without renormalising
// the weights, exactly as shaders.cpp does. Influences naming a joint past the span, or with no
// weight, are skipped; a vertex with none (or an empty span) keeps its bind position.
Vec3 posed_position(const Vertex& vertex, std::span<const float> skinning);

}  // namespace aem::viewer
