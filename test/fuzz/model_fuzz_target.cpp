// Fuzz target: open arbitrary bytes as an AEM model (from memory, and from a file both mapped
// and copied), and when that succeeds walk every view, every mip level, every track's keys, the
// mixer over every joint and the strict checks. Any crash, sanitizer report or out-of-bounds read
// here is a bug in the runtime's validation; so is an input whose work exceeds a budget linear
// in its size (the runtime promises linear cost in the file size whatever the file holds).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "scratch_dir.hpp"

namespace {

// Reads every byte of a span so ASan sees each access; the sum keeps the reads alive.
template <class T>
std::uint64_t touch(std::span<const T> items) {
  const auto bytes = std::as_bytes(items);
  std::uint64_t sum = 0;
  for (std::byte b : bytes) sum += std::uint64_t(b);
  return sum;
}

std::uint64_t walk(const aem::Model& model) {
  std::uint64_t sum = touch(model.vertices()) + touch(model.indices()) +
                      touch(model.image_buffer()) + touch(model.textures()) +
                      touch(model.materials()) + touch(model.joints()) +
                      touch(model.animations()) + touch(model.keyframes());
  for (const aem::Mesh& mesh : model.meshes()) {
    for (std::uint32_t index : model.mesh_indices(mesh)) sum += touch(model.vertices().subspan(index, 1));
    sum += touch(model.materials().subspan(mesh.material, 1));
  }
  for (const aem::Material& material : model.materials()) {
    for (std::uint32_t t : {material.base_color_texture, material.normal_texture, material.pbr_texture}) {
      sum += touch(model.textures().subspan(t, 1));
    }
  }
  for (const aem::Texture& texture : model.textures()) {
    for (std::uint32_t level = 0; level < aem::mip_count(texture.width, texture.height); ++level) {
      sum += touch(model.mip_data(texture, level));
    }
  }
  for (const aem::Joint& joint : model.joints()) {
    sum += aem::name_view(joint.name).size();
    if (joint.parent >= 0) sum += touch(model.joints().subspan(std::size_t(joint.parent), 1));
  }
  for (const aem::Vertex& vertex : model.vertices()) {
    for (std::int32_t j : vertex.joints) {
      if (j >= 0) sum += touch(model.joints().subspan(std::size_t(j), 1));
    }
  }
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    sum += aem::name_view(model.animations()[a].name).size();
    for (std::uint32_t j = 0; j < model.header().joint_count; ++j) {
      const aem::TrackKeys keys = model.keys(model.track(a, j));
      sum += touch(keys.translations) + touch(keys.rotations) + touch(keys.scales);
    }
  }
  // Animate whatever the file holds: sampling must stay in bounds for every validated file, at
  // a cost linear in the file (the budget below holds it to that).
  if (model.header().animation_count > 0) {
    aem::AnimationMixer mixer(model, 2);
    std::vector<float> skinning(16 * mixer.joint_count());
    const aem::LayerId first = mixer.play({.animation = 0});
    mixer.play({.animation = model.header().animation_count - 1, .weight = 0.5f});
    for (float step : {0.0f, 0.37f, 1000.0f}) {
      mixer.update(step);
      mixer.evaluate(skinning);
    }
    mixer.set_mask(first, std::vector<float>(mixer.joint_count(), 0.25f));
    mixer.evaluate(skinning);
    for (float value : skinning) sum += value == value ? 1 : 0;
  }
  aem::check_semantics(model.view(), [&](const aem::Error& e) {
    sum += e.describe().size();
    return true;
  });
  return sum;
}

// The file the path-based opens read: one per process, in a folder of its own.
const aem::test::ScratchDir input_folder("model_fuzz");

std::filesystem::path write_input(std::span<const std::byte> bytes) {
  const auto path = input_folder.path() / "input.aem";
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  return path;
}

// Generous for a sanitizer build on a loaded machine, yet far below what a cost of records x
// shared data would take on the inputs the fuzzer makes: a fixed part plus a part per byte.
constexpr double kBudgetSeconds = 2.0;
constexpr double kBudgetSecondsPerByte = 20e-6;

std::uint64_t open_and_walk(std::span<const std::byte> bytes) {
  std::uint64_t sum = 0;
  if (const auto model = aem::Model::try_open_memory(bytes)) {
    sum += walk(*model);
  } else {
    sum += model.error().describe().size();
  }
  // The path `aem validate` takes: trust the layout, then list every structural problem.
  if (const auto trusted = aem::Model::try_open_memory(bytes, {.validate = false})) {
    aem::check_structure(trusted->view(), [&](const aem::Error& e) {
      sum += e.describe().size();
      return true;
    });
  }
  // The file path, mapped and copied: the same answer, through the platform code.
  const auto path = write_input(bytes);
  for (const aem::Storage storage : {aem::Storage::map, aem::Storage::copy}) {
    if (const auto model = aem::Model::try_open(path.string(), {.storage = storage})) {
      sum += model->view().offsets.end;
    } else {
      sum += model.error().describe().size();
    }
  }
  return sum;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto bytes = std::as_bytes(std::span(data, size));
  const auto start = std::chrono::steady_clock::now();
  volatile std::uint64_t sink = open_and_walk(bytes);
  (void)sink;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double budget = kBudgetSeconds + kBudgetSecondsPerByte * double(size);
  if (seconds > budget) {
    std::fprintf(stderr, "cost finding: %zu bytes took %.3f s, over the linear budget of %.3f s\n", size, seconds, budget);
    std::abort();
  }
  return 0;
}
