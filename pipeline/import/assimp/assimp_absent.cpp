// import_assimp in a build without Assimp (AEM_HAVE_ASSIMP 0, the Windows build): a model of a
// format only Assimp reads is refused by name, before anything is read or written.
#include "base/build_features.hpp"

#if !AEM_HAVE_ASSIMP

#include <algorithm>
#include <cctype>

#include "aem/pipeline/utf8_path.hpp"
#include "import/assimp/assimp_import.hpp"

namespace aem::pipeline {

std::filesystem::path assimp_importer_path() { return {}; }

Scene import_assimp(const std::filesystem::path& path, const BakeOptions&, WarningLog&, const AssimpChildSettings&) {
  std::string format = utf8_text(path.extension());
  if (!format.empty()) format.erase(0, 1);  // the dot
  std::transform(format.begin(), format.end(), format.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  throw BakeError(utf8_text(path) + ": " + format + " files are not supported by this build (Assimp is not part of it)");
}

}  // namespace aem::pipeline

#endif
