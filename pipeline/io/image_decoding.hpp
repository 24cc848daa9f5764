#pragma once
// A scene's images decoded on demand: the import keeps each image encoded (Scene::images),
// and the material packer decodes those a baked material uses, once each, after checking the
// size their header claims against BakeOptions::limits.
#include <optional>
#include <span>
#include <string>

#include "aem/codec/image.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Image `index`'s pixel source: the image itself, or the earlier image with the same bytes.
int pixel_source(const Scene& scene, int index);

// The encoded bytes of image `index` (which must be its own pixel source and have no problem).
std::span<const unsigned char> encoded_bytes(const Scene& scene, int index);

// The size an encoded image's header claims: PNG and JPEG (anything stb_image reads) or WebP
// (EXT_texture_webp). False when neither reader knows the bytes.
bool read_image_size(std::span<const unsigned char> bytes, int& width, int& height);

// `bytes` (PNG, JPEG or WebP) decoded to RGBA8, or nullopt with `problem` set ("cannot be decoded (reason)").
std::optional<codec::ImageRgba8> decode_rgba8(std::span<const unsigned char> bytes, std::string& problem);

}  // namespace aem::pipeline
