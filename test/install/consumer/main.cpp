#include <cstdio>

#include <aem/aem.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const auto model = aem::Model::try_open(argv[1]);
  if (!model) {
    std::fprintf(stderr, "%s\n", model.error().describe().c_str());
    return 1;
  }
  std::printf("vertices=%zu triangles=%zu joints=%zu\n", model->vertices().size(),
              model->indices().size() / 3, model->joints().size());
  return 0;
}
