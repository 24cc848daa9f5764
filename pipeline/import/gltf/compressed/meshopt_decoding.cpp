// EXT_meshopt_compression: each compressed bufferView is decoded with meshoptimizer's decoders
// (vertex codec, index codecs, filters) into one new buffer; the view then points there, so every
// accessor keeps its type, offset and stride.
#include <cstring>
#include <string>
#include <vector>

#include <meshoptimizer.h>
#include <tiny_gltf.h>

#include "import/gltf/buffer_range.hpp"
#include "import/gltf/compressed/gltf_decoders.hpp"

namespace aem::pipeline {
namespace {

constexpr const char* kMeshoptExtension = "EXT_meshopt_compression";

enum class Mode { attributes, triangles, indices };
enum class Filter { none, octahedral, quaternion, exponential };

// One compressed bufferView, as its extension object describes it, checked.
struct CompressedView {
  int view = -1;
  int source_buffer = -1;
  std::size_t source_offset = 0, source_length = 0;
  std::size_t count = 0, stride = 0;
  Mode mode = Mode::attributes;
  Filter filter = Filter::none;
  std::size_t decoded_size() const { return count * stride; }
};

[[noreturn]] void fail(const std::filesystem::path& model, int view, const std::string& what) {
  throw BakeError(model.string() + ": bufferView " + std::to_string(view) + ": " + kMeshoptExtension + ": " + what);
}

CompressedView read_extension(const std::filesystem::path& model, const tinygltf::Model& gltf, int view_index,
                              const tinygltf::Value& ext) {
  const tinygltf::BufferView& view = gltf.bufferViews[std::size_t(view_index)];
  CompressedView c;
  c.view = view_index;
  if (!ext.IsObject()) fail(model, view_index, "the extension is not a JSON object");
  const std::int64_t buffer = extension_integer(ext, "buffer");
  const std::int64_t offset = ext.Has("byteOffset") ? extension_integer(ext, "byteOffset") : 0;
  const std::int64_t length = extension_integer(ext, "byteLength");
  const std::int64_t stride = extension_integer(ext, "byteStride");
  const std::int64_t count = extension_integer(ext, "count");
  if (buffer < 0 || offset < 0 || length < 0 || stride < 0 || count < 0)
    fail(model, view_index, "buffer, byteOffset, byteLength, byteStride and count must be non-negative integers");
  if (std::uint64_t(buffer) >= gltf.buffers.size())
    fail(model, view_index, "buffer " + std::to_string(buffer) + " does not exist");
  const std::size_t buffer_size = gltf.buffers[std::size_t(buffer)].data.size();
  if (!lies_inside_buffer(std::uint64_t(offset), std::uint64_t(length), buffer_size))
    fail(model, view_index, "compressed bytes " + std::to_string(offset) + ".." + std::to_string(offset + length) +
                                " lie outside buffer " + std::to_string(buffer) + " of " + std::to_string(buffer_size) +
                                " bytes");
  c.source_buffer = int(buffer);
  c.source_offset = std::size_t(offset);
  c.source_length = std::size_t(length);
  c.stride = std::size_t(stride);
  c.count = std::size_t(count);
  const tinygltf::Value& mode = ext.Get("mode");
  const std::string mode_name = mode.IsString() ? mode.Get<std::string>() : "";
  if (mode_name == "ATTRIBUTES") c.mode = Mode::attributes;
  else if (mode_name == "TRIANGLES") c.mode = Mode::triangles;
  else if (mode_name == "INDICES") c.mode = Mode::indices;
  else fail(model, view_index, "unknown mode '" + mode_name.substr(0, 40) + "'");
  const tinygltf::Value& filter = ext.Get("filter");
  const std::string filter_name = filter.IsString() ? filter.Get<std::string>() : "NONE";
  if (filter_name == "NONE") c.filter = Filter::none;
  else if (filter_name == "OCTAHEDRAL") c.filter = Filter::octahedral;
  else if (filter_name == "QUATERNION") c.filter = Filter::quaternion;
  else if (filter_name == "EXPONENTIAL") c.filter = Filter::exponential;
  else fail(model, view_index, "unknown filter '" + filter_name.substr(0, 40) + "'");
  // What meshoptimizer's decoders require (they assert rather than fail on anything else).
  const std::string shape = " (mode " + mode_name + ", byteStride " + std::to_string(c.stride) + ")";
  if (c.mode == Mode::attributes && (c.stride == 0 || c.stride % 4 != 0 || c.stride > 256))
    fail(model, view_index, "ATTRIBUTES needs a byteStride that is a multiple of 4 up to 256" + shape);
  if (c.mode != Mode::attributes && c.stride != 2 && c.stride != 4)
    fail(model, view_index, mode_name + " needs a byteStride of 2 or 4" + shape);
  if (c.mode == Mode::triangles && c.count % 3 != 0)
    fail(model, view_index, "TRIANGLES needs a count divisible by 3, not " + std::to_string(c.count));
  if (c.filter != Filter::none && c.mode != Mode::attributes)
    fail(model, view_index, "filter " + filter_name + " applies to ATTRIBUTES only" + shape);
  if ((c.filter == Filter::octahedral && c.stride != 4 && c.stride != 8) ||
      (c.filter == Filter::quaternion && c.stride != 8))
    fail(model, view_index, "filter " + filter_name + " cannot have byteStride " + std::to_string(c.stride));
  // count * stride is the view's length; tinygltf keeps counts as int, so a count above 2^31 reads
  // wrong and this check is what catches it.
  if (c.count > (std::size_t(1) << 40) || c.decoded_size() != view.byteLength)
    fail(model, view_index, "count " + std::to_string(c.count) + " x byteStride " + std::to_string(c.stride) +
                                " does not match the bufferView's byteLength " + std::to_string(view.byteLength));
  return c;
}

int decode(const CompressedView& c, unsigned char* out, const unsigned char* in) {
  switch (c.mode) {
    case Mode::attributes: return meshopt_decodeVertexBuffer(out, c.count, c.stride, in, c.source_length);
    case Mode::triangles: return meshopt_decodeIndexBuffer(out, c.count, c.stride, in, c.source_length);
    case Mode::indices: return meshopt_decodeIndexSequence(out, c.count, c.stride, in, c.source_length);
  }
  return -1;
}

void unfilter(const CompressedView& c, unsigned char* data) {
  switch (c.filter) {
    case Filter::none: return;
    case Filter::octahedral: meshopt_decodeFilterOct(data, c.count, c.stride); return;
    case Filter::quaternion: meshopt_decodeFilterQuat(data, c.count, c.stride); return;
    case Filter::exponential: meshopt_decodeFilterExp(data, c.count, c.stride); return;
  }
}

}  // namespace

void decode_meshopt_views(const std::filesystem::path& model, tinygltf::Model& gltf,
                          const CompressedGltfPlan& plan, DecodedBytesBudget& budget,
                          const BakeOptions& options) {
  std::vector<CompressedView> views;
  std::size_t total = 0;
  for (std::size_t i = 0; i < gltf.bufferViews.size(); ++i) {
    const tinygltf::BufferView& view = gltf.bufferViews[i];
    const auto ext = view.extensions.find(kMeshoptExtension);
    if (ext == view.extensions.end()) {
      if (plan.fallback_byte_length.count(view.buffer))
        throw BakeError(model.string() + ": bufferView " + std::to_string(i) + " lies in buffer " +
                        std::to_string(view.buffer) + ", an " + kMeshoptExtension +
                        " fallback buffer that has no data, but is not compressed");
      continue;
    }
    CompressedView c = read_extension(model, gltf, int(i), ext->second);
    if (const auto fallback = plan.fallback_byte_length.find(view.buffer); fallback != plan.fallback_byte_length.end())
      if (view.byteOffset > fallback->second || view.byteLength > fallback->second - view.byteOffset)
        fail(model, int(i), "bytes " + std::to_string(view.byteOffset) + ".." +
                                std::to_string(view.byteOffset + view.byteLength) + " lie outside fallback buffer " +
                                std::to_string(view.buffer) + " of " + std::to_string(fallback->second) + " bytes");
    budget.take(c.decoded_size(), "bufferView " + std::to_string(i) + " (" + kMeshoptExtension + ")");
    total += (c.decoded_size() + 3) / 4 * 4;  // each view starts 4-aligned
    views.push_back(c);
  }
  if (views.empty()) return;
  tinygltf::Buffer decoded;
  decoded.name = "decoded EXT_meshopt_compression data";
  decoded.data.resize(total);
  const int decoded_index = int(gltf.buffers.size());
  std::size_t at = 0;
  for (const CompressedView& c : views) {
    throw_if_cancelled(options, model);
    const unsigned char* in = gltf.buffers[std::size_t(c.source_buffer)].data.data() + c.source_offset;
    if (const int status = decode(c, decoded.data.data() + at, in); status != 0)
      fail(model, c.view, "the compressed data (" + std::to_string(c.source_length) + " bytes in buffer " +
                              std::to_string(c.source_buffer) + ") cannot be decoded (meshoptimizer error " +
                              std::to_string(status) + ")");
    unfilter(c, decoded.data.data() + at);
    tinygltf::BufferView& view = gltf.bufferViews[std::size_t(c.view)];
    view.buffer = decoded_index;
    view.byteOffset = at;
    view.extensions.erase(kMeshoptExtension);
    at += (c.decoded_size() + 3) / 4 * 4;
  }
  gltf.buffers.push_back(std::move(decoded));
  // The fallbacks' one-byte placeholders go: nothing points into them any more.
  for (const auto& [buffer, length] : plan.fallback_byte_length) {
    (void)length;
    gltf.buffers[std::size_t(buffer)].data.clear();
  }
}

}  // namespace aem::pipeline
