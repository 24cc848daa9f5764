#include "bake_progress.hpp"

#include <algorithm>

#include <cstdlib>
#include <initializer_list>
#include <map>
#include <string_view>
#include <vector>

#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "terminal.hpp"

namespace aem::cli {
namespace {

std::string clock_text(double seconds) {
  const long s = long(seconds + 0.5);
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

std::string bytes_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= 1000 * 1000) std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
  else std::snprintf(text, sizeof text, "%.1f kB", double(bytes) / 1e3);
  return text;
}

// Each job's share of the work, for the ETA: its file's size, and for a .gltf the resources
// beside it. Each directory is listed once, however many models it holds.
std::vector<double> work_weights(std::span<const pipeline::BakeJob> jobs) {
  std::map<std::filesystem::path, double> resources;
  std::vector<double> weights;
  weights.reserve(jobs.size());
  for (const pipeline::BakeJob& job : jobs) {
    const std::filesystem::path& input = job.input;
    std::error_code ec;
    double bytes = double(std::filesystem::file_size(input, ec));
    if (ec) bytes = 0;
    if (pipeline::lower_case_extension(input) == ".gltf") {
      const std::filesystem::path directory = input.parent_path().empty() ? "." : input.parent_path();
      auto [place, added] = resources.try_emplace(directory, 0.0);
      if (added) place->second = double(pipeline::non_model_bytes_in(directory));
      bytes += place->second;
    }
    weights.push_back(bytes + 4096);  // every file costs something, however small
  }
  return weights;
}

void print_warnings(const pipeline::JobResult& result) {
  for (const std::string& w : result.cache_warnings) std::fprintf(stderr, "aem bake: warning: %s\n", w.c_str());
  for (const std::string& w : result.report.warnings) std::fprintf(stderr, "aem bake: warning: %s\n", w.c_str());
}

}  // namespace

std::string losses_text(const pipeline::BakeReport& report) {
  if (report.warnings.empty()) return {};
  std::string text = "; " + std::to_string(report.warnings.size()) +
                     (report.warnings.size() == 1 ? " warning: " : " warnings: ");
  for (std::size_t i = 0; i < report.warning_codes.size(); ++i) text += (i ? ", " : "") + report.warning_codes[i];
  return text;
}

std::string triangles_text(const pipeline::BakeReport& report) {
  std::string text = std::to_string(report.triangles) + " triangles";
  if (report.degenerate_triangles > 0) text += " (" + std::to_string(report.degenerate_triangles) + " degenerate dropped)";
  return text;
}

pipeline::BatchCallbacks print_problems_callbacks() {
  return {nullptr, [](std::size_t, const pipeline::JobResult& result) {
            print_warnings(result);
            if (result.outcome == pipeline::JobOutcome::failed)
              std::fprintf(stderr, "aem bake: error: %s\n", result.error.c_str());
          }};
}

bool BakeProgress::terminal_wanted() {
  const char* ci = std::getenv("CI");
  return !(ci && *ci) && stderr_is_live_terminal();
}

BakeProgress::BakeProgress(std::span<const pipeline::BakeJob> jobs, const pipeline::BatchProgress& progress,
                           bool live)
    : jobs_(jobs), progress_(progress), live_(live) {
  if (live_) {
    weights_ = work_weights(jobs_);
    for (double weight : weights_) total_weight_ += weight;
    redraw_ = std::thread([this] { redraw_loop(); });
  }
}

BakeProgress::~BakeProgress() { stop_redraw(); }

void BakeProgress::stop_redraw() {
  {
    std::lock_guard lock(mutex_);
    if (live_ && !stopping_) clear_live_line();
    stopping_ = true;
  }
  wake_.notify_all();
  if (redraw_.joinable()) redraw_.join();
}

pipeline::BatchCallbacks BakeProgress::callbacks() {
  return {[this](std::size_t job) { started(job); },
          [this](std::size_t job, const pipeline::JobResult& result) { finished(job, result); }};
}

double BakeProgress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void BakeProgress::started(std::size_t job) {
  std::lock_guard lock(mutex_);
  running_.insert(job);
}

void BakeProgress::finished(std::size_t job, const pipeline::JobResult& result) {
  std::lock_guard lock(mutex_);
  running_.erase(job);
  // The live line has nothing to add for a job an interrupt stopped: the summary says so.
  if (live_ && result.outcome == pipeline::JobOutcome::cancelled) return;
  ++done_;
  const pipeline::BakeJob& j = jobs_[job];
  if (live_) {
    done_weight_ += weights_[job];
    // Only what needs attention scrolls above the live line.
    if (result.outcome == pipeline::JobOutcome::failed || !result.report.warnings.empty() ||
        !result.cache_warnings.empty())
      clear_live_line();
    print_warnings(result);
    if (result.outcome == pipeline::JobOutcome::failed) std::fprintf(stderr, "aem bake: error: %s\n", result.error.c_str());
    std::fputs(live_line().c_str(), stderr);
    std::fflush(stderr);
    return;
  }
  print_warnings(result);
  const int width = int(std::to_string(jobs_.size()).size());
  switch (result.outcome) {
    case pipeline::JobOutcome::baked:
      std::printf("[%*zu/%zu] %s %s -> %s (%llu vertices, %s, %u textures, %.2f s%s)\n", width, done_,
                  jobs_.size(), result.from_cache ? "from cache" : "baked", pipeline::utf8_text(j.input).c_str(), pipeline::utf8_text(j.output).c_str(),
                  static_cast<unsigned long long>(result.report.vertices), triangles_text(result.report).c_str(),
                  result.report.textures, result.seconds, losses_text(result.report).c_str());
      break;
    case pipeline::JobOutcome::up_to_date:
      std::printf("[%*zu/%zu] up to date %s\n", width, done_, jobs_.size(), pipeline::utf8_text(j.output).c_str());
      break;
    case pipeline::JobOutcome::failed:  // the reason starts with the input
      std::printf("[%*zu/%zu] FAILED %s\n", width, done_, jobs_.size(), result.error.c_str());
      break;
    case pipeline::JobOutcome::cancelled:  // stopped by an interrupt; its output is untouched
      std::printf("[%*zu/%zu] cancelled %s (interrupted; %s not written)\n", width, done_, jobs_.size(),
                  pipeline::utf8_text(j.input).c_str(), pipeline::utf8_text(j.output).c_str());
      break;
  }
  std::fflush(stdout);
}

std::string BakeProgress::live_line() const {
  // Appended piece by piece: g++ 12 misreports "literal" + std::string chains (-Wrestrict).
  std::string line;
  auto add = [&line](std::initializer_list<std::string_view> pieces) {
    for (std::string_view piece : pieces) line.append(piece);
  };
  add({"\r[", std::to_string(done_), "/", std::to_string(jobs_.size()), "]"});
  if (!running_.empty()) {
    add({" ", pipeline::utf8_text(jobs_[*running_.begin()].input.filename())});
    if (running_.size() > 1) add({" (+", std::to_string(running_.size() - 1), ")"});
  }
  const std::uint64_t total = progress_.blocks_total.load(), blocks = progress_.blocks_done.load();
  if (total > 0) add({" | blocks ", std::to_string(blocks), "/", std::to_string(total)});
  const double seconds = elapsed();
  add({" | ", clock_text(seconds)});
  if (done_weight_ > 0 && done_ < jobs_.size())
    add({" | ETA ", clock_text(seconds * std::max(0.0, total_weight_ - done_weight_) / done_weight_)});
  // Never wider than the terminal: a wrapped line cannot be redrawn in place.
  const std::size_t columns = stderr_columns();
  if (line.size() > columns) line.resize(columns);
  line += "\x1b[K";
  return line;
}

void BakeProgress::clear_live_line() const { std::fputs("\r\x1b[K", stderr); }

void BakeProgress::redraw_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    std::fputs(live_line().c_str(), stderr);
    std::fflush(stderr);
    wake_.wait_for(lock, std::chrono::milliseconds(200));
  }
}

void BakeProgress::finish(std::span<const pipeline::JobResult> results, bool interrupted) {
  stop_redraw();
  std::size_t baked = 0, current = 0, failed = 0, cancelled = 0, lossy = 0, hits = 0, misses = 0;
  std::uint64_t bytes_in = 0, bytes_out = 0, fetched = 0;
  bool cached = false;
  for (const pipeline::JobResult& r : results) {
    switch (r.outcome) {
      case pipeline::JobOutcome::baked: ++baked; break;
      case pipeline::JobOutcome::up_to_date: ++current; break;
      case pipeline::JobOutcome::failed: ++failed; break;
      case pipeline::JobOutcome::cancelled: ++cancelled; break;
    }
    hits += r.from_cache ? 1 : 0;
    misses += r.cache_miss ? 1 : 0;
    fetched += r.bytes_fetched;
    cached |= r.from_cache || r.cache_miss;
    if (r.outcome == pipeline::JobOutcome::baked) {
      bytes_in += r.bytes_in;
      bytes_out += r.bytes_out;
      lossy += r.report.warnings.empty() ? 0 : 1;
    }
  }
  std::string summary = "aem bake: " + std::to_string(baked) + " baked" +
                        (hits > 0 ? " (" + std::to_string(hits) + " from cache)" : std::string()) + ", " +
                        std::to_string(current) + " up to date, " + std::to_string(failed) + " failed";
  if (cancelled > 0) summary += ", " + std::to_string(cancelled) + " not baked (interrupted)";
  if (lossy > 0) summary += "; " + std::to_string(lossy) + " baked with warnings (what each lost is on its line)";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f s", elapsed());
  summary += "; " + bytes_text(bytes_in) + " read, " + bytes_text(bytes_out) + " written; " + seconds;
  if (cached)
    summary += "; cache: " + std::to_string(hits) + (hits == 1 ? " hit, " : " hits, ") + std::to_string(misses) +
               (misses == 1 ? " miss, " : " misses, ") + bytes_text(fetched) + " fetched";
  std::printf("%s\n", summary.c_str());
  std::fflush(stdout);
  if (failed > 0) {
    std::fprintf(stderr, "aem bake: %zu failed:\n", failed);
    for (const pipeline::JobResult& r : results)
      if (r.outcome == pipeline::JobOutcome::failed) std::fprintf(stderr, "  %s\n", r.error.c_str());
  }
  if (interrupted) std::fprintf(stderr, "aem bake: interrupted; every output is either complete or untouched\n");
}

}  // namespace aem::cli
