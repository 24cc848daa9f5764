// Validation of the RDO λ, shared by the command line, manifests and the library entry points.
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "aem/codec/rdo.hpp"

namespace aem::codec {

std::string rdo_lambda_problem(double lambda) {
  if (std::isnan(lambda)) return "is not a number";
  if (!std::isfinite(lambda)) return "is infinite";
  if (lambda < 0) return "is negative";
  if (lambda > kMaxRdoLambda) return "is above the largest accepted value, 1000";
  return {};
}

double parse_rdo_lambda(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end) {
    throw std::invalid_argument("RDO lambda '" + std::string(text) +
                                "' is not a number (expected 0 to 1000, e.g. 0.5)");
  }
  if (const std::string why = rdo_lambda_problem(value); !why.empty())
    throw std::invalid_argument("RDO lambda '" + std::string(text) + "' " + why + " (expected 0 to 1000)");
  return value;
}

}  // namespace aem::codec
