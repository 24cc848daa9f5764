#include "aem/pipeline/batch_bake.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_cache.hpp"
#include "aem/pipeline/bake_stamp.hpp"
#include "io/confined_files.hpp"
#include "io/directory_listing.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "output/output_guard.hpp"
#include "output/output_lock.hpp"
#include "output/parent_directory.hpp"

namespace aem::pipeline {
namespace {

void keep_existing_inputs(JobResult& result, const std::vector<FileState>& inputs) {
  for (const FileState& f : inputs) {
    if (f.size < 0) continue;
    result.inputs.push_back(f.path);
    result.bytes_in += std::uint64_t(f.size);
  }
}

// The stamp of a bake that just wrote `job.output` with options `key`, the inputs hashed for the
// stamp (and, with a cache, for its key), and whether they may be recorded: not when an input
// changed while the bake ran or before it was hashed (then the output may not match what is on
// disk now, and the next run must bake again).
struct StampAfterBake {
  BakeStamp stamp;
  std::vector<HashedInput> hashed;
  bool stable = true;
};

StampAfterBake stamp_after_bake(const BakeJob& job, const std::string& key, const BakeReport& report,
                                std::filesystem::file_time_type bake_start, bool with_sha256) {
  StampAfterBake after;
  after.stamp.baker = baker_version();
  after.stamp.options = key;
  after.stamp.model = absolute_normal_path(job.input);
  after.stamp.output = FileState::hashed(absolute_normal_path(job.output));
  for (const std::filesystem::path& input : report.inputs) {
    after.hashed.push_back(hash_input(job.input, input, with_sha256));
    after.stamp.inputs.push_back(after.hashed.back().state);
  }
  const std::int64_t start = file_time_ns(bake_start);
  const std::int64_t end = file_time_ns(std::filesystem::file_time_type::clock::now());
  for (const HashedInput& input : after.hashed) {
    // (A time in the future, from a skewed clock, says nothing about this bake.)
    if (input.state.size >= 0 && input.state.mtime_ns > start && input.state.mtime_ns <= end) after.stable = false;
    if (!input.readable) after.stable = false;
  }
  return after;
}

// Writes the output a cache hit brought, as a bake would have (never over a file the model reads),
// and its stamp. The inputs were hashed by the fetch, before this output was written.
void install_cached_output(const BakeJob& job, const CacheHit& hit, const std::string& key) {
  if (const std::string problem = output_problem_after_bake(job.input, job.output, hit.report.inputs); !problem.empty())
    throw BakeError(problem);
  create_parent_directory(job.output);
  write_file_atomically(job.output, hit.aem);
  BakeStamp stamp{baker_version(), key, absolute_normal_path(job.input),
                  FileState::hashed(absolute_normal_path(job.output)), hit.inputs};
  try {
    write_stamp(job.output, stamp);
  } catch (const std::exception&) {
    std::error_code ignored;
    std::filesystem::remove(job.output, ignored);
    throw;
  }
}

// Offers a finished bake to the cache: its output's bytes as written.
void store_in_cache(BakeCache& cache, const BakeJob& job, const BakeReport& report,
                    std::span<const HashedInput> inputs, std::vector<std::string>& warnings) {
  std::vector<unsigned char> bytes;
  if (!read_regular_file(job.output, bytes).empty()) return;
  cache.store(job, report, inputs, std::as_bytes(std::span(bytes)), warnings);
}

// The temporaries killed bakes left in each output directory, listed once per batch (listing a
// directory of thousands of outputs for each of them would make a batch quadratic). A job
// removes those of its output and stamp once it holds the output's lock; one left after the
// listing, by a bake killed meanwhile, is removed by the next run.
class StaleTemporaries {
 public:
  void remove_for(const std::filesystem::path& path) {
    const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
    std::lock_guard lock(mutex_);
    auto [it, listed] = candidates_.try_emplace(dir);
    if (listed) it->second = list(dir);
    std::erase_if(it->second, [&](const std::string& name) {
      if (!is_temporary_of(name, path)) return false;
      std::error_code ignored;
      const std::filesystem::path temporary = dir / path_from_utf8(name);
      if (std::filesystem::symlink_status(temporary, ignored).type() == std::filesystem::file_type::regular)
        std::filesystem::remove(temporary, ignored);
      return true;
    });
  }

 private:
  // Names that may be temporaries: hidden, with the tag. (A directory that cannot be read has none.)
  static std::vector<std::string> list(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const DirectoryEntry& entry : list_directory(dir, ec)) {
      std::string name = utf8_text(entry.path.filename());
      if (name.size() > 1 && name[0] == '.' && name.find(".tmp-") != std::string::npos) names.push_back(std::move(name));
    }
    return names;
  }

  std::mutex mutex_;
  std::map<std::filesystem::path, std::vector<std::string>> candidates_;  // by directory
};

// Removes `output` after its stamp could not be written: a failed job leaves no output behind.
// (The caller holds the output's lock, so the file is still the one its bake wrote.)
void remove_unstamped_output(const std::filesystem::path& output) {
  std::error_code ignored;
  std::filesystem::remove(output, ignored);
}

// Whether the output's stamp says it is current for `key` (its inputs, hashed where their times
// changed, unchanged); then `result` says so. Hashing that told records the new times, so that
// the next run trusts them without hashing.
bool output_up_to_date(const BakeJob& job, const std::string& key, JobResult& result) {
  const auto stamp = read_stamp(job.output);
  if (!stamp) return false;
  const UpToDateCheck check = check_up_to_date(*stamp, job.output, job.input, key);
  if (!check.current) return false;
  if (check.rehashed) {
    try {
      write_stamp(job.output, check.refreshed);
    } catch (const std::exception&) {
      // The old stamp is still right; the next run hashes again.
    }
  }
  result.outcome = JobOutcome::up_to_date;
  keep_existing_inputs(result, check.refreshed.inputs);
  return true;
}

// Whether the shared cache held the output; then it is installed and `result` says so. A miss
// is recorded in `result`.
bool output_from_cache(const BakeJob& job, const BatchSettings& settings, const std::string& key,
                       std::chrono::steady_clock::time_point start, JobResult& result) {
  std::optional<CacheHit> hit = settings.cache->fetch(job, result.cache_warnings);
  if (!hit) {
    result.cache_miss = true;
    return false;
  }
  throw_if_cancelled(settings.cancel);
  install_cached_output(job, *hit, key);
  result.outcome = JobOutcome::baked;
  result.from_cache = true;
  result.bytes_fetched = hit->bytes_fetched;
  result.report = std::move(hit->report);
  keep_existing_inputs(result, hit->inputs);
  result.bytes_out = hit->aem.size();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

// The bake itself, then its stamp (and cache entry) when its inputs held still meanwhile; an
// output whose stamp cannot be written is removed.
void bake_and_stamp(const BakeJob& job, const BatchSettings& settings, const BakeOptions& options,
                    const std::string& key, JobResult& result) {
  const auto bake_start = std::filesystem::file_time_type::clock::now();
  result.report = bake_model_file(job.input, job.output, options);
  const StampAfterBake after = stamp_after_bake(job, key, result.report, bake_start, settings.cache != nullptr);
  if (after.stable) {
    try {
      write_stamp(job.output, after.stamp);
    } catch (const std::exception&) {
      remove_unstamped_output(job.output);
      throw;
    }
    if (settings.cache) store_in_cache(*settings.cache, job, result.report, after.hashed, result.cache_warnings);
  }
  result.outcome = JobOutcome::baked;
  keep_existing_inputs(result, after.stamp.inputs);
  std::error_code ec;
  result.bytes_out = std::filesystem::file_size(job.output, ec);
}

JobResult run_job(const BakeJob& job, const BatchSettings& settings, BatchProgress& progress,
                  StaleTemporaries& stale, unsigned threads) {
  JobResult result;
  const auto start = std::chrono::steady_clock::now();
  try {
    // Before anything else, the stamp included: an output that must not be written is left alone.
    if (const std::string problem = output_problem_before_bake(job.input, job.output); !problem.empty())
      throw BakeError(problem);
    // From the up-to-date check to the stamp, no other bake of this output runs (output_lock.hpp);
    // a bake that waited for the lock checks the output the other one left.
    const OutputLock lock(job.output, settings.cancel, job.input);
    if (lock.held()) {
      stale.remove_for(job.output);
      stale.remove_for(stamp_path(job.output));
    }
    const std::string key = options_key(job.options);
    if (!settings.force && output_up_to_date(job, key, result)) return result;
    BakeOptions options = job.options;
    options.threads = threads;
    options.signals = {settings.cancel, &progress.blocks_total, &progress.blocks_done};
    // From here the old output is no longer known to be current, whatever happens next.
    remove_stamp(job.output);
    if (settings.cache && output_from_cache(job, settings, key, start, result)) return result;
    bake_and_stamp(job, settings, options, key, result);
  } catch (const BakeCancelled&) {
    result.outcome = JobOutcome::cancelled;
  } catch (const std::exception& e) {
    result.outcome = JobOutcome::failed;
    // Led by the input, once: a bake's own errors name it already, others (a directory that
    // cannot be made, a full disk) do not.
    const std::string input = job.input.string() + ": ";
    const std::string what = e.what();
    result.error = what.compare(0, input.size(), input) == 0 ? what : input + what;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

// Make's escaping: spaces and '#' with a backslash, '$' doubled.
std::string depfile_escape(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#' || c == '\\') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::vector<BakeJob> jobs_below(const std::filesystem::path& dir, const std::filesystem::path& output_dir,
                                const BakeOptions& options) {
  std::vector<BakeJob> jobs;
  for (const std::filesystem::path& relative : find_model_files(dir)) {
    jobs.push_back({dir / relative, output_dir / std::filesystem::path(relative).replace_extension(".aem"), options});
  }
  return jobs;
}

std::vector<JobResult> run_batch(std::span<const BakeJob> jobs, const BatchSettings& settings,
                                 BatchProgress& progress, const BatchCallbacks& callbacks) {
  std::vector<JobResult> results(jobs.size());
  // Largest files first: a big one started last would leave the other cores idle at the end.
  std::vector<std::uint64_t> sizes(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    std::error_code ec;
    sizes[i] = std::filesystem::file_size(jobs[i].input, ec);
    if (ec) sizes[i] = 0;
  }
  std::vector<std::size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b; });

  const unsigned threads = std::max(1u, settings.threads);
  std::atomic<std::size_t> next{0};
  std::atomic<unsigned> running{0};
  StaleTemporaries stale;
  std::mutex callback_mutex;
  auto worker = [&] {
    for (;;) {
      if (settings.cancel && settings.cancel->load()) return;
      const std::size_t k = next.fetch_add(1);
      if (k >= order.size()) return;
      const std::size_t i = order[k];
      // Compression threads: whatever the other running files leave of the budget.
      const unsigned others = running.fetch_add(1);
      {
        std::lock_guard lock(callback_mutex);
        if (callbacks.started) callbacks.started(i);
      }
      results[i] = run_job(jobs[i], settings, progress, stale, others < threads ? threads - others : 1);
      running.fetch_sub(1);
      std::lock_guard lock(callback_mutex);
      if (callbacks.finished) callbacks.finished(i, results[i]);
    }
  };
  const unsigned workers = unsigned(std::min<std::size_t>(threads, jobs.size()));
  if (workers <= 1) {
    worker();
    return results;
  }
  std::vector<std::thread> pool;
  pool.reserve(workers);
  for (unsigned t = 0; t < workers; ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  return results;
}

void write_depfile(const std::filesystem::path& path, std::span<const BakeJob> jobs,
                   std::span<const JobResult> results, std::span<const std::filesystem::path> extra_inputs) {
  // The same for every rule: the inputs every output depends on.
  std::string extra;
  for (const auto& input : extra_inputs) extra += " \\\n  " + depfile_escape(absolute_normal_path(input).string());
  std::string text;
  for (std::size_t i = 0; i < jobs.size() && i < results.size(); ++i) {
    const JobResult& r = results[i];
    if (r.outcome != JobOutcome::baked && r.outcome != JobOutcome::up_to_date) continue;
    text += depfile_escape(jobs[i].output.string()) + ":";
    for (const auto& input : r.inputs) text += " \\\n  " + depfile_escape(input.string());
    text += extra + "\n";
  }
  // No rule at all (every job failed): no file, rather than an empty one.
  if (text.empty()) return;
  // Never over a file the bakes read or wrote, nor over anything but a regular file.
  if (const std::string why = not_replaceable(path); !why.empty())
    throw std::runtime_error(path.string() + ": refusing to write the depfile: " + why);
  if (const auto id = file_identity(path)) {
    auto refuse_if_same = [&](const std::filesystem::path& other, const char* role) {
      if (file_identity(other) == id)
        throw std::runtime_error(path.string() + ": refusing to write the depfile: it is " + other.string() + ", " + role);
    };
    for (const auto& input : extra_inputs) refuse_if_same(input, "which the bake reads");
    for (std::size_t i = 0; i < jobs.size() && i < results.size(); ++i) {
      refuse_if_same(jobs[i].output, "an output of the bake");
      for (const auto& input : results[i].inputs) refuse_if_same(input, "which the bake reads");
    }
  }
  create_parent_directory(path);
  write_file_atomically(path, std::as_bytes(std::span(text.data(), text.size())));
}

}  // namespace aem::pipeline
