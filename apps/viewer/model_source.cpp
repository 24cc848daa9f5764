#include "model_source.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

namespace aem::viewer {

LoadedModel load_model(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(path.string() + ": no such file");
  }
  if (extension == ".gltf" || extension == ".glb") {
    throw std::runtime_error(path.string() +
                             ": opening glTF needs the bake pipeline's in-memory importer, which this "
                             "build does not have; bake it first with `aem bake` and open the .aem");
  }
  Expected<Model> opened = Model::try_open(path);
  if (!opened) throw std::runtime_error(path.string() + ": " + opened.error().describe());
  return LoadedModel{nullptr, std::move(*opened), false};
}

}  // namespace aem::viewer
