// aem.MorphTargets: the morph_targets extension of a model (specs/aem-extensions.md) as read-only
// numpy views of its payload, and the CPU morph path (aem::apply_morph_targets).
#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "aem/ext_morph_targets.hpp"
#include "aem/morph.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

struct MorphTargets {
  ModelHandle model;
  MorphTargetsView view;
};

py::str decoded(std::string_view text) {
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(text.data(), py::ssize_t(text.size()), "replace"));
}

const MorphTarget& checked_target(const MorphTargets& self, std::uint32_t target) {
  if (target >= self.view.targets.size())
    throw py::index_error("morph target " + std::to_string(target) + " is out of range (" +
                          std::to_string(self.view.targets.size()) + " targets)");
  return self.view.targets[target];
}

// One target's deltas as (moved vertices, stored attributes, 3).
py::array target_deltas(const MorphTargets& self, std::uint32_t index) {
  const MorphTarget& target = checked_target(self, index);
  const std::span<const float> deltas = self.view.deltas_of(target);
  return model_array(self.model, deltas.data(),
                     {py::ssize_t(moved_vertex_count(target)), py::ssize_t(morph_attribute_count(target)), 3},
                     py::dtype::of<float>());
}

// The vertices of `base` moved by `weights` (one per target), into `out` or a new array.
py::array apply(const MorphTargets& self, const py::array_t<float, py::array::c_style | py::array::forcecast>& weights,
                const py::object& out) {
  const std::span<const Vertex> base = self.model->model.vertices();
  py::array result = out.is_none() ? py::array(vertex_dtype(), std::vector<py::ssize_t>{py::ssize_t(base.size())}) : py::reinterpret_borrow<py::array>(out);
  if (!result.dtype().is(vertex_dtype()) || result.ndim() != 1 || std::size_t(result.shape(0)) != base.size() ||
      !(result.flags() & py::array::c_style) || !result.writeable())
    throw py::value_error("out must be a writeable, contiguous array of " + std::to_string(base.size()) + " aem.VERTEX_DTYPE");
  if (weights.ndim() != 1 || std::size_t(weights.shape(0)) != self.view.targets.size())
    throw py::value_error("weights must hold " + std::to_string(self.view.targets.size()) + " floats, one per target");
  apply_morph_targets(self.view, base, std::span<const float>(weights.data(), self.view.targets.size()),
                      std::span<Vertex>(static_cast<Vertex*>(result.mutable_data()), base.size()));
  return result;
}

}  // namespace

py::object morph_targets_of_model(const ModelHandle& model) {
  const std::optional<MorphTargetsView> view = morph_targets_of(model->model);
  if (!view) return py::none();
  return py::cast(MorphTargets{model, *view});
}

void bind_morph_targets(py::module_& m) {
  py::class_<MorphTargets>(m, "MorphTargets", "A model's morph targets: read-only numpy views of the payload.")
      .def("__len__", [](const MorphTargets& self) { return self.view.targets.size(); })
      .def_property_readonly("names", [](const MorphTargets& self) {
        py::list names;
        for (const MorphTarget& t : self.view.targets) names.append(decoded(self.view.name(t)));
        return names;
      })
      .def_property_readonly("group_names", [](const MorphTargets& self) {
        py::list names;
        for (const MorphGroup& g : self.view.groups) names.append(decoded(self.view.name(g)));
        return names;
      })
      .def_property_readonly("groups", [](const MorphTargets& self) { return model_array(self.model, self.view.groups, morph_group_dtype()); })
      .def_property_readonly("targets", [](const MorphTargets& self) { return model_array(self.model, self.view.targets, morph_target_dtype()); })
      .def_property_readonly("weight_tracks", [](const MorphTargets& self) {
        return model_array(self.model, self.view.weight_tracks, morph_weight_track_dtype());
      }, "Animation-major: [animation * group_count + group].")
      .def_property_readonly("weight_values", [](const MorphTargets& self) {
        return model_array(self.model, self.view.weight_values, py::dtype::of<float>());
      })
      .def_property_readonly("deltas", [](const MorphTargets& self) {
        return model_array(self.model, self.view.deltas.data(), {py::ssize_t(self.view.header.delta_count), 3}, py::dtype::of<float>());
      }, "Every delta, (delta_count, 3) float32.")
      .def_property_readonly("sparse_indices", [](const MorphTargets& self) {
        return model_array(self.model, self.view.sparse_indices, py::dtype::of<std::uint32_t>());
      })
      .def("target_deltas", &target_deltas, py::arg("target"),
           "One target's deltas, (moved vertices, stored attributes, 3): position, normal, tangent in that order.")
      .def("target_sparse_indices", [](const MorphTargets& self, std::uint32_t target) {
        return model_array(self.model, self.view.sparse_indices_of(checked_target(self, target)), py::dtype::of<std::uint32_t>());
      }, py::arg("target"), "The vertices a sparse target moves (empty for a dense one).")
      .def("group_of", [](const MorphTargets& self, std::uint32_t target) {
        checked_target(self, target);
        return self.view.group_of(target);
      }, py::arg("target"))
      .def("apply", &apply, py::arg("weights"), py::arg("out") = py::none(),
           "The model's vertices moved by `weights` (one per target), as an aem.VERTEX_DTYPE array; "
           "with out= (reused every frame) it writes there.");
}

}  // namespace aem::python
