// aem.exe carries its application manifest (apps/windows/long_paths.manifest) as the resource
// Windows reads at start-up (RT_MANIFEST, id 1), so that it may use paths past MAX_PATH where the
// system enables them. Read from the built program as Windows' loader finds it.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace {

TEST(WindowsManifest, AemExeDeclaresItselfLongPathAware) {
  const std::wstring program = std::filesystem::path(AEM_CLI_PATH).wstring();
  const HMODULE image = ::LoadLibraryExW(program.c_str(), nullptr, LOAD_LIBRARY_AS_DATAFILE | LOAD_LIBRARY_AS_IMAGE_RESOURCE);
  ASSERT_NE(image, nullptr) << "cannot load " << AEM_CLI_PATH << " as data: error " << ::GetLastError();
  const HRSRC found = ::FindResourceW(image, MAKEINTRESOURCEW(1), MAKEINTRESOURCEW(24));
  ASSERT_NE(found, nullptr) << AEM_CLI_PATH << " has no application manifest (RT_MANIFEST 1)";
  const HGLOBAL loaded = ::LoadResource(image, found);
  ASSERT_NE(loaded, nullptr);
  const std::string manifest(static_cast<const char*>(::LockResource(loaded)), ::SizeofResource(image, found));
  EXPECT_NE(manifest.find("<ws2:longPathAware>true</ws2:longPathAware>"), std::string::npos) << manifest;
  ::FreeLibrary(image);
}

}  // namespace
