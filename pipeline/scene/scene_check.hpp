#pragma once
// The trust boundary between a scene's producer and the bake stages: every index, enum value,
// count and byte range of a Scene is checked before any stage reads it. The glTF importer refuses
// bad input first, with glTF's words, so for it this never fires; a scene from another process
// (the Assimp importer's child) is hostile input, and this is what keeps the stages' reads in
// bounds (specs/scene-description.md §2.4).
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// The most elements a stream may have (the glTF importer's limit on accessors).
inline constexpr std::uint64_t kMaxStreamElements = std::uint64_t(1) << 28;

// Throws BakeError "<model>: <element's where>: <what is wrong>" for the first problem found.
// Checks: stream types, element sizes, strides and byte ranges (sparse parts too) within their
// buffers; every index (node, mesh, skin, stream, material, texture, sampler, image, animation
// sampler) in range or kNone where allowed; the nodes form a forest whose parent and children
// links agree; the roots are distinct roots of it; each image's bytes lie in their buffer and
// `same_as` names an earlier image. Allocates a few bytes per node, nothing per count.
void check_scene(const Scene& scene);

}  // namespace aem::pipeline
