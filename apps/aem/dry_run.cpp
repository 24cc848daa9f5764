#include "dry_run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "aem/compression_name.hpp"
#include "aem/mip_chain.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_stamp.hpp"

namespace aem::cli {
namespace {

using json = nlohmann::ordered_json;

// Led by the input once, as a real bake's failure line is (batch_bake.cpp's run_job).
std::string error_led_by_input(const pipeline::BakeJob& job, const std::string& what) {
  const std::string input = job.input.string() + ": ";
  return what.compare(0, input.size(), input) == 0 ? what : input + what;
}

void describe_content(const pipeline::ModelContent& content, DryRunModel& model) {
  model.indices = content.indices.size();
  model.materials = content.materials.size();
  for (const pipeline::TextureImage& t : content.textures)
    model.textures.push_back({t.width, t.height, mip_count(t.width, t.height), t.compression, t.mips.size()});
  for (const pipeline::AnimationDesc& a : content.animations) {
    std::uint64_t keys = 0;
    for (const pipeline::JointKeys& j : a.joints) keys += j.translations.size() + j.rotations.size() + j.scales.size();
    model.animations.push_back({a.name, double(a.duration), keys});
  }
}

std::uint64_t animation_keys(const DryRunModel& model) {
  std::uint64_t keys = 0;
  for (const DryRunAnimation& a : model.animations) keys += a.keys;
  return keys;
}

const char* status_name(DryRunStatus status) {
  switch (status) {
    case DryRunStatus::would_bake: return "would_bake";
    case DryRunStatus::up_to_date: return "up_to_date";
    case DryRunStatus::failed: return "failed";
    case DryRunStatus::cancelled: return "cancelled";
  }
  return "unknown";
}

std::string counted(std::uint64_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string bytes_and_megabytes_text(std::uint64_t bytes) {
  char text[64];
  if (bytes >= 1000 * 1000)
    std::snprintf(text, sizeof text, "%llu bytes (%.1f MB)", static_cast<unsigned long long>(bytes), double(bytes) / 1e6);
  else
    std::snprintf(text, sizeof text, "%llu bytes (%.1f kB)", static_cast<unsigned long long>(bytes), double(bytes) / 1e3);
  return text;
}

}  // namespace

DryRunModel dry_run_job(const pipeline::BakeJob& job, bool force, const std::atomic<bool>* cancel) {
  DryRunModel model;
  const auto start = std::chrono::steady_clock::now();
  try {
    // The real bake's order: an output that must not be written fails before its stamp is read.
    if (const std::string problem = pipeline::output_problem_before_bake(job.input, job.output); !problem.empty())
      throw pipeline::BakeError(problem);
    const auto stamp = force ? std::nullopt : pipeline::read_stamp(job.output);
    if (stamp && pipeline::is_up_to_date(*stamp, job.output, job.input, pipeline::options_key(job.options))) {
      model.status = DryRunStatus::up_to_date;
    } else {
      pipeline::BakeOptions options = job.options;
      options.encode_textures = false;
      options.threads = 1;  // only the encoder uses them
      options.signals = {cancel, nullptr, nullptr};
      pipeline::BakedFile file = pipeline::bake_model_in_memory(job.input, job.output, options);
      model.status = DryRunStatus::would_bake;
      model.output_bytes = file.bytes.size();
      describe_content(file.bake.content, model);
      model.report = std::move(file.bake.report);
    }
  } catch (const pipeline::BakeCancelled&) {
    model.status = DryRunStatus::cancelled;
  } catch (const std::exception& e) {
    model.status = DryRunStatus::failed;
    model.error = error_led_by_input(job, e.what());
  }
  model.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return model;
}

std::vector<DryRunModel> dry_run_jobs(std::span<const pipeline::BakeJob> jobs, bool force, unsigned threads,
                                      const std::atomic<bool>* cancel) {
  std::vector<DryRunModel> models(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next.fetch_add(1); i < jobs.size(); i = next.fetch_add(1)) {
      if (cancel && cancel->load()) return;
      models[i] = dry_run_job(jobs[i], force, cancel);
    }
  };
  const unsigned workers = unsigned(std::min<std::size_t>(std::max(1u, threads), jobs.size()));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return models;
}

std::string dry_run_text(const pipeline::BakeJob& job, const DryRunModel& model) {
  const std::string in = job.input.string(), out = job.output.string();
  std::string text;
  switch (model.status) {
    case DryRunStatus::would_bake: break;
    case DryRunStatus::up_to_date:
      return in + " -> " + out + ": up to date (a bake would skip it; --force lists what it would write)\n";
    case DryRunStatus::failed: return "FAILED " + model.error + "\n";
    case DryRunStatus::cancelled: return in + ": not baked (interrupted)\n";
  }
  const pipeline::BakeReport& r = model.report;
  char line[512];
  text += in + " -> " + out + ": would write " + bytes_and_megabytes_text(model.output_bytes) + "\n";
  text += "  " + counted(r.vertices, "vertex", "vertices") + ", " + counted(model.indices, "index", "indices") + " (" +
          counted(r.triangles, "triangle", "triangles") +
          (r.degenerate_triangles > 0 ? ", " + std::to_string(r.degenerate_triangles) + " degenerate dropped" : "") + "), " + counted(r.joints, "joint", "joints") + ", " +
          counted(model.materials, "material", "materials") + "\n";
  text += "  " + counted(model.textures.size(), "texture", "textures") + ", " +
          counted(model.animations.size(), "animation", "animations") + " (" +
          counted(animation_keys(model), "key", "keys") + ")\n";
  for (std::size_t i = 0; i < model.textures.size(); ++i) {
    const DryRunTexture& t = model.textures[i];
    std::snprintf(line, sizeof line, "    texture #%zu  %ux%u  %s  %u mips  %llu bytes\n", i, t.width, t.height,
                  to_string(t.compression), t.mip_levels,
                  static_cast<unsigned long long>(t.bytes));
    text += line;
  }
  for (std::size_t i = 0; i < model.animations.size(); ++i) {
    const DryRunAnimation& a = model.animations[i];
    std::snprintf(line, sizeof line, "    animation #%zu  %.3f s  %llu keys  ", i, a.duration,
                  static_cast<unsigned long long>(a.keys));
    text += line + ("\"" + a.name + "\"\n");
  }
  if (r.warnings.empty()) text += "  nothing lost\n";
  for (const std::string& w : r.warnings) text += "  warning: " + w + "\n";
  return text;
}

json dry_run_json(const pipeline::BakeJob& job, const DryRunModel& model) {
  json out;
  out["input"] = job.input.string();
  out["output"] = job.output.string();
  out["status"] = status_name(model.status);
  if (model.status == DryRunStatus::failed) out["error"] = model.error;
  const pipeline::BakeReport& r = model.report;
  json warnings = json::array();
  for (std::size_t i = 0; i < r.warnings.size(); ++i)
    warnings.push_back({{"code", i < r.warning_codes.size() ? r.warning_codes[i] : std::string("other")},
                        {"message", r.warnings[i]}});
  out["warnings"] = std::move(warnings);
  if (model.status == DryRunStatus::would_bake) {
    out["counts"] = {{"vertices", r.vertices},           {"indices", model.indices},
                     {"triangles", r.triangles},         {"joints", r.joints},
                     {"animations", r.animations},       {"animation_keys", animation_keys(model)},
                     {"materials", model.materials},     {"textures", r.textures},
                     {"degenerate_triangles", r.degenerate_triangles}};
    json textures = json::array();
    for (const DryRunTexture& t : model.textures)
      textures.push_back({{"width", t.width},
                          {"height", t.height},
                          {"format", to_string(t.compression)},
                          {"mips", t.mip_levels},
                          {"bytes", t.bytes}});
    out["textures"] = std::move(textures);
    json animations = json::array();
    for (const DryRunAnimation& a : model.animations)
      animations.push_back({{"name", a.name}, {"duration", a.duration}, {"keys", a.keys}});
    out["animations"] = std::move(animations);
  }
  out["bytes_out"] = model.output_bytes;
  out["seconds"] = model.seconds;
  return out;
}

int run_bake_dry_run(const bake_request::BakeRequest& request, std::span<const pipeline::BakeJob> jobs,
                     const std::atomic<bool>* cancel) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<DryRunModel> models = dry_run_jobs(jobs, request.force, request.threads, cancel);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool interrupted = cancel && cancel->load();
  std::size_t counts[4] = {0, 0, 0, 0};
  std::uint64_t warnings = 0, bytes_out = 0;
  for (const DryRunModel& m : models) {
    ++counts[std::size_t(m.status)];
    warnings += m.report.warnings.size();
    bytes_out += m.output_bytes;
  }
  const std::size_t failed = counts[std::size_t(DryRunStatus::failed)];
  if (request.json) {
    json list = json::array();
    for (std::size_t i = 0; i < jobs.size(); ++i) list.push_back(dry_run_json(jobs[i], models[i]));
    json out;
    out["schema"] = "aem-bake-dry-run";
    out["version"] = 1;
    out["baker"] = pipeline::baker_version();
    out["models"] = std::move(list);
    out["summary"] = {{"would_bake", counts[std::size_t(DryRunStatus::would_bake)]},
                      {"up_to_date", counts[std::size_t(DryRunStatus::up_to_date)]},
                      {"failed", failed},
                      {"cancelled", counts[std::size_t(DryRunStatus::cancelled)]},
                      {"warnings", warnings},
                      {"bytes_out", bytes_out},
                      {"seconds", seconds},
                      {"interrupted", interrupted}};
    std::printf("%s\n", out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  } else {
    for (std::size_t i = 0; i < jobs.size(); ++i) std::fputs(dry_run_text(jobs[i], models[i]).c_str(), stdout);
    std::printf("aem bake --dry-run: %zu would be baked, %zu up to date, %zu failed; would write %s; nothing was "
                "written\n",
                counts[std::size_t(DryRunStatus::would_bake)], counts[std::size_t(DryRunStatus::up_to_date)], failed,
                bytes_and_megabytes_text(bytes_out).c_str());
  }
  std::fflush(stdout);
  if (failed > 0) {
    std::fprintf(stderr, "aem bake: %zu would fail:\n", failed);
    for (const DryRunModel& m : models)
      if (m.status == DryRunStatus::failed) std::fprintf(stderr, "  %s\n", m.error.c_str());
  }
  if (interrupted) {
    std::fprintf(stderr, "aem bake: interrupted\n");
    return 130;
  }
  return failed > 0 ? 1 : 0;
}

}  // namespace aem::cli
