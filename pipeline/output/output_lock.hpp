#pragma once
// One bake of an output at a time, across threads and processes.
//
// A bake holds its output's lock (a LockFile on `.aem-bake/NAME.aem.lock` beside the output) from
// before its up-to-date check until its stamp is written, so that two bakes of one output (two
// build steps, two terminals) take turns: the second one, once it has the lock, sees the first
// one's output and stamp, and finds it up to date or bakes again. Never a stamp of one model
// beside the output of another. Holding the lock also means that no other bake can be writing
// the output's temporaries, so stale ones (from a killed bake) may be removed.
#include <atomic>
#include <filesystem>
#include <vector>

#include "io/lock_file.hpp"

namespace aem::pipeline {

// `.aem-bake/NAME.aem.lock` beside `output`, next to its stamp.
std::filesystem::path output_lock_path(const std::filesystem::path& output);

class OutputLock {
 public:
  // Takes the lock of `output`, making its directory and `.aem-bake` folder if they are missing.
  // While another bake holds it, waits, looking at `cancel` every few milliseconds: once it is
  // set, throws BakeCancelled naming `model`. Where the lock file cannot be made because the
  // directory is read-only to this process (read-only file system, permission denied), no lock is taken (held() is
  // false): nothing can be written there, so an up-to-date check needs none, and a bake that
  // must write fails at its write with the reason. Throws std::runtime_error naming the
  // directory or lock file on any other failure.
  OutputLock(const std::filesystem::path& output, const std::atomic<bool>* cancel, const std::filesystem::path& model);
  // Removes the lock file (while still holding it, so that no waiting bake can lock a file that
  // is gone), then the `.aem-bake` folder and the directories the constructor made, each only
  // while it is empty: a bake that wrote nothing leaves nothing behind.
  ~OutputLock();
  bool held() const { return file_.is_open(); }
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  void take(const std::filesystem::path& output, const std::atomic<bool>* cancel, const std::filesystem::path& model);
  void remove_made_directories() const;

  std::filesystem::path path_;
  LockFile file_;
  std::vector<std::filesystem::path> made_;  // directories this lock made, deepest first
};

}  // namespace aem::pipeline
