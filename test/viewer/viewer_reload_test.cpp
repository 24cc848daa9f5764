// aem-viewer keeps running while the file it shows is truncated and rewritten in place (`cp` over
// it, an editor, a sync tool) again and again, and reloads each new version: the model on screen
// lives in memory the viewer owns, so nothing done to the file can pull it away (a mapping would
// die of SIGBUS on the first frame after a truncation).
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <vector>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace std::chrono_literals;

// aem-viewer running in the background with its stdout and stderr in a pipe we read.
class RunningViewer {
 public:
  explicit RunningViewer(const std::string& args) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(fds[1], 1);
      ::dup2(fds[1], 2);
      ::close(fds[0]);
      ::close(fds[1]);
      const std::string command = "exec " + shell_quote(AEM_VIEWER_PATH) + " " + args;
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(fds[1]);
    output_fd_ = fds[0];
  }
  ~RunningViewer() {
    if (pid_ > 0) {  // the test failed before the viewer finished: do not leave it behind
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (output_fd_ >= 0) ::close(output_fd_);
  }
  RunningViewer(const RunningViewer&) = delete;
  RunningViewer& operator=(const RunningViewer&) = delete;

  bool started() const { return pid_ > 0 && output_fd_ >= 0; }
  const std::string& output() const { return output_; }

  // Reads output until `text` has appeared `count` times in all; false if the viewer ends or
  // `limit` passes first (a generous bound against a hang, not a timing assertion).
  bool wait_for(const std::string& text, int count, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (occurrences(text) < count) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{output_fd_, POLLIN, 0};
      if (::poll(&p, 1, int(left.count())) <= 0) continue;
      char buffer[4096];
      const ssize_t got = ::read(output_fd_, buffer, sizeof buffer);
      if (got <= 0) return occurrences(text) >= count;  // the viewer closed its output: it ended
      output_.append(buffer, std::size_t(got));
    }
    return true;
  }

  // Asks the viewer to quit as a window manager would (SDL turns SIGTERM into a quit event) and
  // returns its exit status: the code, or -signal when a signal ended it.
  int stop() {
    ::kill(pid_, SIGTERM);
    wait_for("\x01never printed", 1, 60s);  // drain the output until the viewer closes it
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  }

 private:
  int occurrences(const std::string& text) const {
    int n = 0;
    for (std::size_t at = output_.find(text); at != std::string::npos; at = output_.find(text, at + 1)) ++n;
    return n;
  }

  pid_t pid_ = -1;
  int output_fd_ = -1;
  std::string output_;
};

void write_in_place(const std::filesystem::path& path, const std::vector<std::byte>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);  // same inode, as `cp` writes
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

TEST(ViewerReload, SurvivesTruncationAndRewriteInPlaceEveryTime) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("reload");
  const auto model = dir / "model.aem";
  ASSERT_EQ(run_command(shell_quote(AEM_MAKE_SAMPLE_PATH) + " " + shell_quote(model.string())).exit_code, 0);
  std::vector<std::byte> sample(std::filesystem::file_size(model));
  std::ifstream(model, std::ios::binary).read(reinterpret_cast<char*>(sample.data()), std::streamsize(sample.size()));
  // Both are animated: every frame samples keys and joints from the model in memory.
  const std::vector<std::byte> tiny = pipeline::serialize_model(test::tiny_model());

  RunningViewer viewer(shell_quote(model.string()) + " --size 320x240 --print-timing --panel");
  ASSERT_TRUE(viewer.started());
  ASSERT_TRUE(viewer.wait_for("first frame presented", 1, 120s)) << viewer.output();
  constexpr int kRewrites = 4;
  for (int i = 1; i <= kRewrites; ++i) {
    SCOPED_TRACE("rewrite " + std::to_string(i));
    // Truncated, and left empty until the watch has seen it: frames keep drawing the model
    // loaded before, and the empty file is refused (once per truncation), not shown.
    std::filesystem::resize_file(model, 0);
    ASSERT_TRUE(viewer.wait_for("file is 0 bytes", i, 60s)) << viewer.output();
    write_in_place(model, i % 2 == 1 ? tiny : sample);
    ASSERT_TRUE(viewer.wait_for("aem-viewer: reloaded", i, 120s)) << viewer.output();
  }
  EXPECT_EQ(viewer.stop(), 0) << viewer.output();
}

}  // namespace
}  // namespace aem::test::viewer
