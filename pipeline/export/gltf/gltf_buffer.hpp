#pragma once
// The one binary buffer of an exported glTF, and the buffer views and accessors that describe it.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace aem::pipeline::gltf {

// glTF's numbers for what the accessors hold and where buffer views are bound.
inline constexpr int kUnsignedByte = 5121;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kFloat = 5126;
inline constexpr int kArrayBuffer = 34962;
inline constexpr int kElementArrayBuffer = 34963;

// Sets `accessor`'s per-component "min" and "max" over `floats` (`components` per element;
// nothing when empty): what glTF requires of POSITION accessors and animation inputs.
void add_bounds(nlohmann::json& accessor, std::span<const float> floats, std::size_t components);

// The document being built: its JSON, its binary buffer and the losses to warn about.
struct Document {
  nlohmann::json json = nlohmann::json::object();
  std::vector<std::byte> bin;
  std::vector<std::string> losses;  // what the AEM cannot say, one phrase each

  // Appends `bytes` (4-byte aligned) as a buffer view; `target` 0 for none. Returns its index.
  int add_view(std::span<const std::byte> bytes, int target = 0);
  // A buffer view of `floats`, and an accessor of `type` ("SCALAR", "VEC3", "MAT4"...) over it;
  // with `bounds`, the accessor's per-component min and max. Returns the accessor's index.
  int add_floats(std::span<const float> floats, const char* type, int components, int target, bool bounds);
  // A SCALAR accessor of unsigned ints (indices).
  int add_indices(std::span<const std::uint32_t> indices);
  // A VEC4 accessor of unsigned shorts (joint indices).
  int add_joints(std::span<const std::uint16_t> joints);
  // A normalized VEC4 vertex attribute of `component` (kUnsignedByte or kUnsignedShort) over
  // `bytes`, 4 values per element (vertex colours).
  int add_unorm_vec4(std::span<const std::byte> bytes, int component);
  // Appends `value` to the JSON array `name`, returning its index there.
  int append(const char* name, nlohmann::json value);
  // Lists glTF extension `name` in extensionsUsed (once).
  void use_extension(const std::string& name);
};

}  // namespace aem::pipeline::gltf
