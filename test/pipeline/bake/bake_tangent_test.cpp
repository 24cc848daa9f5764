// Generated tangents against the TANGENT data exporters write (MikkTSpace, run by the exporter):
// every corpus model whose primitives carry TANGENT and UVs is baked once as given and once with
// regenerate_tangents, triangles are matched by their corners' position, normal and UV, and per
// vertex the tangent direction and the handedness (bitangent direction) are compared. The same
// under a mirroring node, where the given frames must come out mirrored with the geometry.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>

#include <nlohmann/json.hpp>

#include "bake_test_support.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

using VertexKey = std::array<std::uint32_t, 8>;  // bits of position, normal, uv
using TriangleKey = std::array<VertexKey, 3>;    // rotated so that the smallest key is first

VertexKey key_of(const Vertex& v) {
  VertexKey k;
  std::memcpy(k.data(), v.position, 12);
  std::memcpy(k.data() + 3, v.normal, 12);
  std::memcpy(k.data() + 6, v.uv, 8);
  return k;
}

TriangleKey triangle_key(const Vertex& a, const Vertex& b, const Vertex& c) {
  TriangleKey k{key_of(a), key_of(b), key_of(c)};
  std::rotate(k.begin(), std::min_element(k.begin(), k.end()), k.end());
  return k;
}

double dot3(const float a[3], const float b[3]) { return double(a[0]) * b[0] + double(a[1]) * b[1] + double(a[2]) * b[2]; }

double angle_degrees(const float a[3], const float b[3]) {
  return std::acos(std::clamp(dot3(a, b), -1.0, 1.0)) * 180.0 / 3.14159265358979323846;
}

struct Agreement {
  std::size_t vertices = 0;         // vertices of the given bake reached by a matched triangle
  std::size_t within_1 = 0;         // tangent directions within 1 degree at every matched corner
  std::size_t within_5 = 0;         // ... within 5 degrees
  std::size_t same_handedness = 0;  // bitangents on the same side at every matched corner
  std::size_t agree = 0;            // within 5 degrees and the same handedness
  std::size_t unmatched_triangles = 0;

  double share(std::size_t n) const { return vertices ? double(n) / double(vertices) : 0.0; }
};

// Matches the triangles of `regenerated` to those of `given` (corners equal by position, normal
// and UV, in the same winding) and compares the frames of the matched corners per given vertex.
Agreement compare_frames(const Model& given, const Model& regenerated) {
  const auto gv = given.vertices();
  const auto rv = regenerated.vertices();
  const auto gi = given.indices();
  const auto ri = regenerated.indices();
  std::map<TriangleKey, std::vector<std::size_t>> regenerated_triangles;
  for (std::size_t t = 0; t + 2 < ri.size(); t += 3)
    regenerated_triangles[triangle_key(rv[ri[t]], rv[ri[t + 1]], rv[ri[t + 2]])].push_back(t);
  for (auto& [key, list] : regenerated_triangles) std::reverse(list.begin(), list.end());

  std::vector<double> worst_angle(gv.size(), -1.0);
  std::vector<char> handedness_differs(gv.size(), 0);
  Agreement out;
  for (std::size_t t = 0; t + 2 < gi.size(); t += 3) {
    const Vertex* corners[3] = {&gv[gi[t]], &gv[gi[t + 1]], &gv[gi[t + 2]]};
    auto it = regenerated_triangles.find(triangle_key(*corners[0], *corners[1], *corners[2]));
    if (it == regenerated_triangles.end() || it->second.empty()) {
      ++out.unmatched_triangles;
      continue;
    }
    const std::size_t match = it->second.back();
    it->second.pop_back();
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t g = gi[t + std::size_t(c)];
      // The matched triangle may start at another corner: find this corner's vertex by its key.
      const VertexKey k = key_of(gv[g]);
      std::uint32_t r = ri[match];
      for (int d = 0; d < 3; ++d)
        if (key_of(rv[ri[match + std::size_t(d)]]) == k) r = ri[match + std::size_t(d)];
      worst_angle[g] = std::max(worst_angle[g], angle_degrees(gv[g].tangent, rv[r].tangent));
      if (dot3(gv[g].bitangent, rv[r].bitangent) <= 0) handedness_differs[g] = 1;
    }
  }
  for (std::size_t i = 0; i < gv.size(); ++i) {
    if (worst_angle[i] < 0) continue;
    ++out.vertices;
    out.within_1 += worst_angle[i] <= 1 ? 1 : 0;
    out.within_5 += worst_angle[i] <= 5 ? 1 : 0;
    out.same_handedness += handedness_differs[i] ? 0 : 1;
    out.agree += worst_angle[i] <= 5 && !handedness_differs[i] ? 1 : 0;
  }
  return out;
}

void print(const std::string& name, const Agreement& a) {
  std::cout << std::fixed << std::setprecision(2) << "[tangents] " << name << ": " << a.vertices
            << " vertices, within 1 deg " << 100 * a.share(a.within_1) << "%, within 5 deg "
            << 100 * a.share(a.within_5) << "%, same handedness " << 100 * a.share(a.same_handedness)
            << "%, both " << 100 * a.share(a.agree) << "%\n";
}

bool file_mentions(const std::filesystem::path& file, const std::string& text) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return bytes.find(text) != std::string::npos;
}

// Whether some triangle primitive of the model has both TANGENT and the UVs its material uses
// (TEXCOORD_0 is enough for the corpus): without UVs there is no MikkTSpace frame to follow.
bool has_tangents_and_uvs(const std::filesystem::path& file) {
  const auto model = load_reference(file);
  for (const auto& mesh : model->meshes)
    for (const auto& p : mesh.primitives)
      if (p.attributes.count("TANGENT") && p.attributes.count("TEXCOORD_0")) return true;
  return false;
}

// The corpus models that carry TANGENT data: tangents/, one variant of each khronos/ model, extra/.
std::vector<std::filesystem::path> models_with_tangents(const std::filesystem::path& corpus) {
  std::vector<std::filesystem::path> candidates = gltf_files(corpus / "tangents");
  std::error_code ec;
  if (std::filesystem::is_directory(corpus / "khronos", ec)) {
    std::vector<std::filesystem::path> dirs;
    for (const auto& e : std::filesystem::directory_iterator(corpus / "khronos")) dirs.push_back(e.path());
    std::sort(dirs.begin(), dirs.end());
    for (const auto& dir : dirs)
      if (const auto file = khronos_model(corpus, dir.filename().string()); !file.empty()) candidates.push_back(file);
  }
  for (const auto& file : gltf_files(corpus / "extra")) candidates.push_back(file);
  std::vector<std::filesystem::path> out;
  for (const auto& file : candidates)
    if (file_mentions(file, "\"TANGENT\"")) out.push_back(file);
  return out;
}

pipeline::BakeOptions regenerating() {
  pipeline::BakeOptions options = test_options();
  options.regenerate_tangents = true;
  return options;
}

// What a model's exporter tangents are expected to share with ours: the share of vertices whose
// tangent is within 5 degrees (and, unless the handedness is expected opposite, whose handedness
// agrees), a little under what the MikkTSpace-following generator measures.
struct Expectation {
  double floor = 0.99;
  bool opposite_handedness = false;
};

Expectation expectation(const std::string& model) {
  static const std::map<std::string, Expectation> table = {
      // Unity's exporter, MikkTSpace in V-up texture space: 96.1% measured. The rest are vertices
      // of the axis arrows' zero-UV-area caps, where MikkTSpace leaves its placeholder (1, 0, 0)
      // (often along the normal) and any frame is as good as another; the normal-mapped body
      // agrees on 99.8% (handedness 100%).
      {"BoomBoxWithAxes", {0.955, false}},
      // The VKTS exporter wrote w for glTF's V-down UVs as they are: the bitangent points down
      // the texture, against glTF's normal-texture convention. Directions agree (100% measured),
      // handedness is opposite everywhere.
      {"AnimatedCube", {0.99, true}},
      {"TwoSidedPlane", {0.99, true}},
  };
  const auto it = table.find(model);
  return it == table.end() ? Expectation{} : it->second;
}

TEST(BakeTangents, GeneratedFramesFollowTheExportersMikkTSpaceFrames) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto files = models_with_tangents(corpus);
  ASSERT_GE(files.size(), 3u) << "the corpus should hold BoomBoxWithAxes, AnimatedCube and TwoSidedPlane";
  std::size_t compared = 0;
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const std::string name = file.stem().string();
    if (!has_tangents_and_uvs(file)) {
      std::cout << "[tangents] " << name << ": TANGENT without UVs, nothing to follow\n";
      continue;
    }
    const Agreement a = compare_frames(*baked(file).model, *baked(file, regenerating(), "regen").model);
    print(name, a);
    EXPECT_EQ(a.unmatched_triangles, 0u);
    ASSERT_GT(a.vertices, 0u);
    const Expectation e = expectation(name);
    if (e.opposite_handedness) {
      EXPECT_GE(a.share(a.within_5), e.floor) << name;
      EXPECT_LE(a.share(a.same_handedness), 1 - e.floor) << name;
    } else {
      EXPECT_GE(a.share(a.agree), e.floor) << name;
    }
    ++compared;
  }
  EXPECT_GE(compared, 3u);
}

// BoomBoxWithAxes' X arrow (mesh 2) has TANGENT values along the normal where its caps have no
// UV gradient: those vertices get a perpendicular, the rest of the primitive keeps the file's
// frames, so nothing is generated and no vertex is split.
TEST(BakeTangents, GivenTangentsAlongTheNormalAreReplacedOneByOne) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto file = corpus / "tangents" / "BoomBoxWithAxes" / "BoomBoxWithAxes.gltf";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << file << " is not in this corpus";
  const BakedModel& given = baked(file);
  const auto source = load_reference(file);
  std::uint64_t file_vertices = 0;
  for (const auto& mesh : source->meshes)
    for (const auto& p : mesh.primitives) file_vertices += source->accessors[std::size_t(p.attributes.at("POSITION"))].count;
  EXPECT_EQ(given.report.source_vertices, file_vertices);
  const auto& w = given.report.warnings;
  EXPECT_TRUE(std::any_of(w.begin(), w.end(), [](const std::string& m) {
    return m.find("mesh 2 primitive 0: TANGENT accessor 12: ") != std::string::npos &&
           m.find("tangents are zero or along their normal") != std::string::npos;
  })) << "warnings: " << testing::PrintToString(w);
}

// BoomBoxWithAxes written again into `dir` under a parent node that mirrors it (scale -1 on X).
std::filesystem::path mirrored_boombox(const std::filesystem::path& corpus, const std::filesystem::path& dir) {
  const auto source = corpus / "tangents" / "BoomBoxWithAxes";
  for (const auto& e : std::filesystem::directory_iterator(source))
    std::filesystem::copy_file(e.path(), dir / e.path().filename(), std::filesystem::copy_options::overwrite_existing);
  std::ifstream in(source / "BoomBoxWithAxes.gltf");
  nlohmann::json gltf = nlohmann::json::parse(in);
  nlohmann::json mirror = {{"name", "Mirror"}, {"scale", {-1.0, 1.0, 1.0}}, {"children", gltf["scenes"][0]["nodes"]}};
  gltf["nodes"].push_back(mirror);
  gltf["scenes"][0]["nodes"] = {gltf["nodes"].size() - 1};
  std::ofstream(dir / "BoomBoxWithAxes.gltf") << gltf.dump();
  return dir / "BoomBoxWithAxes.gltf";
}

TEST(BakeTangents, MirroringNodeMirrorsGivenAndGeneratedFramesAlike) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto plain_file = corpus / "tangents" / "BoomBoxWithAxes" / "BoomBoxWithAxes.gltf";
  if (!std::filesystem::exists(plain_file)) GTEST_SKIP() << plain_file << " is not in this corpus";
  const ScratchDir dir("tangent_mirror");  // this process's own: parallel runs of the suite do not share it
  const auto file = mirrored_boombox(corpus, dir.path());
  const Model& given = *baked(file).model;
  const Model& regenerated = *baked(file, regenerating(), "regen").model;
  const Agreement a = compare_frames(given, regenerated);
  print("BoomBoxWithAxes mirrored", a);
  EXPECT_EQ(a.unmatched_triangles, 0u);
  // 94.5% measured: mirroring flips the given w at the arrows' placeholder vertices but not the
  // w = +1 of the generated fallback frames there; the body agrees as without the mirror.
  EXPECT_GE(a.share(a.agree), 0.94);

  // The given frames, mirrored: every vertex of the plain bake has a twin with x, normal x,
  // tangent x and bitangent x negated (the bitangent follows the geometry, so w flips). Positions
  // and UVs match exactly; normals pass through an inverted matrix, so they are compared by angle.
  const Model& plain = *baked(plain_file).model;
  std::map<std::array<float, 5>, std::vector<const Vertex*>> twins;
  for (const Vertex& v : given.vertices())
    twins[{v.position[0], v.position[1], v.position[2], v.uv[0], v.uv[1]}].push_back(&v);
  std::size_t checked = 0, mirrored = 0;
  for (const Vertex& v : plain.vertices()) {
    const auto it = twins.find({-v.position[0], v.position[1], v.position[2], v.uv[0], v.uv[1]});
    if (it == twins.end()) continue;
    ++checked;
    const float n[3] = {-v.normal[0], v.normal[1], v.normal[2]};
    const float t[3] = {-v.tangent[0], v.tangent[1], v.tangent[2]};
    const float b[3] = {-v.bitangent[0], v.bitangent[1], v.bitangent[2]};
    mirrored += std::any_of(it->second.begin(), it->second.end(), [&](const Vertex* twin) {
      return dot3(n, twin->normal) > 0.999 && dot3(t, twin->tangent) > 0.999 && dot3(b, twin->bitangent) > 0.999;
    }) ? 1 : 0;
  }
  EXPECT_GT(checked, plain.vertices().size() * 9 / 10);
  EXPECT_EQ(mirrored, checked);
  std::filesystem::remove_all(file.parent_path());
}

}  // namespace
}  // namespace aem::test
