#pragma once
// -0 becomes +0 in every float of a vertex. The bake does it before vertices merge: a zero's sign
// comes and goes with the arithmetic that reaches it (an identity transform turns -0 into +0), so
// without it a re-bake of the bake's own output would merge and order vertices differently. The
// glTF export compares vertices as the bake leaves them, so it does the same.
#include "aem/format.hpp"

namespace aem::pipeline::math {

inline void unsign_zeros(Vertex& v) {
  for (float* field : {v.position, v.normal, v.tangent, v.bitangent})
    for (int c = 0; c < 3; ++c) field[c] += 0.0f;
  for (float& f : v.uv) f += 0.0f;
  for (float& f : v.weights) f += 0.0f;
}

}  // namespace aem::pipeline::math
