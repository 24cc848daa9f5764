// `aem export`: AEM files back to another format: glTF 2.0 (.gltf + .bin, or .glb) or the
// PlayStation's skinned AAMF (SAMF v2, specs/samf-export.md), chosen by --format.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aem/arg_parser/arg_parser.hpp"
#include "utf8_arguments.hpp"
#include "aem/model.hpp"
#include "model_open_options.hpp"
#include "aem/pipeline/gltf_export.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/samf_export.hpp"

namespace aem::cli {
namespace {

constexpr const char* kExportUsage =
    "usage: aem export IN.aem|IN.aemz -o OUT.gltf|OUT.glb|OUT.aamf [--format FORMAT] [--json]\n"
    "       aem export IN... -o OUTDIR [--format FORMAT] [--json]   (files and directories)\n"
    "\n"
    "Writes AEM models as glTF 2.0 (specs/gltf-export.md): the meshes with their vertices, the\n"
    "three packed textures unpacked into a metallic-roughness material (PNG images, or factors\n"
    "for a 1x1 texture of one colour, as the bake makes where the source has no texture), the\n"
    "joints as a skin and every animation. What the AEM does not record (the glTF's alpha cutoff, its\n"
    "own emissive colour, back faces baked for double-sided materials) is one warning per model.\n"
    "\n"
    "--format samf writes the PlayStation's skinned AAMF, SAMF v2 (specs/samf-export.md): one\n"
    "merged mesh in 4.12 fixed point, 4 bone weights summing to 255, per-bone matrices per frame.\n"
    "A .aamf name alone does not choose it: .aamf is also the game's legacy per-bone layout, which\n"
    "aem does not write, so SAMF is always named with --format samf.\n"
    "\n"
    "For one input file, -o names the output file when it ends in .gltf or .glb; otherwise -o is\n"
    "a directory (made if needed): a file exports to OUTDIR/NAME.EXT, and a directory to the same\n"
    "relative paths under OUTDIR for every .aem and .aemz below it. Two inputs that would write\n"
    "one output (x.aem and x.aemz, or a/x.aem and b/x.aem) are refused before anything is\n"
    "written. Outputs are written whole or not at all.\n"
    "\n"
    "  -o, --output PATH   OUT.gltf or OUT.glb for one input file, else the output directory\n"
    "  --format FORMAT     gltf (JSON with a .bin beside it) or glb (one binary file); by default\n"
    "                      the extension of -o for one file, else glb; or samf (.aamf)\n"
    "  --fps N             samf: keyframes per second of the sampled animations (default 30)\n"
    "  --scale S           samf: multiply positions and translations by S (default: 1 when the\n"
    "                      model fits 4.12's range of +-8, else the largest power of two that\n"
    "                      fits, reported as a warning)\n"
    "  --json              print one JSON object listing what was written and the warnings\n";

enum class ExportFormat { gltf, glb, samf };

struct ExportJob {
  std::filesystem::path input;
  std::filesystem::path output;
};

struct ExportOutcome {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> warnings;
  std::string error;  // empty when it was written
  double seconds = 0;
};

std::optional<ExportFormat> parse_format(const std::string& name) {
  if (name == "gltf") return ExportFormat::gltf;
  if (name == "glb") return ExportFormat::glb;
  if (name == "samf") return ExportFormat::samf;
  return std::nullopt;
}

const char* extension_of(ExportFormat format) {
  switch (format) {
    case ExportFormat::gltf: return ".gltf";
    case ExportFormat::glb: return ".glb";
    case ExportFormat::samf: return ".aamf";
  }
  return "";
}

const char* name_of(ExportFormat format) {
  switch (format) {
    case ExportFormat::gltf: return "gltf";
    case ExportFormat::glb: return "glb";
    case ExportFormat::samf: return "samf";
  }
  return "";
}

bool is_aamf_path(const std::filesystem::path& path) { return path.extension() == ".aamf"; }

std::optional<ExportFormat> format_of_path(const std::filesystem::path& path) {
  const std::optional<pipeline::GltfContainer> container = pipeline::gltf_container_of(path);
  if (!container) return std::nullopt;
  return *container == pipeline::GltfContainer::gltf ? ExportFormat::gltf : ExportFormat::glb;
}

bool is_any_aem_path(const std::filesystem::path& path) {
  return pipeline::is_aem_path(path) || pipeline::is_packed_aem_path(path);
}

// The inputs: files as given, directories as every .aem and .aemz below them (the same relative
// path under the output directory).
std::vector<ExportJob> plan_jobs(const std::vector<std::string>& inputs, const std::filesystem::path& out,
                                 ExportFormat format, bool output_is_file) {
  std::vector<ExportJob> jobs;
  std::error_code ec;
  for (const std::string& text : inputs) {
    const std::filesystem::path input = path_from_utf8(text);
    if (output_is_file) {
      jobs.push_back({input, out});
    } else if (std::filesystem::is_directory(input, ec)) {
      for (const std::filesystem::path& relative : pipeline::find_files_below(input, is_any_aem_path))
        jobs.push_back({input / relative, (out / relative).replace_extension(extension_of(format))});
    } else {
      jobs.push_back({input, (out / input.filename()).replace_extension(extension_of(format))});
    }
  }
  return jobs;
}

// Throws arg_parser::UsageError, before anything is written, where two inputs would write the same output
// (a/x.aem and b/x.aem into one directory, or x.aem beside x.aemz): one would silently replace
// the other. A .gltf's .bin is named after it, so equal .gltf names are the only clash.
void refuse_shared_outputs(const std::vector<ExportJob>& jobs) {
  std::map<std::filesystem::path, const ExportJob*> by_output;
  for (const ExportJob& job : jobs) {
    const std::filesystem::path key = std::filesystem::absolute(job.output).lexically_normal();
    const auto [it, added] = by_output.emplace(key, &job);
    if (!added)
      throw arg_parser::UsageError(it->second->input.string() + " and " + job.input.string() + " would both be exported to " +
                       job.output.string() + "; export them to different directories");
  }
}

// Writes job.output; fills the outcome's files and warnings. Throws on any error.
void write_samf(const Model& model, const ExportJob& job, const pipeline::SamfExportOptions& options,
                ExportOutcome& outcome) {
  pipeline::SamfExport result = pipeline::export_samf(model, job.input.string(), options);
  pipeline::write_file_atomically(job.output, result.bytes);
  outcome.files = {job.output};
  outcome.warnings = std::move(result.warnings);
}

void write_gltf(const Model& model, const ExportJob& job, ExportFormat format, ExportOutcome& outcome) {
  pipeline::GltfExportOptions options;
  options.container = format == ExportFormat::gltf ? pipeline::GltfContainer::gltf : pipeline::GltfContainer::glb;
  options.model_name = job.input.string();
  pipeline::GltfExportResult result = pipeline::export_gltf(model, job.output, options);
  outcome.files = std::move(result.files);
  outcome.warnings = std::move(result.warnings);
}

ExportOutcome export_one(const ExportJob& job, ExportFormat format, const pipeline::SamfExportOptions& samf) {
  ExportOutcome outcome;
  const auto start = std::chrono::steady_clock::now();
  try {
    Expected<Model> model = Model::try_open(job.input, with_packed_decoder({.validate = true, .storage = Storage::copy}));
    if (!model) throw std::runtime_error(job.input.string() + ": not a valid AEM file: " + model.error().describe());
    if (job.output.has_parent_path()) std::filesystem::create_directories(job.output.parent_path());
    if (format == ExportFormat::samf)
      write_samf(*model, job, samf, outcome);
    else
      write_gltf(*model, job, format, outcome);
  } catch (const std::exception& e) {
    const std::string input = job.input.string(), what = e.what();
    outcome.error = what.rfind(input, 0) == 0 ? what : input + ": " + what;  // always naming the model
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

nlohmann::ordered_json report_json(const std::vector<ExportJob>& jobs, const std::vector<ExportOutcome>& outcomes,
                                   ExportFormat format) {
  nlohmann::ordered_json out;
  out["schema"] = "aem-export-report";
  out["version"] = 1;
  out["format"] = name_of(format);
  nlohmann::ordered_json models = nlohmann::ordered_json::array();
  std::size_t failed = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    nlohmann::ordered_json entry;
    entry["input"] = jobs[i].input.string();
    entry["output"] = jobs[i].output.string();
    entry["ok"] = outcomes[i].error.empty();
    if (!outcomes[i].error.empty()) entry["error"] = outcomes[i].error;
    nlohmann::ordered_json files = nlohmann::ordered_json::array();
    for (const std::filesystem::path& f : outcomes[i].files) files.push_back(f.string());
    entry["written"] = std::move(files);
    entry["warnings"] = outcomes[i].warnings;
    entry["seconds"] = outcomes[i].seconds;
    failed += outcomes[i].error.empty() ? 0 : 1;
    models.push_back(std::move(entry));
  }
  out["models"] = std::move(models);
  out["failed"] = failed;
  return out;
}

void print_outcome(const ExportJob& job, const ExportOutcome& outcome) {
  for (const std::string& w : outcome.warnings) std::fprintf(stderr, "aem export: warning: %s\n", w.c_str());
  if (!outcome.error.empty()) {
    std::fprintf(stderr, "aem export: error: %s\n", outcome.error.c_str());
    return;
  }
  std::string files;
  for (const std::filesystem::path& f : outcome.files) files += (files.empty() ? "" : ", ") + f.string();
  std::printf("%s: wrote %s in %.2f s\n", job.input.string().c_str(), files.c_str(), outcome.seconds);
}

// The format: --format, else the single output file's extension, else glb. A .aamf output is
// SAMF only when --format says so (the legacy layout shares the extension).
ExportFormat chosen_format(const std::optional<std::string>& option, const std::filesystem::path& out,
                           bool output_is_file) {
  if (option) {
    const std::optional<ExportFormat> format = parse_format(*option);
    if (!format) throw arg_parser::UsageError("--format must be gltf, glb or samf, not '" + *option + "'");
    if (output_is_file && (*format == ExportFormat::samf ? !is_aamf_path(out) : format_of_path(out) != format))
      throw arg_parser::UsageError("-o " + out.string() + " does not end in " + extension_of(*format) + " as --format " + *option +
                       " writes");
    return *format;
  }
  if (output_is_file && is_aamf_path(out))
    throw arg_parser::UsageError("-o " + out.string() + ": a .aamf file is SAMF or the legacy per-bone AAMF; name the layout "
                     "with --format samf (the legacy layout is not written)");
  if (output_is_file) return *format_of_path(out);
  return ExportFormat::glb;
}

}  // namespace

int run_export(arg_parser::Args args) {
  arg_parser::ArgParser parser("export", args);
  if (parser.answered_help(kExportUsage)) return 0;
  const bool json = parser.flag("--json");
  const std::optional<std::string> format_option = parser.option("--format");
  pipeline::SamfExportOptions samf;
  const std::optional<double> fps = parser.positive_number_option("--fps"), scale = parser.positive_number_option("--scale");
  if (fps) samf.fps = *fps;
  samf.scale = scale;
  std::optional<std::string> output = parser.option("--output");
  if (const std::optional<std::string> short_output = parser.option("-o")) output = short_output;
  const std::vector<std::string> inputs = parser.positionals(1, std::size_t(-1));
  if (!output) throw arg_parser::UsageError("missing -o OUT (a .gltf, .glb or .aamf file for one input, else a directory)");
  std::error_code ec;
  const std::filesystem::path out = path_from_utf8(*output);
  const bool output_is_file = inputs.size() == 1 && !std::filesystem::is_directory(path_from_utf8(inputs[0]), ec) &&
                              (format_of_path(out).has_value() || is_aamf_path(out)) && !std::filesystem::is_directory(out, ec);
  const ExportFormat format = chosen_format(format_option, out, output_is_file);
  if ((fps || scale) && format != ExportFormat::samf) throw arg_parser::UsageError("--fps and --scale are options of --format samf");
  const std::vector<ExportJob> jobs = plan_jobs(inputs, out, format, output_is_file);
  if (jobs.empty()) throw arg_parser::UsageError("no .aem or .aemz file among the inputs");
  refuse_shared_outputs(jobs);
  std::vector<ExportOutcome> outcomes;
  bool failed = false;
  for (const ExportJob& job : jobs) {
    outcomes.push_back(export_one(job, format, samf));
    failed |= !outcomes.back().error.empty();
    if (!json) print_outcome(job, outcomes.back());
  }
  if (json)
    std::printf("%s\n",
                report_json(jobs, outcomes, format).dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  return failed ? 1 : 0;
}

}  // namespace aem::cli
