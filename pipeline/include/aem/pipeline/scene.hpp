#pragma once
// The pipeline's scene description: what every importer produces and every bake stage reads.
//
// Plain data with no third-party type: indices instead of pointers, owned byte blocks, so that a
// scene can cross a process boundary (the Assimp importer runs in a child process). Conventions
// (specs/scene-description.md §2.1): glTF's space (right-handed, +Y up, metres, counter-clockwise
// front faces); column-major matrices acting on column vectors; quaternions x, y, z, w; UV origin
// at the image's top-left; linear factors; times in seconds; kNone (-1) for an absent index; a
// field left at its default means glTF's default. Indices are those of the producer's own arrays,
// so messages ("accessor 12") name the source's elements.
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/format.hpp"

namespace aem::pipeline {

// glTF mode numbers.
enum class PrimitiveMode { points = 0, lines = 1, line_loop = 2, line_strip = 3, triangles = 4,
                           triangle_strip = 5, triangle_fan = 6 };

inline constexpr std::int32_t kNone = -1;
enum class ComponentType : std::uint8_t { i8, u8, i16, u16, u32, f32 };
std::size_t component_bytes(ComponentType type);   // the one table; a switch with no default

// A typed, strided view of a buffer: a glTF accessor, a decoded Draco attribute, an Assimp array.
struct Stream {
  std::string where;                  // the producer's name for it: "accessor 12"
  ComponentType component = ComponentType::f32;
  std::uint8_t components = 1;        // per element: 1-4, 9 or 16 (SCALAR .. MAT4)
  bool normalized = false;            // integers scaled to [0,1] / [-1,1] when read as floats
  std::uint64_t count = 0;            // elements (the producer caps this at 2^28)
  std::int32_t buffer = kNone;        // kNone: every element is zero (before sparse substitution)
  std::uint64_t offset = 0;           // the first byte of element 0 in `buffer`
  std::uint32_t stride = 0;           // bytes from one element to the next, >= the element's size
  struct Sparse { std::uint64_t count = 0; ComponentType index_type = ComponentType::u32;
                  std::int32_t index_buffer = kNone, value_buffer = kNone;
                  std::uint64_t index_offset = 0, value_offset = 0; } sparse;  // count 0: none
};
struct ByteRange { std::int32_t buffer = kNone; std::uint64_t offset = 0, size = 0; };
// Losses and refusals that matter only if the element is baked: the stage that bakes it reports
// them; nobody reports them for an element outside the baked scene.
struct DeferredWarning { std::string kind, element, detail; };   // as WarningLog::warn takes them
struct Deferred { std::string error; std::vector<DeferredWarning> warnings; };  // error: refuse

struct Node {
  std::string where, name;            // "node 4"; the name may be empty
  std::int32_t parent = kNone;        // the producer guarantees a forest
  std::vector<std::int32_t> children; // producer order: decides traversal and joint order
  std::optional<std::array<double, 16>> matrix;   // when present, T/R/S are unused
  std::array<double, 3> translation{0, 0, 0}, scale{1, 1, 1};
  std::array<double, 4> rotation{0, 0, 0, 1};
  std::int32_t mesh = kNone, skin = kNone;
  bool has_camera = false;            // dropped with a warning if the node is placed
  std::vector<double> weights;        // the mesh's morph target weights for this node; empty: the mesh's
};
enum class Semantic : std::uint8_t { position, normal, tangent, texcoord, color, joints, weights };
struct Attribute { Semantic semantic; std::uint32_t set = 0; std::int32_t stream = kNone;
                   std::string name; };           // "TEXCOORD_1": the name messages use
// One morph target of a primitive: streams of VEC3 deltas, one per vertex of the primitive (kNone:
// the target does not move that attribute). glTF's POSITION, NORMAL and TANGENT of `targets`.
struct MorphTargetStreams { std::int32_t position = kNone, normal = kNone, tangent = kNone; };
struct Primitive {
  std::string where;                  // "mesh 0 primitive 1"
  PrimitiveMode mode = PrimitiveMode::triangles;  // moved here from primitive_triangulation.hpp
  std::int32_t indices = kNone;       // kNone: 0, 1, 2, ...
  std::vector<Attribute> attributes;  // in the producer's order (glTF: by attribute name)
  std::vector<MorphTargetStreams> morph_targets;  // as many as every other primitive of its mesh
  std::int32_t material = kNone;
  Deferred deferred;                  // e.g. error "unknown primitive mode 9"
};
struct Mesh {
  std::string where;                  // "mesh 2"
  std::vector<Primitive> primitives;
  std::vector<double> weights;        // the morph targets' default weights; empty: all 0
  std::vector<std::string> target_names;  // empty, or one per morph target (glTF extras.targetNames)
  std::string name;                   // the source's name, may be empty
};
struct Skin {
  std::string where;                  // "skin 1"
  std::vector<std::int32_t> joints;   // nodes
  std::int32_t inverse_bind = kNone;  // stream of MAT4 floats, >= joints.size() elements (only
};                                    // those are read); kNone: identity
enum class Interpolation : std::uint8_t { linear, step, cubic_spline };
enum class TargetPath : std::uint8_t { translation, rotation, scale, weights, other };
struct AnimationSampler { std::string where; std::int32_t input = kNone, output = kNone;
                          Interpolation interpolation = Interpolation::linear; };
// A `weights` channel's sampler outputs one weight per morph target of the node's mesh per key
// (three per key for CUBICSPLINE: in-tangent, value, out-tangent).
struct Channel {
  std::string where;                  // "animation 0 channel 3"
  std::int32_t sampler = kNone, node = kNone;  // node kNone: no target (warned, ignored)
  TargetPath path = TargetPath::translation;
  std::string path_name;              // the producer's spelling, for "target path 'x' ignored"
};
struct Animation { std::string where, name; std::vector<AnimationSampler> samplers;
                   std::vector<Channel> channels; };

struct UvTransform { std::array<double, 6> m{1, 0, 0, 0, 1, 0}; };  // uv' = [a b c; d e f](u, v, 1)
struct TextureRef { std::int32_t texture = kNone, uv_set = 0;  // uv_set: after any override
                    UvTransform transform; };
enum class AlphaMode : std::uint8_t { opaque, mask, blend };
struct Material {
  std::string where, name;            // "material 2 (Wood)"
  std::array<double, 4> base_color_factor{1, 1, 1, 1};
  TextureRef base_color, metallic_roughness, normal, occlusion, emissive;
  double metallic_factor = 1, roughness_factor = 1, normal_scale = 1, occlusion_strength = 1;
  std::array<double, 3> emissive_factor{0, 0, 0};
  double emissive_strength = 1;       // KHR_materials_emissive_strength, kept apart from the factor
  AlphaMode alpha_mode = AlphaMode::opaque;
  double alpha_cutoff = 0.5;
  bool double_sided = false;
  Deferred deferred;                  // unknown alphaMode, ignored extensions
  bool unlit = false;                 // KHR_materials_unlit: base colour alone, no lighting
};
struct Texture { std::string where; std::int32_t image = kNone, sampler = kNone;
                 std::vector<std::string> unread_sources; };  // extension names when image is kNone
struct Sampler { std::string where;                // "sampler 2"
                 WrapMode wrap_u = WrapMode::repeat, wrap_v = WrapMode::repeat;  // aem/format.hpp
                 Deferred deferred; };          // a wrap code the producer does not know, baked as repeat
struct Image {
  std::string where;                  // "image 3 (wood.png)", as the material packer's messages name an image
  std::string problem;                // non-empty: no pixels, and why (kept verbatim)
  ByteRange bytes;                    // the encoded image, or (lazy read) the file below
  std::filesystem::path file;         // resolved by ReadConfinement (2.4); empty if bytes
  std::uint32_t width = 0, height = 0;  // as the header claims; limits are checked on these
  std::int32_t same_as = kNone;       // an earlier image with identical bytes: decode that one
};
struct Scene {
  std::filesystem::path model;        // every message starts with it
  std::vector<std::vector<unsigned char>> buffers;  // glTF buffers are moved in, not copied
  std::vector<Stream> streams;
  std::vector<Node> nodes;
  std::vector<std::int32_t> roots;    // the nodes to bake, each once, in order
  std::vector<Mesh> meshes;  std::vector<Skin> skins;  std::vector<Animation> animations;
  std::vector<Material> materials;  std::vector<Texture> textures;
  std::vector<Sampler> samplers;  std::vector<Image> images;
  std::vector<std::filesystem::path> inputs;  // every file read or looked for (stamps, depfiles)
  // The producer's vertices and triangles are final as listed: the bake merges none, drops no
  // degenerate triangle and reorders nothing (AAMF, a console format without a vertex cache whose
  // files come back byte for byte through aem export). False: optimised for a GPU (specs/bake.md).
  bool keep_geometry_order = false;
};

}  // namespace aem::pipeline
