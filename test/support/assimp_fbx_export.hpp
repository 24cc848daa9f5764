#pragma once
// A model converted to FBX with Assimp's own exporter, for the tests and the benchmark that need
// an FBX with a skinned animation without checking one in. Throws std::runtime_error on failure.
#include <filesystem>
#include <stdexcept>
#include <string>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

namespace aem::test {

// ASCII FBX: Assimp 5.2.5 cannot read back the binary FBX its exporter writes ("block offset is
// out of range"). Its exporter also writes key times as if ticks were seconds (assimp issue
// #4954), so the animations are first expressed in seconds (one tick per second), which makes
// the exported times right. A root node with meshes is first put under a new root: the exporter
// writes the root's meshes without the root's transform.
inline void export_fbx(const std::filesystem::path& source, const std::filesystem::path& fbx) {
  Assimp::Importer importer;
  if (!importer.ReadFile(source.string(), 0))
    throw std::runtime_error(source.string() + ": " + importer.GetErrorString());
  aiScene* scene = importer.GetOrphanedScene();
  if (scene->mRootNode->mNumMeshes > 0) {
    auto* root = new aiNode("root");
    root->addChildren(1, &scene->mRootNode);
    scene->mRootNode = root;
  }
  for (unsigned a = 0; a < scene->mNumAnimations; ++a) {
    aiAnimation& anim = *scene->mAnimations[a];
    const double tps = anim.mTicksPerSecond > 0 ? anim.mTicksPerSecond : 25.0;
    for (unsigned c = 0; c < anim.mNumChannels; ++c) {
      aiNodeAnim& ch = *anim.mChannels[c];
      for (unsigned k = 0; k < ch.mNumPositionKeys; ++k) ch.mPositionKeys[k].mTime /= tps;
      for (unsigned k = 0; k < ch.mNumRotationKeys; ++k) ch.mRotationKeys[k].mTime /= tps;
      for (unsigned k = 0; k < ch.mNumScalingKeys; ++k) ch.mScalingKeys[k].mTime /= tps;
    }
    anim.mDuration /= tps;
    anim.mTicksPerSecond = 1;
  }
  Assimp::Exporter exporter;
  const aiReturn exported = exporter.Export(scene, "fbxa", fbx.string());
  delete scene;
  if (exported != aiReturn_SUCCESS) throw std::runtime_error(fbx.string() + ": " + exporter.GetErrorString());
}

}  // namespace aem::test
