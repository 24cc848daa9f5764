// BC7 codec benchmark over corpus/images.
//
// For each quality level: PSNR of the error pooled over all images (total squared error over all
// RGBA samples of all images / sample count), and single-thread speed in MPix/s (best of several
// runs). Printed beside
//   * the bc7enc reference figures published in corpus/README.md (not measured here), and
//   * an in-run baseline: a naive BC7 encoder written below (mode 6 only, endpoints = the block's
//     per-channel bounding box), measured on the same images in the same run.
//
// usage: bc7_codec_benchmark [CORPUS_DIR] [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "aem/codec/bc7.hpp"
#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"

namespace {

using namespace aem::codec;

// ---- In-run baseline: mode 6 with bounding-box endpoints -------------------------------------

int expand7p(int code, int p) { return (code << 1) | p; }  // 7 bits + p-bit = 8 bits

void encode_naive_mode6(const std::uint8_t texels[64], std::uint8_t out[16]) {
  int lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
  for (int t = 0; t < 16; ++t)
    for (int c = 0; c < 4; ++c) {
      lo[c] = std::min(lo[c], int(texels[4 * t + c]));
      hi[c] = std::max(hi[c], int(texels[4 * t + c]));
    }
  // Quantise each endpoint to 7 bits + p-bit, choosing the p-bit closest in sum of squares.
  int code[2][4], p[2], e[2][4];
  for (int k = 0; k < 2; ++k) {
    const int* target = k ? hi : lo;
    int best = 1 << 30;
    for (int pb = 0; pb < 2; ++pb) {
      int err = 0, cc[4];
      for (int c = 0; c < 4; ++c) {
        cc[c] = std::clamp((target[c] - pb + 1) / 2, 0, 127);
        const int d = expand7p(cc[c], pb) - target[c];
        err += d * d;
      }
      if (err < best) {
        best = err;
        p[k] = pb;
        std::copy_n(cc, 4, code[k]);
      }
    }
    for (int c = 0; c < 4; ++c) e[k][c] = expand7p(code[k][c], p[k]);
  }
  static constexpr int kW[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
  int index[16];
  for (int t = 0; t < 16; ++t) {
    int best = 1 << 30;
    for (int k = 0; k < 16; ++k) {
      int err = 0;
      for (int c = 0; c < 4; ++c) {
        const int v = (e[0][c] * (64 - kW[k]) + e[1][c] * kW[k] + 32) >> 6;
        err += (v - texels[4 * t + c]) * (v - texels[4 * t + c]);
      }
      if (err < best) {
        best = err;
        index[t] = k;
      }
    }
  }
  if (index[0] >= 8) {  // anchor index must have its top bit clear: swap the endpoints
    std::swap(code[0], code[1]);
    std::swap(p[0], p[1]);
    for (int& i : index) i = 15 - i;
  }
  std::uint64_t lo64 = 1u << 6, hi64 = 0;
  int pos = 7;
  auto put = [&](std::uint64_t v, int n) {
    if (pos < 64) {
      lo64 |= v << pos;
      if (pos + n > 64) hi64 |= v >> (64 - pos);
    } else {
      hi64 |= v << (pos - 64);
    }
    pos += n;
  };
  for (int c = 0; c < 4; ++c)
    for (int k = 0; k < 2; ++k) put(std::uint64_t(code[k][c]), 7);
  put(std::uint64_t(p[0]), 1);
  put(std::uint64_t(p[1]), 1);
  for (int t = 0; t < 16; ++t) put(std::uint64_t(index[t]), t == 0 ? 3 : 4);
  for (int i = 0; i < 8; ++i) {
    out[i] = std::uint8_t(lo64 >> (8 * i));
    out[8 + i] = std::uint8_t(hi64 >> (8 * i));
  }
}

// ---- Measurement ------------------------------------------------------------------------------

struct NamedImage {
  std::string name;
  ImageRgba8 image;
};

struct Measurement {
  double psnr = 0;
  double mpix_per_s = 0;
};

using BlockEncoder = std::function<void(const std::uint8_t*, std::uint8_t*)>;

Measurement measure(const std::vector<NamedImage>& images, const BlockEncoder& encode, int runs) {
  double best_seconds = 1e30;
  ErrorStats pooled;
  double pixels = 0;
  for (int run = 0; run < runs; ++run) {
    double seconds = 0;
    ErrorStats stats;
    pixels = 0;
    for (const NamedImage& ni : images) {
      const ImageRgba8& image = ni.image;
      std::vector<std::uint8_t> blocks(compressed_size(image.width, image.height));
      const auto start = std::chrono::steady_clock::now();
      std::uint8_t texels[64];
      for (std::uint32_t by = 0; by < blocks_down(image.height); ++by)
        for (std::uint32_t bx = 0; bx < blocks_across(image.width); ++bx) {
          extract_block(image, bx, by, texels);
          encode(texels, blocks.data() + (std::size_t(by) * blocks_across(image.width) + bx) * 16);
        }
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      pixels += double(image.width) * image.height;
      stats.add(compare_images(image, decompress_image(blocks, image.width, image.height, BlockFormat::bc7)));
    }
    best_seconds = std::min(best_seconds, seconds);
    pooled = stats;
  }
  return {pooled.psnr_rgba(), pixels / best_seconds / 1e6};
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else {
      corpus = argv[i];
    }
  }
  std::vector<NamedImage> images;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(corpus / "images", ec)) {
    if (entry.path().extension() == ".png") images.push_back({entry.path().filename().string(), load_image(entry.path())});
  }
  if (images.empty()) {
    std::fprintf(stderr, "bc7_codec_benchmark: no PNG images in '%s'\n", (corpus / "images").string().c_str());
    return 1;
  }
  std::sort(images.begin(), images.end(), [](const NamedImage& a, const NamedImage& b) { return a.name < b.name; });
  double total_pixels = 0;
  for (const NamedImage& ni : images) total_pixels += double(ni.image.width) * ni.image.height;
  std::printf("BC7 over %zu images in %s (%.2f MPix), one thread, best of %d runs\n\n", images.size(),
              (corpus / "images").string().c_str(), total_pixels / 1e6, runs);
  std::printf("%-44s %10s %12s\n", "encoder", "RGBA PSNR", "MPix/s");

  const Measurement naive = measure(images, encode_naive_mode6, runs);
  std::printf("%-44s %8.2f dB %12.2f\n", "in-run baseline: naive mode 6, bounding box", naive.psnr, naive.mpix_per_s);
  struct Reference {
    const char* setting;
    double psnr, speed;
  };
  static constexpr Reference kBc7enc[] = {{"uber 0, mode 1 off", 40.25, 18.0},
                                          {"uber 1, 16 partitions", 42.40, 2.6},
                                          {"uber 2, 64 partitions", 42.53, 1.4},
                                          {"uber 4, 64 partitions (best)", 42.55, 1.2}};
  for (const Reference& r : kBc7enc) {
    std::printf("%-44s %8.2f dB %12.2f\n", (std::string("bc7enc ") + r.setting + " [README]").c_str(), r.psnr,
                r.speed);
  }
  struct Goal {
    Bc7Quality quality;
    double psnr, speed;
  };
  static constexpr Goal kGoals[] = {{Bc7Quality::fast, 40.25, 36.0},
                                    {Bc7Quality::normal, 42.55, 2.6},
                                    {Bc7Quality::best, 42.85, 0.0}};
  for (const Goal& g : kGoals) {
    const int level_runs = g.quality == Bc7Quality::best ? 1 : runs;
    const Measurement m = measure(
        images, [&](const std::uint8_t* t, std::uint8_t* b) { encode_bc7_block(t, b, g.quality); }, level_runs);
    const bool met = m.psnr >= g.psnr && m.mpix_per_s >= g.speed;
    char goal[96];
    if (g.speed > 0) {
      std::snprintf(goal, sizeof goal, "goal >= %.2f dB at >= %.1f MPix/s: %s", g.psnr, g.speed, met ? "met" : "MISSED");
    } else {
      std::snprintf(goal, sizeof goal, "goal >= %.2f dB: %s", g.psnr, met ? "met" : "MISSED");
    }
    std::printf("%-44s %8.2f dB %12.2f   %s\n", (std::string("aem ") + std::string(to_string(g.quality))).c_str(),
                m.psnr, m.mpix_per_s, goal);
  }
  std::printf("\nbc7enc rows are the reference numbers from corpus/README.md, not measured in this run.\n");
  return 0;
}
