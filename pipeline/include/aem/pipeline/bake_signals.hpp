#pragma once
// Watching and stopping a bake from another thread: its progress counters and its cancel flag.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {

struct BakeOptions;

// Lets whoever drives a bake from another thread watch its texture work and stop it. Every
// pointer is optional; none of them changes the bytes a bake produces.
struct BakeSignals {
  const std::atomic<bool>* cancel = nullptr;           // once set, the bake throws BakeCancelled
  std::atomic<std::uint64_t>* blocks_total = nullptr;  // grows as textures are queued for encoding
  std::atomic<std::uint64_t>* blocks_done = nullptr;   // grows as their block rows are encoded
};

// Throws BakeCancelled ("<model>: bake cancelled") once options.signals.cancel is set. Costs
// one relaxed atomic load, so every stage calls it between steps and every few thousand
// elements (rows, triangles, keys) of its long loops: a cancel is noticed within a fraction of
// a second wherever the bake is.
void throw_if_cancelled(const BakeOptions& options, const std::filesystem::path& model);
// The same for code that is handed the flag alone (null: never cancelled).
void throw_if_cancelled(const std::atomic<bool>* cancel);

// How many light elements (vertices, triangles, texels) a long loop handles between two checks:
// far under a millisecond of work, and far more than enough to make the check free.
constexpr std::size_t kCancelCheckInterval = std::size_t(1) << 16;

}  // namespace aem::pipeline
