#pragma once
// Many bakes at once: jobs run in parallel over files, and each file's texture compression takes
// the threads that other files leave free. The bytes of every output are the same for any thread
// count. Outputs that are up to date (see bake_stamp.hpp) are skipped unless forced; a failed job
// never stops the others and leaves no partial output; a cancel request stops every running
// bake within a fraction of a second (every step looks at it), leaving nothing half written.
// With a shared cache (bake_cache.hpp), a job that is not up to date is fetched when the cache
// holds its result, and a job baked here is stored in it.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/bake_job.hpp"  // BakeJob, and find_output_clash over a batch
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/bake_report.hpp"

namespace aem::pipeline {

class BakeCache;

enum class JobOutcome { baked, up_to_date, failed, cancelled };

struct JobResult {
  JobOutcome outcome = JobOutcome::cancelled;  // jobs a cancel kept from starting stay cancelled
  std::string error;                           // failed: the reason, led by "<input>: "
  BakeReport report;                           // baked: what the bake reported
  std::vector<std::filesystem::path> inputs;   // baked or up to date: every existing file it
                                               // depends on, absolute
  std::uint64_t bytes_in = 0;                  // baked: sizes of those inputs
  std::uint64_t bytes_out = 0;                 // baked: size of the output
  double seconds = 0;
  // With a cache: whether a baked output came from it (its report is the stored bake's), or was
  // looked for there and not found; the bytes fetched; and the cache's problems (a corrupt
  // entry, a server that is down), which never fail the job.
  bool from_cache = false, cache_miss = false;
  std::uint64_t bytes_fetched = 0;
  std::vector<std::string> cache_warnings;
};

struct BatchSettings {
  unsigned threads = 1;       // files in parallel, and the total of compression threads
  bool force = false;         // rebake even what is up to date (a cache is still asked: its
                              // entries are verified bakes of the same inputs)
  const std::atomic<bool>* cancel = nullptr;
  BakeCache* cache = nullptr;  // a shared cache to fetch from and store in, or none
};

// Texture work of the batch, readable from another thread while it runs (for a progress line).
struct BatchProgress {
  std::atomic<std::uint64_t> blocks_total{0};  // blocks queued for encoding so far
  std::atomic<std::uint64_t> blocks_done{0};
};

struct BatchCallbacks {
  // Called from worker threads (never two at once) when a job starts and when it ends.
  std::function<void(std::size_t job)> started;
  std::function<void(std::size_t job, const JobResult& result)> finished;
};

// A job for every model find_model_files finds below `dir`, baking to the same place below
// `output_dir` with the extension .aem. Empty when there are none. Two models with one stem in
// one directory (hero.gltf and hero.fbx) give two jobs with one output: find_output_clash
// names them.
std::vector<BakeJob> jobs_below(const std::filesystem::path& dir, const std::filesystem::path& output_dir,
                                const BakeOptions& options);

// The indices of the jobs (in job order) that shard `index` of `count` (1-based, as --shard K/N)
// bakes: every job in exactly one shard, the shards balanced by input size (the model's file, and
// for a .gltf its share of the other files in its directory), the same on every machine that
// plans the same jobs from the same files.
std::vector<std::size_t> jobs_in_shard(std::span<const BakeJob> jobs, unsigned index, unsigned count);

// Runs every job; results are in job order. A job whose output must not be written (it is not a
// regular file, or is a file the bake reads: output_guard.hpp) fails without touching it. Each
// job holds its output's lock (output_lock.hpp) from its up-to-date check to its stamp, and
// first removes the temporaries a killed bake of that output left. A job whose stamp cannot be
// written fails and removes its output.
std::vector<JobResult> run_batch(std::span<const BakeJob> jobs, const BatchSettings& settings,
                                 BatchProgress& progress, const BatchCallbacks& callbacks = {});

// A Make/Ninja depfile: one rule per output naming every input it depends on (jobs that failed
// or did not run are left out; when that leaves no rule, nothing is written, not even an empty
// file). Written atomically. Throws std::runtime_error naming `path`, and
// writes nothing, when it is (by file identity) an output or a file the bakes read, or exists and
// is not a regular file (output_guard.hpp).
void write_depfile(const std::filesystem::path& path, std::span<const BakeJob> jobs,
                   std::span<const JobResult> results,
                   std::span<const std::filesystem::path> extra_inputs = {});

}  // namespace aem::pipeline
