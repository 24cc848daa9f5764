#pragma once
// A vertex's position as the vertex shader poses it, on the CPU: for picking and framing.
#include <span>
#include <vector>

#include "aem/format.hpp"
#include "aem/model.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

// The position of `vertex` under `skinning` (16 floats per joint, column-major, as
// AnimationPlayer::skinning()): the weighted sum of its joints' matrices, without renormalising
// the weights, exactly as shaders.cpp does. Influences naming a joint past the span, or with no
// weight, are skipped; a vertex with none (or an empty span) keeps its bind position.
Vec3 posed_position(const Vertex& vertex, std::span<const float> skinning);

// Every vertex of `model` as the vertex shader poses it: moved by its morph targets with
// `morph_weights` (one per target, AnimationPlayer::morph_weights(); empty or another count: not
// morphed) through aem::apply_morph_targets, then skinned by posed_position.
std::vector<Vec3> posed_positions(const Model& model, std::span<const float> skinning,
                                  std::span<const float> morph_weights);

}  // namespace aem::viewer
