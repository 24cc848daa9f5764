#pragma once
// AEM triangles are single-sided (specs/aem-v1.md, "Sidedness"): a glTF material marked
// doubleSided keeps both of its sides only if the baker gives every triangle a back face.
// Private to the pipeline.
#include <cstdint>

#include "stages/geometry/geometry_builder.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Appends to every range whose glTF material is doubleSided a back-facing copy of each of its
// triangles: the winding reversed, on new vertices (one per vertex the range uses) whose normal,
// tangent and bitangent are negated; position, UV, joints and weights are kept; each vertex
// stream's value is copied and changed by the stream's back_face rule. Other ranges
// are untouched. Returns the number of triangles added; throws BakeError when the copies would
// take the model past the vertices an AEM file can hold.
std::uint64_t add_back_faces(const Scene& scene, GeometryBuild& geometry);

}  // namespace aem::pipeline
