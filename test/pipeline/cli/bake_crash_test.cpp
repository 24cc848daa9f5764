// `aem bake` killed, interrupted, short of disk or run twice at once on one output: nothing
// wrong is left behind. Stale temporaries go with the next bake of their output, two bakes of
// one output take turns (never a stamp of one model beside the output of another), a write that
// fails says why and leaves no output, temporary or empty depfile, and SIGTERM stops a long bake.
#include <chrono>
#include <map>
#include <optional>
#include <csignal>
#include <set>
#include <thread>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "aem/model.hpp"
#include "aem/pipeline/bake_stamp.hpp"
#include "output/output_lock.hpp"
#include "bake_cli_support.hpp"
#include "large_gltf.hpp"
#include "run_command.hpp"
#include "watchdog.hpp"

extern char** environ;

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// Every entry below `dir` (hidden ones and stamps included), relative to it.
std::set<std::string> entries_below(const fs::path& dir) {
  std::set<std::string> names;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) names.insert(e.path().lexically_relative(dir).generic_string());
  return names;
}

// `aem bake ARGS` started in the background, its output going to `log`.
class BackgroundBake {
 public:
  BackgroundBake(const std::vector<std::string>& args, const fs::path& log) {
    std::vector<std::string> argv_storage{AEM_CLI_PATH, "bake"};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    if (posix_spawn(&pid_, AEM_CLI_PATH, &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~BackgroundBake() {
    if (pid_ > 0 && !done_) {
      ::kill(pid_, SIGKILL);
      wait();
    }
  }
  bool started() const { return pid_ > 0; }
  bool running() {
    if (done_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) != pid_) return true;
    finish(status);
    return false;
  }
  void signal(int sig) const { ::kill(pid_, sig); }
  // Waits until the bake has `file` open, which it does only after installing its SIGINT and
  // SIGTERM handlers: for an output's lock file, once it is waiting for that lock or holds it.
  // False if the bake ended first (the test's watchdog bounds a bake that never gets there).
  bool wait_until_open(const fs::path& file) {
    while (running()) {
      if (has_open(file)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a poll, not a guess at timing
    }
    return false;
  }
  // The exit status; -1 when the process was ended by a signal.
  int wait() {
    int status = 0;
    if (!done_ && ::waitpid(pid_, &status, 0) == pid_) finish(status);
    return exit_code_;
  }

 private:
  // Whether one of the bake's file descriptors (Linux's /proc/PID/fd) names `file`.
  bool has_open(const fs::path& file) const {
    std::error_code ec;
    const fs::path wanted = fs::weakly_canonical(file, ec);
    for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid_) + "/fd", ec)) {
      std::error_code gone;  // the descriptor may close while we look
      if (fs::read_symlink(fd.path(), gone) == wanted) return true;
    }
    return false;
  }
  void finish(int status) {
    done_ = true;
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  pid_t pid_ = -1;
  bool done_ = false;
  int exit_code_ = -1;
};

CommandResult run_bake(const std::string& args) { return run_command(aem() + " bake " + args); }

TEST(BakeCrashes, TemporariesOfAKilledBakeGoWithTheNextBakeOfThatOutput) {
  ScratchDir dir("stale_temporaries");
  write_large_gltf(dir.path() / "src" / "m.gltf", {.grid_quads = 8});
  write_large_gltf(dir.path() / "src" / "n.gltf", {.grid_quads = 9});
  const fs::path out = dir.path() / "out";
  // What bakes killed mid-write leave: an output's temporary and a stamp's.
  write_text(out / ".m.aem.tmp-999999-0", std::string(100000, 'x'));
  write_text(out / ".n.aem.tmp-999998-7", std::string(100000, 'x'));
  write_text(out / ".aem-bake" / ".m.aem.json.tmp-999999-1", "{");
  // Not temporaries of these outputs: left alone.
  write_text(out / ".m.aem.tmp-notes", "mine");
  write_text(out / ".other.aem.tmp-1-2", "another output's");
  const CommandResult r = run_bake(shell_path(dir.path() / "src") + " -o " + shell_path(out) + " --textures rgba -j2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(entries_below(out),
            (std::set<std::string>{".aem-bake", ".aem-bake/m.aem.json", ".aem-bake/n.aem.json", ".m.aem.tmp-notes",
                                   ".other.aem.tmp-1-2", "m.aem", "n.aem"}));
  EXPECT_EQ(Model::open(out / "m.aem").vertices().size(), 81u);
  EXPECT_EQ(Model::open(out / "n.aem").vertices().size(), 100u);
}

TEST(BakeCrashes, AKillNineMidWriteLeavesATemporaryTheNextBakeRemoves) {
  ScratchDir dir("kill_nine");
  write_large_gltf(dir.path() / "big.gltf", {.grid_quads = 700});
  write_large_gltf(dir.path() / "small.gltf", {.grid_quads = 8});
  const fs::path out = dir.path() / "out";
  fs::create_directories(out);
  Watchdog watchdog("the kill -9 test", std::chrono::seconds(300));
  // Killed as soon as its temporary appears (the output is tens of MB, so it is seen mid-write).
  bool killed_mid_write = false;
  for (int attempt = 0; attempt < 3 && !killed_mid_write; ++attempt) {
    BackgroundBake big({(dir.path() / "big.gltf").string(), "-o", (out / "m.aem").string(), "--textures", "rgba",
                        "--force"},
                       dir.path() / "big.log");
    ASSERT_TRUE(big.started());
    while (big.running() && !killed_mid_write) {
      for (const auto& e : fs::directory_iterator(out))
        if (e.path().filename().string().rfind(".m.aem.tmp-", 0) == 0) killed_mid_write = true;
      if (killed_mid_write) big.signal(SIGKILL);
      else std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    big.wait();
  }
  if (!killed_mid_write) GTEST_SKIP() << "never caught the bake mid-write";
  const CommandResult r = run_bake(shell_path(dir.path() / "small.gltf") + " -o " + shell_path(out / "m.aem") + " --textures rgba");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(entries_below(out), (std::set<std::string>{".aem-bake", ".aem-bake/m.aem.json", "m.aem"}));
  EXPECT_EQ(Model::open(out / "m.aem").vertices().size(), 81u);
}

// Two bakes wait for one holding the output's lock; once it is free, one bakes and the other,
// taking the lock after it, finds that output up to date.
TEST(BakeConcurrency, ABakeWaitsForTheOutputsLockAndThenFindsItUpToDate) {
  ScratchDir dir("lock_wait");
  write_large_gltf(dir.path() / "m.gltf", {.grid_quads = 30});
  const fs::path out = dir.path() / "out" / "m.aem";
  const std::vector<std::string> args{(dir.path() / "m.gltf").string(), "-o", out.string(), "--textures", "rgba"};
  Watchdog watchdog("bakes waiting for a lock", std::chrono::seconds(120));
  std::optional<pipeline::OutputLock> held;
  held.emplace(out, nullptr, dir.path() / "m.gltf");
  BackgroundBake first(args, dir.path() / "first.log");
  BackgroundBake second(args, dir.path() / "second.log");
  // Both have opened the lock this test holds: they wait (a bake that ignored the lock would
  // write the output beside it, and both would bake).
  ASSERT_TRUE(first.wait_until_open(pipeline::output_lock_path(out))) << "the first bake ended before locking";
  ASSERT_TRUE(second.wait_until_open(pipeline::output_lock_path(out))) << "the second bake ended before locking";
  EXPECT_TRUE(first.running());
  EXPECT_TRUE(second.running());
  EXPECT_FALSE(fs::exists(out));
  held.reset();
  EXPECT_EQ(first.wait(), 0);
  EXPECT_EQ(second.wait(), 0);
  const std::string logs = std::string(read_all(dir.path() / "first.log").data(), read_all(dir.path() / "first.log").size()) +
                           std::string(read_all(dir.path() / "second.log").data(), read_all(dir.path() / "second.log").size());
  EXPECT_TRUE(contains(logs, "m.aem: up to date")) << logs;
  EXPECT_TRUE(contains(logs, "m.aem: 961 vertices")) << logs;
  EXPECT_EQ(entries_below(out.parent_path()), (std::set<std::string>{".aem-bake", ".aem-bake/m.aem.json", "m.aem"}));
}

TEST(BakeConcurrency, ALockWaitEndsWithSigterm) {
  ScratchDir dir("lock_sigterm");
  write_large_gltf(dir.path() / "m.gltf", {.grid_quads = 8});
  const fs::path out = dir.path() / "out" / "m.aem";
  Watchdog watchdog("a bake waiting for a lock", std::chrono::seconds(60));
  const pipeline::OutputLock held(out, nullptr, dir.path() / "m.gltf");
  BackgroundBake waiting({(dir.path() / "m.gltf").string(), "-o", out.string()}, dir.path() / "log");
  ASSERT_TRUE(waiting.wait_until_open(pipeline::output_lock_path(out))) << "the bake ended before locking";
  waiting.signal(SIGTERM);
  EXPECT_EQ(waiting.wait(), 130);
  EXPECT_FALSE(fs::exists(out));
}

// Two models baked to one output at the same moment, again and again: afterwards the stamp never
// calls up to date an output that another model made.
TEST(BakeConcurrency, TwoModelsBakedToOneOutputAtOnceNeverLeaveAWrongStamp) {
  ScratchDir dir("race");
  write_large_gltf(dir.path() / "a.gltf", {.grid_quads = 60});
  write_large_gltf(dir.path() / "b.gltf", {.grid_quads = 61});
  const fs::path out = dir.path() / "out.aem";
  const std::map<std::string, std::uint64_t> vertices{{"a.gltf", 61u * 61u}, {"b.gltf", 62u * 62u}};
  Watchdog watchdog("racing bakes", std::chrono::seconds(600));
  for (int i = 0; i < 25; ++i) {
    BackgroundBake a({(dir.path() / "a.gltf").string(), "-o", out.string(), "--textures", "rgba", "-j1"},
                     dir.path() / "a.log");
    BackgroundBake b({(dir.path() / "b.gltf").string(), "-o", out.string(), "--textures", "rgba", "-j1"},
                     dir.path() / "b.log");
    ASSERT_EQ(a.wait(), 0);
    ASSERT_EQ(b.wait(), 0);
    const auto stamp = pipeline::read_stamp(out);
    ASSERT_TRUE(stamp.has_value()) << "iteration " << i;
    const std::string model = stamp->model.filename().string();
    // Whatever the stamp says is what the output holds, or it is not up to date.
    const CommandResult again = run_bake(shell_path(dir.path() / model) + " -o " + shell_path(out) + " --textures rgba -j1");
    ASSERT_EQ(again.exit_code, 0) << again.output;
    if (contains(again.output, "up to date")) {
      ASSERT_EQ(Model::open(out).vertices().size(), vertices.at(model)) << "iteration " << i << ": " << model;
    }
  }
}

// A bash command line around `aem bake ARGS` whose files may not grow past 64 KiB (SIGXFSZ
// ignored, so that the write fails with EFBIG instead of killing the process).
std::string with_file_size_limit(const std::string& args) {
  return "bash -c " + shell_quote("trap '' XFSZ; ulimit -f 64; exec " + aem() + " bake " + args);
}

TEST(BakeWriteFailures, AFileTooLargeNamesTheReasonAndLeavesNothing) {
  ScratchDir dir("file_too_large");
  write_large_gltf(dir.path() / "m.gltf", {.grid_quads = 60});  // some 330 KB baked
  const fs::path out = dir.path() / "out";
  fs::create_directories(out);
  const CommandResult r = run_command(with_file_size_limit(shell_path(dir.path() / "m.gltf") + " -o " + shell_path(out / "m.aem") +
                                                           " --textures rgba --depfile " + shell_path(out / "m.d")));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, (out / "m.aem").string() + ": cannot write the file: File too large")) << r.output;
  EXPECT_EQ(entries_below(out), std::set<std::string>{});
}

TEST(BakeWriteFailures, AStampThatCannotBeWrittenFailsTheJobAndLeavesNoOutput) {
  ScratchDir dir("stamp_fails");
  write_large_gltf(dir.path() / "m.gltf", {.grid_quads = 8});
  const fs::path out = dir.path() / "out";
  // A directory where the stamp goes: the finished stamp cannot be renamed over it.
  write_text(out / ".aem-bake" / "m.aem.json" / "keep", "");
  const CommandResult r =
      run_bake(shell_path(dir.path() / "m.gltf") + " -o " + shell_path(out / "m.aem") + " --textures rgba --depfile " + shell_path(out / "m.d"));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "m.aem.json: cannot move the finished file into place: Is a directory")) << r.output;
  EXPECT_EQ(entries_below(out), (std::set<std::string>{".aem-bake", ".aem-bake/m.aem.json", ".aem-bake/m.aem.json/keep"}));
}

TEST(BakeInterrupts, SigtermStopsALongBakeLeavingNothing) {
  ScratchDir dir("sigterm");
  write_large_gltf(dir.path() / "big.gltf", {.grid_quads = 1000});
  const fs::path out = dir.path() / "out";
  Watchdog watchdog("a bake sent SIGTERM", std::chrono::seconds(120));
  BackgroundBake big({(dir.path() / "big.gltf").string(), "-o", (out / "big.aem").string(), "--textures", "rgba"},
                     dir.path() / "log");
  ASSERT_TRUE(big.started());
  // Its lock taken, the bake has begun, with its handlers in place (a 2M-triangle bake goes on
  // for seconds after that).
  ASSERT_TRUE(big.wait_until_open(pipeline::output_lock_path(out / "big.aem"))) << "the bake ended before locking";
  const auto sent = std::chrono::steady_clock::now();
  big.signal(SIGTERM);
  EXPECT_EQ(big.wait(), 130);
  std::printf("SIGTERM to exit: %.0f ms\n",
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count());
  EXPECT_EQ(entries_below(out), std::set<std::string>{});
}

}  // namespace
}  // namespace aem::test
