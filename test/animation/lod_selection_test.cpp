// Choosing a level of detail per frame (aem/ext_lods.hpp) allocates nothing: lod_for and
// allowed_object_error over a baked payload's levels, counted here because this suite replaces
// operator new (counting_new.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "counting_new.hpp"
#include "model_factory.hpp"

namespace {

TEST(LodSelection, ChoosingALevelEachFrameAllocatesNothing) {
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  content.indices.insert(content.indices.end(), {0, 2, 1, 1, 2, 0});  // three triangles
  content.meshes[0].index_count = 9;
  content.extensions.lods.meshes = {{{{0, 1, 2, 0, 2, 1}, 0.1f}, {{0, 1, 2}, 0.3f}}};
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(content);  // the model views it
  const aem::Model model = aem::Model::open_memory(bytes);
  const std::optional<aem::LodsView> view = aem::lods_of(model);
  ASSERT_TRUE(view.has_value());
  const long before = aem::test::allocation_count();
  ASSERT_GT(before, 0) << "the allocation counter is not hooked in";
  std::uint32_t histogram[3] = {};
  for (int frame = 0; frame < 1000; ++frame) {
    const float distance = 0.01f * float(frame);
    const float allowed = aem::allowed_object_error(40.0f, distance, 1.0f, 1080.0f);
    const std::uint32_t level = aem::lod_for(view->levels_of(0), allowed);
    ASSERT_LT(level, 3u);
    ++histogram[level];
  }
  EXPECT_EQ(aem::test::allocation_count() - before, 0);
  // Farther is coarser: every level is chosen somewhere along the way.
  EXPECT_GT(histogram[0], 0u);
  EXPECT_GT(histogram[1], 0u);
  EXPECT_GT(histogram[2], 0u);
}

}  // namespace
