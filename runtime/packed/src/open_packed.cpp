#include "aem/packed/open_packed.hpp"

#include "aem/packed/zstd_decoder.hpp"

namespace aem {

Expected<Model> try_open_packed(const std::filesystem::path& path, OpenOptions options) {
  options.packed_decoder = zstd_decoder();
  return Model::try_open(path, std::move(options));
}

Model open_packed(const std::filesystem::path& path, OpenOptions options) {
  options.packed_decoder = zstd_decoder();
  return Model::open(path, std::move(options));
}

}  // namespace aem
