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

#include "aem/model.hpp"
#include "aem/validation.hpp"
#include "model_walk.hpp"
#include "scratch_dir.hpp"

namespace {

using aem::fuzz::walk;

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
