#include "output/output_lock.hpp"
#include "aem/pipeline/utf8_path.hpp"

#include <chrono>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(20);
constexpr int kMaxAttempts = 100;  // a lock file replaced or removed under us this often: give up

// Errors that mean the output's directory is read-only to us: nothing can be written there, so
// no other bake can write it either, and an up-to-date check needs no lock.
bool read_only(std::error_code error) {
  return error == std::errc::read_only_file_system || error == std::errc::permission_denied ||
         error == std::errc::operation_not_permitted;
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what, std::error_code error) {
  throw std::runtime_error(path.string() + ": cannot " + what + ": " + error.message());
}

// The missing directories from `dir` up (deepest first), made; `error` is left at the errno of
// a failure to make them.
std::vector<std::filesystem::path> make_directories(const std::filesystem::path& dir, std::error_code& error) {
  std::vector<std::filesystem::path> missing;
  std::error_code ec;
  for (std::filesystem::path d = dir; !d.empty() && !std::filesystem::exists(d, ec); d = d.parent_path()) {
    missing.push_back(d);
    if (d == d.parent_path()) break;
  }
  std::filesystem::create_directories(dir, error);
  return missing;
}

}  // namespace

std::filesystem::path output_lock_path(const std::filesystem::path& output) {
  return output.parent_path() / ".aem-bake" / path_from_utf8(utf8_text(output.filename()) + ".lock");
}

OutputLock::OutputLock(const std::filesystem::path& output, const std::atomic<bool>* cancel,
                       const std::filesystem::path& model)
    : path_(output_lock_path(output)) {
  try {
    take(output, cancel, model);
  } catch (...) {
    remove_made_directories();
    throw;
  }
}

void OutputLock::take(const std::filesystem::path& output, const std::atomic<bool>* cancel,
                      const std::filesystem::path& model) {
  for (int attempt = 0; !file_.is_open(); ++attempt) {
    if (attempt == kMaxAttempts) fail(path_, "take the lock", std::make_error_code(std::errc::resource_unavailable_try_again));
    // (Made again on each attempt: a bake that just released its lock may have removed them.)
    // The output's directory first, so that an error names it rather than the stamp folder.
    for (const std::filesystem::path& dir : {output.parent_path(), path_.parent_path()}) {
      if (dir.empty()) continue;
      std::error_code made;
      for (const auto& d : make_directories(dir, made)) made_.push_back(d);
      if (made && read_only(made)) return;
      if (made) throw std::runtime_error(dir.string() + ": cannot create directory: " + made.message());
    }
    LockFile file;
    if (const std::error_code error = file.open(path_, false)) {
      if (error == std::errc::no_such_file_or_directory) continue;
      if (read_only(error)) return;
      fail(path_, "create the lock file", error);
    }
    for (;;) {
      const std::error_code error = file.lock(LockFile::Mode::exclusive, false);
      if (!error) break;
      if (error != std::errc::resource_unavailable_try_again) fail(path_, "take the lock", error);
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        file.close();
        throw_if_cancelled(BakeOptions{.signals = {cancel}}, model);
      }
      std::this_thread::sleep_for(kPollInterval);
    }
    // The holder before us removes the file as it lets go: a lock on a file no longer at the
    // path locks nothing, so open it again.
    if (file.is_at(path_)) file_ = std::move(file);
  }
}

OutputLock::~OutputLock() {
  file_.release_and_remove(path_);
  remove_made_directories();
}

void OutputLock::remove_made_directories() const {
  // rmdir fails on a directory that is not empty, which is what keeps anything still in use.
  std::error_code ignored;
  std::filesystem::remove(path_.parent_path(), ignored);
  for (const auto& dir : made_) std::filesystem::remove(dir, ignored);
}

}  // namespace aem::pipeline
