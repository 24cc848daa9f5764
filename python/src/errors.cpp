// aem.ModelError, aem.BakeError, aem.BakeCancelled and aem.BakeWarning.
#include "bindings.hpp"

namespace aem::python {
namespace {

ModuleErrors g_errors;

PyObject* new_class(const char* name, const char* doc, PyObject* base) {
  PyObject* type = PyErr_NewExceptionWithDoc(name, doc, base, nullptr);
  if (type == nullptr) throw py::error_already_set();
  return type;  // one reference, kept for as long as the interpreter runs
}

}  // namespace

const ModuleErrors& module_errors() { return g_errors; }

void bind_errors(py::module_& m) {
  g_errors.model_error = new_class(
      "aem.ModelError",
      "A file aem.open() cannot open or that fails validation. str() is the message `aem info` "
      "prints (\"PATH: section[element] at byte N: what\"); attributes: path, code, section, "
      "element, byte_offset (as `aem validate --json` names them).",
      PyExc_Exception);
  g_errors.bake_error = new_class(
      "aem.BakeError",
      "What `aem bake` reports as an error, with its message: a bad option, a model that failed "
      "(every failed model's reason, one a line) or a depfile that cannot be written. "
      "Attribute report: the bake's report dict (None when nothing ran).",
      PyExc_Exception);
  g_errors.bake_cancelled = new_class(
      "aem.BakeCancelled",
      "aem.bake(cancel=EVENT) stopped because EVENT was set: the running bakes were cancelled and "
      "nothing was left half written. A BakeError; attribute report is None.",
      g_errors.bake_error);
  g_errors.bake_warning = new_class(
      "aem.BakeWarning",
      "What a bake could not carry over (str() is the message `aem bake` prints); attribute code: "
      "the warning's code in `aem bake --json` reports (specs/reports.md).",
      PyExc_UserWarning);
  m.add_object("ModelError", py::handle(g_errors.model_error));
  m.add_object("BakeError", py::handle(g_errors.bake_error));
  m.add_object("BakeCancelled", py::handle(g_errors.bake_cancelled));
  m.add_object("BakeWarning", py::handle(g_errors.bake_warning));
}

void raise_error(PyObject* type, const std::string& message, const py::dict& attributes) {
  py::object error = py::reinterpret_borrow<py::object>(type)(message);
  for (const auto& [name, value] : attributes) py::setattr(error, name, value);
  PyErr_SetObject(type, error.ptr());
  throw py::error_already_set();
}

}  // namespace aem::python
