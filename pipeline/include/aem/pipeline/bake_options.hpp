#pragma once
// What `aem bake` can be asked to do, what it reports back, and the error it throws for input it
// cannot bake. Shared by every bake stage.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "aem/codec/bc7.hpp"

namespace aem::pipeline {

enum class TextureEncoding { bc, rgba };  // bc: BC7 base colour and PBR, BC5 normals

// "bc" or "rgba", the names the command line, manifests and bake stamps use.
std::string_view to_string(TextureEncoding encoding);
std::optional<TextureEncoding> parse_texture_encoding(std::string_view name);

// Lets whoever drives a bake from another thread watch its texture work and stop it. Every
// pointer is optional; none of them changes the bytes a bake produces.
struct BakeSignals {
  const std::atomic<bool>* cancel = nullptr;           // once set, the bake throws BakeCancelled
  std::atomic<std::uint64_t>* blocks_total = nullptr;  // grows as textures are queued for encoding
  std::atomic<std::uint64_t>* blocks_done = nullptr;   // grows as their block rows are encoded
};

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

struct BakeOptions {
  int scene = -1;                       // -1: the file's default scene (or scene 0)
  TextureEncoding textures = TextureEncoding::bc;
  codec::Bc7Quality quality = codec::Bc7Quality::normal;
  // RDO λ for BC7 and BC5 textures (aem/codec/rdo.hpp): 0 (off) or a positive number up to
  // codec::kMaxRdoLambda; not allowed with rgba textures (rdo_option_problem).
  double rdo_lambda = 0;
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
};

// Why options.rdo_lambda cannot apply (empty when it can): an invalid λ, or a λ above 0 with
// rgba textures, which have no blocks to optimise (refused rather than silently ignored).
std::string rdo_option_problem(const BakeOptions& options);

// A glTF file that cannot be baked: the message names the file, what is wrong and where.
struct BakeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bake stopped because BakeSignals::cancel was set; nothing was written.
struct BakeCancelled : BakeError {
  using BakeError::BakeError;
};

// Throws BakeCancelled ("<model>: bake cancelled") once options.signals.cancel is set. Costs
// one relaxed atomic load, so every stage calls it between steps and every few thousand
// elements (rows, triangles, keys) of its long loops: a cancel is noticed within a fraction of
// a second wherever the bake is.
void throw_if_cancelled(const BakeOptions& options, const std::filesystem::path& model);
// The same for code that is handed the flag alone (null: never cancelled).
void throw_if_cancelled(const std::atomic<bool>* cancel);

// How many light elements (vertices, triangles, texels) a long loop handles between two checks:
// far under a millisecond of work, and far more than enough to make the check free.
constexpr std::size_t kCancelCheckInterval = std::size_t(1) << 16;

struct BakeTimings {
  double import_s = 0, geometry_s = 0, skeleton_s = 0, textures_s = 0, compress_s = 0,
         optimise_s = 0, write_s = 0;
};

// Collects warnings once per kind ("vertex colours", "cameras"...), with the first detail. A
// kind's code, as reports give it, is the kind in lower case with '_' for anything but letters
// and digits ("vertex_colours"): kinds are a stable vocabulary, the details are not.
class WarningLog {
 public:
  explicit WarningLog(bool strict = false) : strict_(strict) {}
  // Records a warning of `kind`; only the first per kind is kept. In strict mode throws BakeError.
  void warn(const std::string& kind, const std::string& detail);
  // The same, kept once per kind and element (an extension's name, a material): for losses that
  // each element has on its own.
  void warn(const std::string& kind, const std::string& element, const std::string& detail);
  const std::vector<std::string>& messages() const { return messages_; }
  const std::vector<std::string>& codes() const { return codes_; }  // parallel to messages()

 private:
  bool strict_;
  std::set<std::string> seen_;
  std::vector<std::string> messages_;
  std::vector<std::string> codes_;
};

// "vertex colours" -> "vertex_colours".
std::string warning_code(std::string_view kind);

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
  // Every file the bake read or looked for: the glTF itself, then its buffers and images (a
  // referenced file that was missing is listed too, so that its arrival counts as a change).
  std::vector<std::filesystem::path> inputs;
};

// Why `dir` cannot be an allowed directory ("no such directory", "is not a directory"); empty
// when it can.
std::string allowed_dir_problem(const std::filesystem::path& dir);

}  // namespace aem::pipeline
