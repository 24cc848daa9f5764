#include "io/child_process.hpp"

#include <stdexcept>

// POSIX only, as the rest of the pipeline (which Windows builds leave out: README, "Windows").

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace aem::pipeline {
namespace {

constexpr std::size_t kMaxErr = 64 * 1024;

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

// Kills and reaps the child unless it was reaped already.
class ChildGuard {
 public:
  explicit ChildGuard(pid_t pid) : pid_(pid) {}
  ChildGuard(const ChildGuard&) = delete;
  ChildGuard& operator=(const ChildGuard&) = delete;
  ~ChildGuard() {
    if (pid_ > 0) kill_and_reap();
  }
  void kill_and_reap() {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  // Waits (polling, so that the deadline and cancel still hold) for the exit; false on a stop.
  bool wait(int& status, std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* cancel, ChildStop& stop) {
    for (;;) {
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        pid_ = -1;
        return true;
      }
      if (r < 0 && errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
      if (cancel && cancel->load(std::memory_order_relaxed)) stop = ChildStop::cancelled;
      else if (std::chrono::steady_clock::now() >= deadline) stop = ChildStop::timed_out;
      if (stop != ChildStop::exited) {
        kill_and_reap();
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

 private:
  pid_t pid_;
};

void make_pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
}

}  // namespace

ChildRun run_child(const std::vector<std::string>& argv, std::uint64_t max_out, std::chrono::milliseconds time_limit,
                   const std::atomic<bool>* cancel) {
  const auto deadline = std::chrono::steady_clock::now() + time_limit;
  int out_fds[2], err_fds[2];
  make_pipe(out_fds);
  Fd out_read(out_fds[0]), out_write(out_fds[1]);
  make_pipe(err_fds);
  Fd err_read(err_fds[0]), err_write(err_fds[1]);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_write.get(), 1);
  posix_spawn_file_actions_adddup2(&actions, err_write.get(), 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, argv.at(0).c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(spawned));
  ChildGuard child(pid);
  out_write.reset();  // only the child writes; EOF comes when it is done
  err_write.reset();

  ChildRun run;
  unsigned char chunk[65536];
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    if (cancel && cancel->load(std::memory_order_relaxed)) run.stop = ChildStop::cancelled;
    else if (std::chrono::steady_clock::now() >= deadline) run.stop = ChildStop::timed_out;
    if (run.stop != ChildStop::exited) {
      child.kill_and_reap();
      return run;
    }
    pollfd fds[2] = {{out_open ? out_read.get() : -1, POLLIN, 0}, {err_open ? err_read.get() : -1, POLLIN, 0}};
    const int ready = ::poll(fds, 2, 50);
    if (ready < 0 && errno != EINTR) throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    if (ready <= 0) continue;
    if (out_open && fds[0].revents) {
      const ssize_t n = ::read(out_read.get(), chunk, sizeof chunk);
      if (n > 0) {
        if (run.out.size() + std::size_t(n) > max_out) {
          run.stop = ChildStop::output_too_large;
          child.kill_and_reap();
          return run;
        }
        run.out.insert(run.out.end(), chunk, chunk + n);
      } else if (n == 0 || errno != EINTR) {
        out_open = false;
      }
    }
    if (err_open && fds[1].revents) {
      const ssize_t n = ::read(err_read.get(), chunk, sizeof chunk);
      if (n > 0) {
        run.err.append(reinterpret_cast<const char*>(chunk), std::size_t(n));
        if (run.err.size() > kMaxErr) run.err.erase(0, run.err.size() - kMaxErr);
      } else if (n == 0 || errno != EINTR) {
        err_open = false;
      }
    }
  }
  child.wait(run.status, deadline, cancel, run.stop);
  return run;
}

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = ::strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : std::string());
  }
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  return "ended with wait status " + std::to_string(status);
}

int exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

}  // namespace aem::pipeline
