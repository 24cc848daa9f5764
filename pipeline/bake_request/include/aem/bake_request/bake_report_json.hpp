#pragma once
// `aem bake --json`: the whole run as one JSON object for build systems and asset servers.
// Schema "aem-bake-report", version 1, is documented in specs/reports.md; fields are only ever
// added within a version.
#include <span>

#include <nlohmann/json.hpp>

#include "aem/pipeline/batch_bake.hpp"

namespace aem::bake_request {

// One entry per job, in job order (results[i] belongs to jobs[i]), and the run's totals.
nlohmann::ordered_json bake_report_json(std::span<const pipeline::BakeJob> jobs,
                                        std::span<const pipeline::JobResult> results, double seconds,
                                        bool interrupted);

}  // namespace aem::bake_request
