#pragma once
// The uniform scale that makes positions and translations fit 4.12's range: every coordinate
// is offered to a ScaleFit, which keeps the one that allows the smallest factor.
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace aem::pipeline::samf {

class ScaleFit {
 public:
  // `where` names the coordinate ("vertex 3 position x"); called only when it is the new limit.
  template <class Where>
  void add(double v, Where&& where) {
    const double factor = largest_factor(v);
    if (factor < fitting_) {
      fitting_ = factor;
      value_ = v;
      where_ = where();
    }
  }
  // The largest factor that brings every coordinate offered into [-8, 8 - 1/4096] (infinite
  // when all are 0).
  double fitting() const { return fitting_; }

  // options.scale checked against fitting() (SamfExportError when it does not fit or is not
  // finite and > 0), or else 1 when everything fits, or the largest power of two <= fitting(),
  // with a warning.
  double choose(const std::optional<double>& requested, const std::string& model_name,
                std::vector<std::string>& warnings) const;

 private:
  static double largest_factor(double v);
  std::string describe() const;

  double fitting_ = std::numeric_limits<double>::infinity();
  double value_ = 0;
  std::string where_;
};

}  // namespace aem::pipeline::samf
