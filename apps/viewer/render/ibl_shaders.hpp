#pragma once
// GLSL 330 core sources of the image-based-lighting precomputation and the background.
namespace aem::viewer {

extern const char* const kFullScreenVertexShader;    // a triangle covering the viewport; v_ndc
extern const char* const kPrefilterSpecularShader;  // GGX importance sampling of one cube face
extern const char* const kBrdfLutShader;            // split-sum scale and bias
extern const char* const kBackgroundShader;         // the equirectangular source behind the model

}  // namespace aem::viewer
