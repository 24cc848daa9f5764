// Writes the glTF bake fuzzer's seeds: small .glb files that reach every stage (a textured,
// normal-mapped quad with an embedded PNG; a skinned, animated triangle with LINEAR, STEP and
// CUBICSPLINE samplers; a sparse accessor), shapes that once cost quadratic time (a fan, a node
// chain whose nodes are all listed as roots, positions without a buffer view), URIs that try to
// leave the model's folder, and every
// corpus .gltf/.glb small enough to mutate quickly.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <stb_image_write.h>

namespace {

using nlohmann::json;

struct Binary {
  std::vector<std::uint8_t> bytes;
  json views = json::array();

  // Appends `data` as a buffer view (4-byte aligned) and returns its index.
  template <class T>
  int view(const std::vector<T>& data) {
    while (bytes.size() % 4) bytes.push_back(0);
    const std::size_t offset = bytes.size();
    bytes.resize(offset + data.size() * sizeof(T));
    std::memcpy(bytes.data() + offset, data.data(), data.size() * sizeof(T));
    views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", data.size() * sizeof(T)}});
    return int(views.size()) - 1;
  }
};

void write_glb(const std::filesystem::path& path, json gltf, Binary& bin) {
  while (bin.bytes.size() % 4) bin.bytes.push_back(0);
  gltf["asset"] = {{"version", "2.0"}};
  if (!bin.bytes.empty()) {
    gltf["buffers"] = json::array({{{"byteLength", bin.bytes.size()}}});
    gltf["bufferViews"] = bin.views;
  }
  std::string text = gltf.dump();
  while (text.size() % 4) text += ' ';
  const auto u32 = [](std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
  };
  std::vector<std::uint8_t> out;
  const std::size_t total = 12 + 8 + text.size() + (bin.bytes.empty() ? 0 : 8 + bin.bytes.size());
  out.insert(out.end(), {'g', 'l', 'T', 'F'});
  u32(out, 2);
  u32(out, std::uint32_t(total));
  u32(out, std::uint32_t(text.size()));
  out.insert(out.end(), {'J', 'S', 'O', 'N'});
  out.insert(out.end(), text.begin(), text.end());
  if (!bin.bytes.empty()) {
    u32(out, std::uint32_t(bin.bytes.size()));
    out.insert(out.end(), {'B', 'I', 'N', 0});
    out.insert(out.end(), bin.bytes.begin(), bin.bytes.end());
  }
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
}

json accessor(int view, int component, std::size_t count, const char* type) {
  return {{"bufferView", view}, {"componentType", component}, {"count", count}, {"type", type}};
}

std::vector<std::uint8_t> png_4x4() {
  std::vector<std::uint8_t> pixels(4 * 4 * 4);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = std::uint8_t(i * 37);
  std::vector<std::uint8_t> png;
  stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
      },
      &png, 4, 4, 4, pixels.data(), 16);
  return png;
}

void textured_quad(const std::filesystem::path& path) {
  Binary bin;
  const int pos = bin.view(std::vector<float>{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
  const int nrm = bin.view(std::vector<float>{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});
  const int uv = bin.view(std::vector<float>{0, 1, 1, 1, 1, 0, 0, 0});
  const int idx = bin.view(std::vector<std::uint16_t>{0, 1, 2, 0, 2, 3});
  const int img = bin.view(png_4x4());
  json pos_accessor = accessor(pos, 5126, 4, "VEC3");
  pos_accessor["min"] = {0, 0, 0};
  pos_accessor["max"] = {1, 1, 0};
  const json texture = {{"index", 0}};
  write_glb(path,
            {{"scene", 0},
             {"scenes", json::array({{{"nodes", {0}}}})},
             {"nodes", json::array({{{"mesh", 0}, {"rotation", {0, 0, 0.382683, 0.92388}}}})},
             {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}}},
                                                                   {"indices", 3},
                                                                   {"material", 0}}})}}})},
             {"accessors", json::array({pos_accessor, accessor(nrm, 5126, 4, "VEC3"), accessor(uv, 5126, 4, "VEC2"),
                                        accessor(idx, 5123, 6, "SCALAR")})},
             {"materials", json::array({{{"pbrMetallicRoughness", {{"baseColorTexture", texture}, {"metallicRoughnessTexture", texture}}},
                                         {"normalTexture", texture},
                                         {"emissiveTexture", texture},
                                         {"emissiveFactor", {1, 0.5, 0}},
                                         {"doubleSided", true},
                                         {"alphaMode", "MASK"}}})},
             {"textures", json::array({{{"source", 0}, {"sampler", 0}}})},
             {"samplers", json::array({{{"wrapS", 33648}, {"wrapT", 33071}}})},
             {"images", json::array({{{"bufferView", img}, {"mimeType", "image/png"}}})}},
            bin);
}

void skinned_animated_triangle(const std::filesystem::path& path) {
  Binary bin;
  const int pos = bin.view(std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0});
  const int joints = bin.view(std::vector<std::uint8_t>{0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0});
  const int weights = bin.view(std::vector<float>{0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 0.25f, 0.75f, 0, 0});
  const int ibm = bin.view(std::vector<float>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
                                              1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1});
  const int times = bin.view(std::vector<float>{0, 0.5f, 1});
  const int translations = bin.view(std::vector<float>{0, 0, 0, 0, 1, 0, 0, 0, 1});
  const int steps = bin.view(std::vector<float>{1, 1, 1, 2, 2, 2, 1, 1, 1});
  const int cubic = bin.view(std::vector<float>{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.7071f, 0, 0, 0.7071f,
                                                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0});
  json time_accessor = accessor(times, 5126, 3, "SCALAR");
  time_accessor["min"] = {0};
  time_accessor["max"] = {1};
  json pos_accessor = accessor(pos, 5126, 3, "VEC3");
  pos_accessor["min"] = {0, 0, 0};
  pos_accessor["max"] = {1, 1, 0};
  write_glb(path,
            {{"scene", 0},
             {"scenes", json::array({{{"nodes", {0, 1}}}})},
             {"nodes", json::array({{{"mesh", 0}, {"skin", 0}}, {{"children", {2}}}, {{"translation", {0, 1, 0}}}})},
             {"skins", json::array({{{"joints", {1, 2}}, {"inverseBindMatrices", 3}}})},
             {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}})}}})},
             {"accessors", json::array({pos_accessor, accessor(joints, 5121, 3, "VEC4"), accessor(weights, 5126, 3, "VEC4"),
                                        accessor(ibm, 5126, 2, "MAT4"), time_accessor, accessor(translations, 5126, 3, "VEC3"),
                                        accessor(steps, 5126, 3, "VEC3"), accessor(cubic, 5126, 9, "VEC4")})},
             {"animations", json::array({{{"name", "wave"},
                                          {"samplers", json::array({{{"input", 4}, {"output", 5}},
                                                                    {{"input", 4}, {"output", 6}, {"interpolation", "STEP"}},
                                                                    {{"input", 4}, {"output", 7}, {"interpolation", "CUBICSPLINE"}}})},
                                          {"channels", json::array({{{"sampler", 0}, {"target", {{"node", 2}, {"path", "translation"}}}},
                                                                    {{"sampler", 1}, {"target", {{"node", 2}, {"path", "scale"}}}},
                                                                    {{"sampler", 2}, {"target", {{"node", 1}, {"path", "rotation"}}}}})}}})}},
            bin);
}

// A fan, a sparse accessor, positions with no buffer view, and a chain of nodes all listed as roots.
void odd_shapes(const std::filesystem::path& path) {
  Binary bin;
  std::vector<float> fan = {0, 0, 0};
  std::vector<std::uint32_t> fan_indices;
  for (std::uint32_t i = 0; i < 40; ++i) {
    fan.insert(fan.end(), {float(i % 7), float(i % 5), 0});
    if (i + 1 < 40) fan_indices.insert(fan_indices.end(), {0, i + 1, i + 2});
  }
  const int pos = bin.view(fan);
  const int idx = bin.view(fan_indices);
  const int sparse_indices = bin.view(std::vector<std::uint16_t>{1, 3});
  const int sparse_values = bin.view(std::vector<float>{5, 5, 5, 6, 6, 6});
  json sparse = accessor(pos, 5126, fan.size() / 3, "VEC3");
  sparse["sparse"] = {{"count", 2},
                      {"indices", {{"bufferView", sparse_indices}, {"componentType", 5123}}},
                      {"values", {{"bufferView", sparse_values}}}};
  json nodes = json::array();
  json roots = json::array();
  for (int i = 0; i < 30; ++i) {
    json node = {{"mesh", i % 3}};
    if (i + 1 < 30) node["children"] = {i + 1};
    nodes.push_back(node);
    roots.push_back(29 - i);
  }
  write_glb(path,
            {{"scene", 0},
             {"scenes", json::array({{{"nodes", roots}}})},
             {"nodes", nodes},
             {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}}}, {"indices", 1}}})}},
                                     {{"primitives", json::array({{{"attributes", {{"POSITION", 2}}}, {"mode", 6}}})}},
                                     {{"primitives", json::array({{{"attributes", {{"POSITION", 3}}}}})}}})},
             {"accessors", json::array({accessor(pos, 5126, fan.size() / 3, "VEC3"), accessor(idx, 5125, fan_indices.size(), "SCALAR"),
                                        sparse, {{"componentType", 5126}, {"count", 300}, {"type", "VEC3"}}})}},
            bin);
}

// Files named the ways a hostile model escapes its folder: every one must be refused.
void escaping_uris(const std::filesystem::path& path) {
  const json gltf = {{"asset", {{"version", "2.0"}}},
                     {"buffers", json::array({{{"byteLength", 36}, {"uri", "../outside.bin"}},
                                              {{"byteLength", 36}, {"uri", "%2e%2e%2Foutside.bin"}},
                                              {{"byteLength", 36}, {"uri", "file:///etc/hostname"}},
                                              {{"byteLength", 36}, {"uri", "/etc/hostname"}}})},
                     {"images", json::array({{{"uri", "..%2Fimage.png"}}, {{"uri", "missing.png"}}})},
                     {"textures", json::array({{{"source", 0}}, {{"source", 1}}})},
                     {"materials", json::array({{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 1}}}}}}})},
                     {"scenes", json::array({{{"nodes", json::array()}}})}};
  std::ofstream(path) << gltf.dump();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: write_gltf_fuzz_seeds DIR [CORPUS]\n");
    return 1;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  textured_quad(dir / "textured_quad.glb");
  skinned_animated_triangle(dir / "skinned_animated.glb");
  odd_shapes(dir / "odd_shapes.glb");
  escaping_uris(dir / "escaping_uris.gltf");
  std::size_t copied = 0;
  std::error_code ec;
  if (argc == 3 && std::filesystem::is_directory(argv[2], ec)) {
    // Small self-contained models only: the fuzzer mutates short inputs far faster.
    for (const char* folder : {"khronos", "extra"}) {
      for (std::filesystem::recursive_directory_iterator it(std::filesystem::path(argv[2]) / folder, ec), end; !ec && it != end;
           it.increment(ec)) {
        const auto ext = it->path().extension();
        if ((ext == ".glb" || ext == ".gltf") && it->is_regular_file() && it->file_size() <= 24 * 1024) {
          std::filesystem::copy_file(it->path(), dir / ("corpus_" + std::to_string(copied++) + ext.string()),
                                     std::filesystem::copy_options::overwrite_existing);
        }
      }
    }
  }
  std::printf("wrote 4 generated seeds and %zu corpus models to %s\n", copied, dir.c_str());
  return 0;
}
