#include "import/e3d/e3d_jpeg2000.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <openjpeg.h>
#include <stb_image_write.h>  // declarations only; libstb.so implements them

namespace aem::pipeline::e3d {
namespace {

struct MemoryInput {
  std::span<const std::uint8_t> bytes;
  std::size_t at = 0;
};

OPJ_SIZE_T read_input(void* buffer, OPJ_SIZE_T size, void* user) {
  auto* in = static_cast<MemoryInput*>(user);
  const std::size_t n = std::min<std::size_t>(size, in->bytes.size() - in->at);
  if (n == 0) return OPJ_SIZE_T(-1);
  std::memcpy(buffer, in->bytes.data() + in->at, n);
  in->at += n;
  return n;
}
OPJ_OFF_T skip_input(OPJ_OFF_T count, void* user) {
  auto* in = static_cast<MemoryInput*>(user);
  if (count < 0) return -1;
  const std::size_t n = std::min<std::size_t>(std::size_t(count), in->bytes.size() - in->at);
  in->at += n;
  return OPJ_OFF_T(n);
}
OPJ_BOOL seek_input(OPJ_OFF_T to, void* user) {
  auto* in = static_cast<MemoryInput*>(user);
  if (to < 0 || std::uint64_t(to) > in->bytes.size()) return OPJ_FALSE;
  in->at = std::size_t(to);
  return OPJ_TRUE;
}
void quiet(const char*, void*) {}

// opj_codec_t and opj_stream_t are both void: one deleter each.
struct ReleaseCodec { void operator()(opj_codec_t* c) const { opj_destroy_codec(c); } };
struct ReleaseStream { void operator()(opj_stream_t* s) const { opj_stream_destroy(s); } };
struct ReleaseImage { void operator()(opj_image_t* i) const { opj_image_destroy(i); } };

void append_png(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<unsigned char>*>(context);
  const auto* bytes = static_cast<const unsigned char*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

}  // namespace

bool jpeg2000_to_png(std::span<const std::uint8_t> encoded, std::uint64_t max_pixels, std::vector<unsigned char>& png,
                     std::string& problem) {
  static const std::uint8_t kJp2Signature[] = {0, 0, 0, 12, 'j', 'P', ' ', ' '};
  const bool jp2 = encoded.size() >= 8 && std::memcmp(encoded.data(), kJp2Signature, 8) == 0;
  std::unique_ptr<opj_codec_t, ReleaseCodec> codec(opj_create_decompress(jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K));
  opj_set_error_handler(codec.get(), quiet, nullptr);
  opj_set_warning_handler(codec.get(), quiet, nullptr);
  opj_set_info_handler(codec.get(), quiet, nullptr);
  opj_dparameters_t parameters;
  opj_set_default_decoder_parameters(&parameters);
  if (!opj_setup_decoder(codec.get(), &parameters)) { problem = "OpenJPEG refused its decoder setup"; return false; }
  MemoryInput input{encoded, 0};
  std::unique_ptr<opj_stream_t, ReleaseStream> stream(opj_stream_create(1 << 16, OPJ_TRUE));
  opj_stream_set_user_data(stream.get(), &input, nullptr);
  opj_stream_set_user_data_length(stream.get(), encoded.size());
  opj_stream_set_read_function(stream.get(), read_input);
  opj_stream_set_skip_function(stream.get(), skip_input);
  opj_stream_set_seek_function(stream.get(), seek_input);
  opj_image_t* raw = nullptr;
  if (!opj_read_header(stream.get(), codec.get(), &raw)) { problem = "not a JPEG 2000 image OpenJPEG can read"; return false; }
  std::unique_ptr<opj_image_t, ReleaseImage> image(raw);
  const std::uint64_t width = image->x1 - image->x0, height = image->y1 - image->y0;
  if (width == 0 || height == 0 || width * height > max_pixels || width > 65535 || height > 65535) {
    problem = std::to_string(width) + "x" + std::to_string(height) + " pixels, over the limit of " + std::to_string(max_pixels) +
              " (--max-image-pixels raises it)";
    return false;
  }
  if (!opj_decode(codec.get(), stream.get(), image.get()) || !opj_end_decompress(codec.get(), stream.get())) {
    problem = "OpenJPEG could not decode its data";
    return false;
  }
  const unsigned components = image->numcomps;
  if (components < 1 || components > 4) { problem = std::to_string(components) + " components"; return false; }
  for (unsigned c = 0; c < components; ++c) {
    const opj_image_comp_t& comp = image->comps[c];
    if (comp.w != width || comp.h != height || !comp.data || comp.prec < 1 || comp.prec > 16) {
      problem = "component " + std::to_string(c) + " is subsampled or has " + std::to_string(comp.prec) + "-bit samples";
      return false;
    }
  }
  std::vector<unsigned char> rgba(std::size_t(width * height * 4));
  for (std::size_t i = 0; i < std::size_t(width * height); ++i) {
    unsigned char v[4] = {0, 0, 0, 255};
    for (unsigned c = 0; c < components; ++c) {
      const opj_image_comp_t& comp = image->comps[c];
      long sample = comp.data[i] + (comp.sgnd ? (1L << (comp.prec - 1)) : 0);
      sample = std::clamp(sample, 0L, (1L << comp.prec) - 1);
      v[c] = (unsigned char)((sample * 255 + ((1L << comp.prec) - 1) / 2) / ((1L << comp.prec) - 1));
    }
    if (components <= 2) { v[3] = components == 2 ? v[1] : 255; v[1] = v[2] = v[0]; }  // grey (+ alpha)
    std::memcpy(&rgba[i * 4], v, 4);
  }
  png.clear();
  if (!stbi_write_png_to_func(append_png, &png, int(width), int(height), 4, rgba.data(), int(width * 4))) {
    problem = "its pixels could not be re-encoded as PNG";
    return false;
  }
  return true;
}

}  // namespace aem::pipeline::e3d
