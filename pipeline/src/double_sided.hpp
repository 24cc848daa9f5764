#pragma once
// AEM triangles are single-sided (specs/aem-v1.md, "Sidedness"): a glTF material marked
// doubleSided keeps both of its sides only if the baker gives every triangle a back face.
// Private to the pipeline.
#include <cstdint>

#include "aem/pipeline/geometry_builder.hpp"
#include "aem/pipeline/gltf_import.hpp"

namespace aem::pipeline {

// Appends to every range whose glTF material is doubleSided a back-facing copy of each of its
// triangles: the winding reversed, on new vertices (one per vertex the range uses) whose normal
// is negated; position, UV, tangent, bitangent, joints and weights are kept, so the tangent
// frame's handedness flips with the normal. Other ranges are untouched. Returns the number of
// triangles added.
std::uint64_t add_back_faces(const GltfDocument& doc, GeometryBuild& geometry);

}  // namespace aem::pipeline
