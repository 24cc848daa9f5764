// aem.Model's levels of detail and meshlets (the lods and meshlets extensions,
// specs/aem-extensions.md section 4): model.lods, one aem.MeshLods per mesh, whose items are
// aem.Lod (level 0, the mesh's own indices, then the lods levels), and model.meshlets, an
// aem.Meshlets over the payload's arrays; aem.lod_for and aem.allowed_object_error choose a level.
// Every array is a read-only view of the file (no copy).
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <pybind11/stl.h>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

using ModelPtr = std::shared_ptr<OpenedModel>;

// One level of a mesh, as Python sees it.
struct Lod {
  std::uint32_t level = 0;
  std::uint32_t triangles = 0;
  float error = 0.0f;
  py::array indices;
};

// One mesh's levels: level 0 and the records of levels 1..n (empty without the extension).
struct MeshLods {
  ModelPtr model;
  std::uint32_t mesh = 0;
  std::optional<LodsView> view;  // nullopt: the file has no levels

  std::span<const LodLevel> levels() const { return view ? view->levels_of(mesh) : std::span<const LodLevel>(); }
  std::size_t size() const { return 1 + levels().size(); }
};

struct Meshlets {
  ModelHandle model;
  MeshletsView view;
};

void check_position(std::int64_t index, std::size_t count, const std::string& what) {
  if (index < 0 || std::uint64_t(index) >= count)
    throw py::index_error(what + " " + std::to_string(index) + " is out of range (" + std::to_string(count) + ")");
}

Lod level_of(const MeshLods& self, std::int64_t level) {
  if (level < 0) level += std::int64_t(self.size());  // Python's negative indices
  check_position(level, self.size(), "level");
  if (level == 0) {
    const py::array own = mesh_index_view(self.model, self.mesh);
    return {0, std::uint32_t(own.size() / 3), 0.0f, own};
  }
  const LodLevel& record = self.levels()[std::size_t(level - 1)];
  return {std::uint32_t(level), record.triangle_count(), record.error,
          model_array(self.model, self.view->indices_of(record), py::dtype::of<std::uint32_t>())};
}

// The view `find` gives of `extension`, or nullopt without it, after the checks a model opened
// without validation needs (its payloads are checked on first use).
template <class View>
std::optional<View> checked_view(const OpenedModel& model, std::optional<View> (*find)(const Model&), std::string_view extension) {
  require_checked_payloads(model);
  std::optional<View> view = find(model.model);
  if (!view && model.model.extension_payload(extension))
    throw py::value_error("the " + std::string(extension) + " payload's records lie outside it (the file was opened without validation)");
  return view;
}

// model.lods: None without the extension, else one MeshLods per mesh.
py::object lods_of_model(const ModelPtr& self) {
  const std::optional<LodsView> view = checked_view(*self, &lods_of, kLodsExtension);
  if (!view) return py::none();
  py::list meshes;
  for (std::uint32_t mesh = 0; mesh < self->model.meshes().size(); ++mesh) meshes.append(MeshLods{self, mesh, view});
  return meshes;
}

py::object meshlets_of_model(const ModelPtr& self) {
  const std::optional<MeshletsView> view = checked_view(*self, &meshlets_of, kMeshletsExtension);
  if (!view) return py::none();
  return py::cast(Meshlets{self, *view});
}

// The meshlets of (mesh, level), as a slice of the record array: [first, first + count).
std::pair<std::size_t, std::size_t> group_range(const Meshlets& self, std::int64_t mesh, std::int64_t level) {
  check_position(mesh, self.model->model.meshes().size(), "mesh");
  const std::optional<LodsView> lods = lods_of(self.model->model);
  check_position(level, 1 + (lods ? lods->levels_of(std::size_t(mesh)).size() : 0), "level");
  const std::span<const Meshlet> group = self.view.meshlets_of(std::size_t(mesh), std::size_t(level));
  return {group.empty() ? 0 : std::size_t(group.data() - self.view.meshlets.data()), group.size()};
}

py::array faces_away_of(const Meshlets& self, const std::array<float, 3>& eye, const py::object& mesh, const py::object& level) {
  std::span<const Meshlet> meshlets = self.view.meshlets;
  if (!mesh.is_none() || !level.is_none()) {
    if (mesh.is_none() || level.is_none()) throw py::type_error("faces_away takes both mesh and level, or neither");
    const auto [first, count] = group_range(self, mesh.cast<std::int64_t>(), level.cast<std::int64_t>());
    meshlets = meshlets.subspan(first, count);
  }
  py::array_t<bool> out(py::ssize_t(meshlets.size()));
  bool* at = out.mutable_data();
  for (const Meshlet& m : meshlets) *at++ = faces_away(m, eye);
  return out;
}

void bind_lod_classes(py::module_& m) {
  py::class_<Lod>(m, "Lod", "One level of detail of a mesh (model.lods[mesh][level]).")
      .def_readonly("level", &Lod::level, "0: the mesh's own indices; 1..: the lods extension's levels.")
      .def_readonly("triangles", &Lod::triangles)
      .def_readonly("error", &Lod::error,
                    "How far the level's surface departs from level 0's, in the model's units (object space).")
      .def_readonly("indices", &Lod::indices,
                    "The level's triangle list over the model's vertices, uint32, a read-only view of the file.")
      .def("__repr__", [](const Lod& self) {
        return "<aem.Lod " + std::to_string(self.level) + ": " + std::to_string(self.triangles) + " triangles, error " +
               std::to_string(self.error) + ">";
      });
  py::class_<MeshLods>(m, "MeshLods",
                       "One mesh's levels of detail, a sequence of aem.Lod: level 0 (the mesh's own indices) "
                       "then the lods extension's levels, coarser and with errors that never fall.")
      .def("__len__", &MeshLods::size)
      .def("__getitem__", &level_of, py::arg("level"))
      .def_property_readonly("mesh", [](const MeshLods& self) { return self.mesh; })
      .def_property_readonly("records", [](const MeshLods& self) { return model_array(self.model, self.levels(), lod_level_dtype()); },
                             "Levels 1.. as stored, aem.LOD_LEVEL_DTYPE (first_index and index_count count in "
                             "the payload's index array).");
}

void bind_meshlets_class(py::module_& m) {
  py::class_<Meshlets>(m, "Meshlets",
                       "A model's meshlets (the meshlets extension): the payload's arrays as read-only views, "
                       "and each (mesh, level)'s meshlets.")
      .def_property_readonly("max_vertices", [](const Meshlets& self) { return self.view.header.max_vertices; })
      .def_property_readonly("max_triangles", [](const Meshlets& self) { return self.view.header.max_triangles; })
      .def_property_readonly("records", [](const Meshlets& self) { return model_array(self.model, self.view.meshlets, meshlet_dtype()); },
                             "Every meshlet, aem.MESHLET_DTYPE.")
      .def_property_readonly("vertices", [](const Meshlets& self) { return model_array(self.model, self.view.vertices, py::dtype::of<std::uint32_t>()); },
                             "The meshlets' vertices (records' first_vertex, vertex_count), model vertex indices, uint32.")
      .def_property_readonly("triangles", [](const Meshlets& self) { return model_array(self.model, self.view.triangles, py::dtype::of<std::uint32_t>()); },
                             "The meshlets' triangles (first_triangle, triangle_count), uint32 packed as local "
                             "indices a | b << 8 | c << 16: .view(numpy.uint8).reshape(-1, 4)[:, :3] unpacks them.")
      .def("of", [](const Meshlets& self, std::int64_t mesh, std::int64_t level) {
        const auto [first, count] = group_range(self, mesh, level);
        return model_array(self.model, self.view.meshlets.subspan(first, count), meshlet_dtype());
      }, py::arg("mesh"), py::arg("level"),
           "The meshlets of one level of one mesh (level as in model.lods), a view of records; empty when it has none.")
      .def("range_of", [](const Meshlets& self, std::int64_t mesh, std::int64_t level) {
        const auto [first, count] = group_range(self, mesh, level);
        return py::slice(py::ssize_t(first), py::ssize_t(first + count), 1);
      }, py::arg("mesh"), py::arg("level"), "Where of(mesh, level) lies in records, as a slice.")
      .def("faces_away", &faces_away_of, py::arg("eye"), py::arg("mesh") = py::none(), py::arg("level") = py::none(),
           "One bool per meshlet (all of them, or those of mesh and level): True where, seen from `eye` "
           "(object space), every triangle faces away, so back-face culling would drop it whole.");
}

}  // namespace

void bind_lods(py::module_& m) {
  bind_lod_classes(m);
  bind_meshlets_class(m);
  m.def("lod_for", [](const MeshLods& levels, float allowed_error) { return lod_for(levels.levels(), allowed_error); },
        py::arg("levels"), py::arg("allowed_error"),
        "The coarsest level of `levels` (model.lods[mesh]) whose error is at most allowed_error (object "
        "space): 0 when none is, or for NaN.");
  m.def("allowed_object_error", &allowed_object_error, py::arg("pixels"), py::arg("distance"), py::arg("vertical_fov"),
        py::arg("viewport_height"),
        "The object-space error that projects to `pixels` on screen at `distance` for a perspective camera of "
        "vertical field of view `vertical_fov` (radians) over `viewport_height` pixels.");
}

void bind_level_views(ModelClass& model_class) {
  model_class
      .def_property_readonly("lods", &lods_of_model,
                             "One aem.MeshLods per mesh (the lods extension); None when the file has no levels.")
      .def_property_readonly("meshlets", &meshlets_of_model, "An aem.Meshlets; None when the file has no meshlets.");
}

}  // namespace aem::python
