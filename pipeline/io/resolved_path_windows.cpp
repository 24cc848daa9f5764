// resolved_path (confined_files.hpp) on Windows. Windows resolves ".." lexically, before it
// looks at the disk, so the path is first made normal; then its longest existing part is opened
// and named again by the system (GetFinalPathNameByHandleW), which follows symbolic links,
// junctions and other reparse points: a link inside the model's folder that leads out of it
// resolves outside, as on POSIX. (libstdc++'s weakly_canonical cannot read reparse points.)
#include <string>
#include <vector>

#include "io/confined_files.hpp"
#include "io/windows_files.hpp"

namespace aem::pipeline {
namespace {

// The final name of an open file or folder, without the "\\?\" prefix the system gives it;
// empty when the system cannot name it.
std::filesystem::path final_path(HANDLE file) {
  std::vector<wchar_t> name(MAX_PATH);
  for (;;) {
    const DWORD length = ::GetFinalPathNameByHandleW(file, name.data(), DWORD(name.size()), FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
    if (length == 0) return {};
    if (length < name.size()) {
      std::wstring text(name.data(), length);
      if (text.rfind(L"\\\\?\\UNC\\", 0) == 0) text = L"\\\\" + text.substr(8);
      else if (text.rfind(L"\\\\?\\", 0) == 0) text = text.substr(4);
      return std::filesystem::path(text);
    }
    name.resize(length + 1);
  }
}

}  // namespace

std::filesystem::path resolved_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path.empty() ? "." : path, ec);
  if (ec) return path.lexically_normal();
  const std::filesystem::path normal = absolute.lexically_normal();
  std::filesystem::path existing = normal, rest;
  for (;;) {
    const windows::Handle file(::CreateFileW(windows::api_path(existing).c_str(), FILE_READ_ATTRIBUTES,
                                             FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                             OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr));
    if (file) {
      const std::filesystem::path resolved = final_path(file.get());
      if (resolved.empty()) return normal;
      return rest.empty() ? resolved : (resolved / rest).lexically_normal();
    }
    if (!existing.has_relative_path()) return normal;  // not even the root is there
    if (existing.has_filename()) rest = rest.empty() ? existing.filename() : existing.filename() / rest;
    existing = existing.parent_path();
  }
}

}  // namespace aem::pipeline
