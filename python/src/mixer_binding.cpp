// aem.Mixer: aem::AnimationMixer for Python. It holds the model it plays, and its layers are
// aem.Layer handles that turn stale when the layer stops (IndexError from then on, as the C++
// mixer's std::out_of_range).
#include <optional>
#include <vector>

#include <pybind11/stl.h>

#include "aem/animation_mixer.hpp"
#include "bindings.hpp"

namespace aem::python {
namespace {

Playback parse_playback(const std::string& name) {
  if (name == "loop") return Playback::loop;
  if (name == "clamp") return Playback::clamp;
  throw py::value_error("playback must be \"loop\" or \"clamp\", not \"" + name + "\"");
}

FadeCurve parse_curve(const std::string& name) {
  if (name == "linear") return FadeCurve::linear;
  if (name == "smooth") return FadeCurve::smooth;
  throw py::value_error("curve must be \"linear\" or \"smooth\", not \"" + name + "\"");
}

class Mixer {
 public:
  Mixer(std::shared_ptr<OpenedModel> model, std::size_t max_layers)
      : model_(std::move(model)),
        mixer_(model_->model, max_layers),
        skinning_(mixer_.joint_count() * 16) {}

  AnimationMixer& mixer() { return mixer_; }

  // The blended morph target weights into `out` (float32, one per target) or a new array.
  py::array evaluate_morph_weights(const py::object& out) {
    const std::size_t targets = mixer_.morph_target_count();
    py::array result = out.is_none() ? py::array(py::dtype::of<float>(), std::vector<py::ssize_t>{py::ssize_t(targets)}) : py::reinterpret_borrow<py::array>(out);
    if (!result.dtype().is(py::dtype::of<float>()) || result.ndim() != 1 || std::size_t(result.shape(0)) != targets ||
        !(result.flags() & py::array::c_style) || !result.writeable())
      throw py::value_error("out must be a writeable, contiguous float32 array of " + std::to_string(targets));
    mixer_.evaluate_morph_weights(std::span<float>(static_cast<float*>(result.mutable_data()), targets));
    return result;
  }
  const std::shared_ptr<OpenedModel>& model() const { return model_; }

  // Writes joint j's skinning matrix as out[j, row, column] (any strides): from the mixer's
  // column-major floats, without allocating.
  py::array evaluate(const py::object& out) {
    const std::size_t joints = mixer_.joint_count();
    if (!out.is_none() && !py::isinstance<py::array>(out))
      throw py::type_error("out must be a numpy array (float32, shape (" + std::to_string(joints) + ", 4, 4))");
    py::array result = out.is_none() ? py::array(py::dtype::of<float>(), {py::ssize_t(joints), py::ssize_t(4), py::ssize_t(4)})
                                     : py::reinterpret_borrow<py::array>(out);
    if (!result.dtype().is(py::dtype::of<float>()) || result.ndim() != 3 || std::size_t(result.shape(0)) != joints ||
        result.shape(1) != 4 || result.shape(2) != 4)
      throw py::value_error("out must be a float32 array of shape (" + std::to_string(joints) + ", 4, 4)");
    if (!result.writeable()) throw py::value_error("out is read-only");
    mixer_.evaluate(skinning_);
    char* base = static_cast<char*>(result.mutable_data());
    const py::ssize_t* strides = result.strides();
    for (std::size_t j = 0; j < joints; ++j)
      for (int column = 0; column < 4; ++column)
        for (int row = 0; row < 4; ++row)
          *reinterpret_cast<float*>(base + py::ssize_t(j) * strides[0] + row * strides[1] + column * strides[2]) =
              skinning_[j * 16 + std::size_t(column) * 4 + std::size_t(row)];
    return result;
  }

 private:
  std::shared_ptr<OpenedModel> model_;  // before mixer_: it must outlive it
  AnimationMixer mixer_;
  std::vector<float> skinning_;
};

LayerSettings layer_settings(std::uint32_t animation, float time, float speed, float weight, const std::string& playback) {
  return {animation, time, speed, weight, parse_playback(playback)};
}

py::dict settings_dict(const LayerSettings& s) {
  py::dict d;
  d["animation"] = s.animation;
  d["time"] = s.time;
  d["speed"] = s.speed;
  d["weight"] = s.weight;
  d["playback"] = s.playback == Playback::loop ? "loop" : "clamp";
  return d;
}

}  // namespace

void bind_mixer(py::module_& m) {
  py::class_<LayerId>(m, "Layer",
                      "A layer a Mixer plays, as play() and cross_fade() return it. Once the layer stops "
                      "it is stale for good: Mixer calls with it raise IndexError.")
      .def("__eq__", [](const LayerId& a, const LayerId& b) { return a == b; });

  py::class_<Mixer>(m, "Mixer",
                    "Plays and blends a model's animations into skinning matrices (aem::AnimationMixer). "
                    "Keeps the model alive.")
      .def(py::init<std::shared_ptr<OpenedModel>, std::size_t>(), py::arg("model"), py::arg("max_layers") = 8)
      .def_property_readonly("joint_count", [](Mixer& self) { return self.mixer().joint_count(); })
      .def_property_readonly("model", [](Mixer& self) { return self.model(); })
      .def("play",
           [](Mixer& self, std::uint32_t animation, float time, float speed, float weight, const std::string& playback) {
             return self.mixer().play(layer_settings(animation, time, speed, weight, playback));
           },
           py::arg("animation") = 0, py::kw_only(), py::arg("time") = 0.0f, py::arg("speed") = 1.0f,
           py::arg("weight") = 1.0f, py::arg("playback") = "loop",
           "Starts a layer (playback \"loop\" or \"clamp\"); ValueError when every layer is in use, "
           "IndexError for an animation the model does not have.")
      .def("stop", [](Mixer& self, LayerId layer) { self.mixer().stop(layer); }, py::arg("layer"))
      .def("stop_all", [](Mixer& self) { self.mixer().stop_all(); })
      .def("is_playing", [](Mixer& self, LayerId layer) { return self.mixer().is_playing(layer); }, py::arg("layer"))
      .def("settings", [](Mixer& self, LayerId layer) { return settings_dict(self.mixer().settings(layer)); },
           py::arg("layer"), "The layer's animation, time, speed, weight and playback, as a dict.")
      .def("configure",
           [](Mixer& self, LayerId layer, std::optional<std::uint32_t> animation, std::optional<float> time,
              std::optional<float> speed, std::optional<float> weight, std::optional<std::string> playback) {
             LayerSettings& s = self.mixer().settings(layer);
             LayerSettings changed = s;
             if (animation) changed.animation = *animation;
             if (time) changed.time = *time;
             if (speed) changed.speed = *speed;
             if (weight) changed.weight = *weight;
             if (playback) changed.playback = parse_playback(*playback);
             s = changed;  // all or nothing: a bad playback name changes nothing
           },
           py::arg("layer"), py::kw_only(), py::arg("animation") = py::none(), py::arg("time") = py::none(),
           py::arg("speed") = py::none(), py::arg("weight") = py::none(), py::arg("playback") = py::none(),
           "Changes some of a layer's settings between frames.")
      .def("set_mask",
           [](Mixer& self, LayerId layer, py::array_t<float, py::array::c_style | py::array::forcecast> weights) {
             self.mixer().set_mask(layer, std::span<const float>(weights.data(), std::size_t(weights.size())));
           },
           py::arg("layer"), py::arg("joint_weights"),
           "Per-joint weights multiplying the layer's weight (one per joint); an empty array removes the mask.")
      .def("fade",
           [](Mixer& self, LayerId layer, float target, float duration, const std::string& curve) {
             self.mixer().fade(layer, target, duration, parse_curve(curve));
           },
           py::arg("layer"), py::arg("target"), py::arg("duration"), py::arg("curve") = "linear")
      .def("cross_fade",
           [](Mixer& self, LayerId from, std::uint32_t animation, float duration, const std::string& curve, float time,
              float speed, float weight, const std::string& playback) {
             return self.mixer().cross_fade(from, layer_settings(animation, time, speed, weight, playback), duration,
                                            parse_curve(curve));
           },
           py::arg("from_layer"), py::arg("animation"), py::arg("duration"), py::arg("curve") = "smooth", py::kw_only(),
           py::arg("time") = 0.0f, py::arg("speed") = 1.0f, py::arg("weight") = 1.0f, py::arg("playback") = "loop",
           "Starts `animation` at weight 0 and fades it in while from_layer fades out and stops; "
           "returns the new layer.")
      .def_property_readonly("morph_target_count", [](Mixer& self) { return self.mixer().morph_target_count(); })
      .def("evaluate_morph_weights", &Mixer::evaluate_morph_weights, py::arg("out") = py::none(),
           "The blended morph target weights, float32, one per target (the layers' sampled weights by layer "
           "weight, the default weights filling the rest). With out= it writes there.")
      .def("update", [](Mixer& self, float seconds) { self.mixer().update(seconds); }, py::arg("seconds"))
      .def("evaluate", &Mixer::evaluate, py::arg("out") = py::none(),
           "The blended pose's skinning matrices as a float32 array (joint_count, 4, 4), indexed "
           "[joint, row, column]. With out= (any such array, e.g. reused every frame) it writes there "
           "and allocates nothing.");
}

}  // namespace aem::python
