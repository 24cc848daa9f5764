#pragma once
// Which library the pipeline's tinygltf calls reach at run time. libdraco.so exports a tinygltf
// of its own (another version, another struct layout); a binary that loads it before
// libtinygltf binds our calls to it and corrupts memory on the first import. Every binary that
// links the pipeline names libtinygltf first for that reason (pipeline/CMakeLists.txt); this
// check makes a build that gets the order wrong fail loudly instead.
#include <string>

namespace aem::pipeline {

// Empty when tinygltf's functions resolve to libtinygltf (or where that cannot be told);
// otherwise why not, naming the library they resolve to.
std::string tinygltf_binding_problem();

}  // namespace aem::pipeline
