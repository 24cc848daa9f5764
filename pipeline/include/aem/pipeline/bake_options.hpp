#pragma once
// What `aem bake` can be asked to do. What a bake gives back has headers of its own: its errors
// (bake_error.hpp), warnings (warning_log.hpp) and report (bake_report.hpp).
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/codec/bc7.hpp"
#include "aem/pipeline/bake_limits.hpp"
#include "aem/pipeline/bake_signals.hpp"
#include "aem/pipeline/texture_encoding.hpp"

namespace aem::pipeline {

struct BakeOptions {
  int scene = -1;                       // -1: the file's default scene (or scene 0)
  TextureEncoding textures = TextureEncoding::bc;
  codec::Bc7Quality quality = codec::Bc7Quality::normal;
  // RDO λ for BC7 and BC5 textures (aem/codec/rdo.hpp): 0 (off) or a positive number up to
  // codec::kMaxRdoLambda; not allowed with rgba textures (rdo_option_problem).
  double rdo_lambda = 0;
  // RDO under a quality bound (aem/codec/rdo_bound.hpp): 0 (off) or the largest loss in dB, up to
  // codec::kMaxRdoLoss, each texture may take against its plain encoding, the λ found per mip
  // level. Not with rdo_lambda above 0 nor with rgba textures (rdo_bound_option_problem).
  double rdo_max_loss = 0;
  std::uint32_t max_texture_size = 0;   // 0: keep source sizes
  bool strict = false;                  // warnings become errors
  unsigned threads = 1;                 // texture compression threads; output is the same for any
  double resample_tolerance = 1e-4;     // STEP/CUBICSPLINE resampling, relative to value range
  double aamf_fps = 30.0;               // keyframes per second of AAMF animations (the format
                                        // stores none): finite and > 0
  bool regenerate_tangents = false;     // ignore glTF TANGENT data and generate tangents instead
  bool allow_missing = false;           // a missing or undecodable image a baked material uses
                                        // is a warning (baked without it), not an error
  BakeLimits limits{};
  // Directories besides the model's own that its buffers and images may be read from (a
  // studio's shared texture folder); relative ones are relative to the working directory. Each
  // must exist. A URI leading anywhere else is an error (specs/bake.md, "Reading").
  std::vector<std::filesystem::path> allowed_dirs{};
  BakeSignals signals{};
  // false (`aem bake --dry-run` only): block-compressed mip levels are zero bytes of their exact
  // size instead of being encoded, so that the content's layout and file size are a real
  // bake's without the encoder's cost. Such content must never be written; no stamp records it.
  bool encode_textures = true;
  // `aem bake --format-version 1`: plain version 1, no extension area (specs/aem-extensions.md
  // section 3); what an extension would carry is dropped with version 1's warnings instead.
  bool version_1_only = false;
  // `aem bake --lods N --lod-error E` (specs/aem-extensions.md, `lods`): at most N levels of
  // detail per mesh (0: none, and no `lods` extension: the bytes of a bake without the option),
  // E the largest error a level may have, relative to the extent of the model's vertices
  // (meshoptimizer's target_error), in (0, 1]. Not with version_1_only (lod_option_problem).
  std::uint32_t lods = 0;
  double lod_error = 0.05;
  // `aem bake --meshlets --meshlet-vertices V --meshlet-triangles T` (specs/aem-extensions.md,
  // `meshlets`): every level of every mesh cut into meshlets of at most V vertices and T
  // triangles (off: no `meshlets` extension, the bytes of a bake without the option). V and T
  // apply only with meshlets on. Not with version_1_only (meshlet_option_problem).
  bool meshlets = false;
  std::uint32_t meshlet_vertices = 64;
  std::uint32_t meshlet_triangles = 124;
};

inline constexpr std::uint32_t kMaxLods = 16;  // more halvings than any mesh has triangles for
// What meshoptimizer 0.18's meshlet builder accepts, inside the format's 256/256: at most 255
// vertices (it marks an unused vertex with 0xff) and a multiple of 4 triangles (it pads each
// meshlet's triangle bytes to 4).
inline constexpr std::uint32_t kMaxMeshletVertices = 255;
inline constexpr std::uint32_t kMaxMeshletTriangles = 256;

// Why options.rdo_lambda cannot apply (empty when it can): an invalid λ, or a λ above 0 with
// rgba textures, which have no blocks to optimise (refused rather than silently ignored).
std::string rdo_option_problem(const BakeOptions& options);

// Why options.rdo_max_loss cannot apply (empty when it can): an invalid bound, a bound above 0
// with rgba textures, or together with an RDO λ above 0 (the bound chooses the λ itself).
std::string rdo_bound_option_problem(const BakeOptions& options);

// Why options.lods and lod_error cannot apply (empty when they can): more than kMaxLods levels,
// an error outside (0, 1], or levels asked of a plain version-1 bake, which cannot carry them.
std::string lod_option_problem(const BakeOptions& options);

// Why options.meshlets and its limits cannot apply (empty when they can): vertices outside
// 3..kMaxMeshletVertices, triangles outside 4..kMaxMeshletTriangles or not a multiple of 4, or
// meshlets asked of a plain version-1 bake, which cannot carry them.
std::string meshlet_option_problem(const BakeOptions& options);

// Why `dir` cannot be an allowed directory ("no such directory", "is not a directory"); empty
// when it can.
std::string allowed_dir_problem(const std::filesystem::path& dir);

}  // namespace aem::pipeline
