#pragma once
// Rate-distortion optimisation of block-compressed textures (specs/bc7-rdo.md): trading a little
// quality for blocks that an LZ compressor (zstd, LZ4) packs far better once the AEM file is
// shipped inside a compressed package.
#include <string>
#include <string_view>

namespace aem::codec {

// λ: how many units of squared error (mean over the block's samples, smooth blocks weighted up)
// one estimated compressed bit is worth. 0 turns RDO off (the plain encoder's exact bytes);
// useful values are about 0.1 to 8.
inline constexpr double kMaxRdoLambda = 1000.0;

// Why `lambda` is not a valid λ (empty when it is): it must be a finite number from 0 to
// kMaxRdoLambda.
std::string rdo_lambda_problem(double lambda);

// Parses a command-line or manifest λ ("0.5", "2"); throws std::invalid_argument naming the text
// and the accepted range when it is not a number, is negative, NaN, infinite or too large, or has
// trailing characters.
double parse_rdo_lambda(std::string_view text);

}  // namespace aem::codec
