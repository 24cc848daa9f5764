// aem/vector_math.hpp: Vec3 arithmetic and points through a Mat4, as the viewer's camera and
// picking use them.
#include <gtest/gtest.h>

#include "aem/vector_math.hpp"

namespace aem {
namespace {

TEST(VectorMath, ArithmeticIsComponentwise) {
  const Vec3 a{1, 2, 3}, b{-4, 0.5f, 2};
  const Vec3 sum = a + b, difference = a - b, scaled = a * 2.0f;
  EXPECT_EQ(sum.x, -3.0f); EXPECT_EQ(sum.y, 2.5f); EXPECT_EQ(sum.z, 5.0f);
  EXPECT_EQ(difference.x, 5.0f); EXPECT_EQ(difference.y, 1.5f); EXPECT_EQ(difference.z, 1.0f);
  EXPECT_EQ(scaled.x, 2.0f); EXPECT_EQ(scaled.y, 4.0f); EXPECT_EQ(scaled.z, 6.0f);
  EXPECT_EQ(dot(a, b), -4.0f + 1.0f + 6.0f);
}

TEST(VectorMath, CrossIsRightHanded) {
  const Vec3 z = cross({1, 0, 0}, {0, 1, 0});
  EXPECT_EQ(z.x, 0.0f); EXPECT_EQ(z.y, 0.0f); EXPECT_EQ(z.z, 1.0f);
  const Vec3 a{0.3f, -1.2f, 2.5f}, b{4, 0.25f, -1};
  EXPECT_NEAR(dot(cross(a, b), a), 0.0f, 1e-5f);
  EXPECT_NEAR(dot(cross(a, b), b), 0.0f, 1e-5f);
}

TEST(VectorMath, NormalizeGivesUnitLengthAndKeepsZero) {
  EXPECT_EQ(length({3, 4, 0}), 5.0f);
  const Vec3 n = normalize(Vec3{3, 4, 0});
  EXPECT_FLOAT_EQ(n.x, 0.6f);
  EXPECT_FLOAT_EQ(n.y, 0.8f);
  EXPECT_NEAR(length(normalize(Vec3{-7, 0.01f, 123})), 1.0f, 1e-6f);
  const Vec3 zero = normalize(Vec3{0, 0, 0});
  EXPECT_EQ(zero.x, 0.0f); EXPECT_EQ(zero.y, 0.0f); EXPECT_EQ(zero.z, 0.0f);
}

// The point moves as the transform says: scaled, rotated (a quarter turn about z), translated.
TEST(VectorMath, TransformPointAppliesTheWholeTransform) {
  Transform t;
  t.translation = {10, 20, 30};
  t.rotation = {0, 0, 0.70710678f, 0.70710678f};
  t.scale = {2, 2, 2};
  const Vec3 p = transform_point(to_matrix(t), {1, 0, 0});
  EXPECT_NEAR(p.x, 10.0f, 1e-5f);
  EXPECT_NEAR(p.y, 22.0f, 1e-5f);
  EXPECT_NEAR(p.z, 30.0f, 1e-5f);
}

}  // namespace
}  // namespace aem
