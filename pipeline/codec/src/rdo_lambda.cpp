// Validation of the RDO λ and of the quality bound (rdo_bound.hpp), shared by the command line,
// manifests and the library entry points.
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "aem/codec/rdo.hpp"
#include "aem/codec/rdo_bound.hpp"

namespace aem::codec {
namespace {

// Why `value` is not a finite number from 0 to `max` (empty when it is); max_text spells max.
std::string range_problem(double value, double max, const char* max_text) {
  if (std::isnan(value)) return "is not a number";
  if (!std::isfinite(value)) return "is infinite";
  if (value < 0) return "is negative";
  if (value > max) return std::string("is above the largest accepted value, ") + max_text;
  return {};
}

// `text` as a number from 0 to `max`, or std::invalid_argument naming `what`, the text, the
// problem and the range.
double parse_in_range(std::string_view text, const char* what, double max, const char* max_text, const char* example) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  const std::string range = std::string("(expected 0 to ") + max_text;
  if (text.empty() || error != std::errc() || stop != end)
    throw std::invalid_argument(std::string(what) + " '" + std::string(text) + "' is not a number " + range + ", e.g. " +
                                example + ")");
  if (const std::string why = range_problem(value, max, max_text); !why.empty())
    throw std::invalid_argument(std::string(what) + " '" + std::string(text) + "' " + why + " " + range + ")");
  return value;
}

}  // namespace

std::string rdo_lambda_problem(double lambda) { return range_problem(lambda, kMaxRdoLambda, "1000"); }

double parse_rdo_lambda(std::string_view text) { return parse_in_range(text, "RDO lambda", kMaxRdoLambda, "1000", "0.5"); }

std::string rdo_max_loss_problem(double db) { return range_problem(db, kMaxRdoLoss, "20"); }

double parse_rdo_max_loss(std::string_view text) {
  return parse_in_range(text, "RDO max loss", kMaxRdoLoss, "20", "1");
}

}  // namespace aem::codec
