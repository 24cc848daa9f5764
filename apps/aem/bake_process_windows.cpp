#include "bake_process.hpp"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <psapi.h>

namespace aem::cli {
namespace {

std::atomic<bool>* g_interrupt_flag = nullptr;

// Runs on a thread of its own that the system starts for each event. TRUE: handled, the process
// goes on; FALSE: the next handler, in the end ExitProcess.
BOOL WINAPI on_console_event(DWORD event) {
  if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT) return FALSE;
  return g_interrupt_flag->exchange(true) ? FALSE : TRUE;
}

}  // namespace

InterruptGuard::InterruptGuard(std::atomic<bool>& interrupted) {
  g_interrupt_flag = &interrupted;
  ::SetConsoleCtrlHandler(on_console_event, TRUE);
}

InterruptGuard::~InterruptGuard() { ::SetConsoleCtrlHandler(on_console_event, FALSE); }

std::optional<std::uint64_t> peak_memory_bytes() {
  PROCESS_MEMORY_COUNTERS counters{};
  counters.cb = sizeof counters;
  if (!::K32GetProcessMemoryInfo(::GetCurrentProcess(), &counters, sizeof counters)) return std::nullopt;
  return std::uint64_t(counters.PeakWorkingSetSize);
}

}  // namespace aem::cli
