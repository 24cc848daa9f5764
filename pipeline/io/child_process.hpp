#pragma once
// Runs a helper program as a child process and collects what it writes, within limits: the
// Assimp importer (assimp_import.cpp) runs this way so that its crashes stay its own. POSIX only.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace aem::pipeline {

enum class ChildStop { exited, cancelled, timed_out, output_too_large };

struct ChildRun {
  ChildStop stop = ChildStop::exited;  // anything but exited: the child was killed (SIGKILL)
  int status = 0;                      // waitpid's status, when stop is exited
  std::vector<unsigned char> out;      // stdout
  std::string err;                     // stderr, its last 64 KiB
};

// Starts argv[0] (a path, not searched for) with argv, stdin read from /dev/null and no other
// descriptor inherited, and reads stdout and stderr until both close and the child exits. Kills
// the child and returns at once when `cancel` is set (checked every 50 ms), when `time_limit`
// passes or when stdout exceeds `max_out` bytes. Throws std::runtime_error when the child cannot
// be started, and on Windows (not supported there yet). The child never outlives the call.
ChildRun run_child(const std::vector<std::string>& argv, std::uint64_t max_out, std::chrono::milliseconds time_limit,
                   const std::atomic<bool>* cancel);

// "exit status 3", "killed by signal 6 (Aborted)": how a finished child ended.
std::string describe_exit(int status);
// The exit code of a child that exited normally, -1 for one killed by a signal.
int exit_code(int status);

}  // namespace aem::pipeline
