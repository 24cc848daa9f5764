#pragma once
// Reads an E3D file's blocks into a Model (e3d_model.hpp). Every block type of the spec is read
// or skipped with a warning naming the block and the model; input that cannot be read right (a
// count that does not fit its block, an index out of range, a reference to a mesh that is not
// there) throws BakeError naming the model and the block's offset.
#include "import/e3d/e3d_blocks.hpp"
#include "import/e3d/e3d_model.hpp"

namespace aem::pipeline::e3d {

// The whole file. Its first block must be the version block ("E3DF", major version 1).
Model parse_model(Bytes file, ReadContext& context);

// The parts, one file each (e3d_mesh_parser.cpp, e3d_animation_parser.cpp, e3d_material_parser.cpp).
MeshData parse_mesh(const Block& mesh, ReadContext& context, std::size_t index);
AnimationData parse_animation(const Block& animation, ReadContext& context, std::size_t index);
MaterialData parse_material(const Block& material, ReadContext& context, std::size_t index);
TextureData parse_texture(const Block& texture, ReadContext& context, std::size_t index);
// A mesh's morphs block into mesh.morphs (e3d_morph_parser.cpp): its count must match the morph
// blocks it holds, each must name a target mesh, and default weights must be finite.
void parse_morphs(MeshData& mesh, const Block& morphs, ReadContext& context);

// A block whose body is exactly `bytes` long, else throws naming what it holds.
void expect_size(const ReadContext& context, const Block& block, std::size_t bytes, const char* what);

}  // namespace aem::pipeline::e3d
