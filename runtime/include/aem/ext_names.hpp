#pragma once
// The `names` extension (specs/aem-extensions.md section 4): a name per material and per mesh,
// which version-1 records do not have. Read in place: the view holds spans into the payload.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aem/format.hpp"
#include "aem/model.hpp"

namespace aem {

inline constexpr std::string_view kNamesExtension = "names";

// The payload's first 16 bytes. The counts equal the header's material and mesh counts.
struct NamesHeader {
  std::uint32_t material_count;
  std::uint32_t mesh_count;
  std::uint32_t text_size;  // bytes of UTF-8 after the name records
  std::uint32_t reserved;   // 0
};

// Where one name lies in the text: materials' records first, then meshes'.
struct NameRecord {
  std::uint32_t offset;  // from the start of the text
  std::uint32_t length;  // bytes; 0 for an empty name
};

static_assert(sizeof(NamesHeader) == 16 && offsetof(NamesHeader, mesh_count) == 4 &&
              offsetof(NamesHeader, text_size) == 8 && offsetof(NamesHeader, reserved) == 12);
static_assert(sizeof(NameRecord) == 8 && offsetof(NameRecord, length) == 4);
static_assert(kIsRecord<NamesHeader> && kIsRecord<NameRecord>);

// The names of a checked payload (Model::open checked every offset, length and byte of UTF-8).
class NamesView {
 public:
  NamesView(std::uint32_t material_count, std::span<const NameRecord> records, std::string_view text)
      : material_count_(material_count), records_(records), text_(text) {}

  std::uint32_t material_count() const noexcept { return material_count_; }
  std::uint32_t mesh_count() const noexcept { return std::uint32_t(records_.size()) - material_count_; }
  // Valid UTF-8 without NUL, possibly empty. Precondition: i < material_count() (mesh_count()).
  std::string_view material_name(std::uint32_t i) const noexcept { return name(records_[i]); }
  std::string_view mesh_name(std::uint32_t i) const noexcept { return name(records_[material_count_ + i]); }

 private:
  std::string_view name(const NameRecord& r) const noexcept { return text_.substr(r.offset, r.length); }

  std::uint32_t material_count_;
  std::span<const NameRecord> records_;
  std::string_view text_;
};

// The model's names; nullopt when the file has no `names` extension. The model must have been
// opened with validation (the default): a trusted open does not check the payload.
inline std::optional<NamesView> names_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kNamesExtension);
  if (!payload) return std::nullopt;
  const auto* header = reinterpret_cast<const NamesHeader*>(payload->data());
  const std::size_t count = std::size_t(header->material_count) + header->mesh_count;
  const auto* records = reinterpret_cast<const NameRecord*>(payload->data() + sizeof(NamesHeader));
  const auto* text = reinterpret_cast<const char*>(records + count);
  return NamesView(header->material_count, {records, count}, {text, header->text_size});
}

}  // namespace aem
