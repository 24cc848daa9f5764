// A mesh block: its ID, vertex attributes (interleaved or one block each), triangles and the
// materials of face runs.
#include <cstring>

#include "import/e3d/e3d_block_types.hpp"
#include "import/e3d/e3d_packed_vectors.hpp"
#include "import/e3d/e3d_parser.hpp"

namespace aem::pipeline::e3d {
namespace {

// The scene's limit on a stream's elements (scene_check.hpp, kMaxStreamElements).
constexpr std::uint64_t kMaxVertices = std::uint64_t(1) << 28;

std::uint32_t load_u32(const std::uint8_t* p) { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
float load_f32(const std::uint8_t* p) { float v; std::memcpy(&v, p, 4); return v; }
double load_f64(const std::uint8_t* p) { double v; std::memcpy(&v, p, 8); return v; }

// Bytes per vertex of an attribute type; 0 for types whose size the spec leaves open.
std::size_t attribute_bytes(std::uint16_t type) {
  if (type >= kTexCoords && type <= kTexCoordsLast) return 8;
  switch (type) {
    case kVertices: return 12;
    case kVerticesDouble: return 24;
    case kVerticesQuantized: return 6;
    case kNormals: case kColors: case kTangentsSign: return 4;
    case kTangentsBitangents: return 8;
    default: return 0;
  }
}

// Reads one attribute of `count` vertices whose elements start at `data` and lie `stride` apart
// (the caller has checked that they fit). Types it cannot carry over are warned about there.
void read_attribute(MeshData& mesh, const Block& block, ReadContext& context, std::uint16_t type,
                    const std::uint8_t* data, std::size_t stride, std::size_t count) {
  const auto element = [&](std::size_t i) { return data + i * stride; };
  if (type >= kTexCoords && type <= kTexCoordsLast) {
    auto& set = mesh.texcoords[type - kTexCoords];
    set.resize(count);
    for (std::size_t i = 0; i < count; ++i) set[i] = {load_f32(element(i)), load_f32(element(i) + 4)};
    return;
  }
  switch (type) {
    case kVertices:
      mesh.has_positions = true;
      for (std::size_t i = 0; i < count; ++i)
        mesh.positions[i] = {load_f32(element(i)), load_f32(element(i) + 4), load_f32(element(i) + 8)};
      return;
    case kVerticesDouble:  // AEM stores floats: the rounding is the format's, not a loss to warn about
      mesh.has_positions = true;
      for (std::size_t i = 0; i < count; ++i)
        mesh.positions[i] = {float(load_f64(element(i))), float(load_f64(element(i) + 8)), float(load_f64(element(i) + 16))};
      return;
    case kNormals:
      mesh.normals.resize(count);
      for (std::size_t i = 0; i < count; ++i) mesh.normals[i] = unpack_vector(load_u32(element(i)));
      return;
    case kColors:
      mesh.colors.resize(count);
      for (std::size_t i = 0; i < count; ++i) std::memcpy(mesh.colors[i].data(), element(i), 4);
      return;
    case kTangentsBitangents:
      mesh.tangents.resize(count);
      mesh.bitangents.resize(count);
      for (std::size_t i = 0; i < count; ++i) {
        mesh.tangents[i] = unpack_vector(load_u32(element(i)));
        mesh.bitangents[i] = unpack_vector(load_u32(element(i) + 4));
      }
      return;
    case kTangentsSign:
      context.skip(block, "tangents", mesh.where + ": tangentsSign's sign bits have no defined meaning in the spec "
                                                   "(nor in Ecere's reader); tangents are generated instead");
      return;
    case kVerticesQuantized:
      context.fail(block, "quantized vertices (verticesQ): the spec does not define how they map to meshBBox, so they "
                          "cannot be read faithfully");
    default:
      if (type >= kBoneWeights && type <= kBoneWeightsLast)
        context.skip(block, "skins", mesh.where + ": skins are not baked from E3D yet; the mesh stays in its bind pose");
      else if (type >= kCustomFirst && type <= kCustomLast)
        context.skip(block, "custom attributes", mesh.where + ": custom attribute " + block_label(type) + " has no AEM counterpart");
      else
        context.fail(block, "attribute type " + block_label(type) + " is not one of the spec's");
  }
}

void read_interleaved(MeshData& mesh, const Block& block, ReadContext& context, std::size_t count) {
  BodyReader r(context, block);
  struct Entry { std::uint16_t type, offset; };
  std::vector<Entry> entries;
  while (true) {
    const std::uint16_t type = r.u16();
    const std::uint16_t value = r.u16();
    if (type == 0) {
      const std::size_t stride = value;
      // Bone weights' size is "implied from the next offset": sort out every entry's end first.
      for (std::size_t e = 0; e < entries.size(); ++e) {
        std::size_t size = attribute_bytes(entries[e].type);
        if (size == 0) continue;  // read_attribute warns or refuses; its size is not needed
        if (std::size_t(entries[e].offset) + size > stride)
          context.fail(block, block_label(entries[e].type) + " at offset " + std::to_string(entries[e].offset) +
                                  " runs past the " + std::to_string(stride) + "-byte vertex");
      }
      r.need(std::uint64_t(stride) * count, std::to_string(count) + " interleaved vertices of " + std::to_string(stride) + " bytes");
      const std::uint8_t* data = block.body.data() + r.position();
      if (r.left() != std::uint64_t(stride) * count)
        context.fail(block, std::to_string(r.left() - stride * count) + " bytes after the last vertex");
      for (const Entry& e : entries) read_attribute(mesh, block, context, e.type, data + e.offset, stride, count);
      return;
    }
    if (entries.size() >= 64) context.fail(block, "more than 64 interleaved attributes");
    entries.push_back({type, value});
  }
}

void read_attributes(MeshData& mesh, const Block& block, ReadContext& context) {
  BodyReader r(context, block);
  const std::uint32_t count = r.u32();
  if (count > kMaxVertices) context.fail(block, std::to_string(count) + " vertices, over the limit of 2^28");
  // Every vertex needs at least 4 bytes of some attribute: a count the block cannot back is
  // refused before anything is allocated for it.
  if (std::uint64_t(count) * 4 > block.body.size())
    context.fail(block, std::to_string(count) + " vertices cannot fit the block's " + std::to_string(block.body.size()) + " bytes");
  if (!mesh.positions.empty()) context.fail(block, "a second attributes block in " + mesh.where);
  mesh.positions.assign(count, Vec3{0, 0, 0});
  for (const Block& child : context.children(block, 4)) {
    if (child.type == kInterleaved) {
      read_interleaved(mesh, child, context, count);
      continue;
    }
    const std::size_t size = attribute_bytes(child.type);
    if (size != 0 && child.body.size() != std::uint64_t(size) * count)
      context.fail(child, std::to_string(count) + " vertices of " + std::to_string(size) + " bytes need " +
                              std::to_string(std::uint64_t(size) * count) + " bytes, the block has " +
                              std::to_string(child.body.size()));
    read_attribute(mesh, child, context, child.type, child.body.data(), size, size == 0 ? 0 : count);
  }
}

void read_faces(MeshData& mesh, const Block& block, ReadContext& context, bool wide) {
  BodyReader r(context, block);
  const std::uint32_t triangles = r.u32();
  const std::uint64_t bytes = std::uint64_t(triangles) * 3 * (wide ? 4 : 2);
  if (bytes != r.left())
    context.fail(block, std::to_string(triangles) + " triangles need " + std::to_string(bytes) + " bytes of indices, the block has " +
                            std::to_string(r.left()));
  const std::uint8_t* data = block.body.data() + r.position();
  const std::size_t first = mesh.indices.size();
  mesh.indices.resize(first + std::size_t(triangles) * 3);
  for (std::size_t i = 0; i < std::size_t(triangles) * 3; ++i) {
    std::uint32_t index;
    if (wide) std::memcpy(&index, data + i * 4, 4);
    else { std::uint16_t narrow; std::memcpy(&narrow, data + i * 2, 2); index = narrow; }
    mesh.indices[first + i] = index;
  }
}

}  // namespace

MeshData parse_mesh(const Block& block, ReadContext& context, std::size_t index) {
  MeshData mesh;
  mesh.where = "mesh " + std::to_string(index);
  mesh.texcoords.resize(8);
  std::vector<const Block*> faces_materials;
  std::vector<Block> children = context.children(block, 0);
  bool has_attributes = false, has_faces = false;
  for (const Block& child : children) {
    switch (child.type) {
      case kMeshId:
        expect_size(context, child, 4, "a mesh ID");
        mesh.id = BodyReader(context, child).u32();
        mesh.where = "mesh " + std::to_string(index) + " (ID " + std::to_string(mesh.id) + ")";
        break;
      case kMeshBBox: break;  // the bake computes its own bounds; only verticesQ would need it
      case kAttributes: read_attributes(mesh, child, context); has_attributes = true; break;
      case kTriFaces16: case kTriFaces32: read_faces(mesh, child, context, child.type == kTriFaces32); has_faces = true; break;
      case kFacesMaterials: faces_materials.push_back(&child); break;
      case kMeshDuplicateVertices:
        context.skip(child, "skins", mesh.where + ": duplicate-vertex lists only serve skinning, which is not baked from E3D yet");
        break;
      case kSkin:
        context.skip(child, "skins", mesh.where + ": skins are not baked from E3D yet; the mesh stays in its bind pose");
        break;
      case kParts:
        context.skip(child, "mesh parts", mesh.where + ": part IDs (intra-model attribution) have no AEM counterpart");
        break;
      case kMorphs: parse_morphs(mesh, child, context); break;
      default: context.skip(child, "unknown blocks", "not a block a mesh holds"); break;
    }
  }
  if (!has_attributes && has_faces) context.fail(block, mesh.where + " has faces but no attributes block");
  if (has_attributes && !mesh.has_positions) context.fail(block, mesh.where + ": its attributes have no vertex positions");
  const std::size_t vertices = mesh.positions.size();
  for (std::size_t i = 0; i < mesh.indices.size(); ++i)
    if (mesh.indices[i] >= vertices)
      context.fail(block, mesh.where + ": triangle " + std::to_string(i / 3) + " uses vertex " + std::to_string(mesh.indices[i]) +
                              ", but the mesh has " + std::to_string(vertices) + " vertices");
  const std::uint64_t triangle_count = mesh.indices.size() / 3;
  for (const Block* run_block : faces_materials) {
    if (run_block->body.size() % 12 != 0)
      context.fail(*run_block, "its " + std::to_string(run_block->body.size()) + " bytes are not whole (start, count, material) triples");
    BodyReader r(context, *run_block);
    while (r.left() > 0) {
      MeshData::FaceRun run{r.u32(), r.u32(), r.u32()};
      if (std::uint64_t(run.first) + run.count > triangle_count)
        context.fail(*run_block, "faces " + std::to_string(run.first) + " to " + std::to_string(std::uint64_t(run.first) + run.count) +
                                     " run past the mesh's " + std::to_string(triangle_count) + " triangles");
      mesh.face_runs.push_back(run);
    }
  }
  return mesh;
}

}  // namespace aem::pipeline::e3d
