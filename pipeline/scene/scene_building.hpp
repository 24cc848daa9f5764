#pragma once
// Small steps producers share while they fill a Scene from bytes of their own: a stream over bytes
// appended to a buffer in the making, and a sampler with the channel that plays it.
#include <cstdint>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Grows `bytes` (the future contents of buffer `buffer`) by `count` elements of `components` ×
// `type`, tightly packed, and adds a stream over them; returns the stream's index. The caller
// fills the new bytes (from scene.streams[index].offset).
std::int32_t append_stream(Scene& scene, std::vector<unsigned char>& bytes, std::int32_t buffer, const std::string& where,
                           ComponentType type, std::uint8_t components, bool normalized, std::size_t count);

// A linear sampler from `input` (times) to `output` (values), and a channel on `node`'s `path`
// (translation, rotation, scale or weights) that plays it, both named `where`.
void add_linear_channel(Animation& animation, const std::string& where, std::int32_t node, TargetPath path, std::int32_t input,
                        std::int32_t output);

}  // namespace aem::pipeline
