#pragma once
// How a bake stores textures, by the names the command line, manifests and bake stamps use.
#include <optional>
#include <string_view>

namespace aem::pipeline {

enum class TextureEncoding { bc, rgba };  // bc: BC7 base colour and PBR, BC5 normals

// "bc" or "rgba".
std::string_view to_string(TextureEncoding encoding);
std::optional<TextureEncoding> parse_texture_encoding(std::string_view name);

}  // namespace aem::pipeline
