// A mesh's morphs block (0x1070, which the spec calls reserved; Ecere's reader and writer define
// it): an int32 count, then that many morph containers, each with morphID (ignored: Ecere's reader
// takes the morphs in order), morphName, morphWeight (the default weight) and the meshID of the
// target mesh. Targets are resolved against the file's meshes by the scene builder.
#include <cmath>

#include "import/e3d/e3d_block_types.hpp"
#include "import/e3d/e3d_parser.hpp"

namespace aem::pipeline::e3d {
namespace {

MorphData read_morph(const MeshData& mesh, const Block& block, ReadContext& context, std::size_t index) {
  MorphData morph;
  morph.block = context.describe(block);
  bool has_target = false;
  for (const Block& child : context.children(block, 0)) {
    BodyReader r(context, child);
    switch (child.type) {
      case kMorphId: expect_size(context, child, 4, "a morph ID"); break;
      case kMorphName: morph.name = r.text(); break;
      case kMorphWeight:
        expect_size(context, child, 4, "a float weight");
        morph.default_weight = r.f32();
        if (!std::isfinite(morph.default_weight))
          context.fail(child, mesh.where + " morph " + std::to_string(index) + ": the default weight is not finite");
        break;
      case kMeshId:
        expect_size(context, child, 4, "a target mesh ID");
        morph.target_mesh_id = r.u32();
        has_target = true;
        break;
      default: context.skip(child, "unknown blocks", "not a block a morph holds"); break;
    }
  }
  morph.where = mesh.where + " morph " + std::to_string(index) + (morph.name.empty() ? "" : " ('" + morph.name + "')");
  if (!has_target) context.fail(block, morph.where + " names no target mesh (meshID)");
  return morph;
}

}  // namespace

void parse_morphs(MeshData& mesh, const Block& block, ReadContext& context) {
  if (!mesh.morphs.empty()) context.fail(block, "a second morphs block in " + mesh.where);
  const std::uint32_t count = BodyReader(context, block).u32();
  std::size_t held = 0;
  for (const Block& child : context.children(block, 4)) {
    if (child.type != kMorph) {
      context.skip(child, "unknown blocks", "not a block the morphs block holds");
      continue;
    }
    mesh.morphs.push_back(read_morph(mesh, child, context, held++));
  }
  if (held != count)
    context.fail(block, mesh.where + " declares " + std::to_string(count) + " morphs, but the block holds " + std::to_string(held));
}

}  // namespace aem::pipeline::e3d
