#pragma once
// Models for tests, built as pipeline::ModelContent: the tiny worked example of specs/aem-v1.md
// and random valid models of any shape.
#include <cstdint>

#include "aem/pipeline/model_content.hpp"

namespace aem::test {

// One triangle, one material with three 1x1 textures, one joint, one animation with four keys:
// the worked example of specs/aem-v1.md, byte for byte.
pipeline::ModelContent tiny_model();

// tiny_model() with a morph_targets extension: one group "Face" of two targets over its three
// vertices, "smile" dense (positions, default weight 0.25) and "blink" sparse on vertex 1
// (positions and normals), and an empty weight track for its animation.
pipeline::ModelContent morphed_tiny_model();

// tiny_model()'s triangle three times over (twice wound one way, once the other), two `lods`
// levels of two and one triangles, and one meshlet per level holding all of it (no cone: the
// triangles face both ways).
pipeline::ModelContent tiny_model_with_meshlets();

// tiny_model() as two separate triangles of its one mesh, each moved by a morph group of its own:
// "Face" (vertices 0-2) with "smile" (dense positions, default weight 0.25) and "blink" (sparse
// on vertex 1, normals only), "Brow" (vertices 3-5) with "raise" (dense positions, default 0.5);
// its animation has three weight keys for Face and two for Brow.
pipeline::ModelContent two_group_morph_model();

// A valid model with random counts (zero included) and random contents, the same for a seed.
pipeline::ModelContent random_model(std::uint32_t seed);

}  // namespace aem::test
