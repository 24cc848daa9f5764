#include "aem/pipeline/bake_signals.hpp"

#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {

void throw_if_cancelled(const BakeOptions& options, const std::filesystem::path& model) {
  if (options.signals.cancel && options.signals.cancel->load(std::memory_order_relaxed))
    throw BakeCancelled(model.string() + ": bake cancelled");
}

void throw_if_cancelled(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load(std::memory_order_relaxed)) throw BakeCancelled("bake cancelled");
}

}  // namespace aem::pipeline
