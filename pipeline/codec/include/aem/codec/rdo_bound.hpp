#pragma once
// RDO under a quality bound (specs/bc7-rdo.md, "Quality bound"): instead of a λ, the largest loss
// against the plain encoding a texture may take, in dB; each mip level gets the strongest λ whose
// result, measured on what is written, stays within it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "aem/codec/image.hpp"
#include "aem/codec/texture_compress.hpp"

namespace aem::codec {

// The largest accepted bound: 20 dB is ten times the plain encoding's RMS error.
inline constexpr double kMaxRdoLoss = 20.0;
// Where a level's λ search starts when no earlier level suggests one (about 1 dB on the corpus).
inline constexpr double kRdoStartLambda = 0.25;

// Why `db` is not a valid bound (empty when it is): it must be a finite number from 0 to
// kMaxRdoLoss.
std::string rdo_max_loss_problem(double db);

// Parses a command-line or manifest bound ("1", "0.5"); throws std::invalid_argument naming the
// text and the accepted range when it is not a number, is negative, NaN, infinite or too large,
// or has trailing characters.
double parse_rdo_max_loss(std::string_view text);

// What a level's loss is measured on, against the source level:
// - samples: the squared error over the samples the format stores (BC7: R, G, B, A; BC5: R, G);
// - normal_angle (BC5 normal maps): the squared angle between the normals rebuilt from R and G as
//   the viewer does (x, y = 2 · byte / 255 − 1, z = sqrt(max(0, 1 − x² − y²))), source against
//   decoded.
// The loss in dB is 10 log10(error with RDO / error of the plain encoding): for samples exactly
// PSNR(plain) − PSNR(RDO); for normal_angle 20 log10 of the RMS angle errors' ratio.
enum class RdoLossMetric { samples, normal_angle };

// One level's choice: λ 0 is the plain encoding (no λ tried kept the bound, or the bound is 0).
struct RdoLevelChoice {
  double lambda = 0;
  double plain_error = 0;  // the metric's total over the level, plain encoding
  double error = 0;        // the same for the blocks written
  unsigned passes = 0;     // RDO passes tried
};

// The loss in dB of levels pooled (their errors summed): 0 when both errors are 0, +inf when only
// the plain one is. A bound met by every level is met by the pool.
double pooled_loss_db(std::span<const RdoLevelChoice> levels);

// The metric's total error of `blocks` (compressed_size(source) bytes of `format`) against `source`.
double rdo_loss_error(const ImageRgba8& source, std::span<const std::uint8_t> blocks, BlockFormat format,
                      RdoLossMetric metric);

struct BoundedBlocks {
  std::vector<std::uint8_t> blocks;
  RdoLevelChoice choice;
};

// Compresses `image` with the largest λ found whose loss against the plain encoding (`options`
// with λ 0) is at most `max_loss_db`, searched from `start_lambda` (clamped to the searched
// range): bracketing by factors of 4, then bisection in log λ until the bracket is within 20%.
// The blocks returned always meet the bound (λ 0 when nothing tried did). max_loss_db 0 gives the
// plain encoding bit for bit, without any pass. Same bytes at any options.threads. Throws
// std::invalid_argument for an invalid bound or options.rdo_lambda other than 0, and
// CompressionCancelled as compress_image does.
BoundedBlocks compress_image_within_loss(const ImageRgba8& image, const CompressOptions& options, double max_loss_db,
                                         RdoLossMetric metric, double start_lambda = kRdoStartLambda);

}  // namespace aem::codec
