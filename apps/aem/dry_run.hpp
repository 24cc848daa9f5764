#pragma once
// `aem bake --dry-run`: every model a bake would bake is baked in memory, and nothing is written
// (no output, directory, stamp, lock file or depfile). Textures are not block-encoded
// (BakeOptions::encode_textures), yet every size is exact: a block-compressed level's size
// follows from its dimensions, and the AEM layout from the counts. What it lists per model
// (warnings, counts, textures, animations, the output's size) is what the real bake, with the
// same options, would write and lose; its errors and exit status are the real bake's.
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "aem/format.hpp"
#include "aem/pipeline/batch_bake.hpp"
#include "aem/bake_request/bake_request.hpp"

namespace aem::cli {

enum class DryRunStatus { would_bake, up_to_date, failed, cancelled };

struct DryRunTexture {
  std::uint32_t width = 0, height = 0, mip_levels = 0;  // after --max-texture-size
  Compression compression = Compression::none;
  std::uint64_t bytes = 0;  // the whole mip chain, as the file holds it
};

struct DryRunAnimation {
  std::string name;
  double duration = 0;     // seconds
  std::uint64_t keys = 0;  // translation, rotation and scale keys of every joint
};

struct DryRunModel {
  DryRunStatus status = DryRunStatus::cancelled;
  std::string error;            // failed: the reason, led by the input
  pipeline::BakeReport report;  // would_bake: the bake's warnings and counts
  std::uint64_t indices = 0, materials = 0;
  std::vector<DryRunTexture> textures;
  std::vector<DryRunAnimation> animations;
  std::uint64_t output_bytes = 0;  // would_bake: the size of the AEM file the bake would write
  double seconds = 0;
};

// One job: up_to_date when its stamp says a bake would skip it (unless `force`), else baked in
// memory. Reads the model and the stamp; writes nothing.
DryRunModel dry_run_job(const pipeline::BakeJob& job, bool force, const std::atomic<bool>* cancel);

// Every job, `threads` at a time; results in job order. Jobs not started once `cancel` is set
// stay cancelled.
std::vector<DryRunModel> dry_run_jobs(std::span<const pipeline::BakeJob> jobs, bool force, unsigned threads,
                                      const std::atomic<bool>* cancel);

// One model as the text listing prints it (several lines, each ending in '\n').
std::string dry_run_text(const pipeline::BakeJob& job, const DryRunModel& model);

// One model as the JSON report lists it (schema in specs/reports.md, "aem-bake-dry-run").
nlohmann::ordered_json dry_run_json(const pipeline::BakeJob& job, const DryRunModel& model);

// `aem bake --dry-run ...`: lists every job (text, or JSON with --json) and returns the exit
// status: 0, 1 when any model would fail, 130 when interrupted.
int run_bake_dry_run(const bake_request::BakeRequest& request, std::span<const pipeline::BakeJob> jobs,
                     const std::atomic<bool>* cancel);

}  // namespace aem::cli
