#pragma once
// Opening a model that may be packed: Model::open with the zstd decoder filled in.
//   aem::Model model = aem::open_packed("hero.aemz");   // a plain .aem opens as usual too
#include <filesystem>

#include "aem/model.hpp"

namespace aem {

// `options` as for Model::open; its packed_decoder is replaced by zstd_decoder().
Model open_packed(const std::filesystem::path& path, OpenOptions options = {});
Expected<Model> try_open_packed(const std::filesystem::path& path, OpenOptions options = {});

}  // namespace aem
