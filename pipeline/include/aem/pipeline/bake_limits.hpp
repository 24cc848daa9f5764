#pragma once
// What one bake may decode, allocate and write.
#include <cstdint>

namespace aem::pipeline {

// Ceilings on what one bake may decode, allocate and write, so that a small hostile file (a 1 MB
// PNG whose header claims 16384x16384 texels, thousands of joints times thousands of animations,
// an accessor of 2^28 zero vertices) fails at once with a BakeError naming the model, the element,
// the amount, the limit and the option that raises it, instead of exhausting memory. The defaults
// pass every real model of the corpus by a wide margin. Limits only decide whether a bake fails,
// never what it writes (specs/bake.md, "Limits").
struct BakeLimits {
  std::uint64_t max_image_pixels = std::uint64_t(1) << 26;  // per image a baked material uses (8192x8192)
  std::uint64_t max_total_pixels = std::uint64_t(1) << 28;  // summed over the images a bake decodes
  std::uint64_t max_vertices = std::uint64_t(1) << 24;      // vertices (or indices) of every placed mesh
  std::uint64_t max_animation_keys = std::uint64_t(1) << 24;  // keys of all tracks, after resampling
  std::uint64_t max_output_bytes = std::uint64_t(1) << 31;  // the AEM file
  // Bytes that compressed glTF (EXT_meshopt_compression, KHR_draco_mesh_compression) decodes
  // to, summed over the file, checked before each is allocated: as much as a .glb can hold.
  std::uint64_t max_decoded_bytes = std::uint64_t(1) << 31;
};

}  // namespace aem::pipeline
