#pragma once
// Valid files whose shape made once-quadratic code slow: records that all point at the same
// data, so the work of a per-record loop grows as records x data while the file grows as
// records + data. Every one passes open and strict validation.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "aem/pipeline/model_content.hpp"

namespace aem::test {

// The tiny model with `meshes` meshes, each drawing all of `indices` indices (a multiple of 3).
pipeline::ModelContent meshes_sharing_indices(std::uint32_t meshes, std::uint32_t indices);

// One animation over a chain of `joints` joints whose tracks all use the same keys: `keys`
// translation keys at increasing times, then one rotation and one scale key.
std::vector<std::byte> tracks_sharing_keys(std::uint32_t joints, std::uint32_t keys);

// One animation over a chain of `joints` (at least 2) joints: joint 0 has `keys` translation
// keys, joint 1 as many at the same times with other values, and every other joint's track
// uses joint 1's keys. What a writer that stores identical tracks once produces.
std::vector<std::byte> tracks_reusing_keys(std::uint32_t joints, std::uint32_t keys);

// One animation over `joints` joints whose tracks overlap, each starting one key after the
// previous: track j holds `keys` translation keys from key j, then one rotation and one scale
// key. Every key has time 0 and the value (0, 0, 1, 0), valid as any kind, so every track's
// translations have the same times while lying at different places.
std::vector<std::byte> tracks_overlapping_keys(std::uint32_t joints, std::uint32_t keys);

}  // namespace aem::test
