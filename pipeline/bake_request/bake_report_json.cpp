#include "aem/bake_request/bake_report_json.hpp"

#include <string>

#include "aem/pipeline/bake_stamp.hpp"
#include "output/texture_rdo_json.hpp"

namespace aem::bake_request {
namespace {

const char* status_name(pipeline::JobOutcome outcome) {
  switch (outcome) {
    case pipeline::JobOutcome::baked: return "baked";
    case pipeline::JobOutcome::up_to_date: return "up_to_date";
    case pipeline::JobOutcome::failed: return "failed";
    case pipeline::JobOutcome::cancelled: return "cancelled";
  }
  return "cancelled";
}

nlohmann::ordered_json model_json(const pipeline::BakeJob& job, const pipeline::JobResult& result) {
  nlohmann::ordered_json out;
  out["input"] = job.input.string();
  out["output"] = job.output.string();
  out["status"] = status_name(result.outcome);
  if (result.outcome == pipeline::JobOutcome::failed) out["error"] = result.error;
  const pipeline::BakeReport& report = result.report;
  nlohmann::ordered_json warnings = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < report.warnings.size(); ++i)
    warnings.push_back({{"code", i < report.warning_codes.size() ? report.warning_codes[i] : std::string("other")},
                        {"message", report.warnings[i]}});
  out["warnings"] = std::move(warnings);
  if (result.outcome == pipeline::JobOutcome::baked) {
    out["counts"] = {{"vertices", report.vertices},   {"triangles", report.triangles},
                     {"joints", report.joints},       {"animations", report.animations},
                     {"textures", report.textures},   {"degenerate_triangles", report.degenerate_triangles}};
    // With --rdo-max-loss: the λ each texture's levels got and the loss reached.
    if (!report.rdo_textures.empty()) {
      nlohmann::ordered_json rdo = nlohmann::ordered_json::array();
      for (const pipeline::TextureRdoChoice& choice : report.rdo_textures)
        rdo.push_back(pipeline::texture_rdo_json<nlohmann::ordered_json>(choice));
      out["rdo"] = std::move(rdo);
    }
  }
  nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
  for (const auto& path : result.inputs) inputs.push_back(path.string());
  out["inputs"] = std::move(inputs);
  out["bytes_in"] = result.bytes_in;
  out["bytes_out"] = result.bytes_out;
  out["seconds"] = result.seconds;
  if (result.from_cache || result.cache_miss) {
    out["from_cache"] = result.from_cache;
    out["bytes_fetched"] = result.bytes_fetched;
  }
  if (!result.cache_warnings.empty()) out["cache_warnings"] = result.cache_warnings;
  return out;
}

}  // namespace

nlohmann::ordered_json bake_report_json(std::span<const pipeline::BakeJob> jobs, std::span<const pipeline::JobResult> results,
                      double seconds, bool interrupted) {
  nlohmann::ordered_json models = nlohmann::ordered_json::array();
  std::uint64_t counts[4] = {0, 0, 0, 0}, warnings = 0, bytes_in = 0, bytes_out = 0, hits = 0, misses = 0,
                fetched = 0;
  for (std::size_t i = 0; i < jobs.size() && i < results.size(); ++i) {
    models.push_back(model_json(jobs[i], results[i]));
    ++counts[int(results[i].outcome)];
    warnings += results[i].report.warnings.size();
    hits += results[i].from_cache ? 1 : 0;
    misses += results[i].cache_miss ? 1 : 0;
    fetched += results[i].bytes_fetched;
    if (results[i].outcome == pipeline::JobOutcome::baked) {
      bytes_in += results[i].bytes_in;
      bytes_out += results[i].bytes_out;
    }
  }
  nlohmann::ordered_json out;
  out["schema"] = "aem-bake-report";
  out["version"] = 1;
  out["baker"] = pipeline::baker_version();
  out["models"] = std::move(models);
  out["summary"] = {{"baked", counts[int(pipeline::JobOutcome::baked)]},
                    {"up_to_date", counts[int(pipeline::JobOutcome::up_to_date)]},
                    {"failed", counts[int(pipeline::JobOutcome::failed)]},
                    {"cancelled", counts[int(pipeline::JobOutcome::cancelled)]},
                    {"warnings", warnings},
                    {"bytes_in", bytes_in},
                    {"bytes_out", bytes_out},
                    {"seconds", seconds},
                    {"interrupted", interrupted}};
  if (hits + misses > 0) out["summary"]["cache"] = {{"hits", hits}, {"misses", misses}, {"bytes_fetched", fetched}};
  return out;
}

}  // namespace aem::bake_request
