#pragma once
// The bitangent a bake stores, predicted from the vertex's normal and tangent: what the packed
// container's bitangent-prediction filter (PackedFilter::bitangent_prediction,
// specs/packed-aem.md) stores each bitangent against.
#include <array>
#include <cstddef>
#include <span>

#include "aem/export.h"

namespace aem {

// normalize(cross(normal, tangent)) rounded to floats, as the baker computes it for handedness
// +1 (handedness -1 gives the same with every sign flipped); {0, 0, 0} when the cross product's
// length is not above 1e-20 or not finite. The same bits on every IEEE-754 platform whatever the
// compiler contracts: the cross product's float products are exact in double, and each square of
// the length is rounded on its own before it is added.
AEM_API std::array<float, 3> predict_bitangent(const float (&normal)[3], const float (&tangent)[3]);

// XORs the 12 bitangent bytes of every vertex in `vertices` (whole aem::Vertex records as they
// lie in a file: little-endian host, 88 bytes each) with predict_bitangent of its normal and
// tangent, which it leaves alone; applied twice, it gives back the bytes. Precondition:
// vertices.size() is a multiple of sizeof(aem::Vertex).
AEM_API void xor_predicted_bitangents(std::span<std::byte> vertices);

}  // namespace aem
