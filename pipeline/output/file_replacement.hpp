#pragma once
// What the atomic write (atomic_write.cpp) does differently on each platform: making a new file
// and renaming a finished one over its target (file_replacement_posix.cpp,
// file_replacement_windows.cpp).
#include <filesystem>
#include <system_error>

namespace aem::pipeline {

// Opens `path` for writing, only if no file has that name yet: a descriptor for write(2) and
// close(2), or -1 with errno set (EEXIST where the name is taken). Binary (no newline
// translation) and not inherited by child processes.
int create_new_file(const std::filesystem::path& path);

// Renames the finished `temporary` over `path`, in one step where the system can. On Windows, a
// program holding `path` open (the viewer maps what it shows) may make the old file move aside
// first, to a temporary's name of `path` (temporary_path), and an editor or virus scanner that
// keeps others from deleting it makes every way fail: tried again for about two seconds, then
// device_or_resource_busy.
std::error_code move_into_place(const std::filesystem::path& temporary, const std::filesystem::path& path);

// ".NAME.tmp-<pid>-<n>" beside `path`, a name no other call returns (atomic_write.cpp).
std::filesystem::path temporary_path(const std::filesystem::path& path);

}  // namespace aem::pipeline
