#include "bake_process.hpp"

#include <csignal>

#include <sys/resource.h>

namespace aem::cli {
namespace {

std::atomic<bool>* g_interrupt_flag = nullptr;
struct sigaction g_previous_sigint {}, g_previous_sigterm {};

extern "C" void on_interrupt(int) { g_interrupt_flag->store(true); }

}  // namespace

InterruptGuard::InterruptGuard(std::atomic<bool>& interrupted) {
  g_interrupt_flag = &interrupted;
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  action.sa_flags = SA_RESETHAND;  // the second signal takes the default action: the end
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_previous_sigint);
  sigaction(SIGTERM, &action, &g_previous_sigterm);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &g_previous_sigint, nullptr);
  sigaction(SIGTERM, &g_previous_sigterm, nullptr);
}

std::optional<std::uint64_t> peak_memory_bytes() {
  struct rusage usage {};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return std::nullopt;
  return std::uint64_t(usage.ru_maxrss) * 1024;  // Linux gives it in KiB
}

}  // namespace aem::cli
