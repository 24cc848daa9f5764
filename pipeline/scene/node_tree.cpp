#include "scene/node_tree.hpp"

#include <cstddef>

namespace aem::pipeline {

std::vector<int> nearest_marked_nodes(const std::vector<int>& parent, const std::vector<char>& marked) {
  constexpr int kUnknown = -2;
  std::vector<int> nearest(parent.size(), kUnknown);
  std::vector<std::size_t> walk;
  for (std::size_t start = 0; start < parent.size(); ++start) {
    walk.clear();
    int found = -1;
    for (int node = int(start); node >= 0; node = parent[std::size_t(node)]) {
      if (nearest[std::size_t(node)] != kUnknown) {
        found = nearest[std::size_t(node)];
        break;
      }
      if (marked[std::size_t(node)]) {
        found = node;
        break;
      }
      walk.push_back(std::size_t(node));
    }
    for (std::size_t w : walk) nearest[w] = found;
    if (found >= 0) nearest[std::size_t(found)] = found;  // a marked node is its own answer
  }
  return nearest;
}

std::vector<int> preorder_nodes(const std::vector<Node>& nodes, std::span<const int> starts) {
  std::vector<int> order;
  std::vector<int> stack(starts.rbegin(), starts.rend());
  while (!stack.empty()) {
    const int node = stack.back();
    stack.pop_back();
    order.push_back(node);
    const std::vector<std::int32_t>& children = nodes[std::size_t(node)].children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
  }
  return order;
}

}  // namespace aem::pipeline
