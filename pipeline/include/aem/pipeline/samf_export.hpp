#pragma once
// AEM to the PlayStation's skinned AAMF (SAMF v2, the UnnamedHB1 game's format): one mesh, a
// parents-first skeleton with parent-relative bind matrices, four u8 influences per vertex and
// every animation sampled at a fixed rate into parent-relative 4.12 fixed-point matrices.
// The layout and every decision the SAMF description leaves open: specs/samf-export.md.
//
//   aem::Model model = aem::Model::open("hero.aem");
//   auto samf = aem::pipeline::export_samf(model, "hero.aem");   // throws SamfExportError
//   for (const std::string& w : samf.warnings) log(w);
//   write_file_atomically("hero.samf", samf.bytes);
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "aem/model.hpp"

namespace aem::pipeline {

// What cannot become a SAMF file: a count past one of the format's limits, a coordinate or
// matrix entry outside 4.12's range, two animation names that collide in 8 bytes, bad options.
// The message starts with the model's name and names the element and the limit.
struct SamfExportError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SamfExportOptions {
  // Keyframes per second of the sampled animations: finite and > 0.
  double fps = 30.0;
  // Uniform factor applied to positions and every translation (finite and > 0). None: 1 when
  // everything fits 4.12's range [-8, 8 - 1/4096], otherwise the largest power of two that
  // makes it fit, with a warning. Given: coordinates that then do not fit are an error naming
  // the largest one and the factor that would fit.
  std::optional<double> scale;
};

struct SamfExport {
  std::vector<std::byte> bytes;       // the whole SAMF v2 file
  std::vector<std::string> warnings;  // each names the model and what was lost or changed
  double scale = 1.0;                 // the factor applied (options.scale, or the automatic fit)
};

// `model` must be validated (Model::open's default), as for AnimationSampler. `model_name`
// starts every message. The bytes depend only on the model and the options. Throws
// SamfExportError; never writes anything.
SamfExport export_samf(const aem::Model& model, const std::string& model_name,
                       const SamfExportOptions& options = {});

}  // namespace aem::pipeline
