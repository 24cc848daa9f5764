#pragma once
// Reporting what a producer deferred (scene.hpp's Deferred) once a stage bakes the element.
#include <string>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/warning_log.hpp"
#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// Throws BakeError "<model>: <where>: <error>" when the element is refused.
inline void throw_if_refused(const Scene& scene, const std::string& where, const Deferred& deferred) {
  if (!deferred.error.empty()) throw BakeError(scene.model.string() + ": " + where + ": " + deferred.error);
}

// Each deferred warning, as "<model>: <where>: <detail>", kept once per kind (and element, when
// it names one).
inline void report_warnings(const Scene& scene, const std::string& where, const Deferred& deferred,
                            WarningLog& warnings) {
  for (const DeferredWarning& w : deferred.warnings) {
    const std::string message = scene.model.string() + ": " + where + ": " + w.detail;
    if (w.element.empty()) warnings.warn(w.kind, message);
    else warnings.warn(w.kind, w.element, message);
  }
}

}  // namespace aem::pipeline
