// The legacy layout's per-bone AMF mesh (specs/aamf-import.md §3), from the game's framework/model.h
// and amfInitData (framework/model.c): AMF_HEADER (u32 used_textures, u16 x, u16 z, 16 bytes of
// world bounds), used_textures 8-byte names, x*z u32 chunk table entries, then the chunk: 8 u16
// polygon counts, 8 u32 pointers (0 in the file), the polygons F4, G4, FT4, GT4, F3, G3, FT3, GT3.
#include <set>

#include "import/aamf/aamf_parser.hpp"

namespace aem::pipeline::aamf {
namespace {

// Where a polygon kind keeps its parts (PS1 structs with 4-byte pointers, packed as the game has them).
struct PolygonLayout {
  std::size_t size, corners;
  bool gouraud;                 // a normal (and a colour) per corner, else one for all
  std::size_t normals;          // offset of the first normal SVECTOR
  std::size_t texture;          // offset of the u32 texture name index; 0: untextured
  std::size_t colour, colour_step;  // offset of the first corner's r, g, b; bytes to the next
};
constexpr PolygonLayout kLayouts[8] = {
    {64, 4, false, 32, 0, 44, 0},    // F4: v0-v3, n, POLY_F4 (tag, rgb code, 4 xy)
    {100, 4, true, 32, 0, 68, 8},    // G4: v0-v3, n0-n3, POLY_G4 (tag, 4 x (rgb, xy))
    {84, 4, false, 32, 40, 48, 0},   // FT4: v0-v3, n, tex, POLY_FT4
    {136, 4, true, 32, 80, 64, 4},   // GT4: v0-v3, n0-n3, c0-c3 (CVECTOR), tex, POLY_GT4
    {52, 3, false, 24, 0, 36, 0},    // F3: v0-v2, n, POLY_F3
    {76, 3, true, 24, 0, 52, 8},     // G3: v0-v2, n0-n2, POLY_G3
    {68, 3, false, 24, 32, 40, 0},   // FT3: v0-v2, n, tex, POLY_FT3
    {92, 3, true, 24, 48, 56, 12},   // GT3: v0-v2, n0-n2, tex, POLY_GT3
};

void add_polygon(const Bytes& bytes, std::size_t at, const PolygonLayout& layout, const std::string& what, MeshData& mesh) {
  const auto first = std::uint32_t(mesh.positions.size());
  for (std::size_t c = 0; c < layout.corners; ++c) {
    mesh.positions.push_back(bytes.svector(at + 8 * c, what));
    mesh.normals.push_back(bytes.svector(at + layout.normals + (layout.gouraud ? 8 * c : 0), what));
    const std::size_t rgb = at + layout.colour + c * layout.colour_step;
    mesh.colors.push_back({bytes.u8(rgb, what), bytes.u8(rgb + 1, what), bytes.u8(rgb + 2, what), 255});
  }
  // Corners as the GPU takes them: a quad is (v0, v1, v2) and (v1, v3, v2); turned to the winding
  // of the game's converter (aamf2gltf.py's quads), (v0, v2, v1) and (v1, v2, v3).
  mesh.triangles.push_back({first, first + 2, first + 1});
  if (layout.corners == 4) mesh.triangles.push_back({first + 1, first + 2, first + 3});
}

}  // namespace

MeshData parse_amf_mesh(const Bytes& bytes, std::size_t offset, std::size_t size, std::size_t bone, Model& model) {
  const std::string what = "AMF mesh of bone " + std::to_string(bone);
  const std::size_t end = offset + size;
  if (size < 24) bytes.fail(offset, what, "block of " + std::to_string(size) + " bytes is shorter than AMF_HEADER's 24");
  const std::uint32_t textures = bytes.u32(offset, what + " used_textures");
  const std::uint16_t x = bytes.u16(offset + 4, what + " chunk count x"), z = bytes.u16(offset + 6, what + " chunk count z");
  if (textures >= (1u << 31)) bytes.fail(offset, what, "used_textures has the loader's 'relocated' bit 31 set (a memory image, not a file)");
  if (std::uint32_t(x) * z != 1)
    bytes.fail(offset + 4, what, std::to_string(x) + " x " + std::to_string(z) + " chunks: an animated model's bone has one "
               "(the game's loader and its converters disagree on where a second chunk starts)");
  if (std::uint64_t(textures) * 8 > size - 24) bytes.fail(offset, what, std::to_string(textures) + " texture names do not fit the block");
  std::vector<std::string> names(textures);
  for (std::size_t t = 0; t < textures; ++t) names[t] = bytes.name8(offset + 24 + 8 * t, what + " texture name " + std::to_string(t));
  const std::size_t chunk = offset + 24 + 8 * std::size_t(textures) + 4;
  if (chunk + 48 > end) bytes.fail(chunk, what, "the chunk header (48 bytes) does not fit the block");
  std::size_t at = chunk + 48, needed = 0;
  std::uint16_t counts[8];
  for (std::size_t k = 0; k < 8; ++k) {
    counts[k] = bytes.u16(chunk + 2 * k, what + " polygon count");
    needed += counts[k] * kLayouts[k].size;  // at most 8 x 65535 x 136
  }
  if (at + needed != end)
    bytes.fail(chunk, what, "its polygons take " + std::to_string(needed) + " bytes, but the block leaves " + std::to_string(end - at));
  MeshData mesh;
  std::set<std::string> used(model.texture_names.begin(), model.texture_names.end());
  for (std::size_t k = 0; k < 8; ++k) {
    model.polygons[k] += counts[k];
    for (std::size_t p = 0; p < counts[k]; ++p, at += kLayouts[k].size) {
      const std::string polygon = what + " " + kPolygonKindNames[k] + " polygon " + std::to_string(p);
      if (kLayouts[k].texture != 0) {
        const std::uint32_t name = bytes.u32(at + kLayouts[k].texture, polygon + " texture");
        if (name >= textures) bytes.fail(at + kLayouts[k].texture, polygon, "texture " + std::to_string(name) + " of " + std::to_string(textures));
        if (used.insert(names[name]).second) model.texture_names.push_back(names[name]);
      }
      add_polygon(bytes, at, kLayouts[k], polygon, mesh);
    }
  }
  return mesh;
}

}  // namespace aem::pipeline::aamf
