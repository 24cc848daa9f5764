#pragma once
// A small glTF the viewer tests write themselves: a 2x2 m quad facing +Z at z = 0 whose base
// colour is an image file the caller names, optionally alpha-tested, and optionally a plain
// quad 1 m behind it. Texture coordinates run (0, 0) at the top left to (1, 1) at the bottom
// right, so the image's left column lies at x = -1.
#include <filesystem>
#include <optional>
#include <string>

namespace aem::test::viewer {

struct TexturedQuad {
  std::string image_uri;              // relative to the glTF, as written into it
  std::optional<float> alpha_cutoff;  // alphaMode MASK with this alphaCutoff; none: OPAQUE
  bool plain_quad_behind = false;     // a second primitive, untextured (material 1), at z = -1
};

// Writes `path` (the buffer inline as a data URI; the image is the caller's to write).
void write_textured_quad_gltf(const std::filesystem::path& path, const TexturedQuad& quad);

}  // namespace aem::test::viewer
