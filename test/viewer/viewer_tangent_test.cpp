// aem-viewer screenshot of Khronos NormalTangentTest, opened as .glb (baked in memory, tangents
// generated since the file has none). The model sets flat normal-mapped squares beside
// geometric hemispheres that should look the same; its five rows turn the UVs differently, so a
// tangent frame with the wrong handedness or direction lights some normal-mapped squares as
// dents or from the wrong side. Each normal-mapped square's shading pattern (6x6 cell means of
// luminance) must correlate with its geometric twin's, above 0.9: measured 0.927 to 0.998 with
// the MikkTSpace-following frames (row 4's first pair lowest; each above 0.95 when first
// measured, before later changes to the bake's tangents), the floor 0.027 below for the software
// renderer; the frames of the earlier generator (handedness flipped) gave -0.77 to 0.6 on 11 of
// the 15 pairs.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "corpus.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using Span = std::pair<int, int>;  // [first, last] pixel

double luminance(const std::uint8_t* p) { return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]; }

bool is_background(const Image& image, int x, int y) {
  const std::uint8_t* bg = image.at(0, 0);
  const std::uint8_t* p = image.at(x, y);
  for (int c = 0; c < 3; ++c)
    if (std::abs(int(p[c]) - int(bg[c])) > 8) return false;
  return true;
}

// Runs of rows (or columns) within `limit` that hold any non-background pixel.
std::vector<Span> covered_runs(const Image& image, bool along_y, Span limit) {
  std::vector<Span> runs;
  const int n = along_y ? image.height : image.width;
  for (int i = 0; i < n; ++i) {
    bool covered = false;
    for (int j = limit.first; j <= limit.second && !covered; ++j)
      covered = along_y ? !is_background(image, j, i) : !is_background(image, i, j);
    if (!covered) continue;
    if (!runs.empty() && runs.back().second == i - 1) runs.back().second = i;
    else runs.push_back({i, i});
  }
  return runs;
}

// Luminance of a square on a grid x grid raster (cell means, inset by a tenth), minus its mean.
std::vector<double> shading_pattern(const Image& image, Span xs, Span ys, int grid) {
  std::vector<double> cells;
  const double w = xs.second - xs.first + 1, h = ys.second - ys.first + 1;
  for (int gy = 0; gy < grid; ++gy)
    for (int gx = 0; gx < grid; ++gx) {
      const int x0 = xs.first + int(w * (0.1 + 0.8 * gx / grid)), x1 = xs.first + int(w * (0.1 + 0.8 * (gx + 1) / grid));
      const int y0 = ys.first + int(h * (0.1 + 0.8 * gy / grid)), y1 = ys.first + int(h * (0.1 + 0.8 * (gy + 1) / grid));
      double sum = 0;
      int n = 0;
      for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x, ++n) sum += luminance(image.at(x, y));
      cells.push_back(n ? sum / n : 0);
    }
  double mean = 0;
  for (double c : cells) mean += c / double(cells.size());
  for (double& c : cells) c -= mean;
  return cells;
}

double correlation(const std::vector<double>& a, const std::vector<double>& b) {
  double ab = 0, aa = 0, bb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa > 0 && bb > 0 ? ab / std::sqrt(aa * bb) : 0;
}

TEST(ViewerCorpus, NormalTangentTestNormalMapsShadeLikeTheGeometry) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_CORPUS(corpus);
  const auto model = corpus / "khronos" / "NormalTangentTest" / "glTF-Binary" / "NormalTangentTest.glb";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << model << " is not in this corpus";
  const auto dir = scratch_dir("normal_tangent_test");
  // Under the key light, not the environment: the gold squares mirror the studio's sharp
  // horizon, which turns sub-texel normal differences into large shading ones.
  const Image image =
      screenshot(model, dir / "normal_tangent_test.png", "--size 512x512 --yaw 0 --pitch 0 --no-grid --no-ibl");
  ASSERT_GT(image.width, 0);

  // Seen from the front: five rows of squares above the "Front" label, six columns of squares
  // (three pairs: geometric hemisphere on the left, normal-mapped square on the right).
  const std::vector<Span> rows = covered_runs(image, true, {0, image.width - 1});
  ASSERT_EQ(rows.size(), 6u) << "five rows of squares and the label";
  const std::vector<Span> columns = covered_runs(image, false, {rows[0].first, rows[4].second});
  ASSERT_EQ(columns.size(), 6u);
  for (const Span& s : columns) EXPECT_GT(s.second - s.first, 20);
  for (std::size_t r = 0; r < 5; ++r)
    for (std::size_t pair = 0; pair < 3; ++pair) {
      const auto geometric = shading_pattern(image, columns[pair * 2], rows[r], 6);
      const auto mapped = shading_pattern(image, columns[pair * 2 + 1], rows[r], 6);
      EXPECT_GT(correlation(geometric, mapped), 0.9) << "row " << r << " pair " << pair << " (see " << (dir / "normal_tangent_test.png").string() << ")";
    }
}

}  // namespace
}  // namespace aem::test::viewer
