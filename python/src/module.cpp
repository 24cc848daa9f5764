// The extension of the Python package `aem` (aem._aem; python/aem/__init__.py checks the
// interpreter and re-exports it): see the Python section of the project's README and bindings.hpp.
#include "bindings.hpp"

PYBIND11_MODULE(_aem, m) {
  m.doc() =
      "AEM models from Python: aem.open() maps and validates a file and gives its sections as "
      "read-only numpy arrays that view the mapping without copying; aem.Mixer plays and blends "
      "its animations into skinning matrices; aem.bake() bakes glTF 2.0 into AEM with the options "
      "and messages of `aem bake`.";
  m.attr("__version__") = AEM_VERSION_STRING;
  aem::python::bind_errors(m);
  aem::python::bind_record_dtypes(m);
  aem::python::bind_morph_targets(m);
  aem::python::bind_lods(m);
  aem::python::bind_model(m);
  aem::python::bind_mixer(m);
  aem::python::bind_bake(m);
}
