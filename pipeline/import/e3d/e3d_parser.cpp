#include "import/e3d/e3d_parser.hpp"

#include <cstring>

#include "import/e3d/e3d_block_types.hpp"

namespace aem::pipeline::e3d {
namespace {

void read_version(const Block& block, ReadContext& context) {
  BodyReader r(context, block);
  const Bytes magic = r.take(4, "the 'E3DF' signature");
  if (std::memcmp(magic.data(), "E3DF", 4) != 0) context.fail(block, "the signature is not 'E3DF'");
  const std::uint16_t version = r.u16();
  if (version >> 8 != 1)
    context.fail(block, "version " + std::to_string(version >> 8) + "." + std::to_string(version & 0xff) +
                            ": only E3D 1.x is read");
}

std::string node_where(std::size_t index, const NodeData& node) {
  return "node " + std::to_string(index) + (node.name.empty() ? std::string() : " ('" + node.name + "')");
}

// A meshNode (or a camera or light node, which keep their place in the hierarchy but place
// nothing) and the nodes below it.
std::int32_t read_node(const Block& block, ReadContext& context, Model& model, std::int32_t parent) {
  const auto index = std::int32_t(model.nodes.size());
  model.nodes.emplace_back();
  model.nodes[std::size_t(index)].parent = parent;
  if (block.type != kMeshNode)
    context.skip(block, block.type == kCameraNode ? "cameras" : "lights",
                 "AEM has no cameras or lights; the node is kept as an empty node");
  std::vector<std::int32_t> children;
  for (const Block& child : context.children(block, 0)) {
    NodeData& node = model.nodes[std::size_t(index)];
    BodyReader r(context, child);
    switch (child.type) {
      case kNodeId: expect_size(context, child, 4, "a node ID"); node.id = r.u32(); break;
      case kNodeName: node.name = r.text(); break;
      case kMeshId: expect_size(context, child, 4, "a mesh ID"); node.mesh_id = r.u32(); break;
      case kScaling:
        expect_size(context, child, 12, "3 floats");
        node.scaling = {r.f32(), r.f32(), r.f32()};
        break;
      case kOrientation:
        expect_size(context, child, 32, "4 doubles");
        node.orientation = {r.f64(), r.f64(), r.f64(), r.f64()};
        break;
      case kPosition:
        expect_size(context, child, 24, "3 doubles");
        node.position = {r.f64(), r.f64(), r.f64()};
        break;
      case kSkeleton:
        context.skip(child, "skins", "skins and skeletons are not baked from E3D yet; the mesh stays in its bind pose");
        break;
      case kMeshNode: case kCameraNode: case kLightNode:
        children.push_back(read_node(child, context, model, index));
        break;
      default: context.skip(child, "unknown blocks", "not a block a node holds"); break;
    }
  }
  NodeData& node = model.nodes[std::size_t(index)];
  node.children = std::move(children);
  node.where = node_where(std::size_t(index), node);
  return index;
}

}  // namespace

void expect_size(const ReadContext& context, const Block& block, std::size_t bytes, const char* what) {
  if (block.body.size() != bytes)
    context.fail(block, "holds " + std::string(what) + " (" + std::to_string(bytes) + " bytes), but its body has " +
                            std::to_string(block.body.size()));
}

Model parse_model(Bytes file, ReadContext& context) {
  Model model;
  const std::vector<Block> blocks = context.top_level(file);
  if (blocks.empty() || blocks.front().type != kVersion || blocks.front().origin->within != "")
    throw BakeError(context.model().string() + ": not an E3D file (it does not start with a version block)");
  for (const Block& block : blocks) {
    switch (block.type) {
      case kVersion:
        if (&block != &blocks.front()) context.fail(block, "a second version block");
        read_version(block, context);
        break;
      case kMeshes:
        for (const Block& mesh : context.children(block, 0)) {
          if (mesh.type == kMesh) model.meshes.push_back(parse_mesh(mesh, context, model.meshes.size()));
          else context.skip(mesh, "unknown blocks", "not a block the meshes section holds");
        }
        break;
      case kNodes:
        for (const Block& node : context.children(block, 0)) {
          if (node.type == kMeshNode || node.type == kCameraNode || node.type == kLightNode)
            model.roots.push_back(read_node(node, context, model, -1));
          else context.skip(node, "unknown blocks", "not a block the nodes section holds");
        }
        break;
      case kMaterials:
        for (const Block& material : context.children(block, 0)) {
          if (material.type == kMaterial) model.materials.push_back(parse_material(material, context, model.materials.size()));
          else context.skip(material, "unknown blocks", "not a block the materials section holds");
        }
        break;
      case kTextures:
        for (const Block& texture : context.children(block, 0)) {
          if (texture.type == kTexture) model.textures.push_back(parse_texture(texture, context, model.textures.size()));
          else context.skip(texture, "unknown blocks", "not a block the textures section holds");
        }
        break;
      case kAnimations:
        for (const Block& animation : context.children(block, 0)) {
          if (animation.type == kAnimation)
            model.animations.push_back(parse_animation(animation, context, model.animations.size()));
          else context.skip(animation, "unknown blocks", "not a block the animations section holds");
        }
        break;
      default: context.skip(block, "unknown blocks", "not a top-level section of the E3D spec"); break;
    }
  }
  return model;
}

}  // namespace aem::pipeline::e3d
