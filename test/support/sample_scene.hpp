#pragma once
// A small scene with every field of scene.hpp set to something other than its default: for the
// serialization round trip and as a fuzz seed. Its references all hold.
#include "aem/pipeline/scene.hpp"

namespace aem::test {

inline pipeline::Scene sample_scene() {
  using namespace aem::pipeline;
  Scene s;
  s.model = "models/sample.fbx";
  s.buffers = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, std::vector<unsigned char>(64 * 2 + 8, 7)};
  Stream positions;
  positions.where = "positions";
  positions.component = ComponentType::f32;
  positions.components = 3;
  positions.count = 1;
  positions.buffer = 0;
  positions.offset = 4;
  positions.stride = 12;
  Stream matrices;
  matrices.where = "inverse bind";
  matrices.components = 16;
  matrices.count = 2;
  matrices.buffer = 1;
  matrices.stride = 64;
  matrices.normalized = true;
  matrices.sparse = {1, ComponentType::u16, 0, 1, 2, 8};
  Stream zeros;
  zeros.where = "zeros";
  zeros.component = ComponentType::i16;
  zeros.components = 2;
  zeros.count = 5;
  s.streams = {positions, matrices, zeros};

  Node root;
  root.where = "node 'Root' (aiNode 0)";
  root.name = "Root \xc3\xa9";
  root.children = {1};
  root.matrix = std::array<double, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.5, -2, 3, 1};
  Node child;
  child.where = "node 'Child' (aiNode 1)";
  child.name = "Child";
  child.parent = 0;
  child.translation = {1, 2, 3};
  child.scale = {2, 2, 2};
  child.rotation = {0, 0.7071, 0, 0.7071};
  child.mesh = 0;
  child.skin = 0;
  child.has_camera = true;
  child.weights = {0.75, 0.125};
  s.nodes = {root, child};
  s.roots = {0};

  Primitive p;
  p.where = "mesh 'Body' (aiMesh 0)";
  p.mode = PrimitiveMode::lines;
  p.indices = 2;
  p.attributes = {{Semantic::position, 0, 0, "POSITION"}, {Semantic::texcoord, 1, 2, "TEXCOORD_1"}};
  p.morph_targets = {{0, kNone, kNone}, {kNone, 0, 0}};
  p.material = 0;
  p.deferred.error = "unknown primitive mode";
  p.deferred.warnings = {{"uvw coordinates", "mesh 'Body'", "third component dropped"}};
  s.meshes = {{"meshes of node 'Child'", {p}, {0.5, 0.25}, {"smile", "frown"}, ""}};
  s.skins = {{"skin of node 'Child'", {0, 1}, 1}};
  pipeline::Animation a;
  a.where = "animation 'Walk' (aiAnimation 0)";
  a.name = "Walk";
  a.samplers = {{"sampler", 2, 0, Interpolation::step}};
  a.channels = {{"channel", 0, 1, TargetPath::rotation, "rotation"}, {"no target", 0, kNone, TargetPath::other, "x"}};
  s.animations = {a};

  pipeline::Material m;
  m.where = "material 0 (Red)";
  m.name = "Red";
  m.base_color_factor = {1, 0, 0, 0.5};
  m.base_color = {0, 1, {{2, 0, 0.5, 0, 2, 0.25}}};
  m.normal.texture = 0;
  m.emissive.texture = 0;
  m.metallic_factor = 0;
  m.roughness_factor = 0.25;
  m.normal_scale = 0.5;
  m.occlusion_strength = 0.75;
  m.emissive_factor = {0.1, 0.2, 0.3};
  m.emissive_strength = 4;
  m.alpha_mode = AlphaMode::mask;
  m.alpha_cutoff = 0.25;
  m.double_sided = true;
  m.deferred.warnings = {{"material conversion", "material 0 (Red)", "Phong"}};
  s.materials = {m};
  s.textures = {{"texture 0", 0, 0, {"EXT_texture_webp"}}};
  Sampler sampler;
  sampler.where = "sampler 0";
  sampler.wrap_u = WrapMode::clamp_to_edge;
  sampler.wrap_v = WrapMode::mirrored_repeat;
  sampler.deferred.warnings = {{"texture wrap", "", "wrapS 1234 is not a glTF wrap mode"}};
  s.samplers = {sampler};
  Image image;
  image.where = "image 0 (red.png)";
  image.problem = "cannot be decoded";
  image.bytes = {0, 2, 10};
  image.file = "textures/red.png";
  image.width = 16;
  image.height = 8;
  Image copy = image;
  copy.where = "image 1";
  copy.same_as = 0;
  s.images = {image, copy};
  s.inputs = {"models/sample.fbx", "models/red.png"};
  return s;
}

}  // namespace aem::test
