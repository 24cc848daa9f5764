#pragma once
// A Scene (scene.hpp) as bytes, so that an importer running in a child process (aem-import-assimp)
// can hand its scene to the bake over a pipe. The format is versioned little-endian binary
// (specs/assimp-import.md, "The child protocol"); both ends are this file, built together.
//
// The reader treats the bytes as hostile: every count and string length is bounded before
// anything is allocated, truncated or trailing bytes are refused, enums outside their range are
// refused, and the scene it returns has every index in range, every stream inside its buffer and a
// node graph that is a forest. It never crashes and never allocates more than a small multiple of
// the input's size.
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// What an importer sends: the scene, and the warnings that concern the whole import (a material
// library that was not found, a light that was dropped), each as WarningLog::warn takes them.
struct SerializedImport {
  Scene scene;
  std::vector<DeferredWarning> warnings;  // element empty: warn(kind, detail)
};

struct SceneReadLimits {
  std::uint64_t max_bytes = std::uint64_t(1) << 32;       // the whole serialized scene
  std::uint64_t max_stream_elements = std::uint64_t(1) << 28;  // Stream::count and sparse counts
  std::uint32_t max_string_bytes = 1u << 16;             // a name, a path, a message
};

// The bytes do not form a scene: the message says what is wrong and at which byte.
struct SceneFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<unsigned char> serialize_import(const SerializedImport& import);

// Throws SceneFormatError for anything but the complete output of serialize_import (within
// `limits`), and for a scene whose references do not hold (scene_reference_problem).
SerializedImport deserialize_import(std::span<const unsigned char> bytes, const SceneReadLimits& limits = {});

// Why `scene` cannot be baked safely: a stream of more than `max_stream_elements`, or what
// check_scene (scene_check.hpp, the bake's trust boundary) refuses: an index out of range, a
// stream that reaches past its buffer, a node graph that is not a forest, a byte range outside
// its buffer. Empty when every reference holds. Names the element by its `where`.
std::string scene_reference_problem(const Scene& scene, std::uint64_t max_stream_elements = std::uint64_t(1) << 28);

}  // namespace aem::pipeline
