#pragma once
// Skinned, animated test models written by the tests themselves: random hierarchies with
// consistent inverse bind matrices and random keys of every shape the runtime must handle.
#include <cstdint>

#include "aem/pipeline/model_content.hpp"

namespace aem::test {

struct AnimatedModelShape {
  std::uint32_t joints = 32;
  std::uint32_t animations = 3;
  std::uint32_t max_keys = 40;   // per kind; some tracks get 0 or 1 key on purpose
  float duration = 2.0f;
  bool parents_first = true;     // false shuffles joints so parents may follow children
  bool shared_times = false;     // every animated kind uses one set of key times
};

pipeline::ModelContent animated_model(std::uint32_t seed, const AnimatedModelShape& shape);

}  // namespace aem::test
