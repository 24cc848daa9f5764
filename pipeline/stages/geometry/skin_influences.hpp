#pragma once
// The joint influences AEM vertices carry: up to four per vertex, from any number of glTF
// JOINTS_n/WEIGHTS_n sets (the four largest, renormalised), or one joint with weight 1.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace aem::pipeline {

struct VertexInfluences {
  std::vector<std::array<std::int32_t, 4>> joints;  // AEM joints, -1 where unused
  std::vector<std::array<float, 4>> weights;        // summing to 1, or all 0 (static vertex)
  bool dropped_any = false;  // some vertex had more than four influences and lost the smallest
  bool empty_any = false;    // some vertex had no positive weight and stays static
};

// Influences of `vertices` vertices: none (static), or weight 1 to `joint` when it is >= 0.
VertexInfluences anchored_influences(std::size_t vertices, std::int32_t joint);

// Gathers the influence sets of one skinned primitive, in set order.
class InfluenceCollector {
 public:
  // Names for messages: "<model>: mesh 0 primitive 1", "<model>: accessor 7", "skin 0".
  struct SetNames {
    std::string primitive, joints_accessor, skin;
    int set = 0;
  };

  // `joint_of_slot[k]`: the AEM joint of the skin's joint k.
  InfluenceCollector(std::size_t vertices, std::vector<std::int32_t> joint_of_slot);

  // Adds one set: 4 skin joint slots and 4 weights per vertex. Weights that are not positive are
  // ignored; a joint named twice for a vertex sums its weights. Throws BakeError for a non-finite
  // weight or a slot the skin does not have.
  void add(const std::vector<std::uint32_t>& slots, const std::vector<float>& weights, const SetNames& names);

  // The four largest influences of every vertex, renormalised (ties: the lower joint first).
  VertexInfluences finish();

 private:
  std::vector<std::int32_t> joint_of_slot_;
  std::vector<std::vector<std::pair<float, std::int32_t>>> influences_;
};

}  // namespace aem::pipeline
