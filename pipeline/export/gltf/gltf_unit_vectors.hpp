#pragma once
// Normals, tangents, rotation keys and weights that a bake turns back into themselves. A bake normalises every NORMAL
// (in double, then rounded to float) and makes every TANGENT unit length and perpendicular to its
// normal; for a vector that is already unit length in float, that can move a component by one
// float step. So the exporter writes, where it finds one, a vector of the AEM's direction (scaled,
// and within a float step per component) that the bake's arithmetic maps exactly onto the AEM's.

namespace aem::pipeline::gltf {

// A NORMAL for which a bake gives `normal` (the input itself where no nearby one does).
void stable_normal(const float normal[3], float out[3]);

// A TANGENT direction for which a bake, with the vertex's (baked) `normal`, gives `tangent`.
void stable_tangent(const float normal[3], const float tangent[3], float out[3]);

// A rotation key for which a bake's normalisation (in double, rounded to float) gives `rotation`.
void stable_rotation(const float rotation[4], float out[4]);

// WEIGHTS_0 for which a bake's renormalisation (each weight over their sum, in double, rounded
// to float) gives `weights`: each within two float steps of the AEM's where one exists.
void stable_weights(const float weights[4], float out[4]);

}  // namespace aem::pipeline::gltf
