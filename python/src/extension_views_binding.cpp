// aem.Model's views of the per-vertex and per-material extensions (specs/aem-extensions.md
// section 4): material and mesh names as lists; vertex colours and the second UV set as
// (vertices, n) arrays, the uv1 and emissive records and the material flags as arrays of their
// records, each a read-only view of the file (no copy), or None when the file lacks it.
#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_names.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

using ModelPtr = std::shared_ptr<OpenedModel>;  // the class's holder, as pybind11 passes it

// The material (or mesh) names of the `names` extension; "" for each when the file has none.
py::list extension_names(const OpenedModel& self, bool meshes) {
  require_checked_payloads(self);
  const std::optional<NamesView> names = aem::names_of(self.model);
  const std::size_t count = meshes ? self.model.meshes().size() : self.model.materials().size();
  py::list out;
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::string_view name = !names ? std::string_view() : meshes ? names->mesh_name(i) : names->material_name(i);
    out.append(py::str(name.data(), name.size()));
  }
  return out;
}

py::object vertex_colours(const ModelPtr& self) {
  require_checked_payloads(*self);
  const std::optional<VertexColoursView> colours = vertex_colours_of(self->model);
  if (!colours) return py::none();
  const std::vector<py::ssize_t> shape{py::ssize_t(colours->size()), 4};
  if (!colours->rgba8.empty()) return model_array(self, colours->rgba8.data(), shape, py::dtype::of<std::uint8_t>());
  if (!colours->rgba16.empty()) return model_array(self, colours->rgba16.data(), shape, py::dtype::of<std::uint16_t>());
  return model_array(self, colours->rgba32f.data(), shape, py::dtype::of<float>());
}

py::object uv1(const ModelPtr& self, bool materials) {
  require_checked_payloads(*self);
  const std::optional<Uv1View> view = uv1_of(self->model);
  if (!view) return py::none();
  if (materials) return model_array(self, view->materials, uv1_material_dtype());
  return model_array(self, view->uvs.data(), {py::ssize_t(view->header.vertex_count), 2}, py::dtype::of<float>());
}

py::object emissive(const ModelPtr& self) {
  require_checked_payloads(*self);
  const std::optional<std::span<const EmissiveRecord>> records = emissive_of(self->model);
  if (!records) return py::none();
  return model_array(self, *records, emissive_dtype());
}

py::object material_flags(const ModelPtr& self) {
  require_checked_payloads(*self);
  const std::optional<std::span<const std::uint32_t>> flags = material_flags_of(self->model);
  if (!flags) return py::none();
  return model_array(self, *flags, py::dtype::of<std::uint32_t>());
}

}  // namespace

void bind_extension_views(ModelClass& model_class) {
  model_class.attr("MATERIAL_UNLIT") = kMaterialUnlit;
  model_class
      .def_property_readonly("material_names", [](const OpenedModel& self) { return extension_names(self, false); },
                             "One name per material (the `names` extension), \"\" each when the file has none.")
      .def_property_readonly("mesh_names", [](const OpenedModel& self) { return extension_names(self, true); },
                             "One name per mesh (the `names` extension), \"\" each when the file has none.")
      .def_property_readonly("vertex_colours", &vertex_colours,
                             "Linear RGBA per vertex as stored, (vertices, 4): uint8 (value / 255), uint16 "
                             "(value / 65535) or float32; RGB multiplies the base colour, A the opacity. None "
                             "without the vertex_colours extension.")
      .def_property_readonly("uv1", [](const ModelPtr& self) { return uv1(self, false); },
                             "The second UV set, (vertices, 2) float32; None without the uv1 extension.")
      .def_property_readonly("uv1_materials", [](const ModelPtr& self) { return uv1(self, true); },
                             "Which set (0 or 1) each material's textures sample and its own occlusion "
                             "texture, aem.UV1_MATERIAL_DTYPE; None without the uv1 extension.")
      .def_property_readonly("emissive", &emissive,
                             "Each material's own emission, aem.EMISSIVE_DTYPE (mode 0: the core rule, PBR A x "
                             "base colour; 1: factor x strength x the sRGB texture); None without the "
                             "emissive extension.")
      .def_property_readonly("material_flags", &material_flags,
                             "Each material's flags, uint32 (Model.MATERIAL_UNLIT: drawn without lighting); "
                             "None without the material_flags extension.");
}

}  // namespace aem::python
