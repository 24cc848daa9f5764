#pragma once
// Included before a public pipeline header: tinygltf's type names as variables, so that a header
// that uses one (a std::shared_ptr<tinygltf::Model> member, a tinygltf::Value in a parameter)
// fails to compile. (A bare forward declaration still compiles, and names nothing.) tiny_gltf.h
// sits in /usr/include, so leaving it off the include path would prove nothing.
namespace tinygltf {
inline constexpr int Model = 0, Value = 0, FsCallbacks = 0, Node = 0, Mesh = 0, Primitive = 0, Accessor = 0,
                     BufferView = 0, Buffer = 0, Material = 0, Texture = 0, Image = 0, Sampler = 0, Skin = 0,
                     Animation = 0, AnimationChannel = 0, AnimationSampler = 0, Scene = 0, TinyGLTF = 0;
}
