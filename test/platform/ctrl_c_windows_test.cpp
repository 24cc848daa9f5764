// Ctrl-C in a Windows console stops `aem.exe bake` as SIGTERM and Ctrl-C stop it on Linux
// (test/pipeline/cli/bake_crash_test.cpp): exit 130, the reason said, nothing left in the output
// folder. A console's Ctrl-C reaches every process attached to it, so this test gives itself a
// console of its own (Wine starts it with none; on Windows it leaves ctest's), ignores the event
// itself with a handler (not SetConsoleCtrlHandler(NULL), which the bake would inherit), and
// starts the bake on that console.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "large_gltf.hpp"
#include "output/output_lock.hpp"
#include "platform_cli.hpp"
#include "scratch_dir.hpp"
#include "watchdog.hpp"

namespace {

namespace fs = std::filesystem;

BOOL WINAPI ignore_ctrl_c(DWORD event) { return event == CTRL_C_EVENT ? TRUE : FALSE; }

// `aem.exe bake ARGS` on this process's console, its output and errors into `log`.
class ConsoleBake {
 public:
  ConsoleBake(const std::wstring& args, const fs::path& log) {
    SECURITY_ATTRIBUTES inheritable{sizeof inheritable, nullptr, TRUE};
    log_ = ::CreateFileW(log.c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inheritable, CREATE_ALWAYS,
                         FILE_ATTRIBUTE_NORMAL, nullptr);
    if (log_ == INVALID_HANDLE_VALUE) return;
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
    startup.hStdOutput = log_;
    startup.hStdError = log_;
    std::wstring command = L"\"" + fs::path(AEM_CLI_PATH).wstring() + L"\" bake " + args;
    if (::CreateProcessW(nullptr, command.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr, &startup, &process_))
      ::CloseHandle(process_.hThread);
    else
      process_.hProcess = nullptr;
  }
  ~ConsoleBake() {
    if (process_.hProcess) {
      if (running()) ::TerminateProcess(process_.hProcess, 1);
      ::CloseHandle(process_.hProcess);
    }
    if (log_ != INVALID_HANDLE_VALUE) ::CloseHandle(log_);
  }
  ConsoleBake(const ConsoleBake&) = delete;
  ConsoleBake& operator=(const ConsoleBake&) = delete;

  bool started() const { return process_.hProcess != nullptr; }
  bool running() const { return ::WaitForSingleObject(process_.hProcess, 0) == WAIT_TIMEOUT; }
  // Waits until `file` exists, which the bake makes only after installing its console handler:
  // an output's lock file. False if the bake ended first.
  bool wait_until_exists(const fs::path& file) const {
    while (running()) {
      if (fs::exists(file)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));  // a poll, not a guess at timing
    }
    return false;
  }
  DWORD wait() const {
    ::WaitForSingleObject(process_.hProcess, INFINITE);
    DWORD code = 0;
    ::GetExitCodeProcess(process_.hProcess, &code);
    return code;
  }

 private:
  HANDLE log_ = INVALID_HANDLE_VALUE;
  PROCESS_INFORMATION process_{};
};

TEST(WindowsInterrupts, CtrlCStopsALongBakeLeavingNothing) {
  aem::test::ScratchDir dir("ctrl_c");
  aem::test::write_large_gltf(dir.path() / "big.gltf", {.grid_quads = 1000});
  const fs::path out = dir.path() / "out";
  aem::test::Watchdog watchdog("a bake sent Ctrl-C", std::chrono::seconds(180));
  ::FreeConsole();
  ASSERT_TRUE(::AllocConsole()) << "no console of its own: error " << ::GetLastError();
  ASSERT_TRUE(::SetConsoleCtrlHandler(ignore_ctrl_c, TRUE));
  ConsoleBake big(L"\"" + (dir.path() / "big.gltf").wstring() + L"\" -o \"" + (out / "big.aem").wstring() +
                      L"\" --textures rgba",
                  dir.path() / "log");
  ASSERT_TRUE(big.started()) << "CreateProcess: error " << ::GetLastError();
  // Its lock taken, the bake has begun with its handler in place (a 2M-triangle bake goes on for
  // seconds after that).
  ASSERT_TRUE(big.wait_until_exists(aem::pipeline::output_lock_path(out / "big.aem")))
      << "the bake ended before locking:\n" << aem::test::bytes_of(dir.path() / "log");
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_TRUE(::GenerateConsoleCtrlEvent(CTRL_C_EVENT, 0)) << "error " << ::GetLastError();
  EXPECT_EQ(big.wait(), 130u) << aem::test::bytes_of(dir.path() / "log");
  std::printf("Ctrl-C to exit: %.0f ms\n",
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count());
  EXPECT_NE(aem::test::bytes_of(dir.path() / "log").find("interrupted"), std::string::npos) << aem::test::bytes_of(dir.path() / "log");
  std::error_code listed;
  EXPECT_TRUE(!fs::exists(out) || fs::is_empty(out, listed)) << "the interrupted bake left files in " << out;
  ::SetConsoleCtrlHandler(ignore_ctrl_c, FALSE);
}

}  // namespace
