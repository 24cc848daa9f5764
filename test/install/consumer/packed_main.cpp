// A C++ program against the installed aem::packed: packs a model in memory, writes it as .aemz,
// opens that with aem::open_packed and prints the counts the plain consumer prints.
//   packed_consumer MODEL OUT.aemz
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <vector>

#include <aem/aem.hpp>
#include <aem/packed/open_packed.hpp>
#include <aem/packed/pack.hpp>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  const std::vector<char> text((std::istreambuf_iterator<char>(in)), {});
  const auto packed = aem::pack(std::as_bytes(std::span(text)));
  if (!packed) {
    std::fprintf(stderr, "%s\n", packed.error().describe().c_str());
    return 1;
  }
  std::ofstream(argv[2], std::ios::binary).write(reinterpret_cast<const char*>(packed->data()), std::streamsize(packed->size()));
  const auto model = aem::try_open_packed(argv[2]);
  if (!model) {
    std::fprintf(stderr, "%s\n", model.error().describe().c_str());
    return 1;
  }
  std::printf("packed: vertices=%zu triangles=%zu joints=%zu\n", model->vertices().size(), model->indices().size() / 3,
              model->joints().size());
  return 0;
}
