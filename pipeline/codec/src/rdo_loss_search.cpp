// The λ search of compress_image_within_loss (rdo_bound.hpp, specs/bc7-rdo.md "Quality bound").
// Every quantity it decides on (the metric's totals over a level) is independent of the thread
// count, so the λ chosen and the bytes are too.
#include "aem/codec/rdo_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "aem/codec/bc5.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/rdo.hpp"

namespace aem::codec {
namespace {

// The searched range of λ: below kMinLambda the pass changes next to nothing.
constexpr double kMinLambda = 1.0 / 64;
constexpr double kBracketStep = 4;         // λ grows or shrinks by this until the bound is bracketed
constexpr double kBracketTolerance = 1.2;  // bisection stops once the bracket's ends are this close

// A normal rebuilt from a BC5 texel's R and G as the viewer does, normalised.
Bc5Normal rebuilt_normal(const std::uint8_t* texel) {
  const Bc5Normal n = bc5_normal(texel[0], texel[1]);
  const double length = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
  return {n.x / length, n.y / length, n.z / length};
}

// Squared angles in radians, summed; atan2 of the cross and dot products stays exact for the
// small angles that matter here, where acos of the dot product does not.
double squared_angle_total(const ImageRgba8& source, const ImageRgba8& decoded) {
  double total = 0;
  for (std::size_t i = 0; i + 3 < source.pixels.size(); i += 4) {
    const Bc5Normal a = rebuilt_normal(&source.pixels[i]), b = rebuilt_normal(&decoded.pixels[i]);
    const double cx = a.y * b.z - a.z * b.y, cy = a.z * b.x - a.x * b.z, cz = a.x * b.y - a.y * b.x;
    const double angle = std::atan2(std::sqrt(cx * cx + cy * cy + cz * cz), a.x * b.x + a.y * b.y + a.z * b.z);
    total += angle * angle;
  }
  return total;
}

// The state of one level's search: the best result kept so far and the bracket around the bound.
struct LambdaSearch {
  const ImageRgba8& image;
  CompressOptions options;  // with plain_blocks set
  RdoLossMetric metric;
  double allowed_error;
  BoundedBlocks best;
  double ok_lambda = 0;                                        // largest λ tried within the bound
  double over_lambda = std::numeric_limits<double>::infinity();  // smallest λ tried beyond it

  // One pass at λ, kept when within the bound; true when it was.
  bool within(double lambda) {
    options.rdo_lambda = lambda;
    std::vector<std::uint8_t> blocks = compress_image(image, options);
    const double error = rdo_loss_error(image, blocks, options.format, metric);
    ++best.choice.passes;
    if (error > allowed_error) {
      over_lambda = std::min(over_lambda, lambda);
      return false;
    }
    ok_lambda = std::max(ok_lambda, lambda);
    best.blocks = std::move(blocks);
    best.choice.lambda = lambda;
    best.choice.error = error;
    return true;
  }

  bool bracketed() const { return ok_lambda > 0 && over_lambda < std::numeric_limits<double>::infinity(); }

  void run(double start_lambda) {
    const double start = std::clamp(start_lambda, kMinLambda, kMaxRdoLambda);
    if (within(start)) {
      while (!bracketed() && ok_lambda < kMaxRdoLambda) within(std::min(ok_lambda * kBracketStep, kMaxRdoLambda));
    } else {
      while (!bracketed() && over_lambda > kMinLambda) within(std::max(over_lambda / kBracketStep, kMinLambda));
    }
    while (bracketed() && over_lambda / ok_lambda > kBracketTolerance) within(std::sqrt(ok_lambda * over_lambda));
  }
};

}  // namespace

double pooled_loss_db(std::span<const RdoLevelChoice> levels) {
  double plain = 0, written = 0;
  for (const RdoLevelChoice& level : levels) {
    plain += level.plain_error;
    written += level.error;
  }
  if (written == 0) return 0;
  if (plain == 0) return std::numeric_limits<double>::infinity();
  return 10 * std::log10(written / plain);
}

double rdo_loss_error(const ImageRgba8& source, std::span<const std::uint8_t> blocks, BlockFormat format,
                      RdoLossMetric metric) {
  const ImageRgba8 decoded = decompress_image(blocks, source.width, source.height, format);
  if (metric == RdoLossMetric::normal_angle) return squared_angle_total(source, decoded);
  const ErrorStats stats = compare_images(source, decoded);
  const int channels = format == BlockFormat::bc7 ? 4 : 2;
  double total = 0;
  for (int c = 0; c < channels; ++c) total += stats.squared_error[c];
  return total;
}

BoundedBlocks compress_image_within_loss(const ImageRgba8& image, const CompressOptions& options, double max_loss_db,
                                         RdoLossMetric metric, double start_lambda) {
  if (const std::string why = rdo_max_loss_problem(max_loss_db); !why.empty())
    throw std::invalid_argument("compress_image_within_loss: RDO max loss " + why);
  if (options.rdo_lambda != 0)
    throw std::invalid_argument("compress_image_within_loss: a bound and a lambda cannot both be given");
  BoundedBlocks plain{compress_image(image, options), {}};
  if (max_loss_db == 0) return plain;
  plain.choice.plain_error = plain.choice.error = rdo_loss_error(image, plain.blocks, options.format, metric);
  // An exact plain encoding leaves no loss to spend.
  if (plain.choice.plain_error == 0) return plain;
  CompressOptions tries = options;
  tries.plain_blocks = plain.blocks;
  tries.blocks_done = nullptr;  // the tries' count is not known ahead
  const double allowed = plain.choice.plain_error * std::pow(10.0, max_loss_db / 10);
  LambdaSearch search{image, tries, metric, allowed, BoundedBlocks{{}, plain.choice}};
  search.run(start_lambda);
  if (search.ok_lambda == 0) {
    plain.choice.passes = search.best.choice.passes;
    return plain;
  }
  return std::move(search.best);
}

}  // namespace aem::codec
