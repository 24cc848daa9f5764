// aem.open() and aem.Model: a mapped, validated file whose sections are read-only numpy arrays
// over the mapping itself.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "aem/compression_name.hpp"
#include "aem/validation.hpp"
#include "aem/mip_chain.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

using ModelPtr = std::shared_ptr<OpenedModel>;

[[noreturn]] void raise_model_error(const std::filesystem::path& path, const Error& e) {
  const ModelError error(path.string(), e);  // its what() is the message `aem info` prints
  py::dict attributes;
  attributes["path"] = path.string();
  attributes["code"] = std::string(to_string(e.code));
  attributes["section"] = std::string(to_string(e.section));
  attributes["element"] = e.element;
  attributes["byte_offset"] = e.byte_offset;
  raise_error(module_errors().model_error, error.what(), attributes);
}

ModelPtr open_model(const std::filesystem::path& path, bool validate, const std::string& storage) {
  OpenOptions options;
  options.validate = validate;
  if (storage == "map") {
    options.storage = Storage::map;
  } else if (storage == "copy") {
    options.storage = Storage::copy;
  } else {
    throw py::value_error("storage must be \"map\" or \"copy\", not \"" + storage + "\"");
  }
  Expected<Model> model = [&] {
    py::gil_scoped_release release;  // validation reads the whole file
    return Model::try_open(path, options);
  }();
  if (!model) raise_model_error(path, model.error());
  return std::make_shared<OpenedModel>(OpenedModel{std::move(*model), path, validate});
}

py::str decoded_name(const char (&name)[kNameSize]) {
  const std::string_view text = name_view(name);
  // Strict validation guarantees UTF-8; a file opened without it may hold anything.
  return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(text.data(), py::ssize_t(text.size()), "replace"));
}

template <class Record>
py::list names_of(std::span<const Record> records) {
  py::list names;
  for (const Record& r : records) names.append(decoded_name(r.name));
  return names;
}

void check_index(std::uint64_t index, std::uint64_t count, const char* what) {
  if (index >= count)
    throw py::index_error(std::string(what) + " " + std::to_string(index) + " is out of range (" +
                          std::to_string(count) + " " + what + "s)");
}

// One mip level of a texture: its size, format and bytes (a view of the image buffer).
struct MipLevelView {
  std::uint32_t texture = 0, level = 0, width = 0, height = 0;
  std::string compression;
  py::array data;
};

MipLevelView mip_level_view(const ModelPtr& self, std::uint32_t texture_index, std::uint32_t level) {
  const Model& model = self->model;
  check_index(texture_index, model.textures().size(), "texture");
  const Texture& texture = model.textures()[texture_index];
  const std::uint32_t levels = mip_count(texture.width, texture.height);
  if (level >= levels)
    throw py::index_error("mip level " + std::to_string(level) + " of texture " + std::to_string(texture_index) +
                          " is out of range (" + std::to_string(levels) + " levels)");
  if (Compression(texture.compression) > Compression::bc7)
    throw py::value_error("texture " + std::to_string(texture_index) + " has an unknown compression " +
                          std::to_string(texture.compression) + " (the file was opened without validation)");
  const MipLevel mip = mip_level(texture, level);
  const auto buffer = model.image_buffer();
  if (texture.offset + mip.offset + mip.size > buffer.size())
    throw py::index_error("mip level " + std::to_string(level) + " of texture " + std::to_string(texture_index) +
                          " runs past the image buffer (the file was opened without validation)");
  const auto bytes = buffer.subspan(texture.offset + mip.offset, mip.size);
  return {texture_index, level, mip.width, mip.height, to_string(Compression(texture.compression)),
          model_array(self, bytes.data(), bytes.size(), py::dtype::of<std::uint8_t>())};
}

py::tuple track_keys(const ModelPtr& self, std::uint32_t animation, std::uint32_t joint) {
  const Model& model = self->model;
  check_index(animation, model.animations().size(), "animation");
  check_index(joint, model.joints().size(), "joint");
  const Track& track = model.track(animation, joint);
  const std::uint64_t end = std::uint64_t(track.first_keyframe) + track.translation_count + track.rotation_count +
                            track.scale_count;
  if (end > model.keyframes().size())
    throw py::index_error("the keys of animation " + std::to_string(animation) + ", joint " + std::to_string(joint) +
                          " run past the keyframes (the file was opened without validation)");
  const TrackKeys keys = model.keys(track);
  return py::make_tuple(model_array(self, keys.translations, keyframe_dtype()),
                        model_array(self, keys.rotations, keyframe_dtype()),
                        model_array(self, keys.scales, keyframe_dtype()));
}


py::dict header_dict(const Header& h) {
  py::dict d;
  d["version"] = h.version;
  d["vertex_count"] = h.vertex_count;
  d["index_count"] = h.index_count;
  d["image_buffer_size"] = h.image_buffer_size;
  d["texture_count"] = h.texture_count;
  d["mesh_count"] = h.mesh_count;
  d["material_count"] = h.material_count;
  d["joint_count"] = h.joint_count;
  d["animation_count"] = h.animation_count;
  d["track_count"] = h.track_count;
  d["keyframe_count"] = h.keyframe_count;
  return d;
}

}  // namespace

py::array mesh_index_view(const ModelPtr& self, std::uint32_t mesh_index) {
  const Model& model = self->model;
  check_index(mesh_index, model.meshes().size(), "mesh");
  const Mesh& mesh = model.meshes()[mesh_index];
  if (std::uint64_t(mesh.first_index) + mesh.index_count > model.indices().size())
    throw py::index_error("mesh " + std::to_string(mesh_index) +
                          " runs past the indices (the file was opened without validation)");
  return model_array(self, model.mesh_indices(mesh), py::dtype::of<std::uint32_t>());
}

py::array model_array(const ModelHandle& model, const void* data, std::size_t count, const py::dtype& dtype) {
  // The base owns one more reference to the model: the array keeps it, and so the mapping, alive.
  py::capsule owner(new ModelHandle(model), [](void* p) { delete static_cast<ModelHandle*>(p); });
  py::array array(dtype, {py::ssize_t(count)}, {dtype.itemsize()}, count == 0 ? nullptr : data, owner);
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

py::array model_array(const ModelHandle& model, const void* data, std::vector<py::ssize_t> shape, const py::dtype& dtype) {
  py::capsule owner(new ModelHandle(model), [](void* p) { delete static_cast<ModelHandle*>(p); });
  std::size_t count = 1;
  for (py::ssize_t extent : shape) count *= std::size_t(extent);
  py::array array(dtype, std::move(shape), {}, count == 0 ? nullptr : data, owner);
  array.attr("setflags")(py::arg("write") = false);
  return array;
}

void bind_model(py::module_& m) {
  py::class_<MipLevelView>(m, "MipLevel", "One mip level of a texture: a view of its bytes in the image buffer.")
      .def_readonly("texture", &MipLevelView::texture)
      .def_readonly("level", &MipLevelView::level)
      .def_readonly("width", &MipLevelView::width)
      .def_readonly("height", &MipLevelView::height)
      .def_readonly("compression", &MipLevelView::compression, "\"rgba8\", \"bc5\" or \"bc7\"")
      .def_readonly("data", &MipLevelView::data,
                    "uint8 array of the level's bytes, read-only, without a copy: height*width*4 "
                    "for \"none\" (reshape to (height, width, 4)), 16 per 4x4 block for BC5/BC7")
      .def("__repr__", [](const MipLevelView& v) {
        return "<aem.MipLevel texture " + std::to_string(v.texture) + " level " + std::to_string(v.level) + ": " +
               std::to_string(v.width) + "x" + std::to_string(v.height) + " " + v.compression + ", " +
               std::to_string(v.data.size()) + " bytes>";
      });

  ModelClass model_class = py::class_<OpenedModel, ModelPtr>(m, "Model",
                                    "An opened AEM file (aem.open). Its sections are read-only numpy arrays that "
                                    "view the mapped file without copying, with the record dtypes aem.*_DTYPE; "
                                    "each array keeps the model open for as long as it lives.")
      .def_property_readonly("path", [](const OpenedModel& self) { return self.path; })
      .def_property_readonly("header", [](const OpenedModel& self) { return header_dict(self.model.header()); },
                             "The header's version and section counts, as a dict.")
      .def_property_readonly("vertices", [](const ModelPtr& self) { return model_array(self, self->model.vertices(), vertex_dtype()); })
      .def_property_readonly("indices", [](const ModelPtr& self) {
        return model_array(self, self->model.indices(), py::dtype::of<std::uint32_t>());
      })
      .def_property_readonly("image_buffer", [](const ModelPtr& self) {
        return model_array(self, self->model.image_buffer(), py::dtype::of<std::uint8_t>());
      })
      .def_property_readonly("textures", [](const ModelPtr& self) { return model_array(self, self->model.textures(), texture_dtype()); })
      .def_property_readonly("meshes", [](const ModelPtr& self) { return model_array(self, self->model.meshes(), mesh_dtype()); })
      .def_property_readonly("materials", [](const ModelPtr& self) { return model_array(self, self->model.materials(), material_dtype()); })
      .def_property_readonly("joints", [](const ModelPtr& self) { return model_array(self, self->model.joints(), joint_dtype()); })
      .def_property_readonly("animations", [](const ModelPtr& self) { return model_array(self, self->model.animations(), animation_dtype()); })
      .def_property_readonly("tracks", [](const ModelPtr& self) { return model_array(self, self->model.tracks(), track_dtype()); })
      .def_property_readonly("keyframes", [](const ModelPtr& self) { return model_array(self, self->model.keyframes(), keyframe_dtype()); })
      .def_property_readonly("joint_names", [](const OpenedModel& self) { return names_of(self.model.joints()); })
      .def_property_readonly("animation_names", [](const OpenedModel& self) { return names_of(self.model.animations()); })
      .def_property_readonly("morph_targets", [](const ModelPtr& self) { return morph_targets_of_model(self); },
                             "The morph_targets extension (an aem.MorphTargets of views), or None.")
      .def_property_readonly("mapped", [](const OpenedModel& self) { return self.model.mapped(); },
                             "Whether the arrays view a mapping of the file (storage=\"map\").")
      .def_property_readonly("zero_copy", [](const OpenedModel& self) { return self.model.zero_copy(); },
                             "Whether the arrays view the file's own bytes (nothing realigned or byte-swapped).")
      .def_property_readonly("realigned_bytes", [](const OpenedModel& self) { return self.model.realigned_bytes(); })
      .def("mesh_indices", &mesh_index_view, py::arg("mesh"), "The indices of one mesh (a view of indices).")
      .def("mip_count", [](const OpenedModel& self, std::uint32_t texture) {
            check_index(texture, self.model.textures().size(), "texture");
            const Texture& t = self.model.textures()[texture];
            return mip_count(t.width, t.height);
          }, py::arg("texture"))
      .def("mip_level", &mip_level_view, py::arg("texture"), py::arg("level") = 0,
           "One mip level of a texture (aem.MipLevel).")
      .def("mip_levels", [](const ModelPtr& self, std::uint32_t texture) {
            check_index(texture, self->model.textures().size(), "texture");
            const Texture& t = self->model.textures()[texture];
            py::list levels;
            for (std::uint32_t level = 0; level < mip_count(t.width, t.height); ++level)
              levels.append(mip_level_view(self, texture, level));
            return levels;
          }, py::arg("texture"), "Every mip level of a texture, largest first.")
      .def("keys", &track_keys, py::arg("animation"), py::arg("joint"),
           "The (translations, rotations, scales) keyframes of one joint in one animation.")
      .def("__repr__", [](const OpenedModel& self) {
        const Header& h = self.model.header();
        return "<aem.Model " + self.path.string() + ": " + std::to_string(h.vertex_count) + " vertices, " +
               std::to_string(h.mesh_count) + " meshes, " + std::to_string(h.texture_count) + " textures, " +
               std::to_string(h.joint_count) + " joints, " + std::to_string(h.animation_count) + " animations>";
      });

  m.def("open", &open_model, py::arg("path"), py::kw_only(), py::arg("validate") = true, py::arg("storage") = "map",
        "Opens an AEM file: maps it (storage=\"copy\" reads it into memory instead, for files that may "
        "change while open) and validates it (validate=False checks only the header and the size). "
        "Raises aem.ModelError with the message `aem info` prints.");
  bind_extension_views(model_class);
  bind_level_views(model_class);
}

void require_checked_payloads(const OpenedModel& model) {
  if (model.payloads_checked) return;
  std::optional<Error> problem;
  check_extension_payloads(model.model, [&](const Error& e) {
    problem = e;
    return false;
  });
  if (problem) raise_model_error(model.path, *problem);
  model.payloads_checked = true;
}

}  // namespace aem::python
