#pragma once
// Whether a model opened in copy mode shows exactly what the mapping of the same file shows,
// shared by the file-storage tests (generated models, and corpus models where the pipeline is
// built to bake them).
#include <cstring>
#include <filesystem>
#include <span>

#include <gtest/gtest.h>

#include "aem/model.hpp"

namespace aem::test {

template <class T>
std::span<const std::byte> as_bytes_of(std::span<const T> view) {
  return std::as_bytes(view);
}

inline bool same_bytes(std::span<const std::byte> a, std::span<const std::byte> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

// Every view of `copy` holds the same bytes as the same view of `mapped`, and points elsewhere.
inline void expect_same_views(const aem::Model& mapped, const aem::Model& copy) {
  EXPECT_TRUE(mapped.mapped());
  EXPECT_FALSE(copy.mapped());
  EXPECT_EQ(std::memcmp(&mapped.header(), &copy.header(), sizeof(aem::Header)), 0);
  EXPECT_EQ(copy.zero_copy(), mapped.zero_copy());
  EXPECT_EQ(copy.realigned_bytes(), mapped.realigned_bytes());
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.vertices()), as_bytes_of(copy.vertices())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.indices()), as_bytes_of(copy.indices())));
  EXPECT_TRUE(same_bytes(mapped.image_buffer(), copy.image_buffer()));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.textures()), as_bytes_of(copy.textures())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.meshes()), as_bytes_of(copy.meshes())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.materials()), as_bytes_of(copy.materials())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.joints()), as_bytes_of(copy.joints())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.animations()), as_bytes_of(copy.animations())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.tracks()), as_bytes_of(copy.tracks())));
  EXPECT_TRUE(same_bytes(as_bytes_of(mapped.keyframes()), as_bytes_of(copy.keyframes())));
  if (!mapped.vertices().empty()) {
    EXPECT_NE(mapped.vertices().data(), copy.vertices().data());
  }
}

inline void expect_copy_matches_map(const std::filesystem::path& path) {
  SCOPED_TRACE(path.string());
  const aem::Model mapped = aem::Model::open(path);
  const aem::Model copy = aem::Model::open(path, {.storage = aem::Storage::copy});
  expect_same_views(mapped, copy);
  // Moving keeps the views valid: they point into the owned copy, not the Model object.
  const std::uint64_t vertex_count = copy.header().vertex_count;
  const aem::Model moved = std::move(const_cast<aem::Model&>(copy));
  EXPECT_EQ(moved.vertices().size(), vertex_count);
  expect_same_views(mapped, moved);
}

}  // namespace aem::test
