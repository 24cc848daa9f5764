// Triangles that merging identical vertices leaves with two corners on one vertex cover no area:
// the bake drops them and counts them in its report (BakeReport::degenerate_triangles), and
// they are in neither the AEM nor its triangle count.
#include "bake_test_support.hpp"
#include "degenerate_gltf.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

TEST(BakeDegenerate, TrianglesOnAMergedVertexAreDroppedAndCounted) {
  ScratchDir dir("degenerate_merged");
  const fs::path path = dir.path() / "merged.gltf";
  // Triangle 1 uses vertices 1 and 3, which are the same vertex once merged.
  write_file(path, two_triangle_gltf({0, 1, 2, 2, 1, 3}));
  const pipeline::BakeResult result = pipeline::bake_model(path, strict_test_options());
  EXPECT_EQ(result.report.triangles, 1u);
  EXPECT_EQ(result.report.degenerate_triangles, 1u);
  EXPECT_EQ(result.content.indices.size(), 3u);
  EXPECT_EQ(result.report.vertices, 3u);
  EXPECT_TRUE(result.report.warnings.empty());  // nothing is lost: it covers no area
}

TEST(BakeDegenerate, EachPlacedCopyCountsAndDistinctVerticesCountNothing) {
  ScratchDir dir("degenerate_copies");
  const fs::path copies = dir.path() / "copies.gltf", clean = dir.path() / "clean.gltf";
  write_file(copies, two_triangle_gltf({0, 1, 2, 2, 1, 3, 0, 1, 2}, 3));  // the first triangle twice: kept both times
  write_file(clean, two_triangle_gltf({0, 1, 2}));
  const pipeline::BakeReport copied = pipeline::bake_model(copies, test_options()).report;
  EXPECT_EQ(copied.degenerate_triangles, 3u);
  EXPECT_EQ(copied.triangles, 6u);
  EXPECT_EQ(pipeline::bake_model(clean, test_options()).report.degenerate_triangles, 0u);
}

}  // namespace
}  // namespace aem::test
