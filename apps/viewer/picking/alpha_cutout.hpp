#pragma once
// Where an alpha-tested material cuts its surface away, on the CPU: the fragment shader
// discards an opaque material's fragment whose base colour alpha is below 0.5 (glTF alphaMode
// MASK, whose alphaCutoff the bake has already applied: specs/aem-v1.md, material type), so
// picking must see through the same texels.
#include "aem/model.hpp"

namespace aem::viewer {

// The base colour texture's alpha (0..1) at texture coordinates (u, v) of `material`: the
// nearest texel of mip level 0, after the texture's wrap modes, decoded from BC7 where stored so
// (BC5 has no alpha: 1). The shader filters between texels, so along a cut-out's edge the two
// may differ by half a texel; elsewhere they agree.
float base_color_alpha(const Model& model, const Material& material, float u, float v);

// Whether the shader discards `material` at (u, v): an opaque (alpha-tested) material whose
// alpha there is below 0.5. Transparent materials are blended, never cut out.
bool is_cut_out(const Model& model, const Material& material, float u, float v);

}  // namespace aem::viewer
