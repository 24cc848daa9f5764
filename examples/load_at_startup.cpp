// load_at_startup: what a game does with its baked models at start-up. Maps every .aem file below
// a directory (validating each: the files came from disk), prints how long each open took and
// how many of its bytes that touched, then hands each model's spans to a stand-in for the GPU,
// as a renderer would: no copies, no parsing, just pointers and sizes.
//
//   load_at_startup DIR [--no-validate]
//
// Copy from here: open() / try_open(), the span accessors, mip_data() per level.
#include <aem/aem.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Stands in for the graphics API: a real renderer would call glBufferData / vkCmdCopyBuffer /
// glCompressedTexImage2D with exactly these pointers and sizes.
struct GpuUploads {
  std::uint64_t buffer_bytes = 0, texture_bytes = 0;
  unsigned buffers = 0, texture_levels = 0, draws = 0;
  void buffer(const void* data, std::size_t bytes) { buffers += data != nullptr ? 1 : 0, buffer_bytes += bytes; }
  void texture_level(const aem::Texture&, const aem::MipLevel&, std::span<const std::byte> texels) {
    ++texture_levels;
    texture_bytes += texels.size();
  }
  void draw(std::uint32_t /*first_index*/, std::uint32_t /*index_count*/, bool /*blended*/) { ++draws; }
};

void upload(const aem::Model& model, GpuUploads& gpu) {
  // One vertex buffer (stride sizeof(aem::Vertex): position, normal, tangent, bitangent, uv,
  // 4 joints, 4 weights) and one index buffer (32-bit) for the whole model.
  gpu.buffer(model.vertices().data(), model.vertices().size_bytes());
  gpu.buffer(model.indices().data(), model.indices().size_bytes());
  // Every texture with its full mip chain, already in its GPU format (RGBA8, BC5 or BC7).
  for (const aem::Texture& texture : model.textures())
    for (std::uint32_t level = 0; level < aem::mip_count(texture.width, texture.height); ++level)
      gpu.texture_level(texture, aem::mip_level(texture, level), model.mip_data(texture, level));
  // One draw per mesh: opaque ones first, then transparent ones (blended, sorted back to front).
  for (const bool blended : {false, true})
    for (const aem::Mesh& mesh : model.meshes())
      if ((model.materials()[mesh.material].type == std::uint32_t(aem::MaterialType::transparent)) == blended)
        gpu.draw(mesh.first_index, mesh.index_count, blended);
}

// Bytes of the file's mapping that are resident in this process: the pages opening touched
// (with the neighbours the kernel maps along with them). Linux only; 0 where unknown.
std::uint64_t resident_bytes(const aem::Model& model) {
  const void* inside = !model.vertices().empty() ? static_cast<const void*>(model.vertices().data())
                                                 : static_cast<const void*>(model.indices().data());
  if (!model.mapped() || inside == nullptr) return 0;
  const auto address = reinterpret_cast<std::uintptr_t>(inside);
  std::ifstream smaps("/proc/self/smaps");
  bool in_mapping = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-') {
      in_mapping = begin <= address && address < end;
    } else if (in_mapping && line.starts_with("Rss:")) {
      return std::stoull(line.substr(4)) * 1024;  // "Rss:   96 kB"
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && std::string_view(argv[2]) != "--no-validate")) {
    std::fprintf(stderr, "usage: load_at_startup DIR [--no-validate]\n");
    return 2;
  }
  const bool validate = argc == 2;
  std::vector<std::filesystem::path> paths;
  std::error_code ec, entry_ec;
  for (std::filesystem::recursive_directory_iterator it(argv[1], ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".aem" && it->is_regular_file(entry_ec)) paths.push_back(it->path());
  if (ec) {
    std::fprintf(stderr, "load_at_startup: %s: %s\n", argv[1], ec.message().c_str());
    return 1;
  }
  std::sort(paths.begin(), paths.end());
  if (paths.empty()) {
    std::fprintf(stderr, "load_at_startup: no .aem files below %s (bake some with `aem bake`)\n", argv[1]);
    return 1;
  }

  std::vector<aem::Model> models;  // a game keeps these alive as long as it draws them
  int failed = 0;
  double total_ms = 0;
  for (const std::filesystem::path& path : paths) {
    const auto start = std::chrono::steady_clock::now();
    aem::Expected<aem::Model> opened = aem::Model::try_open(path, {.validate = validate});
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!opened) {  // a game would fall back to a placeholder model here
      std::fprintf(stderr, "load_at_startup: %s: %s\n", path.string().c_str(), opened.error().describe().c_str());
      ++failed;
      continue;
    }
    aem::Model& model = *opened;
    total_ms += ms;
    std::printf("%-40s %8.3f ms  %8.1f kB touched of %8.1f kB  %s\n", path.string().c_str(), ms,
                double(resident_bytes(model)) / 1024, double(std::filesystem::file_size(path, ec)) / 1024,
                model.zero_copy() ? "zero-copy" : "realigned");
    models.push_back(std::move(model));
  }

  GpuUploads gpu;
  for (const aem::Model& model : models) upload(model, gpu);
  std::printf("opened %zu models in %.3f ms (%s); %d failed\n", models.size(), total_ms,
              validate ? "validated" : "not validated", failed);
  std::printf("GPU uploads: %u buffers %.1f kB, %u texture levels %.1f kB, %u draw calls\n", gpu.buffers,
              double(gpu.buffer_bytes) / 1024, gpu.texture_levels, double(gpu.texture_bytes) / 1024, gpu.draws);
  return failed == 0 ? 0 : 1;
}
