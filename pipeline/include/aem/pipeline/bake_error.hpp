#pragma once
// The errors a bake throws. Every room of the pipeline throws them, so they depend on nothing.
#include <stdexcept>

namespace aem::pipeline {

// A model that cannot be baked, whatever produced its scene (glTF, Assimp's formats, E3D, AAMF,
// or a scene description from another importer): the message names the file, what is wrong and
// where.
struct BakeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The bake stopped because its cancel flag was set (bake_signals.hpp); nothing was written.
struct BakeCancelled : BakeError {
  using BakeError::BakeError;
};

}  // namespace aem::pipeline
