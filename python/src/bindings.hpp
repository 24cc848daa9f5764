#pragma once
// The pieces of the Python module `aem`, one file each; module.cpp puts them together.
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "aem/model.hpp"

namespace aem::python {

namespace py = pybind11;

// A Model as Python holds it: shared by the Model object, every array viewing it and every
// Mixer playing it, so that the mapping lives as long as the last of them.
struct OpenedModel {
  aem::Model model;
  std::filesystem::path path;
  // The extension payloads have passed their checks: at open (validate=True), or once on first
  // use (require_checked_payloads), so the views' properties do not check them again.
  mutable bool payloads_checked = false;
};
using ModelHandle = std::shared_ptr<const OpenedModel>;

// The exception and warning classes of the module (created by bind_errors, alive for good).
struct ModuleErrors {
  PyObject* model_error = nullptr;  // aem.ModelError: opening or validating a file
  PyObject* bake_error = nullptr;   // aem.BakeError: what `aem bake` reports as an error
  PyObject* bake_warning = nullptr;  // aem.BakeWarning: what it reports as a warning
  PyObject* bake_cancelled = nullptr;  // aem.BakeCancelled (a BakeError): aem.bake(cancel=...) was set
};
const ModuleErrors& module_errors();
void bind_errors(py::module_& m);

// Raises `type`(message) with the given attributes set on the exception object.
[[noreturn]] void raise_error(PyObject* type, const std::string& message, const py::dict& attributes);

// The numpy dtypes of the on-disk records (format.hpp): same field names, offsets and sizes.
void bind_record_dtypes(py::module_& m);
py::dtype vertex_dtype();
py::dtype texture_dtype();
py::dtype mesh_dtype();
py::dtype material_dtype();
py::dtype joint_dtype();
py::dtype animation_dtype();
py::dtype track_dtype();
py::dtype keyframe_dtype();
py::dtype morph_group_dtype();   // the morph_targets extension's records (aem/ext_morph_targets.hpp)
py::dtype morph_target_dtype();
py::dtype morph_weight_track_dtype();
py::dtype uv1_material_dtype();  // the uv1 and emissive extensions' per-material records
py::dtype emissive_dtype();
py::dtype lod_level_dtype();     // the lods and meshlets extensions' records
py::dtype meshlet_dtype();

// A read-only numpy array over `bytes` of the model (no copy): one dimension of `count` items
// of `dtype`, keeping the model alive through its base.
py::array model_array(const ModelHandle& model, const void* data, std::size_t count, const py::dtype& dtype);

template <class T>
py::array model_array(const ModelHandle& model, std::span<const T> items, const py::dtype& dtype) {
  return model_array(model, items.data(), items.size(), dtype);
}

// A read-only numpy array of `shape` over `data` of the model, C-contiguous, kept alive likewise.
py::array model_array(const ModelHandle& model, const void* data, std::vector<py::ssize_t> shape, const py::dtype& dtype);

// aem.MorphTargets (the morph_targets extension); bind before the model, whose morph_targets
// property (morph_targets_of_model) returns one or None.
void bind_morph_targets(py::module_& m);
py::object morph_targets_of_model(const ModelHandle& model);

void bind_model(py::module_& m);

// Raises aem.ModelError unless every known extension payload of `model` passes its checks (a
// validated open has run them; a model opened with validate=False has not).
void require_checked_payloads(const OpenedModel& model);

// aem.Model's views of the names, vertex_colours, uv1, emissive and material_flags extensions
// (extension_views_binding.cpp), added by bind_model.
using ModelClass = py::class_<OpenedModel, std::shared_ptr<OpenedModel>>;
void bind_extension_views(ModelClass& model_class);
// aem.Lod, aem.MeshLods, aem.Meshlets, aem.lod_for and aem.allowed_object_error (lods_binding.cpp),
// bound before the model, whose lods and meshlets properties bind_level_views adds.
void bind_lods(py::module_& m);
void bind_level_views(ModelClass& model_class);
// The indices of one mesh, a view of the model's (IndexError for a mesh it does not have).
py::array mesh_index_view(const std::shared_ptr<OpenedModel>& model, std::uint32_t mesh);
void bind_mixer(py::module_& m);
void bind_bake(py::module_& m);

}  // namespace aem::python
