#pragma once
// Builds Errors that point at one field of one element of a section.
#include <cstddef>
#include <cstdint>
#include <string>

#include "aem/error.hpp"
#include "aem/model_view.hpp"
#include "aem/validation.hpp"

namespace aem::detail {

inline Error problem(ErrorCode code, Section section, std::uint64_t element,
                     std::uint64_t byte_offset, std::string message) {
  Error error;
  error.code = code;
  error.section = section;
  error.element = element;
  error.byte_offset = byte_offset;
  error.message = std::move(message);
  return error;
}

// Byte offset in the file of field `field_offset` of element `index` in a section of T records.
template <class T>
std::uint64_t field_offset(std::uint64_t section_offset, std::uint64_t index,
                           std::size_t field_offset_in_record) {
  return section_offset + index * sizeof(T) + field_offset_in_record;
}

// What the structural and semantic checkers share: the model, the sink, and whether anything
// was found.
class Checker {
 protected:
  Checker(const ModelView& model, const ProblemSink& report) : m_(model), report_(report) {}

  // Records a problem; false when checking should stop.
  bool fail(Error error) {
    clean_ = false;
    return report_(error);
  }

  const ModelView& m_;
  const ProblemSink& report_;
  bool clean_ = true;
};

}  // namespace aem::detail
