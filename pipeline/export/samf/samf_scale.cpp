#include "export/samf/samf_scale.hpp"

#include <cmath>

#include "aem/pipeline/samf_export.hpp"
#include "export/samf/samf_fixed_point.hpp"

namespace aem::pipeline::samf {

double ScaleFit::largest_factor(double v) {
  if (v > 0) return kHighest / v;
  if (v < 0) return kLowest / v;
  return std::numeric_limits<double>::infinity();
}

std::string ScaleFit::describe() const {
  return "coordinate " + math::exact_text(value_) + " (" + where_ + ")";
}

double ScaleFit::choose(const std::optional<double>& requested, const std::string& model_name,
                        std::vector<std::string>& warnings) const {
  // The largest power of two <= fitting_: exact in binary floating point, so scaling adds no
  // rounding of its own, and a PS1 runtime undoes it with a shift.
  const double power = std::exp2(std::floor(std::log2(fitting_)));
  if (requested) {
    if (!(std::isfinite(*requested) && *requested > 0))
      throw SamfExportError(model_name + ": scale " + math::exact_text(*requested) + " is not a finite number > 0");
    if (*requested > fitting_)
      throw SamfExportError(model_name + ": with scale " + math::exact_text(*requested) + ", " + describe() +
                            " leaves 4.12's range " + range_text() + "; a scale of at most " +
                            math::exact_text(fitting_) + " fits (the automatic fit would use " +
                            math::exact_text(power) + ")");
    return *requested;
  }
  if (fitting_ >= 1) return 1.0;
  warnings.push_back(model_name + ": " + describe() + " is outside 4.12's range " + range_text() +
                     ": positions and translations scaled by " + math::exact_text(power));
  return power;
}

}  // namespace aem::pipeline::samf
