#pragma once
// What a bake reports back: its warnings, its timings and the figures of what it made.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace aem::pipeline {

struct BakeTimings {
  double import_s = 0, geometry_s = 0, skeleton_s = 0, textures_s = 0, compress_s = 0,
         optimise_s = 0, write_s = 0;
};

// One texture's RDO under BakeOptions::rdo_max_loss (specs/bc7-rdo.md, "Quality bound").
struct TextureRdoChoice {
  std::uint32_t texture = 0;    // index in the file's textures
  std::string format;           // "BC7" or "BC5"
  std::string metric;           // "psnr" (samples' squared error) or "normal_angle" (BC5 normal maps)
  std::vector<double> lambdas;  // per mip level, largest first; 0 where the plain encoding was kept
  double loss_db = 0;           // the texture's loss against its plain encoding, its levels pooled
};

struct BakeReport {
  std::vector<std::string> warnings;       // what was lost, each naming the model and element
  std::vector<std::string> warning_codes;  // warning_codes[i]: warnings[i]'s kind, as a code
  BakeTimings timings;
  std::uint64_t vertices = 0, triangles = 0, joints = 0, animations = 0;
  std::map<std::string, unsigned> texture_formats;  // "BC7 1024x1024" style counts by format
  std::uint32_t textures = 0;
  double acmr_before = 0, acmr_after = 0;
  std::uint64_t source_vertices = 0;  // before merging identical vertices
  std::uint64_t back_face_triangles = 0;  // of `triangles`, added for doubleSided materials
  // Not in `triangles`: dropped because merging identical vertices left two or three of their
  // corners on one vertex (they cover no area; Blender drops them on import too).
  std::uint64_t degenerate_triangles = 0;
  std::uint64_t images_decoded = 0, decoded_pixels = 0;  // source images decoded (each once)
  std::vector<TextureRdoChoice> rdo_textures;  // with rdo_max_loss only: each encoded texture's choice
  // Every file the bake read or looked for: the model itself, then its buffers and images (a
  // referenced file that was missing is listed too, so that its arrival counts as a change).
  std::vector<std::filesystem::path> inputs;
};

}  // namespace aem::pipeline
