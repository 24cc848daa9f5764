#pragma once
// Shared by the Assimp import tests: models written as text by the tests, and readings of the
// scenes import_assimp returns (stream values, bounds, durations).
#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/pipeline/scene.hpp"

namespace aem::test {

inline void write_text_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The float values of a stream (f32 only, as the Assimp producer writes them).
inline std::vector<float> stream_floats(const pipeline::Scene& scene, std::int32_t index) {
  const pipeline::Stream& s = scene.streams.at(std::size_t(index));
  EXPECT_EQ(s.component, pipeline::ComponentType::f32) << s.where;
  std::vector<float> out(s.count * s.components);
  const auto& buffer = scene.buffers.at(std::size_t(s.buffer));
  for (std::uint64_t i = 0; i < s.count; ++i)
    std::memcpy(out.data() + i * s.components, buffer.data() + s.offset + i * s.stride, 4 * s.components);
  return out;
}

inline std::int32_t attribute_stream(const pipeline::Primitive& p, pipeline::Semantic semantic, std::uint32_t set = 0) {
  for (const pipeline::Attribute& a : p.attributes)
    if (a.semantic == semantic && a.set == set) return a.stream;
  return pipeline::kNone;
}

struct Bounds {
  std::array<float, 3> min{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::max()};
  std::array<float, 3> max{-std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
};

// Vertices of every primitive of every mesh, and their bounds (in each mesh's own space).
inline std::uint64_t vertex_count(const pipeline::Scene& scene) {
  std::uint64_t n = 0;
  for (const auto& mesh : scene.meshes)
    for (const auto& p : mesh.primitives) n += scene.streams.at(std::size_t(attribute_stream(p, pipeline::Semantic::position))).count;
  return n;
}
inline Bounds position_bounds(const pipeline::Scene& scene) {
  Bounds b;
  for (const auto& mesh : scene.meshes)
    for (const auto& p : mesh.primitives) {
      const std::vector<float> v = stream_floats(scene, attribute_stream(p, pipeline::Semantic::position));
      for (std::size_t i = 0; i < v.size(); ++i) {
        b.min[i % 3] = std::min(b.min[i % 3], v[i]);
        b.max[i % 3] = std::max(b.max[i % 3], v[i]);
      }
    }
  return b;
}

// The last key time of an animation, over all its samplers.
inline float animation_duration(const pipeline::Scene& scene, const pipeline::Animation& a) {
  float end = 0;
  for (const auto& s : a.samplers)
    for (float t : stream_floats(scene, s.input)) end = std::max(end, t);
  return end;
}

inline std::int32_t node_named(const pipeline::Scene& scene, const std::string& name) {
  for (std::size_t i = 0; i < scene.nodes.size(); ++i)
    if (scene.nodes[i].name == name) return std::int32_t(i);
  return pipeline::kNone;
}

// A COLLADA rig: bones Root -> Mid -> Tip (Tip skins no vertex, though the skin lists it), a strip
// of 6 vertices from (0,0,0) to (1,2,0) on node Body skinned to Root and Mid, and an animation
// that bends Mid about Z with keys at 0, 1 and 2 seconds.
inline std::string collada_rig() {
  const char* m0 = "1 0 0 0  0 1 0 1  0 0 1 0  0 0 0 1";
  const char* m1 = "0.7071068 -0.7071068 0 0  0.7071068 0.7071068 0 1  0 0 1 0  0 0 0 1";
  const char* m2 = "0 -1 0 0  1 0 0 1  0 0 1 0  0 0 0 1";
  std::string dae = R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_geometries>
    <geometry id="strip" name="strip"><mesh>
      <source id="strip-pos">
        <float_array id="strip-pos-array" count="18">0 0 0  1 0 0  0 1 0  1 1 0  0 2 0  1 2 0</float_array>
        <technique_common><accessor source="#strip-pos-array" count="6" stride="3">
          <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
        </accessor></technique_common>
      </source>
      <vertices id="strip-vtx"><input semantic="POSITION" source="#strip-pos"/></vertices>
      <triangles count="4"><input semantic="VERTEX" source="#strip-vtx" offset="0"/><p>0 1 2  1 3 2  2 3 4  3 5 4</p></triangles>
    </mesh></geometry>
  </library_geometries>
  <library_controllers>
    <controller id="skin" name="skin"><skin source="#strip">
      <bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</bind_shape_matrix>
      <source id="skin-joints"><Name_array id="skin-joints-array" count="3">Root Mid Tip</Name_array>
        <technique_common><accessor source="#skin-joints-array" count="3" stride="1"><param name="JOINT" type="name"/></accessor></technique_common></source>
      <source id="skin-bind"><float_array id="skin-bind-array" count="48">
        1 0 0 0  0 1 0 0  0 0 1 0  0 0 0 1
        1 0 0 0  0 1 0 -1  0 0 1 0  0 0 0 1
        1 0 0 0  0 1 0 -2  0 0 1 0  0 0 0 1</float_array>
        <technique_common><accessor source="#skin-bind-array" count="3" stride="16"><param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
      <source id="skin-weights"><float_array id="skin-weights-array" count="2">1 0.5</float_array>
        <technique_common><accessor source="#skin-weights-array" count="2" stride="1"><param name="WEIGHT" type="float"/></accessor></technique_common></source>
      <joints><input semantic="JOINT" source="#skin-joints"/><input semantic="INV_BIND_MATRIX" source="#skin-bind"/></joints>
      <vertex_weights count="6">
        <input semantic="JOINT" source="#skin-joints" offset="0"/><input semantic="WEIGHT" source="#skin-weights" offset="1"/>
        <vcount>1 1 2 2 1 1</vcount>
        <v>0 0  0 0  0 1 1 1  0 1 1 1  1 0  1 0</v>
      </vertex_weights>
    </skin></controller>
  </library_controllers>
  <library_animations>
    <animation id="bend">
      <source id="bend-input"><float_array id="bend-input-array" count="3">0 1 2</float_array>
        <technique_common><accessor source="#bend-input-array" count="3" stride="1"><param name="TIME" type="float"/></accessor></technique_common></source>
      <source id="bend-output"><float_array id="bend-output-array" count="48">)";
  dae += std::string(m0) + "  " + m1 + "  " + m2;
  dae += R"(</float_array>
        <technique_common><accessor source="#bend-output-array" count="3" stride="16"><param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
      <source id="bend-interp"><Name_array id="bend-interp-array" count="3">LINEAR LINEAR LINEAR</Name_array>
        <technique_common><accessor source="#bend-interp-array" count="3" stride="1"><param name="INTERPOLATION" type="name"/></accessor></technique_common></source>
      <sampler id="bend-sampler"><input semantic="INPUT" source="#bend-input"/><input semantic="OUTPUT" source="#bend-output"/><input semantic="INTERPOLATION" source="#bend-interp"/></sampler>
      <channel source="#bend-sampler" target="Mid/transform"/>
    </animation>
  </library_animations>
  <library_visual_scenes>
    <visual_scene id="scene" name="scene">
      <node id="Root" name="Root" sid="Root" type="JOINT">
        <matrix sid="transform">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>
        <node id="Mid" name="Mid" sid="Mid" type="JOINT">
          <matrix sid="transform">)";
  dae += m0;
  dae += R"(</matrix>
          <node id="Tip" name="Tip" sid="Tip" type="JOINT">
            <matrix sid="transform">1 0 0 0 0 1 0 1 0 0 1 0 0 0 0 1</matrix>
          </node>
        </node>
      </node>
      <node id="Body" name="Body" type="NODE">
        <instance_controller url="#skin"><skeleton>#Root</skeleton></instance_controller>
      </node>
    </visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#scene"/></scene>
</COLLADA>
)";
  return dae;
}

}  // namespace aem::test
