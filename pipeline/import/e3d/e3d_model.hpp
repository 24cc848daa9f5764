#pragma once
// An E3D model as its blocks say it, before any conversion: E3D's own space (x right, y down,
// z away, as Ecere draws it), ids, frames and Phong/PBR properties. The parser (e3d_parser.hpp)
// fills it; the scene builder (e3d_scene_builder.hpp) turns it into the pipeline's Scene.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "import/e3d/e3d_quaternion.hpp"

namespace aem::pipeline::e3d {

using Vec3 = std::array<float, 3>;

// One morph of a mesh (morphs 0x1070): the mesh it blends towards, a whole mesh of the file with
// absolute positions in the base's vertex order (Ecere: v = base + sum of w (target - base)).
struct MorphData {
  std::string where;                       // "mesh 1 (ID 2) morph 0 ('smile')"
  std::string block;                       // the morph block as messages name it (offset included)
  std::string name;
  float default_weight = 0;                // morphWeight, finite
  std::uint32_t target_mesh_id = 0;        // meshID inside the morph block
};

struct MeshData {
  std::string where;                       // "mesh 0 (ID 1)"
  std::uint32_t id = 0;
  std::vector<Vec3> positions;             // one per vertex (the attributes block's count)
  bool has_positions = false;              // a vertices or verticesDbl attribute was read
  std::vector<Vec3> normals;               // empty or one per vertex, unit length
  std::vector<Vec3> tangents, bitangents;  // empty or one per vertex (tangentsBi)
  std::vector<std::vector<std::array<float, 2>>> texcoords;  // set 0..7, each empty or per vertex
  std::vector<std::array<std::uint8_t, 4>> colors;           // empty or per vertex, RGBA
  std::vector<std::uint32_t> indices;      // 3 per triangle, each < positions.size()
  struct FaceRun { std::uint32_t first = 0, count = 0, material_id = 0; };  // in triangles
  std::vector<FaceRun> face_runs;          // facesMaterials; empty: one run of every face
  std::vector<MorphData> morphs;           // in the file's order: the morph index tracks name
};

struct TextureSlot { std::uint32_t texture_id = 0; std::string texture_name; bool present = false; };

struct MaterialData {
  std::string where;                       // "material 0 (ID 1, 'wood')"
  std::uint32_t id = 0;
  std::string name;
  std::uint32_t flags = 1;                 // bit 0 double-sided (default set), 3 wrapU, 4 wrapV
  float opacity = 1, refraction = 1, reflectivity = 0;
  std::optional<float> shininess;
  Vec3 diffuse{1, 1, 1}, emissive{0, 0, 0};
  std::optional<Vec3> specular, ambient;   // absent: default to diffuse (the spec)
  TextureSlot emissive_map, normal_map, height_map, occlusion_map, diffuse_map, specular_map,
      ambient_map, pbr_albedo_map, pbr_roughness_metalness_map, pbr_spec_diffuse_map, pbr_spec_gloss_map;
};

struct TextureData {
  std::string where;                       // "texture 0 (ID 1)"
  std::uint32_t id = 0;
  std::string name;                        // a file beside the model, when nothing is embedded
  enum class Kind { none, png, jpeg, jpeg2000 } kind = Kind::none;
  std::vector<std::uint8_t> bytes;         // the embedded image as stored
};

struct NodeData {
  std::string where;                       // "node 3 ('wheel')"
  std::string name;
  std::optional<std::uint32_t> id, mesh_id;
  std::int32_t parent = -1;                // index into Model::nodes
  std::vector<std::int32_t> children;
  Vec3 scaling{1, 1, 1};
  WFirstQuaternion orientation;            // as E3D stores it
  std::array<double, 3> position{0, 0, 0};
};

enum class TrackKind { position, scaling, rotation, yaw, pitch, roll, morph };
struct TrackKey {
  std::uint32_t frame = 0;
  float tension = 0, continuity = 0, bias = 0, ease_from = 0, ease_to = 0;
  std::array<float, 4> value{};            // position/scaling xyz; rotation w,x,y,z; angles, weights [0]
};
struct TrackData {
  std::string where;                       // "animation 0 track 2"
  TrackKind kind = TrackKind::position;
  bool loop = false;
  std::uint8_t rotation_order = 4;         // 0 xyz .. 5 zyx; 4 zxy is the spec's default
  std::uint32_t morph_index = 0;           // ftkMorph: which morph of the node's mesh (not checked yet)
  std::string block;                       // the track's block as messages name it (offset included)
  std::vector<TrackKey> keys;              // frames non-decreasing
  std::optional<std::uint32_t> node_id;
  std::string node_name;
};
struct AnimationData {
  std::string where, name;
  std::optional<std::array<std::uint32_t, 3>> frames;  // start, end, default
  std::vector<TrackData> tracks;
};

struct Model {
  std::vector<MeshData> meshes;
  std::vector<MaterialData> materials;
  std::vector<TextureData> textures;
  std::vector<NodeData> nodes;
  std::vector<std::int32_t> roots;         // top-level meshNodes
  std::vector<AnimationData> animations;
};

}  // namespace aem::pipeline::e3d
